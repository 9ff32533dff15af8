// Recorded training (docs/activities.md): the upload that stages files and queues one import job per file,
// the job that decodes, scores, de-duplicates, stores and matches, and the reads and writes of activities.
// Every write that changes what counts as training re-derives daily load from the earliest day it touched,
// in its own transaction under the athlete's load lock, as workout writes do, then tells `onChange`.
import { randomUUID } from 'node:crypto';
import {
  type ActivityDetail,
  type ActivityEditSport,
  type ActivityList,
  type ActivitySummary,
  type Curve,
  type ImportBatch,
  STREAM_TYPES,
} from '@stamina/contract';
import {
  addDays,
  dateInTimeZone,
  decodeStream,
  type EstimateRecording,
  plannedIntensityFactor,
  type Recording,
  type RunThresholdEffort,
  rideThresholdEffortFromStreams,
  roundTo,
  runThresholdEffortFromStreams,
  type StreamType,
} from '@stamina/core';
import type { Redis } from 'ioredis';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { FileNotFoundError, type FileStore } from '../../lib/file-store.ts';
import type { Job, JobQueue } from '../../lib/job-queue.ts';
import { uploadGate } from '../../lib/upload-gate.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { type CpuPool, WorkerLimitError } from '../../workers/pool.ts';
import type { ReadFileResult, RescoreResult, TaskOutput } from '../../workers/tasks.ts';
import { lockAthleteLoad, rederiveDailyLoad } from '../training-load/index.ts';
import type { WorkoutService } from '../workouts/index.ts';
import { type AnalysisDeps, createActivityAnalysis } from './analysis.ts';
import { changesLoad, type Feeling, feelingChanges } from './feeling.ts';
import type { LegRecord, ThresholdsOn } from './figures.ts';
import { compliance, nearestWorkout, workoutSportOf } from './matching.ts';
import * as repo from './repository.ts';
import { ACTIVITY_LIMITS, displayName, type StagedEntry, uploadStager } from './upload-files.ts';

export const IMPORT_JOB = 'activity-import';
/** Two activities of one sport starting this close are one session recorded twice. */
const DUPLICATE_WINDOW_SECONDS = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Milliseconds per stage of one file's job, logged with its outcome. */
type Timings = Record<string, number>;

interface ImportPayload {
  importFileId: string;
  athleteId: string;
  compression: 'gzip' | null;
  /** Where the file came from: 'file' (an upload) or a device provider's id (docs/devices.md). */
  source?: string;
  /** What a platform archive says of the activity (archive-import.ts): its name, description and gear. */
  meta?: ArchiveMeta;
}

/** An activity's name, description and gear from a platform archive (Strava's activities.csv). */
export interface ArchiveMeta {
  name?: string;
  description?: string;
  gear?: string;
}

/** What this module's jobs carry (lib/job-queue.ts, JobPayloads). */
declare module '../../lib/job-queue.ts' {
  interface JobPayloads {
    [IMPORT_JOB]: ImportPayload;
  }
}

export interface ActivityServiceDeps {
  fileStore: FileStore;
  jobs: JobQueue;
  /** Where files are decoded and scored, off the event loop (workers/pool.ts). */
  pool: Pick<CpuPool, 'run'>;
  workouts: Pick<WorkoutService, 'matchCandidates' | 'find' | 'completeByActivity' | 'reopenFromActivity'>;
  /** The thresholds and zones in force on an athlete's day for a sport (figures.ts `thresholdsFrom`). */
  thresholdsOn: ThresholdsOn;
  /** The latest body weight on or before a day, for W/kg (the wellness store's `weightOn`). */
  weightOn?: AnalysisDeps['weightOn'];
  /** Told after every committed change to an athlete's activities (and the workouts they complete). */
  onChange?: (athleteId: string) => void;
  /**
   * Told after an imported recording is stored, or a sport change moved what it completes: the plan's
   * adaptation runs again (docs/adaptation.md). Awaited, so the import's job ends only once the adaptation's
   * job is queued (a drain of the queue sees it); it must not throw.
   */
  onImported?: (athleteId: string) => Promise<void> | void;
  /** Where every process counts an athlete's uploads in progress (lib/upload-gate.ts); in memory without it. */
  redis?: Redis | undefined;
  log?: { info(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
}

/** The outcome of one file, as its import_files row records it. */
export type Outcome =
  | { status: 'imported'; activityIds: string[]; message?: string }
  | { status: 'duplicate'; message: string; activityIds: string[] }
  | { status: 'failed'; message: string };

function batchView(batchId: string, files: repo.BatchFileRow[]): ImportBatch {
  return {
    batch_id: batchId,
    done: files.every((f) => f.status !== 'queued' && f.status !== 'processing'),
    files: files.map((f) => ({
      name: f.name,
      status: f.status,
      message: f.message,
      activity_id: f.activityId,
      activity_ids: f.activityIds,
    })),
  };
}

const round1 = (v: number | null) => (v === null ? null : roundTo(v, 1));
const round3 = (v: number | null) => (v === null ? null : roundTo(v, 3));

function toSummary(row: repo.ActivityRow, streamTypes: readonly string[]): ActivitySummary {
  return {
    id: row.id,
    name: row.name,
    sport: row.sport,
    device_sport: row.deviceSport,
    sub_sport: row.subSport,
    device_name: row.deviceName,
    source: row.source,
    start_time: row.startTime.toISOString(),
    local_date: row.localDate,
    elapsed_seconds: row.elapsedSeconds,
    timer_seconds: row.timerSeconds,
    moving_seconds: row.movingSeconds,
    distance_m: round1(row.distanceM),
    ascent_m: round1(row.ascentM),
    avg_hr: round1(row.avgHr),
    max_hr: round1(row.maxHr),
    avg_power: round1(row.avgPower),
    max_power: round1(row.maxPower),
    avg_speed_mps: row.avgSpeedMps === null ? null : roundTo(row.avgSpeedMps, 3),
    max_speed_mps: row.maxSpeedMps === null ? null : roundTo(row.maxSpeedMps, 3),
    avg_cadence: round1(row.avgCadence),
    max_cadence: round1(row.maxCadence),
    calories: row.calories,
    tss: round1(row.tss),
    tss_method: row.tssMethod,
    intensity_factor: row.intensityFactor === null ? null : roundTo(row.intensityFactor, 3),
    normalized_power: round1(row.normalizedPower),
    workout_id: row.workoutId,
    multisport_group_id: row.multisportGroupId,
    leg_index: row.legIndex,
    has_gps: streamTypes.includes('lat'),
  };
}

const SPORT_WORDS: Record<repo.ActivityRow['sport'], string> = {
  run: 'Run',
  bike: 'Ride',
  swim: 'Swim',
  brick: 'Brick',
  strength: 'Strength',
  yoga: 'Yoga',
  rowing: 'Row',
  hiking: 'Hike',
  xc_ski: 'Ski',
  other: 'Activity',
};

/**
 * The hour formatter of each time zone met, made once: building an Intl.DateTimeFormat costs milliseconds on
 * the event loop, paid by every imported file before (docs/RELIABILITY.md, "Imports and the event loop").
 * null: a zone Intl does not know.
 */
const hourFormats = new Map<string, Intl.DateTimeFormat | null>();
function hourFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = hourFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hour12: false, timeZone });
    } catch {
      format = null;
    }
    if (hourFormats.size < 1000) hourFormats.set(timeZone, format);
  }
  return format;
}

