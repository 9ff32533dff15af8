// The app's one offline database (docs/offline.md, "Workout Bank offline store", "The database"):
// `stamina-offline`, version 2. Version 1 held the write queue (pendingActions, by seq, in order) and its refused
// writes (conflicts); version 2 adds the Workout Bank's saved reads (workouts, categories, favorites, ratings,
// searches: one record per athlete and key). The Workout Bank's favourites changed offline are writes of the same
// queue. On open, what the former Workout Bank database (`stamina-workout-bank`) still holds is moved in, then
// that database is deleted. A thin layer over idb; the rules are in write-queue.ts and
// api/workout-bank/offline/offline-core.ts.
import { deleteDB, type IDBPDatabase, openDB } from 'idb';
import { migratedFavoriteWrite } from './favorite-writes.ts';
import {
  IDB_OPEN_FAILED,
  memoryWorkoutBankStorage,
  type StoredRecord,
  WORKOUT_BANK_READ_STORES,
  type WorkoutBankStorage,
} from './workout-bank-db.ts';
import type { NewQueuedWrite, QueuedWrite, QueueStorage, WriteConflict } from './write-queue.ts';

const DB_NAME = 'stamina-offline';
const DB_VERSION = 2;
/** The Workout Bank's own database before version 2: read once, moved in, deleted. */
const FORMER_WORKOUT_BANK_DB = 'stamina-workout-bank';

let db: Promise<IDBPDatabase> | null = null;

/** The one connection, opened on first use; a failure to open is retried on the next call. */
function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB_NAME, DB_VERSION, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('pendingActions', { keyPath: 'seq', autoIncrement: true });
        database.createObjectStore('conflicts', { keyPath: 'id', autoIncrement: true });
      }
      if (oldVersion < 2) {
        for (const name of WORKOUT_BANK_READ_STORES) {
          const store = database.createObjectStore(name, { keyPath: ['athleteId', 'key'] });
          store.createIndex('athleteId', 'athleteId');
        }
      }
    },
    // Another tab upgrading or deleting the database: let it, and open afresh on the next call.
    blocking() {
      void db?.then((opened) => opened.close());
      db = null;
    },
  })
    .then(async (database) => {
      await moveFormerWorkoutBank(database);
      return database;
    })
    .catch((err: unknown) => {
      db = null;
      throw new Error(IDB_OPEN_FAILED, { cause: err });
    });
  return db;
}

/**
 * Moves the former Workout Bank database's records in (its saved reads as they were, its queued favourites as
 * writes of the one queue, after those already queued) and deletes it. An upgrade transaction cannot wait on
 * another database, so this runs just after the open, and on every open while that database exists: a copy cut
 * short is finished by the next one (reads are put by key; a favourite sent twice lands once, docs/offline.md).
 */
async function moveFormerWorkoutBank(database: IDBPDatabase): Promise<void> {
  const listed = indexedDB.databases ? await indexedDB.databases() : null;
  if (listed && !listed.some((info) => info.name === FORMER_WORKOUT_BANK_DB)) return;
  const former = await openDB(FORMER_WORKOUT_BANK_DB);
  try {
    const names = [...WORKOUT_BANK_READ_STORES, 'pendingActions'].filter((name) =>
      former.objectStoreNames.contains(name),
    );
    const records = new Map<string, unknown[]>();
    for (const name of names) records.set(name, await former.getAll(name));
    const tx = database.transaction([...WORKOUT_BANK_READ_STORES, 'pendingActions'], 'readwrite');
    for (const name of WORKOUT_BANK_READ_STORES) {
      for (const record of records.get(name) ?? []) await tx.objectStore(name).put(record);
    }
    for (const record of records.get('pendingActions') ?? []) {
      const write = migratedFavoriteWrite(record, crypto.randomUUID());
      if (write) await tx.objectStore('pendingActions').add(write);
    }
    await tx.done;
  } finally {
    former.close();
  }
  await deleteDB(FORMER_WORKOUT_BANK_DB);
}

/** The write queue's storage: the stores pendingActions and conflicts. */
export function idbQueueStorage(): QueueStorage {
  return {
    list: async () => (await (await open()).getAll('pendingActions')) as QueuedWrite[],
    add: async (write: NewQueuedWrite) => {
      const seq = (await (await open()).add('pendingActions', write)) as number;
      return { ...write, seq };
    },
    remove: async (seq) => {
      await (await open()).delete('pendingActions', seq);
    },
    conflicts: async () => (await (await open()).getAll('conflicts')) as WriteConflict[],
    addConflict: async (conflict) => {
      await (await open()).add('conflicts', conflict);
    },
    removeConflict: async (id) => {
      await (await open()).delete('conflicts', id);
    },
  };
}

/** The Workout Bank's saved reads: the five read stores, keyed by [athleteId, key]. */
function idbWorkoutBankStorage(): WorkoutBankStorage {
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
  };
}

let shared: WorkoutBankStorage | null = null;

/** The app's Workout Bank reads (IndexedDB in the browser, memory where it is missing). */
export function sharedWorkoutBankStorage(): WorkoutBankStorage {
  shared ??= typeof indexedDB === 'undefined' ? memoryWorkoutBankStorage() : idbWorkoutBankStorage();
  return shared;
}

/**
 * Forgets every athlete's saved Workout Bank reads on this device (on sign-out). Queued writes stay: each is its
 * account's, sent only by their own session. Failures are logged: sign-out goes on.
 */
export async function clearWorkoutBankReads(
  storage: WorkoutBankStorage | null = typeof indexedDB === 'undefined' ? null : sharedWorkoutBankStorage(),
): Promise<void> {
  try {
    await storage?.clearReads(null);
  } catch (err) {
    console.warn('Could not clear the Workout Bank offline store', err);
  }
}
