// The app's one offline write queue (docs/offline.md, "Writes made offline"): the queue of lib/offline on the app's
// offline database, with the checks and sends of each kind of write (the Workout Bank's favourites among them),
// and `sendOrQueue`, which the mutations that may be queued (mark done, a wellness entry, a new workout) call
// instead of the API client.
import type { Workout, WorkoutCreateRequest } from '@stamina/contract';
import { ApiError, api, newIdempotencyKey } from '../../lib/api-client.ts';
import { PLANNING_API_TIMEOUT_MS } from '../../lib/app-constants.ts';
import { isFavoriteWrite, sendFavoriteWrite } from '../../lib/offline/favorite-writes.ts';
import { idbQueueStorage } from '../../lib/offline/offline-db.ts';
import {
  createWriteQueue,
  memoryQueueStorage,
  type NewQueuedWrite,
  type QueuedWrite,
  type ReplayExecutor,
  readFailure,
  type SendVerdict,
  type Verdict,
} from '../../lib/offline/write-queue.ts';
import { pwaStore } from '../../lib/pwa.ts';
import { readSession } from '../../lib/session-store.ts';

export const OFFLINE_TEXTS = {
  changedElsewhere: 'It was changed elsewhere after you made this change offline.',
  deletedElsewhere: 'It was deleted elsewhere after you made this change offline.',
  markedDoneOffline: "Marked done offline. It will be sent when you're back online.",
  savedOffline: "Saved offline. It will be sent when you're back online.",
} as const;

/**
 * The network mode of the mutations that call `sendOrQueue`: they decide themselves whether to send or queue, so
 * TanStack Query must run them without a connection. Its default ('online') pauses a mutation while the browser is
 * offline: a save made after the connection dropped on an open page would hang ("Saving...") instead of being
 * queued (docs/offline.md, "Writes made offline").
 */
export const QUEUEABLE_NETWORK_MODE = 'always' as const;

/** Whether a failure means the request may not have arrived: no connection, or no answer in time. */
function isConnectionFailure(err: unknown): boolean {
  return err instanceof ApiError && err.isNetworkError;
}

const executor: ReplayExecutor = {
  async check(write: QueuedWrite): Promise<Verdict> {
    if (write.type === 'workout-done') {
      let current: Workout;
      try {
        current = (
          await api.request('GET /workout-planning/workouts/{workoutId}', {
            params: { workoutId: write.params.workoutId ?? '' },
            fresh: true,
          })
        ).data;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          return { kind: 'conflict', reason: OFFLINE_TEXTS.deletedElsewhere };
        }
        throw err;
      }
      // Done already (this replay's first send arrived, or done elsewhere): nothing to change.
      if (current.status === 'completed') return { kind: 'already-applied' };
      if (write.baseUpdatedAt && current.updated_at !== write.baseUpdatedAt) {
        return { kind: 'conflict', reason: OFFLINE_TEXTS.changedElsewhere };
      }
      return { kind: 'send' };
    }
    if (write.type === 'wellness') {
      const date = (write.body as { date: string }).date;
      // Fresh: the service worker's saved copy (a network hiccup as the connection returns) would pass the check
      // on the day as it was before the other change, and the send would then meet a 412 instead.
      const days = (
        await api.request('GET /metrics', { query: { start_date: date, end_date: date }, fresh: true })
      ).data;
      const day = days.find((d) => d.date === date);
      // The day was written on the server after the athlete made this entry: theirs would overwrite it.
      if (day && Date.parse(day.updated_at) > Date.parse(write.queuedAt)) {
        return { kind: 'conflict', reason: OFFLINE_TEXTS.changedElsewhere };
      }
      // The version checked goes with the send (null: the day had no entry), so a write elsewhere between the
      // check and the send is refused (412) rather than overwritten.
      return { kind: 'send', version: day ? day.updated_at : null };
    }
    // A new workout cannot conflict; its Idempotency-Key makes it land once however often it is sent. A favourite
    // neither: adding is an upsert and removing a delete.
    return { kind: 'send' };
  },
  async send(write: QueuedWrite, verdict: SendVerdict): Promise<void> {
    const key = write.headers['idempotency-key'];
    if (isFavoriteWrite(write)) {
      await sendFavoriteWrite(write, async (favorite) => {
        if (favorite.type === 'favorite-add') {
          await api.request('POST /v1/workout-bank/favorites', {
            body: favorite.body as { workout_template_id: string; notes: string | null },
          });
        } else {
          await api.request('DELETE /v1/workout-bank/favorites/{id}', {
            params: { id: favorite.params.id ?? '' },
          });
        }
      });
    } else if (write.type === 'workout-done') {
      await api.request('PUT /workout-planning/workouts/{workoutId}', {
        params: { workoutId: write.params.workoutId ?? '' },
        body: write.body as { status: 'completed' },
        // A PUT is idempotent by itself: the server takes no key for it. The version the athlete saw goes with it,
        // so a change made elsewhere since the check is refused (412) rather than overwritten.
        ...(write.baseUpdatedAt ? { ifMatch: write.baseUpdatedAt } : {}),
        timeoutMs: PLANNING_API_TIMEOUT_MS,
      });
    } else if (write.type === 'wellness') {
      // docs/offline.md, "Conflicts": the day as the check saw it, by its updated_at, or still without an entry.
      const version = verdict.version;
      await api.request('POST /metrics', {
        body: write.body as never,
        idempotencyKey: key,
        ...(version === undefined
          ? {}
          : version === null
            ? { ifNoneMatch: '*' as const }
            : { ifMatch: version }),
      });
    } else {
      await api.request('POST /workout-planning/workouts', {
        body: write.body as WorkoutCreateRequest,
        idempotencyKey: key,
        timeoutMs: PLANNING_API_TIMEOUT_MS,
      });
    }
  },
  // docs/offline.md, "Replay": retry later, retry soon (409 "in progress"), or refused.
  failure: readFailure,
};

