// Writes made without a connection, kept in order and sent again when it returns (docs/offline.md, "Writes made
// offline"). The queue's rules live here; where writes are kept is a small storage interface (IndexedDB in the
// app, lib/offline/offline-db.ts; memory in tests), and how one is checked and sent is the caller's executor.
// The app has one queue: the Workout Bank's favourites changed offline wait in it too (lib/offline/favorite-writes.ts).

/** The kinds of write that may be queued. */
type QueuedWriteType = 'workout-done' | 'wellness' | 'workout-create' | 'favorite-add' | 'favorite-remove';

/** One queued write: the request as it will be sent, and what the replay checks before sending it. */
export interface QueuedWrite {
  /** Order of queueing; replays go in this order. Given by the storage. */
  seq: number;
  type: QueuedWriteType;
  /** The account that made it; only that account's session replays it. */
  userId: string;
  /** The contract endpoint ('PUT /workout-planning/workouts/{workoutId}'), its path parameters and the URL. */
  endpoint: string;
  params: Record<string, string>;
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Sent as they are on every attempt: the Idempotency-Key makes a replayed create land once. */
  headers: { 'idempotency-key': string };
  body: unknown;
  /** The row's updated_at the athlete saw when making the change (null: none, or not applicable). */
  baseUpdatedAt: string | null;
  /** What the athlete sees in the list of pending and refused changes. */
  label: string;
  queuedAt: string;
}

export type NewQueuedWrite = Omit<QueuedWrite, 'seq'>;

/** A queued write the server refused or that a newer change on the server overtook; kept until dismissed. */
export interface WriteConflict {
  id: number;
  write: QueuedWrite;
  reason: string;
  at: string;
}

export interface QueueStorage {
  /** Every queued write, oldest first. */
  list(): Promise<QueuedWrite[]>;
  add(write: NewQueuedWrite): Promise<QueuedWrite>;
  remove(seq: number): Promise<void>;
  conflicts(): Promise<WriteConflict[]>;
  addConflict(conflict: Omit<WriteConflict, 'id'>): Promise<void>;
  removeConflict(id: number): Promise<void>;
}

/**
 * What the server's current state says about a queued write, before it is sent. `version` is the row's
 * `updated_at` the check saw (null: no row yet), for a send that must not overwrite a change made after the check.
 */
export type SendVerdict = { kind: 'send'; version?: string | null };
export type Verdict = SendVerdict | { kind: 'already-applied' } | { kind: 'conflict'; reason: string };

/** A failure the replay sees: `retryLater` for no connection or a server fault (the write stays queued). */
interface ReplayFailure {
  retryLater: boolean;
  message: string;
  /**
   * The server is still running an earlier send of this write (409 "in progress": the first send's answer was
   * lost, or its process died and the key's lease has not passed): send it again soon, with backoff, without
   * waiting for the connection to come back.
   */
  retrySoon?: boolean;
}

/**
 * How a failed send is read, whatever sent it (docs/offline.md, "Replay"): no answer (no connection, a timeout, an
 * error without an HTTP status), a server fault (5xx), an expired session (401/403), a timeout or rate limit
 * (408/429): retry later. A 409 "in progress": retry soon. Any other 4xx: refused, with the server's message.
 */
export function readFailure(err: unknown): ReplayFailure {
  const failed = (err ?? {}) as {
    status?: unknown;
    isNetworkError?: unknown;
    isAuthError?: unknown;
    options?: { detail?: { in_progress?: unknown } | null };
  };
  const message = err instanceof Error ? err.message : String(err);
  const status = typeof failed.status === 'number' && failed.status >= 100 ? failed.status : null;
  if (status === 409 && failed.options?.detail?.in_progress === true) {
    return { retryLater: true, retrySoon: true, message };
  }
  const retryLater =
    status === null ||
    failed.isNetworkError === true ||
    failed.isAuthError === true ||
    status >= 500 ||
    [401, 403, 408, 429].includes(status);
  return { retryLater, message };
}

/** Backoff before retry n (1-based) of a write the server is still busy with: 2 s doubling to 60 s at most. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt - 1));
}

export interface ReplayExecutor {
  /** Compares the server's row with what the athlete saw; throws (as `fail` reads it) when it cannot tell. */
  check(write: QueuedWrite): Promise<Verdict>;
  /** Sends the write the check cleared, with what the check saw (`verdict.version`). */
  send(write: QueuedWrite, verdict: SendVerdict): Promise<void>;
  /** How a thrown error is read: retry later, or refused for good with a message. */
  failure(err: unknown): ReplayFailure;
}

export interface ReplayResult {
  applied: QueuedWrite[];
  conflicts: WriteConflict[];
  /** Writes still queued after this replay (it stopped at the first that could not be sent now). */
  remaining: number;
  /** When the replay stopped at a write the server is still busy with: replay again after this many ms. */
  retryInMs: number | null;
}

export interface QueueSnapshot {
  /** The signed-in account's queued writes, oldest first. */
  pending: QueuedWrite[];
  conflicts: WriteConflict[];
  replaying: boolean;
}

