// The background sync of Workout Bank favourites queued offline (docs/offline.md, "Workout Bank offline store").
// The worker cannot send them itself: the session (bearer token and refresh token) lives in the page's storage,
// and a refresh token is rotated on use, so a second holder refreshing it would end the session (a reused refresh
// token revokes its family). So the sync asks an open page to replay, and waits for its answer; with no page, or
// with actions still queued, the sync fails and the browser tries again later. The page also replays on its own
// when it starts and on every reconnect, so nothing depends on the browser's sync firing.
import {
  FAVORITES_REPLAYED_MESSAGE,
  type FavoritesReplayedReply,
  REPLAY_FAVORITES_MESSAGE,
  WORKOUT_FAVORITE_SYNC_TAG,
} from '../lib/offline/workout-bank-sync.ts';

/** How long one page may take to replay before the next is asked. */
const PAGE_REPLAY_TIMEOUT_MS = 60_000;

/** The parts of a window client the hand-over uses (kept small so it is tested without a worker). */
export interface PageClient {
  focused?: boolean;
  visibilityState?: string;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

/** Asks one page to replay; resolves to the count it left queued, or null when it did not answer in time. */
function askPageToReplay(client: PageClient, timeoutMs = PAGE_REPLAY_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      const reply = event.data as Partial<FavoritesReplayedReply> | null;
      if (reply?.type !== FAVORITES_REPLAYED_MESSAGE) return;
      clearTimeout(timer);
      channel.port1.close();
      resolve(typeof reply.remaining === 'number' ? reply.remaining : null);
    };
    client.postMessage({ type: REPLAY_FAVORITES_MESSAGE }, [channel.port2]);
  });
}

/**
 * The sync's work: the open pages are asked in turn (a focused, then a visible one first) until one reports the
 * queue empty. Rejects when none could, so the browser retries the sync later.
 */
export async function replayThroughPages(clients: readonly PageClient[], timeoutMs?: number): Promise<void> {
  const rank = (c: PageClient) => (c.focused ? 0 : c.visibilityState === 'visible' ? 1 : 2);
  for (const client of [...clients].sort((a, b) => rank(a) - rank(b))) {
    const remaining = await askPageToReplay(client, timeoutMs);
    if (remaining === 0) return;
  }
  throw new Error(
    clients.length === 0
      ? 'No open page to replay the queued favourites'
      : 'Queued favourites are still waiting to be sent',
  );
}

export function isFavoriteSync(tag: unknown): boolean {
  return tag === WORKOUT_FAVORITE_SYNC_TAG;
}
