// The Workout Bank's offline store in IndexedDB (docs/offline.md, "Workout Bank offline store"): database
// stamina-workout-bank, version 1, with the stores workouts, categories, favorites, ratings, searches (the saved
// reads, one record per athlete and key) and pendingActions (favourites changed offline, in order). A thin layer
// over idb with an in-memory twin for tests; the rules live in api/workout-bank/offline-store.ts.
import { type IDBPDatabase, openDB } from 'idb';

const WORKOUT_BANK_DB_NAME = 'stamina-workout-bank';
const WORKOUT_BANK_DB_VERSION = 1;

/** The stores of saved reads: cleared on sign-out; every record belongs to one athlete. */
const WORKOUT_BANK_READ_STORES = ['workouts', 'categories', 'favorites', 'ratings', 'searches'] as const;
export type WorkoutBankReadStore = (typeof WORKOUT_BANK_READ_STORES)[number];

/** A saved record: the athlete it belongs to and its key within that athlete's records, then its fields. */
export interface StoredRecord {
  athleteId: string;
  key: string;
  [field: string]: unknown;
}

/** A favourite changed offline, as it will be sent (method, URL, headers, body) and whose it is. */
export interface PendingFavoriteAction {
  /** Order of queueing, given by the storage; replays go in this order. */
  seq: number;
  type: 'favorite-add' | 'favorite-remove';
  url: string;
  method: 'POST' | 'DELETE';
  headers: Record<string, string>;
  body: unknown;
  athleteId: string;
  templateId: string;
  queuedAt: string;
}

export type NewPendingFavoriteAction = Omit<PendingFavoriteAction, 'seq'>;

export interface WorkoutBankStorage {
  get(store: WorkoutBankReadStore, athleteId: string, key: string): Promise<StoredRecord | undefined>;
  put(store: WorkoutBankReadStore, record: StoredRecord): Promise<void>;
  delete(store: WorkoutBankReadStore, athleteId: string, key: string): Promise<void>;
  /** One athlete's records of a store. */
  list(store: WorkoutBankReadStore, athleteId: string): Promise<StoredRecord[]>;
  /** Empties the read stores, keeping only `keepAthleteId`'s records when given. Queued actions stay. */
  clearReads(keepAthleteId?: string | null): Promise<void>;
  pending(): Promise<PendingFavoriteAction[]>;
  addPending(action: NewPendingFavoriteAction): Promise<PendingFavoriteAction>;
  removePending(seq: number): Promise<void>;
}

/** The message the store's failure to open carries. */
export const IDB_OPEN_FAILED = 'Failed to initialize IndexedDB';

function idbWorkoutBankStorage(): WorkoutBankStorage {
  let db: Promise<IDBPDatabase> | null = null;
  const open = () => {
    db ??= openDB(WORKOUT_BANK_DB_NAME, WORKOUT_BANK_DB_VERSION, {
      upgrade(database) {
        for (const name of WORKOUT_BANK_READ_STORES) {
          const store = database.createObjectStore(name, { keyPath: ['athleteId', 'key'] });
          store.createIndex('athleteId', 'athleteId');
        }
        const pending = database.createObjectStore('pendingActions', { keyPath: 'seq', autoIncrement: true });
        pending.createIndex('athleteId', 'athleteId');
      },
      // Another tab deleting or upgrading the database: let it, and open afresh on the next call.
      blocking() {
        void db?.then((open) => open.close());
        db = null;
      },
    }).catch((err: unknown) => {
      db = null;
      throw new Error(IDB_OPEN_FAILED, { cause: err });
    });
    return db;
  };
  return {
    get: async (store, athleteId, key) => (await (await open()).get(store, [athleteId, key])) as StoredRecord,
    put: async (store, record) => {
      await (await open()).put(store, record);
    },
    delete: async (store, athleteId, key) => {
      await (await open()).delete(store, [athleteId, key]);
    },
    list: async (store, athleteId) =>
      (await (await open()).getAllFromIndex(store, 'athleteId', athleteId)) as StoredRecord[],
    clearReads: async (keepAthleteId) => {
      const database = await open();
      const tx = database.transaction([...WORKOUT_BANK_READ_STORES], 'readwrite');
      await Promise.all(
        WORKOUT_BANK_READ_STORES.map(async (name) => {
          const store = tx.objectStore(name);
          if (!keepAthleteId) return store.clear();
          let cursor = await store.openCursor();
          while (cursor) {
            if ((cursor.value as StoredRecord).athleteId !== keepAthleteId) await cursor.delete();
            cursor = await cursor.continue();
          }
        }),
      );
      await tx.done;
    },
    pending: async () => (await (await open()).getAll('pendingActions')) as PendingFavoriteAction[],
    addPending: async (action) => {
      const seq = (await (await open()).add('pendingActions', action)) as number;
      return { ...action, seq };
    },
    removePending: async (seq) => {
      await (await open()).delete('pendingActions', seq);
    },
  };
}

/** The same storage in memory: for tests, and where IndexedDB cannot open. */
export function memoryWorkoutBankStorage(): WorkoutBankStorage {
  const stores = new Map<WorkoutBankReadStore, Map<string, StoredRecord>>(
    WORKOUT_BANK_READ_STORES.map((name) => [name, new Map()]),
  );
  const id = (athleteId: string, key: string) => JSON.stringify([athleteId, key]);
  const storeOf = (name: WorkoutBankReadStore) => stores.get(name) as Map<string, StoredRecord>;
  let actions: PendingFavoriteAction[] = [];
  let nextSeq = 1;
  return {
    get: async (store, athleteId, key) => {
      const found = storeOf(store).get(id(athleteId, key));
      return found ? structuredClone(found) : undefined;
    },
    put: async (store, record) => {
      storeOf(store).set(id(record.athleteId, record.key), structuredClone(record));
    },
    delete: async (store, athleteId, key) => {
      storeOf(store).delete(id(athleteId, key));
    },
    list: async (store, athleteId) =>
      [...storeOf(store).values()].filter((r) => r.athleteId === athleteId).map((r) => structuredClone(r)),
    clearReads: async (keepAthleteId) => {
      for (const map of stores.values()) {
        for (const [key, record] of map) if (record.athleteId !== keepAthleteId) map.delete(key);
      }
    },
    pending: async () => actions.map((action) => structuredClone(action)),
    addPending: async (action) => {
      const saved = { ...structuredClone(action), seq: nextSeq++ };
      actions.push(saved);
      return structuredClone(saved);
    },
    removePending: async (seq) => {
      actions = actions.filter((action) => action.seq !== seq);
    },
  };
}

/**
 * Forgets every athlete's saved Workout Bank reads on this device (on sign-out). Queued favourites stay: each is
 * its athlete's, sent only by their own session. Failures are logged: sign-out goes on.
 */
export async function clearWorkoutBankReads(
  storage: WorkoutBankStorage | null = typeof indexedDB === 'undefined' ? null : sharedStorage(),
): Promise<void> {
  try {
    await storage?.clearReads(null);
  } catch (err) {
    console.warn('Could not clear the Workout Bank offline store', err);
  }
}

let shared: WorkoutBankStorage | null = null;

/** The app's one connection to the store (IndexedDB in the browser, memory where it is missing). */
export function sharedStorage(): WorkoutBankStorage {
  shared ??= typeof indexedDB === 'undefined' ? memoryWorkoutBankStorage() : idbWorkoutBankStorage();
  return shared;
}
