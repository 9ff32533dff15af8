// Reading zip archives, the one place that talks to yauzl (docs/storage.md, "Zip archives"). A zip is opened from
// the file store, where yauzl reads the central directory and each member through ranged reads of the stored file
// so an archive is never held whole in memory, or from bytes already in memory (an account import). Its central
// directory is read record by record under a cap on the number of records, a member is streamed (inflated, or as
// stored for a reader that inflates it elsewhere), and a member read whole is refused as soon as it inflates past
// a cap. Used by the activity upload (a zip of recordings), platform archives, the Apple Health import
// (export.zip) and the account import.
import { PassThrough, type Readable, Transform } from 'node:stream';
import yauzl from 'yauzl';
import type { FileStore } from './file-store.ts';

/** A record of the central directory: a member's name, sizes and compression. */
export type ZipEntry = yauzl.Entry;

/** The most records a caller reads, and the error it gives past them. */
interface EntryCaps {
  max: number;
  tooMany: () => Error;
}

export interface Zip {
  /** The number of records the central directory declares, known before any is read. */
  readonly entryCount: number;
  /**
   * Reads the central directory once, record by record, handing each to `onEntry` (nothing is kept). More
   * than `caps.max` records is `caps.tooMany()`, refused before any is read when the directory declares them.
   */
  forEach(onEntry: (entry: ZipEntry) => void, caps: EntryCaps): Promise<void>;
  /** Every record, in the directory's order, under the same caps. */
  entries(caps: EntryCaps): Promise<ZipEntry[]>;
  /** A member's inflating stream; with `raw`, its bytes as stored (the caller inflates them itself). */
  open(entry: ZipEntry, options?: { raw?: boolean }): Promise<Readable>;
  /** A member's inflated bytes, refused with `tooLarge()` as soon as they pass `maxBytes`. */
  read(entry: ZipEntry, maxBytes: number, tooLarge: () => Error): Promise<Buffer>;
  /** Releases the archive (idempotent). */
  close(): void;
}

/** Records read one at a time; the caller closes; sizes checked against the directory as members inflate. */
const OPTIONS = { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true };

class StoreReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly store: FileStore,
    private readonly key: string,
  ) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.store.getRangeStream(this.key, start, end).then(
      (source) => {
        source.on('error', (err) => out.destroy(err));
        source.pipe(out);
      },
      (err: Error) => out.destroy(err),
    );
    return out;
  }
}

const opened =
  (resolve: (zip: Zip) => void, reject: (err: Error) => void) => (err: Error | null, file?: yauzl.ZipFile) =>
    err || !file ? reject(err ?? new Error('no zip')) : resolve(wrap(file));

/** The stored zip under `key`, opened lazily (records read one by one, members opened on demand); `close` it. */
export async function openStoredZip(store: FileStore, key: string): Promise<Zip> {
  const size = await store.size(key);
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(new StoreReader(store, key), size, OPTIONS, opened(resolve, reject));
  });
}

/** A zip already in memory; `close` it. */
export function openZipBytes(bytes: Buffer): Promise<Zip> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, OPTIONS, opened(resolve, reject));
  });
}

function wrap(file: yauzl.ZipFile): Zip {
  const forEach = (onEntry: (entry: ZipEntry) => void, caps: EntryCaps) =>
    new Promise<void>((resolve, reject) => {
      if (file.entryCount > caps.max) {
        reject(caps.tooMany());
        return;
      }
      let count = 0;
      file.on('entry', (entry: ZipEntry) => {
        count += 1;
        try {
          if (count > caps.max) throw caps.tooMany();
          onEntry(entry);
        } catch (err) {
          file.close();
          reject(err);
          return;
        }
        file.readEntry();
      });
      file.on('end', () => resolve());
      file.on('error', reject);
      file.readEntry();
    });
  const open = (entry: ZipEntry, options: { raw?: boolean } = {}) =>
    new Promise<Readable>((resolve, reject) => {
      // Only `decodeFileData: false` is passed: yauzl 3.4 reads an explicit `true` as "do not inflate".
      file.openReadStream(entry, options.raw ? { decodeFileData: false } : {}, (err, stream) =>
        err || !stream ? reject(err ?? new Error('unreadable')) : resolve(stream),
      );
    });
  return {
    entryCount: file.entryCount,
    forEach,
    async entries(caps) {
      const all: ZipEntry[] = [];
      await forEach((entry) => all.push(entry), caps);
      return all;
    },
    open,
    read: async (entry, maxBytes, tooLarge) => readCapped(await open(entry), maxBytes, tooLarge),
    close: () => file.close(),
  };
}

/** A stream's bytes, refused with `tooLarge()` (and the stream destroyed) as soon as they pass `maxBytes`. */
export async function readCapped(stream: Readable, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      stream.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A pass-through that counts bytes and keeps the first `headBytes` and last `tailBytes` of what passes, and
 * fails the stream with `check`'s error as soon as `check(total)` throws: a limit enforced as bytes arrive.
 * `onChunk` sees every chunk (a hash).
 */
export function meter(
  options: {
    headBytes?: number;
    tailBytes?: number;
    check?: (total: number) => void;
    onChunk?: (chunk: Buffer) => void;
  } = {},
) {
  const headBytes = options.headBytes ?? 0;
  const tailBytes = options.tailBytes ?? 0;
  const state = { total: 0, head: Buffer.alloc(0), tail: Buffer.alloc(0) };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      state.total += chunk.length;
      try {
        options.check?.(state.total);
      } catch (err) {
        done(err as Error);
        return;
      }
      options.onChunk?.(chunk);
      if (state.head.length < headBytes)
        state.head = Buffer.concat([state.head, chunk.subarray(0, headBytes - state.head.length)]);
      if (tailBytes > 0) state.tail = Buffer.concat([state.tail, chunk]).subarray(-tailBytes);
      done(null, chunk);
    },
  });
  return { stream, state };
}
