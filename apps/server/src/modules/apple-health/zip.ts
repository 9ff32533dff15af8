// Reading an Apple Health export.zip straight from the file store (docs/devices.md, "Apple Health"): yauzl
// reads the central directory and each member through ranged reads of the stored file, so nothing is held
// whole in memory. Limits are checked as members are found and as they are inflated.
import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import type { FileStore } from '../../lib/file-store.ts';
import { openStoredZip } from '../../lib/stored-zip.ts';
import { ExportError } from './parse.ts';

export const ZIP_LIMITS = {
  /** Members of one export (routes, ECG files, clinical records, …). */
  members: 200_000,
  /** export.xml once inflated. */
  xmlBytes: 16 * 1024 * 1024 * 1024,
  /** One route file once inflated. */
  routeBytes: 50 * 1024 * 1024,
} as const;

export interface ExportZip {
  /** The export.xml member. */
  xml: yauzl.Entry;
  /** Route files by their path in the export without the top folder: 'workout-routes/route_1.gpx'. */
  routes: Map<string, yauzl.Entry>;
  open(entry: yauzl.Entry): Promise<Readable>;
  /**
   * A member's bytes as stored in the zip, for the reader to inflate itself (`deflated`): export.xml goes to the
   * CPU pool this way, so the inflated bytes (ten to twenty times more) are made and dropped on the worker, not
   * here (docs/RELIABILITY.md, "Apple Health off the event loop").
   */
  openStored(entry: yauzl.Entry): Promise<{ stream: Readable; deflated: boolean }>;
  close(): void;
}

/** Where a member sits below the export's top folder ('apple_health_export/…' or the root). */
function innerPath(name: string): string {
  const parts = name.split('/');
  return parts.length > 1 && !['workout-routes', 'electrocardiograms'].includes(parts[0]!)
    ? parts.slice(1).join('/')
    : name;
}

export async function openExportZip(store: FileStore, key: string): Promise<ExportZip> {
  const zip = await openStoredZip(store, key).catch((err: Error) => {
    throw new ExportError(`The zip file cannot be read (${err.message})`);
  });
  if (zip.entryCount > ZIP_LIMITS.members) {
    zip.close();
    throw new ExportError(`The zip holds more than ${ZIP_LIMITS.members} files`);
  }
  let xml: yauzl.Entry | null = null;
  const routes = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      const inner = innerPath(entry.fileName);
      if (inner === 'export.xml' && !xml) xml = entry;
      else if (/^workout-routes\/[^/]+\.gpx$/i.test(inner)) routes.set(inner, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', (err: Error) => reject(new ExportError(`The zip file cannot be read (${err.message})`)));
    zip.readEntry();
  }).catch((err) => {
    zip.close();
    throw err;
  });
  if (!xml) {
    zip.close();
    throw new ExportError('The zip holds no export.xml: upload the export.zip Apple Health made');
  }
  const found: yauzl.Entry = xml;
  if (found.uncompressedSize > ZIP_LIMITS.xmlBytes) {
    zip.close();
    throw new ExportError('export.xml is larger than 16 GB once uncompressed');
  }
  return {
    xml: found,
    routes,
    open: (entry) => readStream(zip, entry, {}),
    async openStored(entry) {
      const deflated = entry.compressionMethod === 8;
      if (entry.isEncrypted() || !(deflated || entry.compressionMethod === 0)) {
        throw new ExportError(`${entry.fileName} is encrypted or compressed in a way that cannot be read`);
      }
      return { stream: await readStream(zip, entry, { decodeFileData: false }), deflated };
    },
    close: () => zip.close(),
  };
}

function readStream(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  options: { decodeFileData?: boolean },
): Promise<Readable> {
  return new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, options, (err, stream) =>
      err ? reject(new ExportError(`${entry.fileName} cannot be read (${err.message})`)) : resolve(stream),
    );
  });
}

/** A member's bytes, refused past `limit` as they inflate. */
export async function readCapped(stream: Readable, limit: number, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > limit) {
      stream.destroy();
      throw new ExportError(`${what} is too large`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
