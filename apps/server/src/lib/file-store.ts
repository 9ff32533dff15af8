// Where uploaded files are kept (docs/storage.md, "File store"): one small interface, put/get/delete by
// key, so that an S3-compatible object store can stand in for the disk later. The default keeps each file
// under DATA_DIR/files/<key>. Keys are made by the app (e.g. `<athlete id>/<sha256>.fit`), never by a user.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface FileStore {
  /** Stores `bytes` under `key`, replacing what was there; once it resolves, the file is durable. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`; rejects with FileNotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Stores what `source` yields under `key` without holding it in memory; resolves to the size in bytes. */
  putStream(key: string, source: Readable): Promise<number>;
  /** The bytes under `key` as a stream; rejects with FileNotFoundError when there is none. */
  getStream(key: string): Promise<Readable>;
  /** The size in bytes of what is stored under `key`; rejects with FileNotFoundError when there is none. */
  size(key: string): Promise<number>;
  /** Bytes `start` (included) to `end` (excluded) under `key` as a stream: random access for zip readers. */
  getRangeStream(key: string, start: number, end: number): Promise<Readable>;
  /** Removes every key under `prefix/` (an account's files when it is purged, docs/account.md). */
  deleteUnder(prefix: string): Promise<void>;
  /**
   * Every key under `prefix/` with when it was last written, unfinished writes (`….part`) included: what the
   * staging sweep looks through (docs/RELIABILITY.md, "Idempotency after a crash").
   */
  list(prefix: string): Promise<Array<{ key: string; modifiedAt: Date }>>;
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
  }
}

/** Lower-case letters, digits, '-', '_', '.' in '/'-separated segments, none of them '.' or '..'. */
const KEY = /^(?!.*(^|\/)\.{1,2}(\/|$))[a-z0-9._-]+(\/[a-z0-9._-]+)*$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) throw new Error(`Invalid file store key: ${key}`);
  return key;
}

/** The default store: files on disk under `root` (DATA_DIR/files). Writes go to a temporary name first. */
export function diskFileStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.part`;
      await writeFile(temporary, bytes, { flush: true });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async putStream(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.part`;
      try {
        await pipeline(source, createWriteStream(temporary, { flush: true }));
        await rename(temporary, path);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
      return (await stat(path)).size;
    },
    async getStream(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw err;
      }
      return createReadStream(path);
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw err;
      }
    },
    async getRangeStream(key, start, end) {
      const path = pathOf(key);
      await this.size(key);
      // createReadStream's `end` is inclusive; an empty range is an empty stream.
      return end <= start ? Readable.from([]) : createReadStream(path, { start, end: end - 1 });
    },
    async deleteUnder(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    async list(prefix) {
      const found: Array<{ key: string; modifiedAt: Date }> = [];
      const walk = async (key: string): Promise<void> => {
        let entries: import('node:fs').Dirent[];
        try {
          entries = await readdir(join(root, key), { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw err;
        }
        for (const entry of entries) {
          const child = `${key}/${entry.name}`;
          if (entry.isDirectory()) await walk(child);
          else if (entry.isFile()) {
            const info = await stat(join(root, child)).catch(() => null);
            if (info) found.push({ key: child, modifiedAt: info.mtime });
          }
        }
      };
      await walk(checkKey(prefix));
      return found;
    },
  };
}
