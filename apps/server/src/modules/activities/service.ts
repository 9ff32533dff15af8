// Recorded training (docs/activities.md): the upload that stages files and queues one import job per file,
// the job that decodes, scores, de-duplicates, stores and matches, and the reads and writes of activities.
// Every write that changes what counts as training re-derives daily load from the earliest day it touched,
// in its own transaction under the athlete's load lock, as workout writes do, then tells `onChange`.
import { randomUUID } from 'node:crypto';
import type { ActivityDetail, ActivityEditSport, ActivityList, ImportBatch } from '@stamina/contract';
import type { Recording } from '@stamina/core';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Job } from '../../lib/job-queue.ts';
import { uploadGate } from '../../lib/upload-gate.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { lockAthleteLoad, rederiveDailyLoad } from '../training-load/index.ts';
import { createActivityAnalysis } from './analysis.ts';
import type { ActivityServiceDeps } from './deps.ts';
import { changesLoad, type Feeling, feelingChanges } from './feeling.ts';
import {
  createImportStore,
  DUPLICATE_WINDOW_SECONDS,
  type FileRef,
  type ImportSource,
  missingAsNull,
  type ReadMember,
  rederiveFrom,
  type ThresholdsByDay,
  type Timings,
} from './import-store.ts';
import { activityDetail, batchView, toSummary } from './presenters.ts';
import { createActivityReads } from './reads.ts';
import * as repo from './repository.ts';
import { storedKeys } from './round-queries.ts';
import { createSportChange } from './sport-change.ts';
import { type StoredIndex, storedIndex } from './stored-index.ts';
import type { ArchiveMeta, Outcome } from './types.ts';
import { ACTIVITY_LIMITS, displayName, type StagedEntry, uploadStager } from './upload-files.ts';

export const IMPORT_JOB = 'activity-import';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ImportPayload {
  importFileId: string;
  athleteId: string;
  compression: 'gzip' | null;
  /** Where the file came from: 'file' (an upload) or a device provider's id (docs/devices.md). */
  source?: string;
  /** What a platform archive says of the activity (archive-import.ts): its name, description and gear. */
  meta?: ArchiveMeta;
}