function storage() {
  return typeof indexedDB === 'undefined' ? memoryQueueStorage() : idbQueueStorage();
}

/** The lock that keeps two tabs from replaying the queue at once (one could send an add after its removal). */
const REPLAY_LOCK = 'stamina-offline-replay';

function exclusive<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REPLAY_LOCK, run) as Promise<T>) : run();
}

export const writeQueue = createWriteQueue(storage(), executor, { exclusive });

type QueueInput = Pick<NewQueuedWrite, 'type' | 'endpoint' | 'params' | 'method' | 'body' | 'label'> & {
  baseUpdatedAt?: string | null;
  idempotencyKey?: string;
};

function urlOf(endpoint: string, params: Record<string, string>): string {
  const template = endpoint.split(' ')[1] ?? '';
  return `/api${template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}

let replayer: (() => void) | null = null;

/** The shell's replay (use-offline-sync.ts), asked for when a write was queued while online. */
export function setReplayer(next: (() => void) | null): void {
  replayer = next;
}

/** Asks the shell for a replay soon (a write was queued behind others while online). */
export function requestReplay(): void {
  replayer?.();
}

/** Queues a write for the signed-in account. */
export async function queueWrite(input: QueueInput): Promise<QueuedWrite> {
  const userId = readSession()?.user?.id;
  if (!userId) throw new ApiError('Authentication required', 401, { isAuthError: true });
  return writeQueue.enqueue({
    type: input.type,
    userId,
    endpoint: input.endpoint,
    params: input.params,
    method: input.method,
    url: urlOf(input.endpoint, input.params),
    headers: { 'idempotency-key': input.idempotencyKey ?? newIdempotencyKey() },
    body: input.body,
    baseUpdatedAt: input.baseUpdatedAt ?? null,
    label: input.label,
    queuedAt: new Date().toISOString(),
  });
}

/**
 * Sends a write now when the app is online (lib/pwa.ts), or queues it: when offline, or when the send fails for want of a
 * connection (it is then sent again, with the same Idempotency-Key, by the replay). Resolves to the server's
 * answer, or to `{ queued: true }`.
 */
export async function sendOrQueue<T>(
  input: QueueInput,
  send: (idempotencyKey: string) => Promise<T>,
): Promise<{ queued: false; result: T } | { queued: true }> {
  const idempotencyKey = input.idempotencyKey ?? newIdempotencyKey();
  // Writes queued earlier go first: a new one never overtakes them (the queue is read afresh for this).
  await writeQueue.setUser(readSession()?.user?.id ?? null);
  const online = pwaStore.get().online;
  if (!online || writeQueue.get().pending.length > 0) {
    await queueWrite({ ...input, idempotencyKey });
    if (online) requestReplay();
    return { queued: true };
  }
  try {
    return { queued: false, result: await send(idempotencyKey) };
  } catch (err) {
    if (!isConnectionFailure(err)) throw err;
    await queueWrite({ ...input, idempotencyKey });
    return { queued: true };
  }
}
