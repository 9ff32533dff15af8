// The import path's reading and storing (docs/activities.md, "Import" and "Platform archives"): a staged file
// read on the CPU pool (unwrapped, hashed, decoded, scored), checked against what is stored (the same file, the
// same sport starting within 60 s), its original kept, then stored with its streams, matched to a planned
// workout and its import_files row settled, in one transaction under the athlete's load lock. A platform
// archive stores many read members in one transaction (`storeRead` with several), the rest one at a time.
import { randomUUID } from 'node:crypto';
import type { RecordedSport, Recording } from '@stamina/core';
import type { Db, Tx } from '../../db/client.ts';
import { FileNotFoundError, type FileStore } from '../../lib/file-store.ts';
import { WorkerLimitError } from '../../workers/pool.ts';
import type { ReadFileResult, TaskOutput } from '../../workers/tasks.ts';
import { lockAthleteLoad, rederiveDailyLoad } from '../training-load/index.ts';
import type { ActivityServiceDeps } from './deps.ts';
import type { LegRecord, ThresholdsInForce } from './figures.ts';
import { compliance, nearestWorkout, workoutSportOf } from './matching.ts';
import { defaultName, SPORT_WORDS } from './presenters.ts';
import * as repo from './repository.ts';
import * as rounds from './round-queries.ts';
import type { StoredIndex } from './stored-index.ts';
import type { ArchiveMeta, Outcome } from './types.ts';

/** Two activities of one sport starting this close are one session recorded twice. */
export const DUPLICATE_WINDOW_SECONDS = 60;

/** Milliseconds per stage of one file's job, logged with its outcome. */
export type Timings = Record<string, number>;

/** How one file is imported: its compression, where it came from, and what a platform archive says of it. */
export interface ImportSource {
  compression: 'gzip' | null;
  /** Where the file came from: 'file' (an upload) or a device provider's id (docs/devices.md). */
  source?: string;
  /** What a platform archive says of the activity (archive-import.ts): its name, description and gear. */
  meta?: ArchiveMeta;
}

/** What is in force on a day for a sport, resolved in memory (figures.ts `ThresholdsOf`). */
export type ThresholdsByDay = (day: string, sport: RecordedSport) => ThresholdsInForce;

/** A file read and checked, its original kept: what `storeRead` writes. */
export interface ReadMember {
  file: repo.ImportFileRow;
  source: ImportSource;
  read: Extract<ReadFileResult, { status: 'read' }>;
  sizeBytes: number;
  originalKey: string;
  timeZone: string;
}

type StoreDeps = Pick<ActivityServiceDeps, 'fileStore' | 'pool' | 'workouts' | 'thresholdsOn'> & {
  fileStore: FileStore;
};

/** An import file named with its athlete: every read and write of it names both (docs/scale.md, "Router queries"). */
export type FileRef = { athleteId: string; id: string };

const sameFile = (activityIds: string[]) => ({
  status: 'duplicate' as const,
  message: 'This file was already imported',
  activityIds,
});
const sameStart = (existing: string) => ({
  status: 'duplicate' as const,
  message: `An activity of the same sport starting within ${DUPLICATE_WINDOW_SECONDS} s of this one is already stored`,
  activityIds: [existing],
});

type PlannedWorkout = Awaited<ReturnType<StoreDeps['workouts']['matchCandidates']>>[number];