/** What this module's jobs carry (lib/job-queue.ts, JobPayloads). */
declare module '../../lib/job-queue.ts' {
  interface JobPayloads {
    [IMPORT_JOB]: ImportPayload;
  }
}

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
  const store = createImportStore(db, deps);
  const { record } = store;
  const changeSport = createSportChange(db, deps, store);

  /**
   * One file read and stored (or its outcome when it failed or was a duplicate before any write; null once
   * stored, recorded in its transaction). Daily load is re-derived in that transaction and the change told.
   */
  async function importBytes(
    file: repo.ImportFileRow,
    source: ImportSource,
    staged: Buffer,
    ms: Timings,
  ): Promise<Outcome | null> {
    const read = await store.readMember(file, source, staged, ms);
    if (!('read' in read)) return read;
    const began = performance.now();
    const stored = await store.storeRead([read], false);
    ms.store = Math.round(performance.now() - began);
    if (stored > 0) {
      changed(file.athleteId);
      await deps.onImported?.(file.athleteId);
    }
    return null;
  }

  /** The job: one staged file to activities (or a duplicate, or a failure with its reason). */
  async function importFile(payload: ImportPayload): Promise<void> {
    const file = await repo.findImportFile(db, payload.athleteId, payload.importFileId);
    if (!file) return;
    if (file.status !== 'queued' && file.status !== 'processing') return;
    await repo.setImportFile(db, file, { status: 'processing' });
    const stagedKey = file.storageKey;
    const staged = stagedKey ? await deps.fileStore.get(stagedKey).catch(missingAsNull) : null;
    if (!staged) {
      await record(db, file, { status: 'failed', message: 'The uploaded file is no longer available' });
      return;
    }
    const started = performance.now();
    const ms: Timings = {};
    const outcome = await importBytes(file, payload, staged, ms);
    if (outcome) await record(db, file, outcome);
    if (stagedKey) await deps.fileStore.delete(stagedKey);
    ms.total = Math.round(performance.now() - started);
    deps.log?.info(
      { importFileId: file.id, status: outcome?.status ?? 'imported', bytes: staged.length, ms },
      'activity file processed',
    );
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

  const detail = (auth: AuthContext, row: repo.ActivityRow) =>
    activityDetail(db, deps.workouts, auth.athleteId, row);

  return {
    ...createActivityReads(db, own),

    /** The job handler of IMPORT_JOB: registered on the app's job queue in wiring/activities.ts. */
    importJob: {
      run: (job: Job<typeof IMPORT_JOB>) => importFile(job.payload),
      /** A file whose import killed the process is not imported into the same crash again (a poison file). */
      stopAfterCrash: true,
      /** Attempts ran out (the database or the file store kept failing): the file is reported failed. */
      failed: async (job: Job<typeof IMPORT_JOB>, reason: string) => {
        const { payload } = job;
        const file = await repo.findImportFile(db, payload.athleteId, payload.importFileId);
        await record(
          db,
          { athleteId: payload.athleteId, id: payload.importFileId },
          {
            status: 'failed',
            message: `The file could not be processed: ${reason}`,
          },
        );
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
     * One recording of a platform archive (archive-import.ts), its import_files row already written, read by the
     * upload's path (the CPU pool, the duplicate rules, its original kept) with the archive's name, description
     * and gear: its outcome when it failed or is a duplicate, else what `storeArchiveMembers` writes.
     */
    readArchiveMember(
      file: repo.ImportFileRow,
      staged: Buffer,
      source: ImportSource,
      context: { timeZone: string; inForce: ThresholdsByDay; stored: StoredIndex },
      ms: Timings,
    ): Promise<Outcome | ReadMember> {
      return store.readMember(file, source, staged, ms, context);
    },

    /** The athlete's thresholds for any day, read once (an archive scores all its members with them). */
    thresholdsOf: (athleteId: string) => deps.thresholdsOf(athleteId),

    /**
     * Read members of an archive stored in one transaction, each row settled in it with its activity, so a
     * crash leaves them unsettled and the resumed archive reads them again. Daily load waits for `archiveDone`.
     * Answers how many were stored (the rest were duplicates).
     */
    storeArchiveMembers: (members: readonly ReadMember[]) => store.storeRead(members, true),

    /** What an archive knows of the athlete's stored recordings, read once when it starts (stored-index.ts). */
    async storedIndexOf(athleteId: string): Promise<StoredIndex> {
      const { shas, starts } = await storedKeys(db, athleteId);
      return storedIndex(shas, starts, DUPLICATE_WINDOW_SECONDS);
    },

    /** The athlete's time zone (IANA name), read once by an archive for all its members. */
    timeZoneOf: (athleteId: string) => repo.athleteTimezone(db, athleteId),

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
      const row = (await repo.findImportFile(db, athleteId, id))!;
      const outcome = await importBytes(row, { compression: null, source: file.source }, file.bytes, {});
      if (outcome) await record(db, row, outcome);
      const settled = (await repo.findImportFile(db, athleteId, id))!;
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
      const outcome = await store.storeRecording(athleteId, recording, options.source);
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
      return (await repo.findImportFile(db, athleteId, importFileId)) ?? null;
    },

    async markProcessing(file: FileRef): Promise<void> {
      await repo.setImportFile(db, file, { status: 'processing' });
    },

    /** Records the outcome of an `openImport` file (its staged key cleared). */
    /** Settles an import file in one write, so a poll never sees the status without its message. */
    async settleImport(file: FileRef, outcome: Outcome): Promise<void> {
      await record(db, file, outcome);
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
          await store.completeWith(tx, auth.athleteId, workout, activity);
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
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
