// Reading an Apple Health export.zip straight from the file store (docs/devices.md, "Apple Health"): yauzl
// reads the central directory and each member through ranged reads of the stored file, so nothing is held
// whole in memory. Limits are checked as members are found and as they are inflated.
import type { Readable } from 'node:stream';
import type { FileStore } from '../../lib/file-store.ts';
import { openStoredZip, readCapped as readZipMember, type Zip, type ZipEntry } from '../../lib/zip.ts';
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
  xml: ZipEntry;
  /** Route files by their path in the export without the top folder: 'workout-routes/route_1.gpx'. */
  routes: Map<string, ZipEntry>;
  open(entry: ZipEntry): Promise<Readable>;
  /**
   * A member's bytes as stored in the zip, for the reader to inflate itself (`deflated`): export.xml goes to the
   * CPU pool this way, so the inflated bytes (ten to twenty times more) are made and dropped on the worker, not
   * here (docs/RELIABILITY.md, "Apple Health off the event loop").
   */
  openStored(entry: ZipEntry): Promise<{ stream: Readable; deflated: boolean }>;
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
  let xml: ZipEntry | null = null;
  const routes = new Map<string, ZipEntry>();
  const tooMany = () => new ExportError(`The zip holds more than ${ZIP_LIMITS.members} files`);
  await zip
    .forEach(
      (entry) => {
        const inner = innerPath(entry.fileName);
        if (inner === 'export.xml' && !xml) xml = entry;
        else if (/^workout-routes\/[^/]+\.gpx$/i.test(inner)) routes.set(inner, entry);
      },
      { max: ZIP_LIMITS.members, tooMany },
    )
    .catch((err: Error) => {
      zip.close();
      throw err instanceof ExportError
        ? err
        : new ExportError(`The zip file cannot be read (${err.message})`);
    });
  if (!xml) {
    zip.close();
    throw new ExportError('The zip holds no export.xml: upload the export.zip Apple Health made');
  }
  const found: ZipEntry = xml;
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
      return { stream: await readStream(zip, entry, { raw: true }), deflated };
    },
    close: () => zip.close(),
  };
}

function readStream(zip: Zip, entry: ZipEntry, options: { raw?: boolean }): Promise<Readable> {
  return zip.open(entry, options).catch((err: Error) => {
    throw new ExportError(`${entry.fileName} cannot be read (${err.message})`);
  });
}

/** A member's bytes, refused past `limit` as they inflate. */
export function readCapped(stream: Readable, limit: number, what: string): Promise<Buffer> {
  return readZipMember(stream, limit, () => new ExportError(`${what} is too large`));
}
