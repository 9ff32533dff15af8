// The Workout Bank's offline rules (docs/offline.md, "Workout Bank offline store"), free of the browser: saved
// reads with an expiry (searches, categories, template details, the athlete's own ratings and the reviews),
// favourites changed without a connection queued in the app's one write queue and sent again by its replay, and
// the favourite status the screen shows meanwhile. Every record belongs to one athlete, and only that athlete's
// records are ever read or sent. Storage, queue, clock and session are injected; offline-store.ts wires them.
import { CACHE_MAX_AGE_MS, createCacheEntry, entryStatus } from '@stamina/core';
import {
  type FavoriteChange,
  type FavoriteWrite,
  favoriteWrite,
  isFavoriteWrite,
  templateOf,
} from '../../../lib/offline/favorite-writes.ts';
import type {
  StoredRecord,
  WorkoutBankReadStore,
  WorkoutBankStorage,
} from '../../../lib/offline/workout-bank-db.ts';
import type { QueuedWrite, ReplayResult, WriteQueue } from '../../../lib/offline/write-queue.ts';

/** How long a saved read may answer offline: the service worker's lifetime for Workout Bank reads (24 h). */
export const WORKOUT_BANK_OFFLINE_LIFETIME_MS = CACHE_MAX_AGE_MS;

export type FavoriteToggleArgs = FavoriteChange;

export type ToggleOutcome<T> =
  | { queued: false; isFavorite: boolean; result: T }
  /** Kept offline and treated as done: the screen shows `isFavorite` until the replay sends it. */
  | { queued: true; isFavorite: boolean };

/** A queued favourite the server refused (a 4xx): listed with the queue's refused writes, its local status forgotten. */
interface DroppedFavorite {
  write: FavoriteWrite;
  reason: string;
  at: string;
}

export interface FavoriteReplayResult {
  applied: FavoriteWrite[];
  dropped: DroppedFavorite[];
  /** The athlete's writes still queued: the replay stopped at the first that could not be sent now. */
  remaining: number;
}

export interface WorkoutBankOfflineDeps {
  storage: WorkoutBankStorage;
  /** The app's one write queue (lib/offline/write-queue.ts): favourites changed offline wait and replay in it. */
  queue: Pick<WriteQueue, 'stored' | 'enqueue' | 'replay' | 'setUser' | 'onReplayed'>;
  /** The signed-in athlete (null when signed out). */
  athleteId: () => string | null;
  now?: () => number;
  /** A new key for a queued write (the queue gives every write one). */
  newKey?: () => string;
  /** Whether the app believes it is online; offline, writes are queued without trying the network. */
  isOnline: () => boolean;
  /** Registers the background sync; false where there is none. */
  registerSync: () => Promise<boolean>;
  /** Asks for a replay soon (a write was queued behind others while online). */
  onQueuedWhileOnline?: () => void;
}

/** The HTTP status an error carries, when the server answered (ApiError and fetch wrappers expose `status`). */
function statusOf(err: unknown): number | null {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 100 ? status : null;
}

/**
 * Whether a failure means the server was not reached: no connection (fetch's TypeError, the API client's network
 * error), or no answer in time. A 4xx or 5xx is an answer, not a network failure.
 */
export function isNetworkFailure(err: unknown): boolean {
  if ((err as { isNetworkError?: unknown } | null)?.isNetworkError === true) return true;
  if (statusOf(err) !== null) return false;
  if (err instanceof TypeError) return true;
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError' || name === 'NetworkError';
}

/** A read may fall back on its saved copy when the server was not reached or failed (5xx), never on a 4xx. */
function mayFallBack(err: unknown): boolean {
  const status = statusOf(err);
  return isNetworkFailure(err) || (status !== null && status >= 500);
}

/** What a replay of the queue did to the favourites. */
function favoritesOf(result: ReplayResult): FavoriteReplayResult {
  return {
    applied: result.applied.filter(isFavoriteWrite),
    dropped: result.conflicts
      .filter((conflict) => isFavoriteWrite(conflict.write))
      .map((conflict) => ({
        write: conflict.write as FavoriteWrite,
        reason: conflict.reason,
        at: conflict.at,
      })),
    remaining: result.remaining,
  };
}

