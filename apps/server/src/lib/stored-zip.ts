// Zip archives read straight from the file store (docs/storage.md, "File store"): yauzl reads the central
// directory and each member through ranged reads of the stored file, so an archive is never held whole in
// memory. Used by the activity upload (a zip of recordings) and the Apple Health import (export.zip).
import { PassThrough, type Readable, Transform } from 'node:stream';
import yauzl from 'yauzl';
import type { FileStore } from './file-store.ts';

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

/** The stored zip under `key`, opened lazily (entries read one by one, members opened on demand); `close` it. */
export async function openStoredZip(store: FileStore, key: string): Promise<yauzl.ZipFile> {
  const size = await store.size(key);
  return new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new StoreReader(store, key),
      size,
      { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true },
      (err, file) => (err || !file ? reject(err ?? new Error('no zip')) : resolve(file)),
    );
  });
}

/** Every central-directory record, read one by one without opening any member. */
export function zipEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** A member's inflating stream. */
export function openMember(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(err ?? new Error('unreadable')) : resolve(stream),
    );
  });
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
