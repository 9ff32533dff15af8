// What an activity upload holds, before anything is written (docs/activities.md, "Import"): each uploaded file
// is a recording (.fit, .gpx, .tcx), a gzip copy of one (.fit.gz, as Strava exports), or a zip of these. A zip
// is judged by its central directory (member count, declared uncompressed total) before a byte is expanded,
// and its members are then inflated under a running count, so a header that lies about sizes cannot make us
// inflate more than the limit. Limits beyond which the whole upload is refused (413): ACTIVITY_LIMITS.
// Each file also gets a cheap look at its first bytes, so an obviously wrong file fails at once, not in a job.
import yauzl from 'yauzl';
import { AppError } from '../../lib/errors.ts';
import { sniffActivityFormat } from './decode/index.ts';

export const ACTIVITY_LIMITS = {
  fileBytes: 50 * 1024 * 1024,
  fileLabel: '50 MB',
  zipMembers: 500,
  zipUncompressedBytes: 200 * 1024 * 1024,
  zipUncompressedLabel: '200 MB',
  /** Files in one upload request. */
  filesPerUpload: 20,
  /** Recordings (import jobs) one upload request may queue, across its files and zips. */
  recordingsPerUpload: 500,
  nameLength: 255,
} as const;

/** One recording found in the upload, ready to stage, or refused with a reason (still reported). */
export type UploadEntry =
  | { name: string; ok: true; compression: 'gzip' | null; bytes: Buffer }
  | { name: string; ok: false; message: string };

const RECORDING = /\.(fit|gpx|tcx)(\.gz)?$/i;

/** The name as shown back: the last path segment of what the client sent, cut to the length limit. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() || 'file';
  return base.length > ACTIVITY_LIMITS.nameLength
    ? `${base.slice(0, ACTIVITY_LIMITS.nameLength - 1)}…`
    : base;
}

/** Every recording in one uploaded file: itself, or a zip's members. Throws a 413 past a limit. */
export async function entriesOf(fileName: string, bytes: Buffer): Promise<UploadEntry[]> {
  const name = displayName(fileName);
  if (/\.zip$/i.test(name)) return zipEntries(name, bytes);
  return [recordingEntry(name, bytes)];
}

/** A single recording, or a gzip copy of one, checked by its first bytes (the decoder's own sniffing). */
function recordingEntry(name: string, bytes: Buffer): UploadEntry {
  const match = RECORDING.exec(name);
  if (!match) {
    return { name, ok: false, message: 'Not a FIT, GPX or TCX file (or a .gz or .zip of them)' };
  }
  const gzip = match[2] !== undefined;
  const problem = gzip ? gzipProblem(bytes) : contentProblem(bytes, name);
  if (problem) return { name, ok: false, message: problem };
  return { name, ok: true, compression: gzip ? 'gzip' : null, bytes };
}

function gzipProblem(bytes: Buffer): string | null {
  if (bytes.length < 18 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return 'The file is not a gzip file';
  // The trailer's size (modulo 4 GiB) is a cheap first refusal; the job also inflates under the same limit.
  if (bytes.readUInt32LE(bytes.length - 4) > ACTIVITY_LIMITS.fileBytes) {
    throw tooLarge(`Uncompressed, the file is larger than ${ACTIVITY_LIMITS.fileLabel}`);
  }
  return null;
}

/**
 * A reason these bytes cannot be imported, from their first bytes: not a FIT, GPX or TCX file by content, or
 * an XML file declaring a DOCTYPE or entities (the decoder refuses those too; this answers at once).
 */
export function contentProblem(bytes: Buffer, name: string): string | null {
  if (bytes.length === 0) return 'The file is empty';
  const format = sniffActivityFormat(bytes, name);
  if (!format) return 'The file is not a FIT, GPX or TCX file';
  if (format !== 'fit' && /<!DOCTYPE|<!ENTITY/i.test(bytes.subarray(0, 64 * 1024).toString('utf8'))) {
    return 'The file declares a DOCTYPE or entities, which activity files never need; it is not read';
  }
  return null;
}

function tooLarge(message: string): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', message);
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

/** Every central-directory record, read one by one without opening any member. */
function centralDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
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

/** A member inflated, failing as soon as it passes `maxBytes` whatever its header declared. */
function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) {
        reject(err ?? new Error('unreadable member'));
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) {
          stream.destroy(new ZipLimitError());
          return;
        }
        chunks.push(chunk);
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
}

class ZipLimitError extends Error {}

async function zipEntries(name: string, bytes: Buffer): Promise<UploadEntry[]> {
  let zip: yauzl.ZipFile;
  let members: yauzl.Entry[];
  try {
    zip = await openZip(bytes);
    if (zip.entryCount > ACTIVITY_LIMITS.zipMembers) throw tooManyMembers(name);
    members = await centralDirectory(zip);
  } catch (err) {
    if (err instanceof AppError) throw err;
    return [{ name, ok: false, message: `The zip archive cannot be read: ${reason(err)}` }];
  }
  if (members.length > ACTIVITY_LIMITS.zipMembers) throw tooManyMembers(name);
  const files = members.filter((m) => !m.fileName.endsWith('/'));
  const declared = files.reduce((sum, m) => sum + m.uncompressedSize, 0);
  if (declared > ACTIVITY_LIMITS.zipUncompressedBytes) {
    throw tooLarge(`${name} holds more than ${ACTIVITY_LIMITS.zipUncompressedLabel} uncompressed`);
  }
  if (files.some((m) => m.uncompressedSize > ACTIVITY_LIMITS.fileBytes)) {
    throw tooLarge(`${name} holds a file larger than ${ACTIVITY_LIMITS.fileLabel}`);
  }

  const entries: UploadEntry[] = [];
  let inflated = 0;
  // Members that are not recordings (the CSVs and photos of an export) are skipped without being read.
  for (const member of files.filter((m) => RECORDING.test(m.fileName) || /\.zip$/i.test(m.fileName))) {
    const memberName = `${name}/${member.fileName}`.slice(0, ACTIVITY_LIMITS.nameLength);
    if (/\.zip$/i.test(member.fileName)) {
      entries.push({ name: memberName, ok: false, message: 'A zip inside a zip is not read' });
      continue;
    }
    const budget = Math.min(ACTIVITY_LIMITS.fileBytes, ACTIVITY_LIMITS.zipUncompressedBytes - inflated);
    let content: Buffer;
    try {
      content = await inflate(zip, member, budget);
    } catch (err) {
      if (err instanceof ZipLimitError) {
        throw tooLarge(`${name} inflates to more than its limits (${ACTIVITY_LIMITS.zipUncompressedLabel})`);
      }
      entries.push({
        name: memberName,
        ok: false,
        message: `This zip member cannot be read: ${reason(err)}`,
      });
      continue;
    }
    inflated += content.length;
    const entry = recordingEntry(member.fileName.split('/').pop() ?? member.fileName, content);
    entries.push({ ...entry, name: memberName });
  }
  if (entries.length === 0) {
    return [{ name, ok: false, message: 'The zip archive holds no FIT, GPX or TCX file' }];
  }
  return entries;
}

function tooManyMembers(name: string): AppError {
  return tooLarge(`${name} has more than ${ACTIVITY_LIMITS.zipMembers} members`);
}

function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');
}
