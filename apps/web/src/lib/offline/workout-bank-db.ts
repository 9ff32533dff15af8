// The Workout Bank's saved reads (docs/offline.md, "Workout Bank offline store"): the stores workouts, categories,
// favorites, ratings and searches of the app's one offline database (lib/offline/offline-db.ts), one record per
// athlete and key, and their in-memory twin for tests. Favourites changed offline are writes of the app's one
// queue (lib/offline/favorite-writes.ts); the rules live in api/workout-bank/offline/offline-core.ts.

/** The stores of saved reads: cleared on sign-out; every record belongs to one athlete. */
export const WORKOUT_BANK_READ_STORES = [
  'workouts',
  'categories',
  'favorites',
  'ratings',
  'searches',
] as const;
export type WorkoutBankReadStore = (typeof WORKOUT_BANK_READ_STORES)[number];

/** A saved record: the athlete it belongs to and its key within that athlete's records, then its fields. */
export interface StoredRecord {
  athleteId: string;
  key: string;
  [field: string]: unknown;
}

export interface WorkoutBankStorage {
  get(store: WorkoutBankReadStore, athleteId: string, key: string): Promise<StoredRecord | undefined>;
  put(store: WorkoutBankReadStore, record: StoredRecord): Promise<void>;
  delete(store: WorkoutBankReadStore, athleteId: string, key: string): Promise<void>;
  /** One athlete's records of a store. */
  list(store: WorkoutBankReadStore, athleteId: string): Promise<StoredRecord[]>;
  /** Empties the read stores, keeping only `keepAthleteId`'s records when given. Queued writes stay. */
  clearReads(keepAthleteId?: string | null): Promise<void>;
}

/** The message the database's failure to open carries. */
export const IDB_OPEN_FAILED = 'Failed to initialize IndexedDB';

/** The same storage in memory: for tests, and where IndexedDB cannot open. */
export function memoryWorkoutBankStorage(): WorkoutBankStorage {
  const stores = new Map<WorkoutBankReadStore, Map<string, StoredRecord>>(
    WORKOUT_BANK_READ_STORES.map((name) => [name, new Map()]),
  );
  const id = (athleteId: string, key: string) => JSON.stringify([athleteId, key]);
  const storeOf = (name: WorkoutBankReadStore) => stores.get(name) as Map<string, StoredRecord>;
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
  };
}
