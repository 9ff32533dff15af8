// What an activity upload holds, before anything is queued (docs/activities.md, "Import" and "Limits"): each
// uploaded file is a recording (.fit, .gpx, .tcx), a gzip copy of one (.fit.gz, as Strava exports), or a zip of
// these. Files are streamed into staging as the form is read, never held whole: a zip is stored as it comes,
// judged by its central directory (member count, declared sizes) before a byte is expanded, and its recordings
// are then inflated one at a time straight into staging under running counts: per member, per request, per
// athlete (lib/upload-gate.ts) and against its compressed size, so a header that lies cannot make us inflate
// more than the limits. Past a limit the whole upload is refused (413) and what it staged is removed. Each
// staged file also gets a cheap look at its first bytes, so an obviously wrong file fails at once, not in a job.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { UploadTicket } from '../../lib/upload-gate.ts';
import { meter, openStoredZip, type Zip, type ZipEntry } from '../../lib/zip.ts';
import { sniffActivityFormat } from './decode/index.ts';

export const ACTIVITY_LIMITS = {
  fileBytes: 50 * 1024 * 1024,
  fileLabel: '50 MB',
  zipMembers: 500,
  /** What the recordings of one upload request inflate to, all its zips together. */
  requestInflatedBytes: 200 * 1024 * 1024,
  requestInflatedLabel: '200 MB',
  /** What all of one athlete's uploads in progress inflate to, together (lib/upload-gate.ts). */
  athleteInflatedBytes: 400 * 1024 * 1024,
  athleteInflatedLabel: '400 MB',
  /** Inflated to compressed size of one member: recordings compress 3 to 20 times, a bomb a thousand. */
  inflationRatio: 100,
  /** Members this small are not held to the ratio (a tiny file of repeated text compresses very well). */
  ratioFreeBytes: 1024 * 1024,
  /** Uploads of one athlete read at the same time (429 past it). */
  concurrentUploads: 2,
  /** Files in one upload request. */
  filesPerUpload: 20,
  /** Recordings (import jobs) one upload request may queue, across its files and zips. */
  recordingsPerUpload: 500,
  nameLength: 255,
} as const;

/** One recording found in the upload, staged under `storageKey`, or refused with a reason (still reported). */
export type StagedEntry =
  | { name: string; ok: true; compression: 'gzip' | null; storageKey: string }
  | { name: string; ok: false; message: string };

const RECORDING = /\.(fit|gpx|tcx)(\.gz)?$/i;
/** Bytes of a file's start kept for the content checks (sniffing, DOCTYPE). */
const HEAD_BYTES = 64 * 1024;

/** The name as shown back: the last path segment of what the client sent, cut to the length limit. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() || 'file';
  return base.length > ACTIVITY_LIMITS.nameLength
    ? `${base.slice(0, ACTIVITY_LIMITS.nameLength - 1)}…`
    : base;
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

function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');
}

/** Why a staged recording cannot be imported, from its first and last bytes; null when it may be. */
function stagedProblem(name: string, gzip: boolean, head: Buffer, tail: Buffer, size: number): string | null {
  if (!gzip) return contentProblem(head, name);
  if (size < 18 || head[0] !== 0x1f || head[1] !== 0x8b) return 'The file is not a gzip file';
  // The trailer's size (modulo 4 GiB) is a cheap first refusal; the job also inflates under the same limit.
  if (tail.readUInt32LE(tail.length - 4) > ACTIVITY_LIMITS.fileBytes) {
    throw tooLarge(`Uncompressed, the file is larger than ${ACTIVITY_LIMITS.fileLabel}`);
  }
  return null;
}

/** Streams `source` under `key`, counting, keeping its head and tail; `check` refuses as bytes pass. */
async function stage(
  store: FileStore,
  key: string,
  source: NodeJS.ReadableStream,
  check?: (total: number) => void,
) {
  const hash = createHash('sha256');
  const counter = meter({ headBytes: HEAD_BYTES, tailBytes: 4, check, onChunk: (c) => hash.update(c) });
  (source as Readable).on('error', (err) => counter.stream.destroy(err));
  // A limit passed stops the inflating too, not only the write.
  counter.stream.on('error', () => (source as Readable).destroy());
  (source as Readable).pipe(counter.stream);
  await store.putStream(key, counter.stream);
  return { key, ...counter.state, sha256: hash.digest('hex') };
}

