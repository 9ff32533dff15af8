// What the page and the service worker agree on for the Workout Bank's queued favourites (docs/offline.md,
// "Workout Bank offline store"): the background sync's tag and the two messages of the hand-over. Kept free of
// DOM and worker types, so both sides import it.

/** The background sync registered when a favourite is queued offline. */
export const WORKOUT_FAVORITE_SYNC_TAG = 'workout-favorite';

/** Worker → page: replay the queued favourites now (the worker has no session to send them with). */
export const REPLAY_FAVORITES_MESSAGE = 'REPLAY_WORKOUT_FAVORITES';

/** Page → worker, on the message's port: the replay ran; `remaining` actions are still queued. */
export const FAVORITES_REPLAYED_MESSAGE = 'WORKOUT_FAVORITES_REPLAYED';

export interface FavoritesReplayedReply {
  type: typeof FAVORITES_REPLAYED_MESSAGE;
  remaining: number;
}