export interface WriteQueueOptions {
  /** Runs a replay exclusively across the app's tabs (a Web Lock where the browser has them). */
  exclusive?: <T>(run: () => Promise<T>) => Promise<T>;
}

export function createWriteQueue(
  storage: QueueStorage,
  executor: ReplayExecutor,
  options: WriteQueueOptions = {},
) {
  const exclusive = options.exclusive ?? (<T>(run: () => Promise<T>) => run());
  let userId: string | null = null;
  let snapshot: QueueSnapshot = { pending: [], conflicts: [], replaying: false };
  let running: Promise<ReplayResult> | null = null;
  const listeners = new Set<() => void>();
  /** Told after each replay, before it resolves (the Workout Bank settles its favourites' status there). */
  const replayListeners = new Set<(result: ReplayResult) => Promise<void> | void>();
  /** Consecutive "still in progress" answers per write (by seq), for its backoff. */
  const busy = new Map<number, number>();

  const own = <T extends { userId: string }>(items: T[]) => items.filter((item) => item.userId === userId);

  async function refresh(): Promise<void> {
    const [writes, conflicts] = await Promise.all([storage.list(), storage.conflicts()]);
    snapshot = {
      pending: own(writes).sort((a, b) => a.seq - b.seq),
      conflicts: conflicts.filter((conflict) => conflict.write.userId === userId),
      replaying: running !== null,
    };
    for (const listener of listeners) listener();
  }

  async function replayOnce(): Promise<ReplayResult> {
    const applied: QueuedWrite[] = [];
    const conflicts: WriteConflict[] = [];
    const writes = own(await storage.list()).sort((a, b) => a.seq - b.seq);
    let index = 0;
    let retryInMs: number | null = null;
    for (; index < writes.length; index++) {
      const write = writes[index] as QueuedWrite;
      let refusal: string | null = null;
      try {
        const verdict = await executor.check(write);
        if (verdict.kind === 'conflict') refusal = verdict.reason;
        else if (verdict.kind === 'send') await executor.send(write, verdict);
      } catch (err) {
        const failure = executor.failure(err);
        if (failure.retrySoon) {
          // Never dropped: kept at the head of the queue and sent again after a growing pause.
          const attempt = (busy.get(write.seq) ?? 0) + 1;
          busy.set(write.seq, attempt);
          retryInMs = retryDelayMs(attempt);
          break;
        }
        // No connection or a server fault: stop here, so later writes never overtake this one.
        if (failure.retryLater) break;
        refusal = failure.message;
      }
      busy.delete(write.seq);
      if (refusal !== null) {
        const conflict = { write, reason: refusal, at: new Date().toISOString() };
        await storage.addConflict(conflict);
        conflicts.push({ ...conflict, id: 0 });
      } else {
        applied.push(write);
      }
      await storage.remove(write.seq);
    }
    return { applied, conflicts, remaining: writes.length - index, retryInMs };
  }

  return {
    /** The account whose writes are shown and replayed (null when signed out). */
    async setUser(next: string | null): Promise<void> {
      userId = next;
      await refresh();
    },
    async enqueue(write: NewQueuedWrite): Promise<QueuedWrite> {
      const saved = await storage.add(write);
      await refresh();
      return saved;
    },
    /** Sends the signed-in account's queued writes in order; one replay at a time (a second call joins it). */
    replay(): Promise<ReplayResult> {
      if (!running) {
        running = (async () => {
          try {
            await refresh();
            const result = await exclusive(replayOnce);
            for (const listener of replayListeners) await listener(result);
            return result;
          } finally {
            running = null;
            await refresh();
          }
        })();
      }
      return running;
    },
    async dismissConflict(id: number): Promise<void> {
      await storage.removeConflict(id);
      await refresh();
    },
    refresh,
    /** Every stored write, of every account (the Workout Bank reads its athlete's favourites from it). */
    stored: (): Promise<QueuedWrite[]> => storage.list(),
    /** Told after each replay with its result; the replay resolves once the listener is done. */
    onReplayed(listener: (result: ReplayResult) => Promise<void> | void): () => void {
      replayListeners.add(listener);
      return () => replayListeners.delete(listener);
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (): QueueSnapshot => snapshot,
  };
}

export type WriteQueue = ReturnType<typeof createWriteQueue>;

/** Storage in memory: for tests, and where IndexedDB cannot open. */
export function memoryQueueStorage(): QueueStorage {
  let writes: QueuedWrite[] = [];
  let conflicts: WriteConflict[] = [];
  let nextSeq = 1;
  let nextConflict = 1;
  return {
    list: async () => writes.map((write) => ({ ...write })),
    add: async (write) => {
      const saved = { ...write, seq: nextSeq++ };
      writes.push(saved);
      return { ...saved };
    },
    remove: async (seq) => {
      writes = writes.filter((write) => write.seq !== seq);
    },
    conflicts: async () => conflicts.map((conflict) => ({ ...conflict })),
    addConflict: async (conflict) => {
      conflicts.push({ ...conflict, id: nextConflict++ });
    },
    removeConflict: async (id) => {
      conflicts = conflicts.filter((conflict) => conflict.id !== id);
    },
  };
}