/** "Morning Ride", "Evening Run": the name an activity gets when its file gives none. */
function defaultName(sport: repo.ActivityRow['sport'], start: Date, timeZone: string): string {
  const local = hourFormat(timeZone)?.format(start);
  // An unknown zone keeps UTC.
  const hour = local === undefined ? start.getUTCHours() : Number(local);
  const part =
    hour < 5 ? 'Night' : hour < 12 ? 'Morning' : hour < 17 ? 'Afternoon' : hour < 21 ? 'Evening' : 'Night';
  return `${part} ${SPORT_WORDS[sport]}`;
}

const PERIOD_DAYS = { week: 7, month: 30, '3months': 91, year: 365, all: null } as const;
const POWER_POINTS = [
  { key: '5s', x: 5, label: '5 s' },
  { key: '1min', x: 60, label: '1 min' },
  { key: '5min', x: 300, label: '5 min' },
  { key: '20min', x: 1200, label: '20 min' },
  { key: '60min', x: 3600, label: '60 min' },
];
const PACE_POINTS = [
  { key: '400m', x: 400, label: '400 m' },
  { key: '1km', x: 1000, label: '1 km' },
  { key: '1mile', x: 1609.344, label: '1 mile' },
  { key: '5km', x: 5000, label: '5 km' },
  { key: '10km', x: 10000, label: '10 km' },
  { key: 'half_marathon', x: 21097.5, label: 'Half marathon' },
  { key: 'marathon', x: 42195, label: 'Marathon' },
];

