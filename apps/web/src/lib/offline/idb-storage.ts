// The write queue's storage in IndexedDB (docs/offline.md, "Writes made offline"): database stamina-offline,
// version 1, the store pendingActions (by seq, in order) and the store conflicts. A thin layer over idb; the rules
// are in write-queue.ts.
import { type IDBPDatabase, openDB } from 'idb';
import type { NewQueuedWrite, QueuedWrite, QueueStorage, WriteConflict } from './write-queue.ts';

const DB_NAME = 'stamina-offline';

export function idbQueueStorage(): QueueStorage {
  let db: Promise<IDBPDatabase> | null = null;
  const open = () => {
    db ??= openDB(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('pendingActions', { keyPath: 'seq', autoIncrement: true });
        database.createObjectStore('conflicts', { keyPath: 'id', autoIncrement: true });
      },
    }).catch((err: unknown) => {
      db = null;
      throw new Error('Failed to initialize IndexedDB', { cause: err });
    });
    return db;
  };
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