/**
 * One recording (`name` says its format: .fit, .gpx, .tcx, or a .gz of one) streamed under `key`, then judged
 * by its first and last bytes: the staged entry, or a refused one (its bytes removed). `check` is a zip
 * member's running limit (`memberLimit`).
 */
async function stageRecording(
  store: FileStore,
  key: string,
  name: string,
  source: NodeJS.ReadableStream,
  check?: (total: number) => void,
): Promise<{ entry: StagedEntry; sha256: string }> {
  const match = RECORDING.exec(name);
  const gzip = match?.[2] !== undefined;
  const file = await stage(store, key, source, check);
  const problem = match
    ? stagedProblem(name, gzip, file.head, file.tail, file.total)
    : 'Not a FIT, GPX or TCX file (or a .gz or .zip of them)';
  if (problem) {
    await store.delete(file.key).catch(() => {});
    return { entry: { name, ok: false as const, message: problem }, sha256: file.sha256 };
  }
  const entry: StagedEntry = { name, ok: true, compression: gzip ? 'gzip' : null, storageKey: file.key };
  return { entry, sha256: file.sha256 };
}

/**
 * One recording of a platform archive read into memory rather than staged (archive-import.ts; docs/activities.md,
 * "Platform archives", "Speed"): the same limits as it inflates (`check`) and the same judgement of its first
 * and last bytes as `stageRecording`. A member is at most `fileBytes` and the job holds a few at once.
 */
export async function readRecording(
  name: string,
  source: NodeJS.ReadableStream,
  check?: (total: number) => void,
): Promise<{ ok: true; compression: 'gzip' | null; bytes: Buffer } | { ok: false; message: string }> {
  const match = RECORDING.exec(name);
  const chunks: Buffer[] = [];
  let total = 0;
  const readable = source as Readable;
  try {
    for await (const chunk of readable) {
      total += (chunk as Buffer).length;
      check?.(total);
      chunks.push(chunk as Buffer);
    }
  } finally {
    readable.destroy();
  }
  const bytes = Buffer.concat(chunks, total);
  const gzip = match?.[2] !== undefined;
  const problem = match
    ? stagedProblem(name, gzip, bytes.subarray(0, HEAD_BYTES), bytes.subarray(-4), total)
    : 'Not a FIT, GPX or TCX file (or a .gz or .zip of them)';
  if (problem) return { ok: false, message: problem };
  return { ok: true, compression: gzip ? 'gzip' : null, bytes };
}

/** Whether a zip member's name is a recording (.fit, .gpx, .tcx, or a .gz of one). */
export function isRecordingName(name: string): boolean {
  return RECORDING.test(name);
}

/**
 * The running limit of one zip member as it inflates: the file size limit, and the inflation ratio against
 * its compressed size (a header that lies cannot make us inflate more). `archive` names the zip in messages.
 */
export function memberLimit(archive: string, memberName: string, compressedSize: number) {
  const ratioCap = Math.max(ACTIVITY_LIMITS.ratioFreeBytes, compressedSize * ACTIVITY_LIMITS.inflationRatio);
  return (total: number) => {
    if (total > ACTIVITY_LIMITS.fileBytes) {
      throw tooLarge(`${archive} holds a file larger than ${ACTIVITY_LIMITS.fileLabel}`);
    }
    if (total > ratioCap) {
      throw tooLarge(
        `${memberName} inflates to more than ${ACTIVITY_LIMITS.inflationRatio} times its compressed size, which no recording does`,
      );
    }
  };
}

/**
 * Stages the files of one upload request. `add` takes each form file as it arrives and answers what it
 * staged; `discard` removes everything staged so far (the caller's failure path). Keys are made by `keyOf`.
 */