export function createActivityService(db: Db, deps: ActivityServiceDeps) {
  // One gate for every upload route that inflates archives (this one and Apple Health's).
  const gate = uploadGate(
    {
      concurrent: ACTIVITY_LIMITS.concurrentUploads,
      inflatedBytes: ACTIVITY_LIMITS.athleteInflatedBytes,
      inflatedLabel: ACTIVITY_LIMITS.athleteInflatedLabel,
    },
    {
      redis: deps.redis,
      onError: (err) => deps.log?.warn?.({ err }, 'upload gate: Redis failed, counting in this process'),
    },
  );
  const changed = (athleteId: string) => deps.onChange?.(athleteId);
  const analysisOf = createActivityAnalysis(db, {
    pool: deps.pool,
    thresholdsOn: deps.thresholdsOn,
    weightOn: deps.weightOn ?? (async () => null),
  });

  async function own(auth: AuthContext, id: string): Promise<repo.ActivityRow> {
    const row = UUID.test(id) ? await repo.findActivity(db, auth.athleteId, id) : undefined;
    if (!row) throw notFound('Activity');
    return row;
  }

  /** What a duplicate or an import found, written to the file's row. */
  async function record(conn: Db | Tx, importFileId: string, outcome: Outcome): Promise<void> {
    await repo.setImportFile(conn, importFileId, {
      status: outcome.status,
      message: outcome.message ?? null,
      activityId: outcome.status === 'failed' ? null : (outcome.activityIds[0] ?? null),
      activityIds: outcome.status === 'failed' ? [] : outcome.activityIds,
      storageKey: null,
    });
  }

  async function duplicateOfFile(conn: Db | Tx, athleteId: string, sha256: string): Promise<Outcome | null> {
    const file = await repo.fileBySha(conn, athleteId, sha256);
    if (!file) return null;
    return {
      status: 'duplicate',
      message: 'This file was already imported',
      activityIds: await repo.activityIdsOfFile(conn, athleteId, file.id),
    };
  }

  async function duplicateByStart(conn: Db | Tx, athleteId: string, legs: readonly LegRecord[]) {
    for (const leg of legs) {
      const existing = await repo.activityNear(
        conn,
        athleteId,
        leg.activity.sport,
        leg.activity.startTime,
        DUPLICATE_WINDOW_SECONDS,
      );
      if (existing) {
        return {
          status: 'duplicate' as const,
          message: `An activity of the same sport starting within ${DUPLICATE_WINDOW_SECONDS} s of this one is already stored`,
          activityIds: [existing],
        };
      }
    }
    return null;
  }

  /**
   * Completes the planned workout of the activity's day and sport nearest its duration, if there is one no
   * other activity completes. Returns the workout's date (a day whose load changes).
   */
  async function autoMatch(tx: Tx, athleteId: string, activity: repo.ActivityRow): Promise<string | null> {
    const sport = workoutSportOf(activity.sport);
    if (!sport) return null;
    const candidates = [];
    for (const workout of await deps.workouts.matchCandidates(tx, athleteId, activity.localDate, sport)) {
      if (!(await repo.activityOfWorkout(tx, athleteId, workout.id))) candidates.push(workout);
    }
    const workout = nearestWorkout(candidates, activity.timerSeconds);
    if (!workout) return null;
    await completeWith(tx, athleteId, workout, activity);
    await repo.updateActivity(tx, athleteId, activity.id, { workoutId: workout.id, matchState: 'auto' });
    return workout.workoutDate;
  }

  async function completeWith(
    tx: Tx,
    athleteId: string,
    workout: {
      id: string;
      durationMinutes: number | null;
      tss: number | null;
      intensityZone?: number | null;
    },
    activity: repo.ActivityRow,
  ) {
    const c = compliance(workout, activity);
    await deps.workouts.completeByActivity(tx, athleteId, workout.id, {
      actualDurationSeconds: activity.timerSeconds,
      actualTss: activity.tss,
      compliance: c,
    });
  }

  /** The job: one staged file to activities (or a duplicate, or a failure with its reason). */
  async function importFile(payload: ImportPayload): Promise<void> {
    const file = await repo.findImportFile(db, payload.importFileId);
    if (!file || file.athleteId !== payload.athleteId) return;
    if (file.status !== 'queued' && file.status !== 'processing') return;
    await repo.setImportFile(db, file.id, { status: 'processing' });
    const stagedKey = file.storageKey;
    const staged = stagedKey ? await deps.fileStore.get(stagedKey).catch(missingAsNull) : null;
    if (!staged) {
      await record(db, file.id, { status: 'failed', message: 'The uploaded file is no longer available' });
      return;
    }
    const started = performance.now();
    const ms: Timings = {};
    const outcome = await importBytes(file, payload, staged, ms);
    if (outcome) await record(db, file.id, outcome);
    if (stagedKey) await deps.fileStore.delete(stagedKey);
    ms.total = Math.round(performance.now() - started);
    deps.log?.info(
      { importFileId: file.id, status: outcome?.status ?? 'imported', bytes: staged.length, ms },
      'activity file processed',
    );
  }

  /** The outcome of a file that failed or was a duplicate before any write; null once stored (recorded in its transaction). */
  async function importBytes(
    file: repo.ImportFileRow,
    payload: ImportPayload,
    staged: Buffer,
    ms: Timings,
    /** An archive's member: daily load is re-derived once when the archive ends, and the change told then. */
    deferLoad = false,
  ): Promise<Outcome | null> {
    const athleteId = file.athleteId;
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      ms[name] = Math.round(now - mark);
      mark = now;
    };
    // Unwrapping, checking, hashing, decoding and scoring run on the CPU pool (workers/pool.ts); the worker
    // asks here for what the database knows: an earlier copy of the file, the thresholds of each leg's day.
    const timeZone = await repo.athleteTimezone(db, athleteId);
    lap('read');
    let read: ReadFileResult;
    try {
      read = await deps.pool.run(
        'readActivityFile',
        { bytes: staged, fileName: file.name, compression: payload.compression, timeZone },
        {
          duplicateOf: (sha256) => duplicateOfFile(db, athleteId, sha256),
          thresholdsOn: ({ day, sport }) => deps.thresholdsOn(athleteId, day, sport),
        },
      );
    } catch (err) {
      // A file that runs the worker out of time or memory is refused, not retried into the same end.
      if (err instanceof WorkerLimitError)
        return { status: 'failed', message: `The file cannot be read: ${err.message}` };
      throw err;
    }
    lap('decode');
    if (read.status === 'settled') return read.outcome;
    const { format, sha256, legs } = read;
    const early2 = await duplicateByStart(db, athleteId, legs);
    if (early2) return early2;

    const originalKey = `originals/${athleteId}/${sha256}.${format}${payload.compression ? '.gz' : ''}`;
    await deps.fileStore.put(originalKey, staged);
    const stored = await db.transaction(async (tx) => {
      // The athlete's load lock also serialises their imports: two copies of one file never both pass the
      // duplicate checks.
      await lockAthleteLoad(tx, athleteId);
      const duplicate =
        (await duplicateOfFile(tx, athleteId, sha256)) ?? (await duplicateByStart(tx, athleteId, legs));
      if (duplicate) {
        await record(tx, file.id, duplicate);
        return false;
      }
      const fileId = await repo.insertFile(tx, {
        athleteId,
        sha256,
        originalName: file.name,
        format,
        compression: payload.compression,
        sizeBytes: staged.length,
        storageKey: originalKey,
      });
      const groupId = legs.length > 1 ? randomUUID() : null;
      const ids: string[] = [];
      const touched: string[] = [];
      for (const [index, leg] of legs.entries()) {
        const base =
          payload.meta?.name ||
          read.name ||
          defaultName(leg.activity.sport, leg.activity.startTime, timeZone);
        const row = await repo.insertActivity(tx, athleteId, {
          ...leg.activity,
          name: legs.length > 1 ? `${base} · ${SPORT_WORDS[leg.activity.sport]}` : base,
          description: payload.meta?.description || null,
          gear: payload.meta?.gear || null,
          localDate: leg.localDate,
          fileId: fileId ?? null,
          multisportGroupId: groupId,
          legIndex: groupId ? index : null,
          source: payload.source ?? 'file',
        });
        await repo.insertStreams(tx, athleteId, row.id, leg.streams);
        ids.push(row.id);
        touched.push(row.localDate);
        const workoutDate = await autoMatch(tx, athleteId, row);
        if (workoutDate) touched.push(workoutDate);
      }
      if (!deferLoad) await rederiveDailyLoad(tx, athleteId, touched.sort()[0]!);
      await record(tx, file.id, { status: 'imported', activityIds: ids });
      return true;
    });
    lap('store');
    if (stored && !deferLoad) {
      changed(athleteId);
      await deps.onImported?.(athleteId);
    }
    return null;
  }

  /** Stores how the activity felt; a TSS the RPE gives moves its day's load (docs/training-load.md). */
  async function logFeeling(athleteId: string, row: repo.ActivityRow, feeling: Feeling) {
    return db.transaction(async (tx) => {
      await lockAthleteLoad(tx, athleteId);
      const current = (await repo.findActivity(tx, athleteId, row.id)) ?? row;
      const changes = feelingChanges(current, feeling);
      const updated = await repo.updateActivity(tx, athleteId, row.id, changes);
      if (!updated) throw notFound('Activity');
      if (changesLoad(current, changes)) await rederiveFrom(tx, athleteId, [updated.localDate]);
      return updated;
    });
  }

  /** Re-derives daily load from the earliest of `dates`, in the transaction (it takes the load lock). */
  async function rederiveFrom(tx: Tx, athleteId: string, dates: Array<string | null | undefined>) {
    const known = dates.filter((d): d is string => typeof d === 'string').sort();
    if (known.length > 0) await rederiveDailyLoad(tx, athleteId, known[0]!);
  }

  /**
   * The activity's leg scored again as `sport` from its stored original, decoded again on the CPU pool: the
   * leg of its `leg_index` (the only session otherwise). 409 when there is no original to read (an Apple Health
   * workout, a demo session), it no longer gives this activity, or the figures cannot be computed.
   */
  async function rescoredLeg(
    athleteId: string,
    activity: repo.ActivityRow,
    sport: ActivityEditSport,
  ): Promise<LegRecord> {
    const refuse = (why: string) =>
      new AppError('CONFLICT', `The sport of this activity cannot be changed: ${why}`);
    const file = activity.fileId ? await repo.findFile(db, athleteId, activity.fileId) : undefined;
    if (!file) throw refuse('it was not imported from a file, so there is no recording to score again');
    const stored = await deps.fileStore.get(file.storageKey).catch(missingAsNull);
    if (!stored) throw refuse('its original file is no longer stored');
    const inForce = await deps.thresholdsOn(athleteId, activity.localDate, sport);
    let result: RescoreResult;
    try {
      result = await deps.pool.run('rescoreLeg', {
        bytes: stored,
        fileName: file.originalName,
        compression: file.compression === 'gzip' ? 'gzip' : null,
        legIndex: activity.legIndex ?? 0,
        startTime: activity.startTime.getTime(),
        sport,
        inForce,
      });
    } catch (err) {
      if (err instanceof WorkerLimitError)
        throw refuse(`its original file cannot be read again (${err.message})`);
      throw err;
    }
    if (result.ok) return result.leg;
    if (result.problem === 'unreadable')
      throw refuse(`its original file cannot be read again (${result.detail})`);
    if (result.problem === 'mismatch') throw refuse('its original file no longer gives this activity');
    throw new AppError('CONFLICT', `The figures cannot be computed for this sport: ${result.detail}`);
  }

  /**
   * The activity scored again as if its file had said `sport` (docs/activities.md, "Changing the sport"): the
   * same session decoded from the stored original, its figures, streams and thresholds with the thresholds
   * in force on its day for the new sport; the workout of its old sport goes back to planned and a planned
   * workout of the new sport is matched by the import's rule; daily load re-derived. One transaction, under
   * the athlete's load lock, which also orders two changes of one activity (each writes a whole scoring).
   */
  async function changeSport(
    athleteId: string,
    current: repo.ActivityRow,
    sport: ActivityEditSport,
    name: string | undefined,
  ): Promise<repo.ActivityRow> {
    const leg = await rescoredLeg(athleteId, current, sport);
    const timeZone = await repo.athleteTimezone(db, athleteId);
    return db.transaction(async (tx) => {
      await lockAthleteLoad(tx, athleteId);
      const before = await repo.findActivity(tx, athleteId, current.id);
      if (!before) throw notFound('Activity');
      const twin = await repo.activityNear(
        tx,
        athleteId,
        sport,
        before.startTime,
        DUPLICATE_WINDOW_SECONDS,
        before,
      );
      if (twin) {
        throw new AppError(
          'CONFLICT',
          `Another ${SPORT_WORDS[sport].toLowerCase()} starting within ${DUPLICATE_WINDOW_SECONDS} s of this one is already stored: it is the same session recorded twice, so delete one of them first`,
          { activity_id: twin },
        );
      }
      const dates: Array<string | null | undefined> = [before.localDate];
      let workoutId = before.workoutId;
      let matchState = before.matchState;
      const workout = workoutId ? await deps.workouts.find(tx, athleteId, workoutId) : undefined;
      if (
        workout &&
        workout.sport === workoutSportOf(before.sport) &&
        workout.sport !== workoutSportOf(sport)
      ) {
        // It completed a workout of its old sport: that workout is planned again.
        dates.push((await deps.workouts.reopenFromActivity(tx, athleteId, workout.id))?.workoutDate);
        workoutId = null;
        matchState = 'auto';
      }
      let row = (await repo.updateActivity(tx, athleteId, before.id, {
        ...leg.activity,
        name: name ?? renamedForSport(before, sport, timeZone),
        workoutId,
        matchState,
      }))!;
      await repo.deleteStreams(tx, athleteId, row.id);
      await repo.insertStreams(tx, athleteId, row.id, leg.streams);
      if (workoutId && workout) {
        // The workout it still completes takes its new actual figures.
        await completeWith(tx, athleteId, workout, row);
        dates.push(workout.workoutDate);
      } else if (matchState !== 'none') {
        const matchedDate = await autoMatch(tx, athleteId, row);
        if (matchedDate) {
          dates.push(matchedDate);
          row = (await repo.findActivity(tx, athleteId, row.id))!;
        }
      }
      await rederiveFrom(tx, athleteId, dates);
      return row;
    });
  }

  /** The name an import gives for the new sport, when the activity still has the one it gave for the old. */
  function renamedForSport(row: repo.ActivityRow, sport: ActivityEditSport, timeZone: string): string {
    const oldWord = ` · ${SPORT_WORDS[row.sport]}`;
    if (row.multisportGroupId) {
      return row.name.endsWith(oldWord)
        ? `${row.name.slice(0, -oldWord.length)} · ${SPORT_WORDS[sport]}`
        : row.name;
    }
    return row.name === defaultName(row.sport, row.startTime, timeZone)
      ? defaultName(sport, row.startTime, timeZone)
      : row.name;
  }

  async function detail(auth: AuthContext, row: repo.ActivityRow): Promise<ActivityDetail> {
    const streamTypes = await repo.streamTypes(db, auth.athleteId, row.id);
    const workout = row.workoutId ? await deps.workouts.find(db, auth.athleteId, row.workoutId) : undefined;
    const thresholds = row.thresholds as Partial<ActivityDetail['thresholds']>;
    return {
      ...toSummary(row, streamTypes),
      description: row.description,
      gear: row.gear,
      laps: row.laps.map((lap) => ({
        index: lap.index,
        start_time: lap.startTime,
        elapsed_seconds: lap.elapsedSeconds,
        // Laps stored before timer time was kept had their timer time as moving time.
        timer_seconds: lap.timerSeconds ?? lap.movingSeconds,
        moving_seconds: lap.movingSeconds,
        distance_m: round1(lap.distanceM),
        ascent_m: round1(lap.ascentM),
        avg_hr: round1(lap.avgHr),
        max_hr: round1(lap.maxHr),
        avg_power: round1(lap.avgPower),
        max_power: round1(lap.maxPower),
        avg_speed_mps: lap.avgSpeedMps,
        max_speed_mps: lap.maxSpeedMps,
        avg_cadence: round1(lap.avgCadence),
        max_cadence: round1(lap.maxCadence),
        calories: lap.calories,
      })),
      zone_seconds: row.zoneSeconds as ActivityDetail['zone_seconds'],
      best_efforts: row.bestEfforts as ActivityDetail['best_efforts'],
      thresholds: {
        values: thresholds.values ?? {},
        defaults_used: thresholds.defaults_used ?? [],
        effective_from: thresholds.effective_from ?? null,
      },
      stream_types: [...streamTypes].sort(),
      rpe: row.rpe,
      note: row.note,
      matched_workout: workout
        ? {
            id: workout.id,
            title: workout.title,
            workout_date: workout.workoutDate,
            planned_duration_minutes: workout.durationMinutes,
            planned_tss: round1(workout.tss),
            planned_zone: workout.intensityZone,
            planned_intensity_factor: round3(plannedIntensityFactor(workout)),
            actual_duration_seconds: workout.actualDurationSeconds,
            actual_tss: round1(workout.actualTss),
            actual_intensity_factor: round3(row.intensityFactor),
            compliance: {
              duration_percent: workout.compliance?.durationPercent ?? null,
              tss_percent: workout.compliance?.tssPercent ?? null,
              intensity_percent: workout.compliance?.intensityPercent ?? null,
              zone_percent: workout.compliance?.zonePercent ?? null,
              percent: workout.compliance?.percent ?? 100,
            },
          }
        : null,
    };
  }

  return {
    /** The job handler of IMPORT_JOB: registered on the app's job queue in wiring/activities.ts. */
    importJob: {
      run: (job: Job<typeof IMPORT_JOB>) => importFile(job.payload),
      /** A file whose import killed the process is not imported into the same crash again (a poison file). */
      stopAfterCrash: true,
      /** Attempts ran out (the database or the file store kept failing): the file is reported failed. */
      failed: async (job: Job<typeof IMPORT_JOB>, reason: string) => {
        const { payload } = job;
        const file = await repo.findImportFile(db, payload.importFileId);
        await record(db, payload.importFileId, {
          status: 'failed',
          message: `The file could not be processed: ${reason}`,
        });
        if (file?.storageKey) await deps.fileStore.delete(file.storageKey).catch(() => {});
      },
    },

    /** A ticket for one upload of the athlete, counted across processes (429 past the limit): lib/upload-gate.ts. */
    enterUpload: (athleteId: string) => gate.enter(athleteId),

    /**
     * Stages every recording of the upload as `readFiles` hands the form's files over (streamed, never held
     * whole: upload-files.ts), then queues one job per file in one transaction: the batch, its files (refused
     * ones already `failed` with their reason) and the jobs land together or not at all. `claim` runs with the
     * upload's fingerprint (names and SHA-256s) before anything is queued: true when an earlier request with
     * the same Idempotency-Key already answered (then null). An upload of which nothing can be imported is a
     * 400; a file or zip past a limit a 413, and nothing it staged is kept.
     */
    async upload(
      auth: AuthContext,
      readFiles: (
        onFile: (fileName: string, stream: NodeJS.ReadableStream & { truncated?: boolean }) => Promise<void>,
      ) => Promise<unknown>,
      claim: (fingerprint: string[]) => Promise<boolean>,
    ): Promise<ImportBatch | null> {
      const ticket = await gate.enter(auth.athleteId);
      const batchId = randomUUID();
      const stager = uploadStager(deps.fileStore, ticket, (n) => `staging/${auth.athleteId}/${batchId}/${n}`);
      try {
        const entries: StagedEntry[] = [];
        const fingerprint: string[] = [];
        await readFiles(async (fileName, stream) => {
          const added = await stager.add(fileName, stream);
          entries.push(...added.entries);
          fingerprint.push(fileName, added.sha256);
          // One job per recording: a request may queue only so many (the queue serves athletes in turn, but one
          // request must not fill it). What was staged is removed with the refusal.
          if (entries.filter((e) => e.ok).length > ACTIVITY_LIMITS.recordingsPerUpload) {
            throw new AppError(
              'PAYLOAD_TOO_LARGE',
              `One upload may hold at most ${ACTIVITY_LIMITS.recordingsPerUpload} recordings: send the rest in another upload`,
            );
          }
        });
        if (entries.length === 0) {
          throw new AppError('VALIDATION_FAILED', 'Send one or more activity files in the field "file"');
        }
        if (await claim(fingerprint)) {
          await stager.discard();
          return null;
        }
        if (entries.every((entry) => !entry.ok)) {
          const reasons = entries.map((e) => `${e.name}: ${e.ok ? '' : e.message}`);
          throw new AppError(
            'VALIDATION_FAILED',
            entries.length === 1 && !entries[0]!.ok
              ? `${entries[0]!.message}: upload a FIT, GPX or TCX file, a .gz copy of one, or a zip of them`
              : 'None of the files can be imported',
            { files: reasons },
          );
        }
        const rows = entries.map((entry, position) => ({
          id: randomUUID(),
          batchId,
          athleteId: auth.athleteId,
          position,
          name: entry.name,
          status: entry.ok ? ('queued' as const) : ('failed' as const),
          message: entry.ok ? null : entry.message,
          storageKey: entry.ok ? entry.storageKey : null,
        }));
        await db.transaction(async (tx) => {
          await repo.insertBatch(tx, auth.athleteId, batchId);
          await repo.insertImportFiles(tx, rows);
          for (const [i, entry] of entries.entries()) {
            if (!entry.ok) continue;
            const payload: ImportPayload = {
              importFileId: rows[i]!.id,
              athleteId: auth.athleteId,
              compression: entry.compression,
            };
            await deps.jobs.enqueue(tx, IMPORT_JOB, { ...payload });
          }
        });
      } catch (err) {
        await stager.discard();
        throw err;
      } finally {
        ticket.release();
      }
      deps.jobs.wake();
      return batchView(batchId, await repo.batchFiles(db, auth.athleteId, batchId));
    },

    /**
     * One recording of a platform archive (archive-import.ts), its import_files row already written: the upload's
     * path (duplicate rules, the athlete's lock, matching), with the archive's name, description and gear, and
     * its outcome recorded on the row in the activity's transaction, so a crash leaves the row unsettled and the
     * resumed archive reads the member again. Daily load waits for `archiveDone`.
     */
    async importArchiveMember(
      file: repo.ImportFileRow,
      staged: Buffer,
      compression: 'gzip' | null,
      meta: ArchiveMeta | undefined,
    ): Promise<Timings> {
      const payload: ImportPayload = { importFileId: file.id, athleteId: file.athleteId, compression, meta };
      const ms: Timings = {};
      const outcome = await importBytes(file, payload, staged, ms, true);
      if (outcome) await record(db, file.id, outcome);
      return ms;
    },

    /**
     * An archive's members are all settled: daily load re-derived once from the earliest day it stored, and the
     * change told (cached reads, the plan's adaptation).
     */
    async archiveDone(athleteId: string, batchId: string): Promise<void> {
      const from = await repo.earliestDayOfBatch(db, athleteId, batchId);
      if (!from) return;
      await db.transaction(async (tx) => {
        await lockAthleteLoad(tx, athleteId);
        await rederiveDailyLoad(tx, athleteId, from);
      });
      changed(athleteId);
      await deps.onImported?.(athleteId);
    },

    /**
     * The athlete's activities from `from` to `to` as day, sport and moving minutes: what the onboarding job
     * reads of recent training (docs/onboarding.md, "The training profile").
     */
    /**
     * One file a device provider sent, imported at once in the caller's job (docs/devices.md, "Sync"): the same
     * path as an uploaded file (its own batch and import_files row, the duplicate rule, the athlete's lock), so
     * an activity that arrives both by upload and by sync is one activity.
     */
    async importDownloaded(
      athleteId: string,
      file: { name: string; bytes: Buffer; source: string },
    ): Promise<{
      status: 'imported' | 'duplicate' | 'failed';
      message: string | null;
      activityIds: string[];
    }> {
      const { id } = await db.transaction((tx) =>
        repo.insertSingleFileBatch(tx, athleteId, {
          name: file.name,
          status: 'processing',
          storageKey: null,
        }),
      );
      const row = (await repo.findImportFile(db, id))!;
      const outcome = await importBytes(
        row,
        { importFileId: id, athleteId, compression: null, source: file.source },
        file.bytes,
        {},
      );
      if (outcome) await record(db, id, outcome);
      const settled = (await repo.findImportFile(db, id))!;
      const status =
        settled.status === 'imported' || settled.status === 'duplicate' ? settled.status : 'failed';
      return { status, message: settled.message, activityIds: settled.activityIds };
    },

    /**
     * A recording built by another importer (docs/devices.md, "Apple Health": a workout and its route), stored
     * like a decoded file's sessions: figures with the thresholds in force, the duplicate rule (checked again
     * under the athlete's lock), one transaction per recording, matching and daily load. No original file is
     * kept. With `quiet`, the caller tells the change once for many (`notifyImported`).
     */
    async importRecording(
      athleteId: string,
      recording: Recording,
      options: { source: string; quiet?: boolean },
    ): Promise<{
      status: 'imported' | 'duplicate' | 'failed';
      message: string | null;
      activityIds: string[];
    }> {
      if (recording.sessions.length === 0) {
        return { status: 'failed', message: 'The workout holds no activity', activityIds: [] };
      }
      const timeZone = await repo.athleteTimezone(db, athleteId);
      const failed = (why: string) => ({
        status: 'failed' as const,
        message: `The workout's figures cannot be computed: ${why}`,
        activityIds: [],
      });
      let scored: TaskOutput<'scoreRecording'>;
      try {
        scored = await deps.pool.run(
          'scoreRecording',
          { recording, timeZone },
          { thresholdsOn: ({ day, sport }) => deps.thresholdsOn(athleteId, day, sport) },
        );
      } catch (err) {
        if (err instanceof WorkerLimitError) return failed(err.message);
        throw err;
      }
      if ('error' in scored) return failed(scored.error);
      const { legs } = scored;
      const early = await duplicateByStart(db, athleteId, legs);
      if (early) return { ...early };
      const outcome = await db.transaction(async (tx) => {
        await lockAthleteLoad(tx, athleteId);
        const duplicate = await duplicateByStart(tx, athleteId, legs);
        if (duplicate) return duplicate;
        const ids: string[] = [];
        const touched: string[] = [];
        for (const leg of legs) {
          const row = await repo.insertActivity(tx, athleteId, {
            ...leg.activity,
            name: recording.name ?? defaultName(leg.activity.sport, leg.activity.startTime, timeZone),
            localDate: leg.localDate,
            fileId: null,
            multisportGroupId: null,
            legIndex: null,
            source: options.source,
          });
          await repo.insertStreams(tx, athleteId, row.id, leg.streams);
          ids.push(row.id);
          touched.push(row.localDate);
          const workoutDate = await autoMatch(tx, athleteId, row);
          if (workoutDate) touched.push(workoutDate);
        }
        await rederiveDailyLoad(tx, athleteId, touched.sort()[0]!);
        return { status: 'imported' as const, message: null, activityIds: ids };
      });
      if (outcome.status === 'imported' && !options.quiet) {
        changed(athleteId);
        await deps.onImported?.(athleteId);
      }
      return outcome;
    },

    /** Tells the cached reads and the plan's adaptation once, after a run of quiet `importRecording`s. */
    async notifyImported(athleteId: string): Promise<void> {
      changed(athleteId);
      await deps.onImported?.(athleteId);
    },

    /**
     * A batch of one file, queued (`storageKey` already staged), with the caller's job enqueued in the same
     * transaction: another importer's file (an Apple Health export) reported through the batch status like an
     * upload. Answers the batch.
     */
    async openImport(
      athleteId: string,
      file: { name: string; storageKey: string },
      enqueue: (tx: Tx, importFileId: string) => Promise<unknown>,
    ): Promise<ImportBatch> {
      const { batchId } = await db.transaction(async (tx) => {
        const opened = await repo.insertSingleFileBatch(tx, athleteId, {
          name: displayName(file.name),
          status: 'queued',
          storageKey: file.storageKey,
        });
        await enqueue(tx, opened.id);
        return opened;
      });
      deps.jobs.wake();
      return batchView(batchId, await repo.batchFiles(db, athleteId, batchId));
    },

    /** The import file row of `openImport` (its status and staged key), or null. */
    async importFileOf(athleteId: string, importFileId: string) {
      const row = await repo.findImportFile(db, importFileId);
      return row && row.athleteId === athleteId ? row : null;
    },

    async markProcessing(importFileId: string): Promise<void> {
      await repo.setImportFile(db, importFileId, { status: 'processing' });
    },

    /** Records the outcome of an `openImport` file (its staged key cleared). */
    /** Settles an import file in one write, so a poll never sees the status without its message. */
    async settleImport(importFileId: string, outcome: Outcome): Promise<void> {
      await record(db, importFileId, outcome);
    },

    /** When the athlete's stored activities from `from` to `to` started (docs/devices.md, "Sync"). */
    startTimesBetween(athleteId: string, from: Date, to: Date): Promise<Date[]> {
      return repo.startTimesBetween(db, athleteId, from, to);
    },

    async durationsBetween(athleteId: string, from: string, to: string) {
      const rows = await repo.durationsBetween(db, athleteId, from, to);
      return rows.map((r) => ({ date: r.date, sport: r.sport, minutes: r.movingSeconds / 60 }));
    },

    async batch(auth: AuthContext, batchId: string): Promise<ImportBatch> {
      if (!UUID.test(batchId) || !(await repo.batchExists(db, auth.athleteId, batchId))) {
        throw notFound('Import batch');
      }
      return batchView(batchId, await repo.batchFiles(db, auth.athleteId, batchId));
    },

    async list(
      auth: AuthContext,
      query: {
        sport?: repo.ActivityRow['sport'];
        from?: string;
        to?: string;
        min_distance_m?: number;
        max_distance_m?: number;
        page: number;
        page_size: number;
      },
    ): Promise<ActivityList> {
      if (query.from && query.to && query.from > query.to) {
        throw new AppError('VALIDATION_FAILED', 'from must be on or before to');
      }
      const { min_distance_m: minDistance, max_distance_m: maxDistance } = query;
      if (minDistance !== undefined && maxDistance !== undefined && minDistance > maxDistance) {
        throw new AppError('VALIDATION_FAILED', 'min_distance_m must be at most max_distance_m');
      }
      const { rows, total } = await repo.listActivities(db, auth.athleteId, {
        sport: query.sport,
        from: query.from,
        to: query.to,
        minDistanceM: minDistance,
        maxDistanceM: maxDistance,
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      });
      const gps = await repo.activitiesWithStream(
        db,
        auth.athleteId,
        rows.map((r) => r.id),
        'lat',
      );
      return {
        items: rows.map((row) => toSummary(row, gps.has(row.id) ? ['lat'] : [])),
        page: query.page,
        page_size: query.page_size,
        total,
      };
    },

    async get(auth: AuthContext, id: string): Promise<ActivityDetail> {
      return detail(auth, await own(auth, id));
    },

    /** Curves, efficiency figures and intervals of one activity (docs/activities.md, "Analysis"). */
    async analysis(auth: AuthContext, id: string) {
      return analysisOf(auth.athleteId, await own(auth, id));
    },

    /**
     * Renames the activity, changes its sport, or both (docs/activities.md, "Changing the sport"). A new sport
     * scores the same recording again: see `changeSport`.
     */
    async update(
      auth: AuthContext,
      id: string,
      changes: { name?: string | undefined; sport?: ActivityEditSport | undefined } & Feeling,
    ): Promise<ActivityDetail> {
      let current = await own(auth, id);
      const feeling = { rpe: changes.rpe, note: changes.note };
      if (changes.sport !== undefined && changes.sport !== current.sport) {
        current = await changeSport(auth.athleteId, current, changes.sport, changes.name);
        // A new sport scores the recording again: its RPE scores it again too when no sensor does.
        if (current.rpe !== null || feeling.rpe !== undefined || feeling.note !== undefined)
          current = await logFeeling(auth.athleteId, current, feeling);
        changed(auth.athleteId);
        // Which sessions are done may have changed, as after an import: the plan's adaptation runs again.
        await deps.onImported?.(auth.athleteId);
        return detail(auth, current);
      }
      if (feeling.rpe !== undefined || feeling.note !== undefined)
        current = await logFeeling(auth.athleteId, current, feeling);
      if (changes.name !== undefined) {
        const row = await repo.updateActivity(db, auth.athleteId, id, { name: changes.name });
        if (!row) throw notFound('Activity');
        current = row;
      }
      changed(auth.athleteId);
      return detail(auth, current);
    },

    /**
     * A workout set back to planned or skipped by hand, told inside its transaction (wired as the workout
     * service's `completionUndone`): the activity that completed it no longer does (docs/activities.md,
     * "Matching"). The caller re-derives daily load and tells `onChange`.
     */
    async releaseWorkout(tx: Tx, athleteId: string, workoutId: string): Promise<void> {
      await repo.releaseWorkout(tx, athleteId, workoutId);
    },

    /** Deletes an activity: its workout goes back to planned, its day's load is re-derived. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      if (!UUID.test(id)) throw notFound('Activity');
      const orphanKey = await db.transaction(async (tx) => {
        // The load lock first, as a workout set back by hand takes it: the activity and its workout change in one order.
        await lockAthleteLoad(tx, auth.athleteId);
        const row = await repo.deleteActivity(tx, auth.athleteId, id);
        if (!row) throw notFound('Activity');
        let workoutDate: string | undefined;
        if (row.workoutId) {
          workoutDate = (await deps.workouts.reopenFromActivity(tx, auth.athleteId, row.workoutId))
            ?.workoutDate;
        }
        await rederiveFrom(tx, auth.athleteId, [row.localDate, workoutDate]);
        // The original goes with its last activity, so the same file can be imported again.
        return row.fileId ? repo.deleteFileIfUnused(tx, auth.athleteId, row.fileId) : null;
      });
      if (orphanKey) await deps.fileStore.delete(orphanKey).catch(() => {});
      changed(auth.athleteId);
    },

    /** Matches the activity to another of the athlete's workouts, or unmatches it (null). */
    async match(auth: AuthContext, id: string, workoutId: string | null): Promise<ActivityDetail> {
      const row = await db.transaction(async (tx) => {
        await lockAthleteLoad(tx, auth.athleteId);
        const activity = await repo.findActivity(tx, auth.athleteId, UUID.test(id) ? id : randomUUID());
        if (!activity) throw notFound('Activity');
        const dates: Array<string | undefined> = [activity.localDate];
        if (workoutId !== null) {
          const workout = await deps.workouts.find(tx, auth.athleteId, workoutId);
          if (!workout) throw notFound('Workout');
          if (await repo.activityOfWorkout(tx, auth.athleteId, workout.id, activity.id)) {
            throw new AppError(
              'CONFLICT',
              'Another activity already completes this workout: unmatch it first',
            );
          }
          if (activity.workoutId && activity.workoutId !== workout.id) {
            dates.push(
              (await deps.workouts.reopenFromActivity(tx, auth.athleteId, activity.workoutId))?.workoutDate,
            );
          }
          await completeWith(tx, auth.athleteId, workout, activity);
          dates.push(workout.workoutDate);
        } else if (activity.workoutId) {
          dates.push(
            (await deps.workouts.reopenFromActivity(tx, auth.athleteId, activity.workoutId))?.workoutDate,
          );
        }
        const updated = await repo.updateActivity(tx, auth.athleteId, activity.id, {
          workoutId,
          matchState: workoutId === null ? 'none' : 'manual',
        });
        await rederiveFrom(tx, auth.athleteId, dates);
        return updated!;
      });
      changed(auth.athleteId);
      return detail(auth, row);
    },

    async streams(auth: AuthContext, id: string, typesParam: string | undefined) {
      const row = await own(auth, id);
      let types: string[] | undefined;
      if (typesParam !== undefined) {
        types = [
          ...new Set(
            typesParam
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          ),
        ];
        const unknown = types.filter((t) => !(STREAM_TYPES as readonly string[]).includes(t));
        if (unknown.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            `Unknown stream type ${unknown.join(', ')}: use ${STREAM_TYPES.join(', ')}`,
          );
        }
      }
      const stored = await repo.streams(db, auth.athleteId, row.id, types);
      const streams: Record<string, Array<number | null>> = {};
      let sampleCount = 0;
      for (const s of stored) {
        streams[s.type] = decodeStream(s.data, s.type as StreamType);
        sampleCount = Math.max(sampleCount, s.sampleCount);
      }
      // Time is the index (1 Hz from the start): served, never stored, as long as the other streams.
      if (!types || types.includes('time')) {
        if (sampleCount === 0) sampleCount = await repo.sampleCount(db, auth.athleteId, row.id);
        if (sampleCount > 0) streams.time = Array.from({ length: sampleCount }, (_, i) => i);
      }
      return { sample_count: sampleCount, streams };
    },

    /** Sessions, moving seconds and metres between two local dates (docs/profile.md, "This Year"). */
    totalsBetween(auth: AuthContext, from: string, to: string) {
      return repo.totalsBetween(db, auth.athleteId, from, to);
    },

    /** Every activity's pace best efforts (seconds per distance key), oldest first (docs/profile.md). */
    async paceBests(
      auth: AuthContext,
    ): Promise<{ activityId: string; date: string; pace: Record<string, number> }[]> {
      const rows = await repo.bestEffortsSince(db, auth.athleteId, null);
      return rows
        .filter((row) => row.bestEfforts.pace && Object.keys(row.bestEfforts.pace).length > 0)
        .map((row) => ({ activityId: row.id, date: row.localDate, pace: row.bestEfforts.pace ?? {} }));
    },

    /**
     * What the threshold estimates read of the athlete's rides and runs on or after `from`: 20-minute power and
     * the 30-minute effort of runs and rides. A recording imported before that effort was kept gets it once,
     * from its stored streams (docs/zones.md, "Estimates from recordings").
     */
    async estimateRecordings(athleteId: string, from: string): Promise<EstimateRecording[]> {
      const rows = await repo.estimateRows(db, athleteId, from);
      const out: EstimateRecording[] = [];
      for (const row of rows) {
        let effort = row.bestEfforts.threshold;
        if (effort === undefined) {
          // Kept once, from the stored streams, for a recording imported before the effort was.
          const stored = await repo.streams(db, athleteId, row.id, [
            'distance',
            'heart_rate',
            'power',
            'speed',
          ]);
          const series = (type: StreamType) => {
            const found = stored.find((st) => st.type === type);
            return found ? decodeStream(found.data, type) : [];
          };
          const found =
            row.sport === 'run'
              ? runThresholdEffortFromStreams(series('distance'), series('heart_rate'))
              : rideThresholdEffortFromStreams(series('power'), series('heart_rate'), series('speed'));
          effort = found ? { ...found } : {};
          await repo.setThresholdEffort(db, athleteId, row.id, effort);
        }
        out.push({
          activityId: row.id,
          date: row.localDate,
          sport: row.sport,
          power20min: row.bestEfforts.power?.['20min'] ?? null,
          run:
            row.sport === 'run' && typeof effort.pace_30min === 'number'
              ? (effort as unknown as RunThresholdEffort)
              : null,
          ride: row.sport === 'bike' ? effort : null,
        });
      }
      return out;
    },

    /** The best value per duration (power) or distance (pace) over the period, with the activity that set it. */
    async curve(auth: AuthContext, type: 'power' | 'pace', period: keyof typeof PERIOD_DAYS): Promise<Curve> {
      const days = PERIOD_DAYS[period];
      const today = dateInTimeZone(new Date(), auth.timezone);
      const from = days === null ? null : addDays(today, -(days - 1));
      const rows = await repo.bestEffortsSince(db, auth.athleteId, from);
      const points = [];
      for (const point of type === 'power' ? POWER_POINTS : PACE_POINTS) {
        let best: { value: number; activity_id: string; date: string } | null = null;
        for (const row of rows) {
          const value = row.bestEfforts[type]?.[point.key];
          if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) continue;
          const better = best === null || (type === 'power' ? value > best.value : value < best.value);
          if (better) best = { value, activity_id: row.id, date: row.localDate };
        }
        if (best) points.push({ x: point.x, label: point.label, ...best, value: roundTo(best.value, 1) });
      }
      return { type, period, points };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;

function missingAsNull(err: unknown): null {
  if (err instanceof FileNotFoundError) return null;
  throw err;
}
