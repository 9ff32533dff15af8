// Platform archives (docs/activities.md, "Platform archives"): a Strava "Download your data" zip, a Garmin
// Connect export, or any zip of recordings too large for an upload, streamed into the file store and read by
// one job. The job lists the archive (its central directory; a Garmin export's nested zips staged and listed
// the same way), writes one import_files row per recording in the archive's batch, then imports the members
// a few at a time: each inflated in memory under the upload's limits (upload-files.ts), imported by the
// activity service's path with the name, description and gear of Strava's activities.csv, its outcome written
// in the activity's own transaction. A crash resumes from the rows: settled members are not read again, and
// the duplicate rules keep what was stored once from being stored twice. The batch's rows are the progress.
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { AppError, databaseErrorCode } from '../../lib/errors.ts';
import { FileNotFoundError, type FileStore } from '../../lib/file-store.ts';
import type { Job, JobQueue } from '../../lib/job-queue.ts';
import { meter, openStoredZip, type Zip, type ZipEntry } from '../../lib/zip.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import {
  type ArchiveLayout,
  archiveLayout,
  memberRole,
  readStravaCsv,
  stravaCsvName,
  stravaKey,
} from './archive-layout.ts';
import type { ReadMember, ThresholdsByDay } from './import-store.ts';
import * as repo from './repository.ts';
import type { ActivityService } from './service.ts';
import type { StoredIndex } from './stored-index.ts';
import type { ArchiveMeta } from './types.ts';
import { ACTIVITY_LIMITS, memberLimit, readRecording } from './upload-files.ts';

export const ARCHIVE_JOB = 'activity-archive-import';
/** The folder, beside an archive's staged key, of what its job stages (lib/staging-sweep.ts keeps it). */
const PARTS = '.parts';

const ARCHIVE_LIMITS = {
  /** The largest archive accepted unless the app is told otherwise (a decade of Strava is a few GB). */
  uploadBytes: 8 * 1024 ** 3,
  /** Members of the archive, and of each zip inside it. */
  members: 100_000,
  /** What activities.csv may inflate to. */
  csvBytes: 256 * 1024 ** 2,
  /** What one zip inside the archive may inflate to. */
  innerZipBytes: 8 * 1024 ** 3,
  /** How often the archive's own row tells how far the job is. */
  progressEvery: 25,
  /**
   * The members' rows written per statement when the archive is listed (all in one transaction): on PGlite one
   * statement holds the event loop for its whole run (docs/RELIABILITY.md, "An archive on PGlite").
   */
  rowsPerStatement: 100,
  /** Members read at once (each holds one recording in memory). */
  inFlight: 3,
  /**
   * Read members stored in one transaction: the lock, the commit and the statements' round trips are paid once
   * for them (docs/activities.md, "Platform archives", "Speed"). The next round is read while one is stored, so
   * memory holds at most two rounds of decoded recordings.
   */
  storeBatch: 16,
  /**
   * How long one run of the job holds this process's worker: past it, the round in hand is stored and the job
   * yields (lib/job-queue.ts), so other athletes' jobs queued meanwhile run before its next turn, which resumes
   * from the rows (docs/activities.md, "Platform archives").
   */
  turnMs: 10_000,
} as const;

interface Payload {
  importFileId: string;
  athleteId: string;
}

declare module '../../lib/job-queue.ts' {
  interface JobPayloads {
    [ARCHIVE_JOB]: Payload;
  }
}

/** One recording to import: a member of the archive, or of a zip inside it. */
interface Member {
  /** The name its row shows: the member's path (after the inner zip's, for a nested one). */
  name: string;
  zip: Zip;
  entry: ZipEntry;
}

export interface ArchiveDeps {
  db: Db;
  fileStore: FileStore;
  jobs: JobQueue;
  activities: Pick<
    ActivityService,
    | 'openImport'
    | 'readArchiveMember'
    | 'storeArchiveMembers'
    | 'timeZoneOf'
    | 'thresholdsOf'
    | 'storedIndexOf'
    | 'archiveDone'
    | 'enterUpload'
    | 'settleImport'
  >;
  maxUploadBytes?: number;
  /** In place of ARCHIVE_LIMITS.turnMs (a test makes every round a turn). */
  turnMs?: number;
  log?: { info(obj: object, msg: string): void };
}

const LAYOUT_NAMES: Record<ArchiveLayout, string> = {
  strava: 'Strava archive',
  garmin: 'Garmin Connect export',
  recordings: 'Zip archive',
};