export function createImportStore(db: Db, deps: StoreDeps) {
  /** What a duplicate or an import found, written to the file's row. */
  async function record(conn: Db | Tx, file: FileRef, outcome: Outcome): Promise<void> {
    await repo.setImportFile(conn, file, {
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
    return sameFile(await repo.activityIdsOfFile(conn, athleteId, file.id));
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
      if (existing) return sameStart(existing);
    }
    return null;
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

  /**
   * Completes the planned workout of the activity's day and sport nearest its duration, if there is one no
   * other activity completes. Returns the workout's date (a day whose load changes).
   */
  async function autoMatch(
    tx: Tx,
    athleteId: string,
    activity: repo.ActivityRow,
    /** The planned workouts of the activity's day read already (with others'), when the caller has them. */
    planned?: readonly PlannedWorkout[],
  ): Promise<string | null> {
    const sport = workoutSportOf(activity.sport);
    if (!sport) return null;
    const candidates = [];
    const ofDay = planned
      ? planned.filter((w) => w.workoutDate === activity.localDate && w.sport === sport)
      : await deps.workouts.matchCandidates(tx, athleteId, activity.localDate, sport);
    for (const workout of ofDay) {
      if (!(await repo.activityOfWorkout(tx, athleteId, workout.id))) candidates.push(workout);
    }
    const workout = nearestWorkout(candidates, activity.timerSeconds);
    if (!workout) return null;
    await completeWith(tx, athleteId, workout, activity);
    await repo.updateActivity(tx, athleteId, activity.id, { workoutId: workout.id, matchState: 'auto' });
    return workout.workoutDate;
  }

  /**
   * Reads a staged file on the CPU pool (unwrapping, checking, hashing, decoding and scoring; the worker asks
   * here for what the database knows: an earlier copy of the file, the thresholds of each leg's day), checks
   * its legs against what is stored and keeps its original. The outcome of a file that failed or is a
   * duplicate, or what `storeRead` writes.
   */
  async function readMember(
    file: repo.ImportFileRow,
    source: ImportSource,
    staged: Buffer,
    ms: Timings,
    /**
     * The athlete's time zone and thresholds when the caller knows them (an archive reads them once), and what
     * it knows of the stored recordings: a duplicate check it knows nothing near is not sent (stored-index.ts).
     */
    known?: { timeZone: string; inForce: ThresholdsByDay; stored?: StoredIndex },
  ): Promise<Outcome | ReadMember> {
    const athleteId = file.athleteId;
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      ms[name] = (ms[name] ?? 0) + Math.round(now - mark);
      mark = now;
    };
    const timeZone = known?.timeZone ?? (await repo.athleteTimezone(db, athleteId));
    lap('read');
    let read: ReadFileResult;
    try {
      read = await deps.pool.run(
        'readActivityFile',
        { bytes: staged, fileName: file.name, compression: source.compression, timeZone },
        {
          duplicateOf: async (sha256) =>
            known?.stored?.mayHaveFile(sha256) === false ? null : duplicateOfFile(db, athleteId, sha256),
          thresholdsOn: async ({ day, sport }) =>
            known ? known.inForce(day, sport) : deps.thresholdsOn(athleteId, day, sport),
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
    const stored = known?.stored;
    const legs = stored
      ? read.legs.filter((leg) => stored.mayHaveNear(leg.activity.sport, leg.activity.startTime))
      : read.legs;
    const early = await duplicateByStart(db, athleteId, legs);
    if (early) return early;
    const originalKey = `originals/${athleteId}/${read.sha256}.${read.format}${source.compression ? '.gz' : ''}`;
    await deps.fileStore.put(originalKey, staged);
    lap('original');
    return { file, source, read, sizeBytes: staged.length, originalKey, timeZone };
  }

  /**
   * Read members stored in the caller's transaction (the load lock held) with a few statements for all of them
   * (docs/activities.md, "Platform archives", "Speed"): the duplicate checks, one by content and one by start for
   * every leg, each member also checked against the ones before it; then the originals, the activities, their
   * streams and the members' rows, each in one statement; a planned workout matched where the days have any.
   * Answers how many were stored (the rest were duplicates, each row settled as such).
   */
  async function storeMany(tx: Tx, members: readonly ReadMember[], touched: string[]): Promise<number> {
    const athleteId = members[0]!.file.athleteId;
    const stored = await rounds.filesBySha(
      tx,
      athleteId,
      members.map((m) => m.read.sha256),
    );
    const legs = members.flatMap((m) =>
      m.read.legs.map((leg) => ({ sport: leg.activity.sport, start: leg.activity.startTime })),
    );
    const before = await rounds.activitiesNear(tx, athleteId, legs, DUPLICATE_WINDOW_SECONDS);
    const windowMs = DUPLICATE_WINDOW_SECONDS * 1000;
    /** The earliest activity, stored or of this round, of `sport` starting within the window of `start`. */
    const near = (sport: string, start: Date) =>
      before
        .filter((a) => a.sport === sport && Math.abs(a.startTime.getTime() - start.getTime()) <= windowMs)
        .sort((x, y) => x.startTime.getTime() - y.startTime.getTime())[0];
    const ofRound = new Map<string, string[]>();
    const accepted: Array<{ member: ReadMember; ids: string[] }> = [];
    for (const member of members) {
      const { sha256, legs: memberLegs } = member.read;
      const fileId = stored.get(sha256);
      let duplicate: Outcome | null = fileId
        ? sameFile(await repo.activityIdsOfFile(tx, athleteId, fileId))
        : ofRound.has(sha256)
          ? sameFile(ofRound.get(sha256)!)
          : null;
      for (const leg of memberLegs) {
        if (duplicate) break;
        const existing = near(leg.activity.sport, leg.activity.startTime);
        if (existing) duplicate = sameStart(existing.id);
      }
      if (duplicate) {
        await record(tx, member.file, duplicate);
        continue;
      }
      const ids = memberLegs.map(() => randomUUID());
      for (const [i, leg] of memberLegs.entries())
        before.push({ id: ids[i]!, sport: leg.activity.sport, startTime: leg.activity.startTime });
      ofRound.set(sha256, ids);
      accepted.push({ member, ids });
    }
    if (accepted.length === 0) return 0;
    const fileIds = await rounds.insertFiles(
      tx,
      accepted.map(({ member: { file, source, read, sizeBytes, originalKey } }) => ({
        athleteId,
        sha256: read.sha256,
        originalName: file.name,
        format: read.format,
        compression: source.compression,
        sizeBytes,
        storageKey: originalKey,
      })),
    );
    const rows = accepted.flatMap(({ member: { source, read, timeZone }, ids }) => {
      const groupId = read.legs.length > 1 ? randomUUID() : null;
      return read.legs.map((leg, index) => {
        const base =
          source.meta?.name || read.name || defaultName(leg.activity.sport, leg.activity.startTime, timeZone);
        return {
          ...leg.activity,
          id: ids[index]!,
          name: read.legs.length > 1 ? `${base} · ${SPORT_WORDS[leg.activity.sport]}` : base,
          description: source.meta?.description || null,
          gear: source.meta?.gear || null,
          localDate: leg.localDate,
          fileId: fileIds.get(read.sha256) ?? null,
          multisportGroupId: groupId,
          legIndex: groupId ? index : null,
          source: source.source ?? 'file',
        };
      });
    });
    const matchable = rows.filter((r) => workoutSportOf(r.sport)).map((r) => r.localDate);
    const planned = await deps.workouts.plannedOnDays(tx, athleteId, [...new Set(matchable)]);
    // The stored rows are read back only to be matched (most archives' days have no planned workout).
    const inserted = new Map(
      (await rounds.insertActivities(tx, athleteId, rows, planned.length > 0)).map((r) => [r.id, r]),
    );
    await rounds.insertStreamsOf(
      tx,
      athleteId,
      accepted.flatMap(({ member, ids }) =>
        member.read.legs.map((leg, i) => ({ activityId: ids[i]!, streams: leg.streams })),
      ),
    );
    // In the members' order, leg by leg: a workout completed by one is not offered to the next.
    for (const { id, localDate } of rows) {
      touched.push(localDate);
      if (planned.length === 0) continue;
      const workoutDate = await autoMatch(tx, athleteId, inserted.get(id)!, planned);
      if (workoutDate) touched.push(workoutDate);
    }
    await rounds.settleImported(
      tx,
      athleteId,
      accepted.map(({ member, ids }) => ({ id: member.file.id, activityIds: ids })),
    );
    return accepted.length;
  }

  /**
   * Stores read members of one athlete in one transaction under their load lock (the lock also serialises
   * their imports: two copies of one file never both pass the duplicate checks, which run again here, each
   * member seeing the ones before it). Each member's row is settled in that transaction. Daily load is
   * re-derived from the earliest day stored unless `deferLoad` (an archive re-derives it once at its end).
   * Answers how many were stored (the rest were duplicates).
   */
  async function storeRead(members: readonly ReadMember[], deferLoad: boolean): Promise<number> {
    if (members.length === 0) return 0;
    const athleteId = members[0]!.file.athleteId;
    return db.transaction(async (tx) => {
      await lockAthleteLoad(tx, athleteId);
      const touched: string[] = [];
      const stored = await storeMany(tx, members, touched);
      if (!deferLoad && touched.length > 0) await rederiveDailyLoad(tx, athleteId, touched.sort()[0]!);
      return stored;
    });
  }

  /**
   * A recording built by another importer (an Apple Health workout), scored on the CPU pool with the thresholds
   * in force, checked by the duplicate rule (again under the athlete's lock) and stored with daily load
   * re-derived, in one transaction. No original file is kept.
   */
  async function storeRecording(
    athleteId: string,
    recording: Recording,
    source: string,
  ): Promise<{ status: 'imported' | 'duplicate' | 'failed'; message: string | null; activityIds: string[] }> {
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
          source,
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
    return outcome;
  }

  return {
    record,
    duplicateOfFile,
    duplicateByStart,
    autoMatch,
    completeWith,
    readMember,
    storeRead,
    storeRecording,
  };
}

export type ImportStore = ReturnType<typeof createImportStore>;

/** Re-derives daily load from the earliest of `dates`, in the transaction (it takes the load lock). */
export async function rederiveFrom(tx: Tx, athleteId: string, dates: Array<string | null | undefined>) {
  const known = dates.filter((d): d is string => typeof d === 'string').sort();
  if (known.length > 0) await rederiveDailyLoad(tx, athleteId, known[0]!);
}

export function missingAsNull(err: unknown): null {
  if (err instanceof FileNotFoundError) return null;
  throw err;
}