export function uploadStager(store: FileStore, ticket: UploadTicket, keyOf: (n: number) => string) {
  let keys = 0;
  let inflated = 0;
  const staged: string[] = [];
  const nextKey = () => {
    const key = keyOf(keys++);
    staged.push(key);
    return key;
  };

  async function discardKey(key: string) {
    await store.delete(key).catch(() => {});
  }

  const recording = (name: string, source: NodeJS.ReadableStream, check?: (total: number) => void) =>
    stageRecording(store, nextKey(), name, source, check);

  async function zipMembers(name: string, key: string): Promise<StagedEntry[]> {
    let zip: Zip;
    let members: ZipEntry[];
    try {
      zip = await openStoredZip(store, key);
    } catch (err) {
      return [{ name, ok: false, message: `The zip archive cannot be read: ${reason(err)}` }];
    }
    try {
      try {
        members = await zip.entries({ max: ACTIVITY_LIMITS.zipMembers, tooMany: () => tooManyMembers(name) });
      } catch (err) {
        if (err instanceof AppError) throw err;
        return [{ name, ok: false, message: `The zip archive cannot be read: ${reason(err)}` }];
      }
      const files = members.filter((m) => !m.fileName.endsWith('/'));
      const declared = files.reduce((sum, m) => sum + m.uncompressedSize, 0);
      if (inflated + declared > ACTIVITY_LIMITS.requestInflatedBytes) throw requestTooLarge();
      if (files.some((m) => m.uncompressedSize > ACTIVITY_LIMITS.fileBytes)) {
        throw tooLarge(`${name} holds a file larger than ${ACTIVITY_LIMITS.fileLabel}`);
      }
      const entries: StagedEntry[] = [];
      // Members that are not recordings (the CSVs and photos of an export) are skipped without being read.
      for (const member of files.filter((m) => RECORDING.test(m.fileName) || /\.zip$/i.test(m.fileName))) {
        const memberName = `${name}/${member.fileName}`.slice(0, ACTIVITY_LIMITS.nameLength);
        if (/\.zip$/i.test(member.fileName)) {
          entries.push({ name: memberName, ok: false, message: 'A zip inside a zip is not read' });
          continue;
        }
        const before = inflated;
        const limit = memberLimit(name, memberName, member.compressedSize);
        const check = (total: number) => {
          limit(total);
          const grown = before + total - inflated;
          inflated = before + total;
          if (inflated > ACTIVITY_LIMITS.requestInflatedBytes) throw requestTooLarge();
          ticket.inflate(grown);
        };
        let stream: Readable;
        try {
          stream = await zip.open(member);
        } catch (err) {
          entries.push({
            name: memberName,
            ok: false,
            message: `This zip member cannot be read: ${reason(err)}`,
          });
          continue;
        }
        try {
          const { entry } = await recording(
            member.fileName.split('/').pop() ?? member.fileName,
            stream,
            check,
          );
          entries.push({ ...entry, name: memberName });
        } catch (err) {
          if (err instanceof AppError) throw err;
          entries.push({
            name: memberName,
            ok: false,
            message: `This zip member cannot be read: ${reason(err)}`,
          });
        }
      }
      if (entries.length === 0) {
        return [{ name, ok: false, message: 'The zip archive holds no FIT, GPX or TCX file' }];
      }
      return entries;
    } finally {
      zip.close();
    }
  }

  return {
    /**
     * One form file: staged as it streams, then (a zip) opened from staging and its recordings staged one by
     * one, the archive itself removed. Answers the entries and the file's SHA-256 (the upload's fingerprint).
     */
    async add(
      fileName: string,
      source: NodeJS.ReadableStream & { truncated?: boolean },
    ): Promise<{ entries: StagedEntry[]; sha256: string }> {
      const name = displayName(fileName);
      const tooBig = () => {
        if (source.truncated) throw tooLarge(`The activity file is larger than ${ACTIVITY_LIMITS.fileLabel}`);
      };
      if (!/\.zip$/i.test(name)) {
        const { entry, sha256 } = await recording(name, source);
        tooBig();
        return { entries: [entry], sha256 };
      }
      const archive = await stage(store, nextKey(), source);
      tooBig();
      try {
        return { entries: await zipMembers(name, archive.key), sha256: archive.sha256 };
      } finally {
        await discardKey(archive.key);
      }
    },
    /** Removes everything this upload staged (after a refusal or a failure). */
    async discard() {
      await Promise.all(staged.map(discardKey));
    },
  };
}

function requestTooLarge(): AppError {
  return tooLarge(`The upload inflates to more than ${ACTIVITY_LIMITS.requestInflatedLabel}`);
}

function tooManyMembers(name: string): AppError {
  return tooLarge(`${name} has more than ${ACTIVITY_LIMITS.zipMembers} members`);
}
