// The Workout Bank's offline store as the app uses it (docs/offline.md, "Workout Bank offline store"): the rules of
// offline/offline-core.ts on the app's one offline database, for the signed-in athlete, with queued favourites in
// the app's one write queue (api/offline/write-queue.ts sends them with the API client). The Workout Bank's
// fetchers are wrapped with these; `installWorkoutBankOfflineSync` (the app shell) answers the service worker's
// background sync and keeps the saved reads to the signed-in athlete.
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { clearWorkoutBankReads, sharedWorkoutBankStorage } from '../../lib/offline/offline-db.ts';
import {
  FAVORITES_REPLAYED_MESSAGE,
  type FavoritesReplayedReply,
  REPLAY_FAVORITES_MESSAGE,
  WORKOUT_FAVORITE_SYNC_TAG,
} from '../../lib/offline/workout-bank-sync.ts';
import { pwaStore } from '../../lib/pwa.ts';
import { onSessionChange, readSession } from '../../lib/session-store.ts';
import { requestReplay, writeQueue } from '../offline/write-queue.ts';
import {
  createWorkoutBankOffline,
  type FavoriteReplayResult,
  type FavoriteToggleArgs,
  type ToggleOutcome,
} from './offline/offline-core.ts';

export type {
  FavoriteReplayResult,
  FavoriteToggleArgs,
  ToggleOutcome,
} from './offline/offline-core.ts';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Registers the background sync where the browser has it and a worker is active; false otherwise. */
async function registerBackgroundSync(): Promise<boolean> {
  if (typeof window === 'undefined' || !('SyncManager' in window) || !navigator.serviceWorker) return false;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  if (!registration?.active || !registration.sync) return false;
  await registration.sync.register(WORKOUT_FAVORITE_SYNC_TAG);
  return true;
}

export const workoutBankOffline = createWorkoutBankOffline({
  storage: sharedWorkoutBankStorage(),
  queue: writeQueue,
  athleteId: () => readSession()?.user?.id ?? null,
  newKey: newIdempotencyKey,
  isOnline: () => pwaStore.get().online,
  registerSync: registerBackgroundSync,
  onQueuedWhileOnline: requestReplay,
});

/** A search's answer, saved per athlete and parameters; offline (or on a 5xx) the fresh saved copy answers. */
export function withSearchCache<T>(params: unknown, fetcher: () => Promise<T>): Promise<T> {
  return workoutBankOffline.withSearchCache(params, fetcher);
}

/** The categories, falling back on the saved copy when the network fails; rethrows only when there is none. */
export function withCategoriesFallback<T>(fetcher: () => Promise<T>, type?: string | null): Promise<T> {
  return workoutBankOffline.withCategoriesFallback(fetcher, type);
}

/** A template's detail, saved per athlete; offline the fresh saved copy answers. */
export function withTemplateCache<T>(templateId: string, fetcher: () => Promise<T>): Promise<T> {
  return workoutBankOffline.withTemplateCache(templateId, fetcher);
}

/** The athlete's own rating of a template, saved per athlete; offline the fresh saved copy answers. */
export function withMyRatingCache<T>(templateId: string, fetcher: () => Promise<T>): Promise<T> {
  return workoutBankOffline.withMyRatingCache(templateId, fetcher);
}

/** A page of a template's reviews, saved per athlete; offline the fresh saved copy answers. */
export function withRatingsCache<T>(templateId: string, page: number, fetcher: () => Promise<T>): Promise<T> {
  return workoutBankOffline.withRatingsCache(templateId, page, fetcher);
}

/** Saves a rating the server has just stored as the athlete's own, and forgets the template's saved reviews. */
export function rememberMyRating(templateId: string, rating: unknown): Promise<void> {
  return workoutBankOffline.rememberMyRating(templateId, rating);
}

/** Adds or removes a favourite; without a network it is kept, queued and resolved as done (`queued: true`). */
export function toggleFavoriteOfflineAware<T>(
  args: FavoriteToggleArgs,
  sendOnline: (args: FavoriteToggleArgs) => Promise<T>,
): Promise<ToggleOutcome<T>> {
  return workoutBankOffline.toggleFavoriteOfflineAware(args, sendOnline);
}

/** Replays the signed-in athlete's queued writes, favourites among them, in order. */
export function replayPendingFavorites(): Promise<FavoriteReplayResult> {
  return workoutBankOffline.replayPendingFavorites();
}

/** The favourite status known on this device (queued changes included); null when unknown. */
export function localFavoriteStatus(templateId: string): Promise<boolean | null> {
  return workoutBankOffline.localFavoriteStatus(templateId);
}

/** The favourite status read, with queued changes over the server's answer and the local status offline. */
export function withFavoriteStatus<T extends { is_favorite: boolean }>(
  templateId: string,
  fetcher: () => Promise<T>,
): Promise<T | { is_favorite: boolean; favorite_id: null }> {
  return workoutBankOffline.withFavoriteStatus(templateId, fetcher);
}

/** Told after each replay of the queue: refresh the favourites, report what was refused. */
export function onFavoritesReplayed(listener: (result: FavoriteReplayResult) => void): () => void {
  return workoutBankOffline.onReplay(listener);
}

async function replayQuietly(): Promise<FavoriteReplayResult | null> {
  try {
    return await workoutBankOffline.replayPendingFavorites();
  } catch (err) {
    console.warn('Workout Bank favourites replay failed', err);
    return null;
  }
}

let installed: (() => void) | null = null;

/**
 * Replays the queue when the service worker's sync asks for it (the worker has no session, so the page sends) and
 * when an athlete signs in; the app's write queue replays on its own on reconnect and at start
 * (api/offline/use-offline-sync.ts). Also keeps the saved reads to the signed-in athlete: another account's are
 * forgotten when the session changes hands, all of them on sign-out. Returns the undo; a second call does nothing
 * more.
 */
export function installWorkoutBankOfflineSync(): () => void {
  if (installed) return installed;
  if (typeof window === 'undefined') return () => {};
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== REPLAY_FAVORITES_MESSAGE) return;
    const port = event.ports[0];
    void replayQuietly().then((result) => {
      const reply: FavoritesReplayedReply = {
        type: FAVORITES_REPLAYED_MESSAGE,
        remaining: result ? result.remaining : -1,
      };
      port?.postMessage(reply);
    });
  };
  let athleteId = readSession()?.user?.id ?? null;
  const stopSession = onSessionChange((session) => {
    const next = session?.user?.id ?? null;
    if (next === athleteId) return;
    athleteId = next;
    if (next === null) {
      void clearWorkoutBankReads();
      return;
    }
    void workoutBankOffline.forgetReadsExcept(next).catch((err: unknown) => console.warn(err));
    // Changes this athlete queued in an earlier session go out now.
    if (pwaStore.get().online) void replayQuietly();
  });
  navigator.serviceWorker?.addEventListener('message', onMessage);
  // Records of another account left by an earlier session (one that ended without this page loaded) go now.
  if (athleteId)
    void workoutBankOffline.forgetReadsExcept(athleteId).catch((err: unknown) => console.warn(err));
  installed = () => {
    navigator.serviceWorker?.removeEventListener('message', onMessage);
    stopSession();
    installed = null;
  };
  return installed;
}
