// Apple Health import (docs/devices.md, "Apple Health"): the upload streams the athlete's export.zip (or a bare
// export.xml) into the file store and queues one job; the job streams export.xml to a CPU pool worker, which
// reads it (parse.ts, read.ts) off the event loop and answers its workouts and days; the job then writes workouts (with their routes) through the activity service, one transaction each under
// the duplicate rule, and the days' HRV SDNN, resting heart rate and sleep through the wellness store's one
// write path, in one statement. Nothing is written before the whole document has been read, so a file that
// turns out to be corrupt writes nothing. The outcome is reported on the upload's import batch.
import { createHash, randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import type { WellnessUpsertRequest } from '@stamina/contract';
import type { RecordedSession, RecordedSport, Recording, RecordPoint } from '@stamina/core';
import { AppError, databaseErrorCode } from '../../lib/errors.ts';
import { FileNotFoundError, type FileStore } from '../../lib/file-store.ts';
import type { Job, JobQueue } from '../../lib/job-queue.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { type CpuPool, WorkerLimitError } from '../../workers/pool.ts';
import type { ActivityService } from '../activities/index.ts';
import { snakeCase } from '../activities/index.ts';
import { type AppleWorkout, EXPORT_LIMITS, ExportError } from './parse.ts';
import type { ExportSummary } from './read.ts';
import { openExportZip, readCapped, ZIP_LIMITS } from './zip.ts';

export const APPLE_HEALTH_JOB = 'apple-health-import';
const APPLE_HEALTH_SOURCE = 'apple-health';
/** The largest export accepted unless the app is told otherwise. */
const APPLE_HEALTH_MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

/** '2 GB', '50 MB': a byte count as people read a limit. */
function sizeLabel(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Math.round(gb * 10) / 10} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

interface Payload {
  importFileId: string;
  athleteId: string;
  kind: 'zip' | 'xml';
}

/** What this module's jobs carry (lib/job-queue.ts, JobPayloads). */
declare module '../../lib/job-queue.ts' {
  interface JobPayloads {
    [APPLE_HEALTH_JOB]: Payload;
  }
}

export interface AppleHealthDeps {
  fileStore: FileStore;
  jobs: JobQueue;
  /** Where routes are decoded, off the event loop (workers/pool.ts). */
  pool: Pick<CpuPool, 'run'>;
  activities: Pick<
    ActivityService,
    | 'importRecording'
    | 'notifyImported'
    | 'openImport'
    | 'importFileOf'
    | 'markProcessing'
    | 'settleImport'
    | 'enterUpload'
  >;
  wellness: {
    upsertProviderDays(athleteId: string, days: readonly WellnessUpsertRequest[]): Promise<number>;
  };
  /** APPLE_HEALTH_MAX_UPLOAD_BYTES by default. */
  maxUploadBytes?: number;
  log?: { info(obj: object, msg: string): void };
}

const SPORTS: Record<string, RecordedSport> = {
  Running: 'run',
  Cycling: 'bike',
  HandCycling: 'bike',
  Swimming: 'swim',
  SwimBikeRun: 'brick',
  TraditionalStrengthTraining: 'strength',
  FunctionalStrengthTraining: 'strength',
  Yoga: 'yoga',
  Rowing: 'rowing',
  Hiking: 'hiking',
  CrossCountrySkiing: 'xc_ski',
};

/** A workout (and its route's points, when it has one) as a session the activity figures understand. */
function workoutSession(workout: AppleWorkout, route: RecordPoint[]): RecordedSession {
  const elapsed = (workout.endTime - workout.startTime) / 1000;
  return {
    sport: SPORTS[workout.activityType] ?? 'other',
    deviceSport: snakeCase(workout.activityType || 'Other'),
    subSport: workout.indoor ? 'indoor' : undefined,
    startTime: workout.startTime,
    endTime: workout.endTime,
    records: route.filter((p) => p.time >= workout.startTime && p.time <= workout.endTime),
    laps: [],
    lengths: [],
    pauses: workout.pauses,
    timerEvents: workout.pauses.length > 0,
    totals: {
      elapsedSeconds: elapsed,
      timerSeconds:
        workout.durationSeconds !== undefined ? Math.min(workout.durationSeconds, elapsed) : undefined,
      distance: workout.distanceMeters,
      calories: workout.energyKcal === undefined ? undefined : Math.round(workout.energyKcal),
      avgHeartRate: workout.avgHeartRate,
      maxHeartRate: workout.maxHeartRate,
    },
  };
}

function missingAsNull(err: unknown): null {
  if (err instanceof FileNotFoundError) return null;
  throw err;
}

export function createAppleHealthService(deps: AppleHealthDeps) {
  const maxUploadBytes = deps.maxUploadBytes ?? APPLE_HEALTH_MAX_UPLOAD_BYTES;
  /**
   * export.xml read on a CPU pool worker (workers/tasks.ts, `readAppleExport`): the worker pulls the member's
   * stored chunks from here one at a time and inflates them itself, so the XML is inflated and parsed, the
   * nights merged and the days computed off the event loop, and only one (deflated) chunk is in flight here. A
   * document the reader refuses, a member past its limit, or a worker past the pool's time or memory limit is
   * an ExportError with the sentence the athlete sees.
   */
  async function readInWorker(
    source: Readable,
    input: { deflated: boolean; limit: number | null; expectedBytes: number | null },
  ): Promise<ExportSummary> {
    const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    // An error met here while the worker waits for a chunk: thrown as itself once the task has ended.
    let sourceError: unknown = null;
    try {
      const result = await deps.pool.run(
        'readAppleExport',
        {
          deflated: input.deflated,
          limit:
            input.limit === null
              ? null
              : {
                  bytes: input.limit,
                  message: `export.xml is larger than ${sizeLabel(input.limit)} once uncompressed`,
                },
          expectedBytes: input.expectedBytes,
        },
        {
          exportChunk: async () => {
            try {
              const { value, done } = await chunks.next();
              return done ? null : value;
            } catch (err) {
              sourceError = err;
              throw err;
            }
          },
        },
      );
      if (!result.ok) throw new ExportError(result.message);
      return result.summary;
    } catch (err) {
      if (sourceError) throw sourceError;
      if (err instanceof WorkerLimitError) throw new ExportError(`export.xml cannot be read: ${err.message}`);
      throw err;
    } finally {
      source.destroy();
    }
  }

  /**
   * Reads export.xml through (nothing written yet), and answers its summary with a way to read each route
   * later, one at a time, so that only one workout's points are ever held. `close` releases the zip.
   */
  async function readContents(
    payload: Payload,
    key: string,
  ): Promise<{ summary: ExportSummary; route(path: string): Promise<RecordPoint[]>; close(): void }> {
    if (payload.kind === 'xml') {
      const summary = await readInWorker(await deps.fileStore.getStream(key), {
        deflated: false,
        limit: null,
        expectedBytes: null,
      });
      return { summary, route: async () => [], close: () => {} };
    }
    const zip = await openExportZip(deps.fileStore, key);
    let summary: ExportSummary;
    try {
      const { stream, deflated } = await zip.openStored(zip.xml);
      summary = await readInWorker(stream, {
        deflated,
        limit: ZIP_LIMITS.xmlBytes,
        expectedBytes: zip.xml.uncompressedSize,
      });
    } catch (err) {
      zip.close();
      throw err;
    }
    return {
      summary,
      async route(path) {
        const entry = zip.routes.get(path.replace(/^\/+/, ''));
        if (!entry) return [];
        try {
          const bytes = await readCapped(await zip.open(entry), ZIP_LIMITS.routeBytes, path);
          // Decoded on the CPU pool (workers/pool.ts), off the event loop.
          return (await deps.pool.run('routePoints', { bytes })) ?? [];
        } catch (err) {
          // A route that cannot be read leaves its workout without a map, not the export unread.
          if (err instanceof ExportError || err instanceof WorkerLimitError) return [];
          throw err;
        }
      },
      close: () => zip.close(),
    };
  }

  async function run(payload: Payload): Promise<void> {
    const file = await deps.activities.importFileOf(payload.athleteId, payload.importFileId);
    if (!file || (file.status !== 'queued' && file.status !== 'processing')) return;
    const key = file.storageKey;
    if (!key || !(await deps.fileStore.size(key).catch(missingAsNull))) {
      await deps.activities.settleImport(file, {
        status: 'failed',
        message: 'The uploaded file is no longer available',
      });
      return;
    }
    await deps.activities.markProcessing(file);
    const started = performance.now();
    let read: Awaited<ReturnType<typeof readContents>>;
    try {
      read = await readContents(payload, key);
    } catch (err) {
      if (!(err instanceof ExportError)) throw err;
      await deps.activities.settleImport(file, { status: 'failed', message: err.message });
      await deps.fileStore.delete(key);
      return;
    }
    const { summary } = read;
    const ids: string[] = [];
    let duplicates = 0;
    let failed = 0;
    let skipped = summary.skippedWorkouts;
    try {
      for (const workout of summary.workouts) {
        const route = workout.routePath ? await read.route(workout.routePath) : [];
        const recording: Recording = {
          format: 'gpx',
          deviceName: workout.sourceName,
          sessions: [workoutSession(workout, route)],
        };
        let outcome: Awaited<ReturnType<typeof deps.activities.importRecording>>;
        try {
          outcome = await deps.activities.importRecording(payload.athleteId, recording, {
            source: APPLE_HEALTH_SOURCE,
            quiet: true,
          });
        } catch (err) {
          // A workout whose values the database refuses (SQLSTATE class 22 or 23: its transaction rolled back,
          // nothing of it written) is skipped and counted; the database's text is logged, never shown.
          if (!/^2[23]/.test(databaseErrorCode(err) ?? '')) throw err;
          deps.log?.info({ err, importFileId: file.id }, 'apple health workout refused by the database');
          skipped += 1;
          continue;
        }
        if (outcome.status === 'imported') ids.push(...outcome.activityIds);
        else if (outcome.status === 'duplicate') duplicates += 1;
        else failed += 1;
      }
    } finally {
      read.close();
    }
    const { days } = summary;
    await deps.wellness.upsertProviderDays(payload.athleteId, days);
    if (ids.length > 0) await deps.activities.notifyImported(payload.athleteId);
    const count = (key: keyof WellnessUpsertRequest) => days.filter((d) => d[key] !== undefined).length;
    const message =
      `${ids.length} workouts imported` +
      (duplicates > 0 ? `, ${duplicates} already stored` : '') +
      (failed > 0 ? `, ${failed} could not be read` : '') +
      (skipped > 0
        ? `, ${skipped} skipped (a date outside 1900–2100, longer than ${EXPORT_LIMITS.workoutDays} days, or values out of range)`
        : '') +
      `; HRV (SDNN) on ${count('hrv_sdnn')} days, resting heart rate on ${count('resting_hr')} days, ` +
      `sleep on ${count('sleep_hours')} nights`;
    await deps.activities.settleImport(file, { status: 'imported', activityIds: ids, message });
    await deps.fileStore.delete(key);
    deps.log?.info(
      {
        importFileId: file.id,
        workouts: summary.workouts.length,
        imported: ids.length,
        duplicates,
        days: days.length,
        records: summary.records,
        ms: Math.round(performance.now() - started),
      },
      'apple health export processed',
    );
  }

  return {
    maxUploadBytes,
    job: {
      run: (job: Job<typeof APPLE_HEALTH_JOB>) => run(job.payload),
      /** An export whose import killed the process (out of memory) is not read into the same crash again. */
      stopAfterCrash: true,
      failed: async (job: Job<typeof APPLE_HEALTH_JOB>, reason: string) => {
        const { payload } = job;
        const file = await deps.activities.importFileOf(payload.athleteId, payload.importFileId);
        if (!file) return;
        await deps.activities.settleImport(file, {
          status: 'failed',
          message: `The export could not be processed: ${reason}`,
        });
        if (file.storageKey) await deps.fileStore.delete(file.storageKey).catch(() => {});
      },
    },

    /**
     * Streams the upload into the file store (never whole into memory) and queues its job. A name other than
     * .zip or .xml, or content that is not a zip or XML, is a 400 and nothing is kept; past the size limit a
     * 413. `claim` runs with the upload's fingerprint (name and SHA-256) before anything is queued: true
     * when an earlier request with the same Idempotency-Key already answered.
     */
    async upload(
      auth: AuthContext,
      file: { fileName: string; stream: NodeJS.ReadableStream & { truncated?: boolean } },
      claim: (fingerprint: string[]) => Promise<boolean>,
    ) {
      const kind = /\.zip$/i.test(file.fileName) ? 'zip' : /\.xml$/i.test(file.fileName) ? 'xml' : null;
      if (!kind) {
        (file.stream as NodeJS.ReadableStream).resume();
        throw new AppError(
          'VALIDATION_FAILED',
          "Upload the export.zip (or export.xml) from Apple Health's Export All Health Data",
        );
      }
      // Counted with the athlete's other uploads being read (429 past the limit), released however it ends.
      let ticket: Awaited<ReturnType<typeof deps.activities.enterUpload>>;
      try {
        ticket = await deps.activities.enterUpload(auth.athleteId);
      } catch (err) {
        (file.stream as NodeJS.ReadableStream).resume();
        throw err;
      }
      try {
        return await stageExport(auth, file, kind, claim);
      } finally {
        ticket.release();
      }
    },
  };

  async function stageExport(
    auth: AuthContext,
    file: { fileName: string; stream: NodeJS.ReadableStream & { truncated?: boolean } },
    kind: 'zip' | 'xml',
    claim: (fingerprint: string[]) => Promise<boolean>,
  ) {
    const key = `staging/${auth.athleteId}/apple-health-${randomUUID()}`;
    const hash = createHash('sha256');
    let head = Buffer.alloc(0);
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64)]);
        done(null, chunk);
      },
    });
    (file.stream as NodeJS.ReadableStream).pipe(tap);
    let size: number;
    try {
      size = await deps.fileStore.putStream(key, tap);
    } catch (err) {
      await deps.fileStore.delete(key).catch(() => {});
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', `The export is larger than ${sizeLabel(maxUploadBytes)}`);
      }
      throw err;
    }
    const refuse = async (error: AppError) => {
      await deps.fileStore.delete(key).catch(() => {});
      return error;
    };
    if (file.stream.truncated) {
      throw await refuse(
        new AppError('PAYLOAD_TOO_LARGE', `The export is larger than ${sizeLabel(maxUploadBytes)}`),
      );
    }
    if (size === 0) throw await refuse(new AppError('VALIDATION_FAILED', 'The file is empty'));
    const isZip = head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
    const text = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (kind === 'zip' && !isZip) {
      throw await refuse(new AppError('VALIDATION_FAILED', 'The file is not a zip archive'));
    }
    if (kind === 'xml' && !text.startsWith('<')) {
      throw await refuse(new AppError('VALIDATION_FAILED', 'The file is not an XML document'));
    }
    if (await claim([file.fileName, hash.digest('hex')])) {
      await deps.fileStore.delete(key).catch(() => {});
      return null;
    }
    try {
      return await deps.activities.openImport(
        auth.athleteId,
        { name: file.fileName, storageKey: key },
        (tx, importFileId) =>
          deps.jobs.enqueue(tx, APPLE_HEALTH_JOB, {
            importFileId,
            athleteId: auth.athleteId,
            kind,
          } satisfies Payload),
      );
    } catch (err) {
      await deps.fileStore.delete(key).catch(() => {});
      throw err;
    }
  }
}

export type AppleHealthService = ReturnType<typeof createAppleHealthService>;