class ArchiveError extends Error {}

function missingAsNull(err: unknown): null {
  if (err instanceof FileNotFoundError) return null;
  throw err;
}

/** '8 GB', '50 MB'. */
function sizeLabel(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Math.round(gb * 10) / 10} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

/** Streams a member into `key` under `limit` (throws past it): the zip inside an archive. */
async function stageMember(store: FileStore, key: string, stream: Readable, limit: (total: number) => void) {
  const counter = meter({ check: limit });
  stream.on('error', (err) => counter.stream.destroy(err));
  counter.stream.on('error', () => stream.destroy());
  stream.pipe(counter.stream);
  await store.putStream(key, counter.stream);
}

export function createArchiveImport(deps: ArchiveDeps) {
  const maxUploadBytes = deps.maxUploadBytes ?? ARCHIVE_LIMITS.uploadBytes;
  const turnMs = deps.turnMs ?? ARCHIVE_LIMITS.turnMs;
  const store = deps.fileStore;

  /** The archive's zip and the zips inside it, open; its layout, its recordings in order, and the CSV's rows. */
  async function list(key: string, prefix: string) {
    const opened: Zip[] = [];
    const close = () => {
      for (const zip of opened) zip.close();
    };
    try {
      const open = async (k: string) => {
        const zip = await openStoredZip(store, k).catch((err: Error) => {
          throw new ArchiveError(`The zip archive cannot be read: ${err.message}`);
        });
        opened.push(zip);
        const tooMany = () => new ArchiveError(`The archive has more than ${ARCHIVE_LIMITS.members} members`);
        return { zip, entries: await zip.entries({ max: ARCHIVE_LIMITS.members, tooMany }) };
      };
      const outer = await open(key);
      const layout = archiveLayout(outer.entries.map((e) => e.fileName));
      const csvName = layout === 'strava' ? stravaCsvName(outer.entries.map((e) => e.fileName)) : undefined;
      let meta = new Map<string, ArchiveMeta>();
      const csv = outer.entries.find((e) => e.fileName === csvName);
      if (csv) {
        const counter = meter({
          check: (total) => {
            if (total > ARCHIVE_LIMITS.csvBytes) throw new ArchiveError('activities.csv is too large');
          },
        });
        const stream = await outer.zip.open(csv);
        stream.on('error', (err) => counter.stream.destroy(err));
        meta = await readStravaCsv(stream.pipe(counter.stream));
      }
      const members: Member[] = [];
      for (const [index, entry] of outer.entries.entries()) {
        const role = memberRole(layout, entry.fileName);
        if (role === 'recording') members.push({ name: entry.fileName, zip: outer.zip, entry });
        if (role !== 'zip') continue;
        // A zip inside (Garmin's uploaded files): staged whole (it needs random access), kept until the end.
        const innerKey = `${prefix}/inner-${index}.zip`;
        if (!(await store.size(innerKey).catch(missingAsNull))) {
          const cap = Math.max(ACTIVITY_LIMITS.ratioFreeBytes, entry.compressedSize * 100);
          await stageMember(store, innerKey, await outer.zip.open(entry), (total) => {
            if (total > ARCHIVE_LIMITS.innerZipBytes || total > cap) {
              throw new ArchiveError(`${entry.fileName} inflates past the limits of a zip of recordings`);
            }
          });
        }
        const inner = await open(innerKey);
        for (const innerEntry of inner.entries) {
          if (memberRole('recordings', innerEntry.fileName) !== 'recording') continue;
          members.push({
            name: `${entry.fileName}/${innerEntry.fileName}`,
            zip: inner.zip,
            entry: innerEntry,
          });
        }
      }
      return { layout, meta, members, close };
    } catch (err) {
      close();
      throw err;
    }
  }

  async function run(payload: Payload): Promise<'yield' | undefined> {
    const archive = await repo.findImportFile(deps.db, payload.athleteId, payload.importFileId);
    if (!archive) return;
    if (archive.status !== 'queued' && archive.status !== 'processing') return;
    const { athleteId, batchId } = archive;
    const key = archive.storageKey;
    // What the job stages for this archive lives beside it (the staging sweep keeps it while the archive waits).
    const prefix = `${archive.storageKey}${PARTS}`;
    const settle = async (outcome: Parameters<ActivityService['settleImport']>[1]) => {
      await deps.activities.settleImport(archive, outcome);
      await cleanUp(key, prefix);
    };
    if (!key || !(await store.size(key).catch(missingAsNull))) {
      await settle({ status: 'failed', message: 'The uploaded file is no longer available' });
      return;
    }
    await repo.setImportFile(deps.db, archive, { status: 'processing' });
    const started = performance.now();
    let listed: Awaited<ReturnType<typeof list>>;
    try {
      listed = await list(key, prefix);
    } catch (err) {
      if (!(err instanceof ArchiveError || err instanceof AppError)) throw err;
      await settle({ status: 'failed', message: err.message });
      return;
    }
    const { layout, meta, members } = listed;
    /** Milliseconds per stage, summed over the members (logged with the outcome). */
    const timings: Record<string, number> = {};
    let yielded = false;
    try {
      let rows = await repo.batchProgress(deps.db, athleteId, batchId);
      if (rows.length === 1) {
        // First run: one row per recording, in the archive's order, after the archive's own row.
        const fresh = members.map((m, i) => ({
          id: randomUUID(),
          batchId,
          athleteId,
          position: i + 1,
          name: m.name.slice(0, ACTIVITY_LIMITS.nameLength),
          status: 'queued' as const,
          message: null,
          storageKey: null,
        }));
        const per = ARCHIVE_LIMITS.rowsPerStatement;
        await deps.db.transaction(async (tx) => {
          for (let i = 0; i < fresh.length; i += per)
            await repo.insertImportFiles(tx, fresh.slice(i, i + per));
        });
        rows = await repo.batchProgress(deps.db, athleteId, batchId);
      }
      const byPosition = new Map(rows.map((r) => [r.position, r]));
      const waiting = members
        .map((member, i) => ({ member, row: byPosition.get(i + 1)! }))
        .filter(({ row }) => row && (row.status === 'queued' || row.status === 'processing'));
      const timeZone = await deps.activities.timeZoneOf(athleteId);
      // The thresholds as they stand when the archive starts score all its members (one read, not two a member).
      const inForce = await deps.activities.thresholdsOf(athleteId);
      // What is stored when the archive starts, kept up round by round: most members' duplicate checks are
      // answered in memory (none near), not by two statements each (stored-index.ts).
      const stored = await deps.activities.storedIndexOf(athleteId);
      let settled = rows.length - 1 - waiting.length;
      const progress = async (more: number) => {
        const before = settled;
        settled += more;
        if (
          Math.floor(before / ARCHIVE_LIMITS.progressEvery) ===
          Math.floor(settled / ARCHIVE_LIMITS.progressEvery)
        )
          return;
        await repo.setImportFile(deps.db, archive, {
          message: `${LAYOUT_NAMES[layout]}: ${settled} of ${members.length} recordings read`,
        });
      };
      const add = (ms: Record<string, number>) => {
        for (const [stage, value] of Object.entries(ms)) timings[stage] = (timings[stage] ?? 0) + value;
      };
      // A few members in flight: one inflates or decodes while another is checked (the disk, the CPU pool and
      // the database overlap). A member that fails or is a duplicate is settled as it is read.
      const readRound = async (round: typeof waiting) => {
        const out: ReadMember[] = [];
        let next = 0;
        let stopped = false;
        const lane = async () => {
          while (next < round.length && !stopped) {
            const { member, row } = round[next++]!;
            const ms: Record<string, number> = {};
            const read = await readMember(row, member, {
              meta: layout === 'strava' ? meta : null,
              timeZone,
              inForce,
              stored,
              ms,
            });
            add(ms);
            if (read) out.push(read);
            else await progress(1);
          }
        };
        // A lane that throws stops the others before the round ends (the job's retry must not run beside them).
        const lanes = await Promise.allSettled(
          Array.from({ length: ARCHIVE_LIMITS.inFlight }, () =>
            lane().catch((err: unknown) => {
              stopped = true;
              throw err;
            }),
          ),
        );
        const failure = lanes.find((l) => l.status === 'rejected');
        if (failure) throw failure.reason;
        // The archive's order, so that of two copies in one round the first is kept.
        return out.sort((x, y) => x.file.position - y.file.position);
      };
      // Rounds of `storeBatch` members: the next is read while one is stored.
      let reading: Promise<ReadMember[]> | null =
        waiting.length > 0 ? readRound(waiting.slice(0, ARCHIVE_LIMITS.storeBatch)) : null;
      for (let from = 0; reading; from += ARCHIVE_LIMITS.storeBatch) {
        const ready = await reading;
        const after = waiting.slice(from + ARCHIVE_LIMITS.storeBatch, from + 2 * ARCHIVE_LIMITS.storeBatch);
        // The turn is over when it has run its length and another athlete's job waits: this round is stored,
        // the next is left for the job's next turn.
        yielded =
          after.length > 0 && performance.now() - started > turnMs && (await deps.jobs.othersDue(athleteId));
        reading = after.length > 0 && !yielded ? readRound(after) : null;
        // A caught rejection until it is awaited: a store that throws waits for the round being read first.
        reading?.catch(() => {});
        try {
          const began = performance.now();
          await storeRound(ready);
          stored.add(
            ready.map(({ read }) => ({
              sha256: read.sha256,
              legs: read.legs.map((leg) => ({ sport: leg.activity.sport, start: leg.activity.startTime })),
            })),
          );
          add({ store: Math.round(performance.now() - began) });
          await progress(ready.length);
        } catch (err) {
          await reading?.catch(() => {});
          throw err;
        }
      }
    } finally {
      listed.close();
    }
    if (yielded) {
      deps.log?.info(
        {
          importFileId: archive.id,
          layout,
          members: members.length,
          ms: Math.round(performance.now() - started),
          stages: timings,
        },
        'activity archive turn',
      );
      return 'yield';
    }
    await deps.activities.archiveDone(athleteId, batchId);
    const counts = await statusCounts(athleteId, batchId);
    await settle({
      status: members.length === 0 ? 'failed' : 'imported',
      activityIds: [],
      message:
        members.length === 0
          ? `The ${LAYOUT_NAMES[layout].replace(/^Zip/, 'zip')} holds no FIT, GPX or TCX recording`
          : `${LAYOUT_NAMES[layout]}: ${counts.imported} imported, ${counts.duplicate} already stored, ${counts.failed} failed, of ${members.length} recordings`,
    });
    deps.log?.info(
      {
        importFileId: archive.id,
        layout,
        members: members.length,
        ...counts,
        ms: Math.round(performance.now() - started),
        stages: timings,
      },
      'activity archive processed',
    );
  }

  /**
   * One member: inflated in memory under the upload's limits and read by the import path (decoded, checked,
   * its original kept). null when it is settled already (it cannot be read, or it is a duplicate).
   */
  async function readMember(
    file: repo.ImportFileRow,
    member: Member,
    context: {
      meta: Map<string, ArchiveMeta> | null;
      timeZone: string;
      inForce: ThresholdsByDay;
      stored: StoredIndex;
      ms: Record<string, number>;
    },
  ): Promise<ReadMember | null> {
    const began = performance.now();
    const fail = (message: string) => deps.activities.settleImport(file, { status: 'failed', message });
    let staged: Awaited<ReturnType<typeof readRecording>>;
    try {
      const stream = await member.zip.open(member.entry);
      const baseName = member.entry.fileName.split('/').pop() ?? member.entry.fileName;
      const limit = memberLimit('The archive', member.name, member.entry.compressedSize);
      staged = await readRecording(baseName, stream, limit);
    } catch (err) {
      await fail(
        `This member cannot be read: ${(err instanceof Error ? err.message : String(err)).replace(/\.$/, '')}`,
      );
      return null;
    }
    if (!staged.ok) {
      await fail(staged.message);
      return null;
    }
    const { bytes } = staged;
    context.ms.stage = Math.round(performance.now() - began);
    const metaOf = context.meta?.get(stravaKey(member.name));
    const read = await deps.activities.readArchiveMember(
      file,
      bytes,
      { compression: staged.compression, ...(metaOf ? { meta: metaOf } : {}) },
      { timeZone: context.timeZone, inForce: context.inForce, stored: context.stored },
      context.ms,
    );
    if ('read' in read) return read;
    await deps.activities.settleImport(file, read);
    return null;
  }

  /**
   * Read members stored in one transaction. Values the database refuses (SQLSTATE class 22 or 23: the
   * transaction rolled back, nothing of it written) fail their member, not the archive: the round is stored
   * again one member at a time to find it. The database's text is logged, never shown.
   */
  async function storeRound(ready: readonly ReadMember[]): Promise<void> {
    const refused = (err: unknown) => /^2[23]/.test(databaseErrorCode(err) ?? '');
    try {
      await deps.activities.storeArchiveMembers(ready);
      return;
    } catch (err) {
      if (!refused(err)) throw err;
    }
    for (const member of ready) {
      try {
        await deps.activities.storeArchiveMembers([member]);
      } catch (err) {
        if (!refused(err)) throw err;
        deps.log?.info({ err, importFileId: member.file.id }, 'archive member refused by the database');
        await deps.activities.settleImport(member.file, {
          status: 'failed',
          message: 'The recording holds values that cannot be stored',
        });
      }
    }
  }

  async function statusCounts(athleteId: string, batchId: string) {
    const byStatus = await repo.batchStatusCounts(deps.db, athleteId, batchId);
    return {
      imported: byStatus.get('imported') ?? 0,
      duplicate: byStatus.get('duplicate') ?? 0,
      failed: byStatus.get('failed') ?? 0,
    };
  }

  async function cleanUp(key: string | null, prefix: string) {
    if (key) await store.delete(key).catch(() => {});
    await store.deleteUnder(prefix).catch(() => {});
  }

  return {
    maxUploadBytes,
    job: {
      run: (job: Job<typeof ARCHIVE_JOB>) => run(job.payload),
      // A crash resumes the archive where its rows say it stopped (settled members are not read again); a
      // member that kills the process each time runs out the job's attempts.
      stopAfterCrash: false,
      failed: async (job: Job<typeof ARCHIVE_JOB>, reason: string) => {
        const payload = job.payload;
        const archive = await repo.findImportFile(deps.db, payload.athleteId, payload.importFileId);
        if (!archive) return;
        await repo.failUnsettled(
          deps.db,
          archive.athleteId,
          archive.batchId,
          `The archive could not be processed: ${reason}`,
        );
        await deps.activities.archiveDone(archive.athleteId, archive.batchId);
        if (archive.storageKey) await cleanUp(archive.storageKey, `${archive.storageKey}${PARTS}`);
      },
    },

    /**
     * Streams the archive into the file store (never whole into memory) and queues its job. Not a .zip by name
     * and content: a 400; past the size limit a 413; nothing kept. `claim` is the Idempotency-Key's (name and
     * SHA-256), as for every upload.
     */
    async upload(
      auth: AuthContext,
      file: { fileName: string; stream: NodeJS.ReadableStream & { truncated?: boolean } },
      claim: (fingerprint: string[]) => Promise<boolean>,
    ) {
      if (!/\.zip$/i.test(file.fileName)) {
        file.stream.resume();
        throw new AppError(
          'VALIDATION_FAILED',
          'Upload the zip that Strava ("Download your data") or Garmin Connect (data export) sent you',
        );
      }
      let ticket: Awaited<ReturnType<ArchiveDeps['activities']['enterUpload']>>;
      try {
        ticket = await deps.activities.enterUpload(auth.athleteId);
      } catch (err) {
        file.stream.resume();
        throw err;
      }
      const key = `staging/${auth.athleteId}/archive-upload-${randomUUID()}`;
      try {
        const hash = createHash('sha256');
        const counter = meter({ headBytes: 4, onChunk: (c) => hash.update(c) });
        (file.stream as Readable).on('error', (err) => counter.stream.destroy(err));
        (file.stream as Readable).pipe(counter.stream);
        await store.putStream(key, counter.stream);
        const refuse = async (error: AppError) => {
          await store.delete(key).catch(() => {});
          return error;
        };
        if (file.stream.truncated) {
          throw await refuse(
            new AppError('PAYLOAD_TOO_LARGE', `The archive is larger than ${sizeLabel(maxUploadBytes)}`),
          );
        }
        const head = counter.state.head;
        if (!(head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5))) {
          throw await refuse(new AppError('VALIDATION_FAILED', 'The file is not a zip archive'));
        }
        if (await claim([file.fileName, hash.digest('hex')])) {
          await store.delete(key).catch(() => {});
          return null;
        }
        return await deps.activities.openImport(
          auth.athleteId,
          { name: file.fileName, storageKey: key },
          (tx, importFileId) =>
            deps.jobs.enqueue(
              tx,
              ARCHIVE_JOB,
              { importFileId, athleteId: auth.athleteId } satisfies Payload,
              {
                maxAttempts: 5,
              },
            ),
        );
      } catch (err) {
        await store.delete(key).catch(() => {});
        throw err;
      } finally {
        ticket.release();
      }
    },
  };
}

export type ArchiveImport = ReturnType<typeof createArchiveImport>;