/** Keys of the `ratings` store: the athlete's own rating of a template, and the pages of its reviews. */
const myRatingKey = (templateId: string) => `mine:${templateId}`;
const ratingsListPrefix = (templateId: string) => `list:${templateId}:`;

/** A stable key for search parameters: the same filters in any order give the same key. */
export function searchKey(params: unknown): string {
  const normalise = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(normalise);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, normalise(v)]),
      );
    }
    return value;
  };
  return typeof params === 'string' ? params : JSON.stringify(normalise(params));
}

export function createWorkoutBankOffline(deps: WorkoutBankOfflineDeps) {
  const now = deps.now ?? Date.now;
  const newKey = deps.newKey ?? (() => crypto.randomUUID());
  const { storage, queue: writeQueue } = deps;

  /** A storage failure never fails a read that the network answered: it is logged. */
  async function quietly<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (err) {
      console.warn('Workout Bank offline store', err);
      return undefined;
    }
  }

  /** The athlete's saved copy under `key`, when still fresh; an expired or unreadable one is removed. */
  async function savedCopy<T>(store: WorkoutBankReadStore, athleteId: string, key: string) {
    const record = await quietly(() => storage.get(store, athleteId, key));
    if (!record) return undefined;
    if (entryStatus(record, now()) === 'fresh') return { data: record.data as T };
    await quietly(() => storage.delete(store, athleteId, key));
    return undefined;
  }

  /**
   * Network first: the answer is saved for the athlete and returned. When the server cannot be reached (or
   * fails), the saved copy answers while fresh; otherwise the error goes on. Known offline, the saved copy
   * answers without trying the network.
   */
  async function cached<T>(store: WorkoutBankReadStore, key: string, fetcher: () => Promise<T>): Promise<T> {
    const athleteId = deps.athleteId();
    if (!athleteId) return fetcher();
    if (!deps.isOnline()) {
      const copy = await savedCopy<T>(store, athleteId, key);
      if (copy) return copy.data;
    }
    let data: T;
    try {
      data = await fetcher();
    } catch (err) {
      if (!mayFallBack(err)) throw err;
      const copy = await savedCopy<T>(store, athleteId, key);
      if (copy) return copy.data;
      throw err;
    }
    const entry = createCacheEntry(data, now(), WORKOUT_BANK_OFFLINE_LIFETIME_MS);
    await quietly(() => storage.put(store, { athleteId, key, ...entry }));
    return data;
  }

  const own = (writes: QueuedWrite[], athleteId: string): FavoriteWrite[] =>
    writes
      .filter((w): w is FavoriteWrite => isFavoriteWrite(w) && w.userId === athleteId)
      .sort((a, b) => a.seq - b.seq);

  /** The athlete's queued favourites, for what is shown: a queue that cannot be read knows of none. */
  async function knownPending(athleteId: string): Promise<FavoriteWrite[]> {
    return own((await quietly(() => writeQueue.stored())) ?? [], athleteId);
  }

  async function rememberFavorite(athleteId: string, args: FavoriteToggleArgs, pending: boolean) {
    const record: StoredRecord = {
      athleteId,
      key: args.templateId,
      templateId: args.templateId,
      isFavorite: args.favorite,
      notes: args.notes ?? null,
      pending,
      updatedAt: now(),
    };
    await storage.put('favorites', record);
  }

  async function queue(athleteId: string, args: FavoriteToggleArgs): Promise<void> {
    await writeQueue.enqueue(favoriteWrite(athleteId, args, new Date(now()).toISOString(), newKey()));
    await rememberFavorite(athleteId, args, true);
    try {
      await deps.registerSync();
    } catch (err) {
      console.warn('Background sync could not be registered', err);
    }
  }

  /**
   * After each replay of the queue (whoever started it): a favourite the server refused is forgotten on the device
   * (the server's status shows), one sent is no longer pending, unless a later change of it still waits.
   */
  async function settle(result: ReplayResult): Promise<void> {
    const { applied, dropped } = favoritesOf(result);
    const athleteId = applied[0]?.userId ?? dropped[0]?.write.userId ?? null;
    if (athleteId) {
      const stillQueued = new Set((await knownPending(athleteId)).map(templateOf));
      for (const { write } of dropped) {
        if (!stillQueued.has(templateOf(write))) {
          await quietly(() => storage.delete('favorites', athleteId, templateOf(write)));
        }
      }
      for (const write of applied) {
        if (stillQueued.has(templateOf(write))) continue;
        const record = await quietly(() => storage.get('favorites', athleteId, templateOf(write)));
        if (record?.pending) await quietly(() => storage.put('favorites', { ...record, pending: false }));
      }
    }
  }
  writeQueue.onReplayed(settle);

  /** The athlete's favourite status as known on this device (queued changes included); null when unknown. */
  async function localFavoriteStatus(templateId: string): Promise<boolean | null> {
    const athleteId = deps.athleteId();
    if (!athleteId) return null;
    const queued = (await knownPending(athleteId)).filter((w) => templateOf(w) === templateId);
    const last = queued.at(-1);
    if (last) return last.type === 'favorite-add';
    const record = await quietly(() => storage.get('favorites', athleteId, templateId));
    return typeof record?.isFavorite === 'boolean' ? record.isFavorite : null;
  }

  return {
    /** A search's answer, saved per athlete and parameters (see `cached`). */
    withSearchCache<T>(params: unknown, fetcher: () => Promise<T>): Promise<T> {
      return cached('searches', searchKey(params), fetcher);
    },

    /**
     * The categories: from the network, else the saved copy; the error goes on only when there is no fresh copy.
     * `type` is the optional category type filter.
     */
    withCategoriesFallback<T>(fetcher: () => Promise<T>, type?: string | null): Promise<T> {
      return cached('categories', type ?? 'all', fetcher);
    },

    /** A template's detail, saved per athlete under the template's id. */
    withTemplateCache<T>(templateId: string, fetcher: () => Promise<T>): Promise<T> {
      return cached('workouts', templateId, fetcher);
    },

    /**
     * The athlete's own rating of a template (`GET …/rating`, null when not rated), saved per athlete in `ratings`
     * under `mine:<template id>`: offline the detail still shows 'Your rating: N of 5'.
     */
    withMyRatingCache<T>(templateId: string, fetcher: () => Promise<T>): Promise<T> {
      return cached('ratings', myRatingKey(templateId), fetcher);
    },

    /** A page of a template's reviews (`GET …/ratings`), saved in `ratings` under `list:<template id>:<page>`. */
    withRatingsCache<T>(templateId: string, page: number, fetcher: () => Promise<T>): Promise<T> {
      return cached('ratings', `${ratingsListPrefix(templateId)}${page}`, fetcher);
    },

    /**
     * A rating the server has just stored: saved as the athlete's own at once, and the template's saved review
     * pages forgotten (they no longer hold it; the next read online saves them afresh).
     */
    async rememberMyRating(templateId: string, rating: unknown): Promise<void> {
      const athleteId = deps.athleteId();
      if (!athleteId) return;
      const entry = createCacheEntry(rating, now(), WORKOUT_BANK_OFFLINE_LIFETIME_MS);
      await quietly(() => storage.put('ratings', { athleteId, key: myRatingKey(templateId), ...entry }));
      const prefix = ratingsListPrefix(templateId);
      for (const record of (await quietly(() => storage.list('ratings', athleteId))) ?? []) {
        if (record.key.startsWith(prefix))
          await quietly(() => storage.delete('ratings', athleteId, record.key));
      }
    },

    /**
     * Adds or removes a favourite. Online, `sendOnline` sends it. When the server cannot be reached (or the app
     * is offline, or earlier favourites are still queued, which a new one never overtakes), the change is kept
     * in `favorites`, queued in the app's write queue, the background sync registered, and the call resolves as done.
     * A refusal (4xx) or a server fault is thrown as it came.
     */
    async toggleFavoriteOfflineAware<T>(
      args: FavoriteToggleArgs,
      sendOnline: (args: FavoriteToggleArgs) => Promise<T>,
    ): Promise<ToggleOutcome<T>> {
      const athleteId = deps.athleteId();
      if (!athleteId) return { queued: false, isFavorite: args.favorite, result: await sendOnline(args) };
      const online = deps.isOnline();
      // Any of the athlete's writes still queued, favourite or not: the queue is one.
      const stored = (await quietly(() => writeQueue.stored())) ?? [];
      const earlier = stored.filter((write) => write.userId === athleteId);
      if (!online || earlier.length > 0) {
        await queue(athleteId, args);
        if (online) deps.onQueuedWhileOnline?.();
        return { queued: true, isFavorite: args.favorite };
      }
      try {
        const result = await sendOnline(args);
        await quietly(() => rememberFavorite(athleteId, args, false));
        return { queued: false, isFavorite: args.favorite, result };
      } catch (err) {
        if (!isNetworkFailure(err)) throw err;
        await queue(athleteId, args);
        return { queued: true, isFavorite: args.favorite };
      }
    },

    /**
     * Replays the app's write queue for the signed-in athlete (docs/offline.md, "Replay"): their writes in the
     * order they were made, favourites among them. Resolves to what it did to the favourites.
     */
    async replayPendingFavorites(): Promise<FavoriteReplayResult> {
      const athleteId = deps.athleteId();
      if (!athleteId) return { applied: [], dropped: [], remaining: 0 };
      await writeQueue.setUser(athleteId);
      return favoritesOf(await writeQueue.replay());
    },

    localFavoriteStatus,

    /** Every favourite status known on this device for the athlete, queued changes applied over the saved ones. */
    async localFavorites(): Promise<Map<string, boolean>> {
      const athleteId = deps.athleteId();
      const statuses = new Map<string, boolean>();
      if (!athleteId) return statuses;
      for (const record of (await quietly(() => storage.list('favorites', athleteId))) ?? []) {
        if (typeof record.isFavorite === 'boolean') statuses.set(record.key, record.isFavorite);
      }
      for (const write of await knownPending(athleteId)) {
        statuses.set(templateOf(write), write.type === 'favorite-add');
      }
      return statuses;
    },

    /** How many favourites of the athlete wait to be sent. */
    async pendingFavoriteCount(): Promise<number> {
      const athleteId = deps.athleteId();
      return athleteId ? own(await writeQueue.stored(), athleteId).length : 0;
    },

    /**
     * The favourite status read (`GET …/favorite/status`): a change still queued wins over the server's answer
     * (the server does not know it yet); without a network the status known on this device answers.
     */
    async withFavoriteStatus<T extends { is_favorite: boolean }>(
      templateId: string,
      fetcher: () => Promise<T>,
    ): Promise<T | { is_favorite: boolean; favorite_id: null }> {
      const athleteId = deps.athleteId();
      if (!athleteId) return fetcher();
      const queued = (await knownPending(athleteId)).filter((w) => templateOf(w) === templateId);
      const local = queued.at(-1);
      let answer: T;
      try {
        answer = await fetcher();
      } catch (err) {
        if (!mayFallBack(err)) throw err;
        const known = await localFavoriteStatus(templateId);
        if (known === null) throw err;
        return { is_favorite: known, favorite_id: null };
      }
      if (local) return { ...answer, is_favorite: local.type === 'favorite-add' };
      const record: StoredRecord = {
        athleteId,
        key: templateId,
        templateId,
        isFavorite: answer.is_favorite,
        notes: null,
        pending: false,
        updatedAt: now(),
      };
      await quietly(() => storage.put('favorites', record));
      return answer;
    },

    /** Keeps only `athleteId`'s saved reads (an account switch); null forgets them all (sign-out). */
    forgetReadsExcept(athleteId: string | null): Promise<void> {
      return storage.clearReads(athleteId);
    },

    /** Told after each replay of the queue, whoever started it, with what it did to the favourites. */
    onReplay(listener: (result: FavoriteReplayResult) => void): () => void {
      return writeQueue.onReplayed((result) => listener(favoritesOf(result)));
    },
  };
}
