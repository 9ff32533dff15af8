// Workout logic: parse plain-language text into structure, and keep each athlete's workouts.
import type {
  TrainingWorkout,
  TrainingWorkoutCreateRequest,
  TrainingWorkoutUpdateRequest,
  Workout,
  WorkoutCompleteRequest,
  WorkoutCreateRequest,
  WorkoutUpdateRequest,
} from '@stamina/contract';
import { dateInTimeZone, type ParsedWorkout, type Sport } from '@stamina/core';
import { lockAthletesWrites } from '../../db/athlete-lock.ts';
import type { Conn, Db, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type IfMatch, versionOf } from '../../lib/preconditions.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { parseBasesOf, parseBasisOf } from '../thresholds/index.ts';
import { lockAthleteLoad, rederiveDailyLoad } from '../training-load/index.ts';
import { templateVisibleTo } from '../workout-bank/index.ts';
import {
  CALENDAR_MAX_EVENTS,
  changedSince,
  gone,
  loggedChanges,
  loggedTss,
  toTrainingWorkout,
  toWorkout,
  tssOf,
  UUID,
} from './answers.ts';
import { createWorkoutParsing, type WorkoutThresholds } from './parsing.ts';
import * as repo from './repository.ts';

/**
 * Told, inside the transaction of the change, that a workout's status was set to planned or skipped (a completed
 * one set back by hand, or one completed meanwhile): whatever recorded it as done (an activity,
 * docs/activities.md "Matching") lets go of it there. Nothing to let go of is not an error.
 */
export type CompletionUndone = (tx: Tx, athleteId: string, workoutId: string) => Promise<void>;

/**
 * Every write to workouts goes through this service; `onChange` hears of each, after it is stored. Texts are
 * parsed with the athlete's thresholds in force on the workout's day (docs/zones.md, "Used everywhere").
 */
export function createWorkoutService(
  db: Db,
  options: {
    onChange?: (athleteId: string) => void;
    /** The thresholds module's reads every parse starts from (docs/modules.md); tests may hand others. */
    thresholds?: WorkoutThresholds;
    /** Wired to the activities (wiring/workouts.ts): they never learn of it from a read. */
    completionUndone?: CompletionUndone;
  } = {},
) {
  const changed = (athleteId: string) => options.onChange?.(athleteId);
  const { history, historiesOf, parse, derived, newWorkout, followParse, reparsePlanned } =
    createWorkoutParsing(options.thresholds ?? { parseBasis: parseBasisOf, parseBases: parseBasesOf });

  async function assertPlan(auth: AuthContext, planId: string | null | undefined, conn: Conn = db) {
    if (planId && !(await repo.planBelongsTo(conn, auth.athleteId, planId))) throw notFound('Plan');
  }

  /** A template named on a workout is one the athlete may see: public, or their own (404 otherwise). */
  async function assertTemplate(auth: AuthContext, templateId: string | null | undefined, conn: Conn = db) {
    if (templateId && !(await templateVisibleTo(conn, auth.athleteId, templateId)))
      throw notFound('Workout template');
  }

  async function own(auth: AuthContext, id: string, conn: Conn = db): Promise<repo.WorkoutRow> {
    const row = UUID.test(id) ? await repo.findWorkout(conn, auth.athleteId, id) : undefined;
    if (!row) throw notFound('Workout');
    return row;
  }

  /**
   * Applies changes to one of the caller's workouts; a changed text or sport re-parses the text. On `conn`
   * when given (the caller's transaction; its commit is the caller's to announce through `changed`).
   */
  async function patch(
    auth: AuthContext,
    id: string,
    changes: Partial<repo.WorkoutInsert>,
    newText: string | null | undefined,
    conn: Conn = db,
    /**
     * The caller's `If-Match`: the `updated_at` of their copy (the write goes through only while it is current),
     * or '*' (only while the workout exists: 412, not 404, when it does not).
     */
    ifMatch?: IfMatch,
  ): Promise<repo.WorkoutRow> {
    // docs/RELIABILITY.md, "Concurrency": the athlete's write lock before any row, on every path, and the row
    // read under it, so two changes of one workout take turns and each starts from the other's result.
    const row = await conn.transaction(async (tx) => {
      await lockAthleteLoad(tx, auth.athleteId);
      const found = UUID.test(id) ? await repo.findWorkout(tx, auth.athleteId, id) : undefined;
      if (!found) throw ifMatch === '*' ? gone() : notFound('Workout');
      const current = found;
      const version = versionOf(ifMatch);
      if (version && current.updatedAt.getTime() !== version.getTime()) throw changedSince(current);
      await assertPlan(auth, changes.planId, tx);
      await assertTemplate(auth, changes.templateId, tx);
      if (changes.status !== undefined) {
        if (changes.status === current.status) delete changes.status;
        else changes.completedAt = changes.status === 'completed' ? new Date() : null;
      }
      // docs/activities.md, "Matching": a workout set to planned or skipped is not done, by anything: its actual
      // figures go, and an activity that completed it is freed in the same transaction.
      const undone = changes.status !== undefined && changes.status !== 'completed';
      if (undone) {
        changes.actualDurationSeconds = null;
        changes.actualDistanceM = null;
        changes.actualTss = null;
        changes.compliance = null;
        changes.rpe = null;
      }
      const sport = (changes.sport ?? current.sport) as Sport;
      const day = changes.workoutDate ?? current.workoutDate;
      const text = newText === undefined ? current.workoutLanguageText : newText;
      // A move to another day may put the workout under other thresholds: parse again then too.
      if (newText !== undefined || sport !== current.sport || (text && day !== current.workoutDate)) {
        const { workoutLanguageText, workoutStructure, parsed } = derived(
          text,
          sport,
          await history(tx, auth.athleteId),
          day,
        );
        changes.workoutLanguageText = workoutLanguageText;
        changes.workoutStructure = workoutStructure;
        if (parsed) Object.assign(changes, followParse(current, parsed, changes));
      }
      const next = { ...current, ...changes };
      changes.tss = tssOf(next);
      // Done by hand (no recording's compliance): what was logged, not the plan, is its load.
      if (next.status === 'completed' && next.compliance === null) changes.actualTss = loggedTss(next);
      const updated = await repo.updateWorkout(tx, auth.athleteId, id, changes, version);
      if (!updated) throw version ? changedSince(current) : notFound('Workout');
      if (undone) await options.completionUndone?.(tx, auth.athleteId, id);
      if (current.status === 'completed' || updated.status === 'completed') {
        const from = current.workoutDate < updated.workoutDate ? current.workoutDate : updated.workoutDate;
        await rederiveDailyLoad(tx, auth.athleteId, from);
      }
      return updated;
    });
    changed(auth.athleteId);
    return row;
  }

  /** Stores a new workout and, when it is already completed, its day's load. */
  async function insert(
    auth: AuthContext,
    values: repo.WorkoutInsert & { id?: string },
    conn: Conn = db,
  ): Promise<repo.WorkoutRow> {
    const row = await conn.transaction(async (tx) => {
      await lockAthleteLoad(tx, auth.athleteId);
      const inserted = await repo.insertWorkout(tx, auth.athleteId, { ...values, tss: tssOf(values) });
      if (inserted.status === 'completed') await rederiveDailyLoad(tx, auth.athleteId, inserted.workoutDate);
      return inserted;
    });
    changed(auth.athleteId);
    return row;
  }

  const service = {
    /** Parses a text as a workout of the athlete's on `day` (default today) would be parsed. */
    async parseFor(auth: AuthContext, text: string, sport: Sport, day?: string): Promise<ParsedWorkout> {
      return parse(
        text,
        sport,
        await history(db, auth.athleteId),
        day ?? dateInTimeZone(new Date(), auth.timezone),
      );
    },

    reparsePlanned,

    /** The stored rows of the athlete's workouts matching `filter`, for the modules computed from workouts. */
    rows(athleteId: string, filter: repo.WorkoutFilter): Promise<repo.WorkoutRow[]> {
      return repo.listWorkouts(db, athleteId, filter);
    },

    /** The athlete's workouts between two dates (at most `limit`), without their text, data or structure. */
    summaryRows(
      athleteId: string,
      from: string,
      to: string,
      limit: number,
    ): Promise<repo.WorkoutSummaryRow[]> {
      return repo.listWorkoutSummaries(db, athleteId, from, to, limit);
    },

    async list(auth: AuthContext, filter: repo.WorkoutFilter): Promise<Workout[]> {
      return (await repo.listWorkouts(db, auth.athleteId, filter)).map(toWorkout);
    },

    /** Every workout between two dates, for the calendar, with the activity that completed it, if any. */
    async calendar(
      auth: AuthContext,
      dateFrom: string,
      dateTo: string,
    ): Promise<Array<{ workout: Workout; activityId: string | null }>> {
      const rows = await repo.calendarRows(db, auth.athleteId, dateFrom, dateTo, CALENDAR_MAX_EVENTS);
      return rows.map((row) => ({ workout: toWorkout(row), activityId: row.activityId }));
    },

    /** The planned workouts of many days at once, every sport (an archive's round of recordings): `matchCandidates`' rows. */
    plannedOnDays(conn: Conn, athleteId: string, days: readonly string[]): Promise<repo.WorkoutRow[]> {
      return repo.plannedOnDays(conn, athleteId, days);
    },

    /**
     * The planned workouts of a day and sport a recorded activity may complete (docs/activities.md,
     * "Matching"), on the caller's connection (the import's transaction).
     */
    matchCandidates(conn: Conn, athleteId: string, date: string, sport: Sport): Promise<repo.WorkoutRow[]> {
      return repo.listWorkouts(conn, athleteId, {
        dateFrom: date,
        dateTo: date,
        sport,
        status: 'planned',
        limit: 50,
      });
    },

    /** One of the athlete's workouts, on the caller's connection; undefined when it is not theirs. */
    find(conn: Conn, athleteId: string, id: string): Promise<repo.WorkoutRow | undefined> {
      return UUID.test(id) ? repo.findWorkout(conn, athleteId, id) : Promise.resolve(undefined);
    },

    /** As `find`, the row locked until the caller's transaction ends (two changes of one workout take turns). */
    async findForUpdate(conn: Tx, athleteId: string, id: string): Promise<repo.WorkoutRow | undefined> {
      if (!UUID.test(id)) return undefined;
      // docs/RELIABILITY.md, "Concurrency": the athlete's write lock before the row, as every write takes it.
      await lockAthleteLoad(conn, athleteId);
      return repo.findWorkoutForUpdate(conn, athleteId, id);
    },

    /**
     * Marks a workout completed by a recorded activity, with what was done and the compliance, inside the
     * caller's transaction (which re-derives daily load and tells `onChange` after its commit).
     */
    async completeByActivity(
      conn: Conn,
      athleteId: string,
      id: string,
      actual: Pick<repo.WorkoutInsert, 'actualDurationSeconds' | 'actualTss' | 'compliance'>,
    ): Promise<repo.WorkoutRow | undefined> {
      return repo.updateWorkout(conn, athleteId, id, {
        status: 'completed',
        completedAt: new Date(),
        ...actual,
      });
    },

    /** A workout its activity no longer completes goes back to planned, its actual figures cleared. */
    async reopenFromActivity(
      conn: Conn,
      athleteId: string,
      id: string,
    ): Promise<repo.WorkoutRow | undefined> {
      return repo.updateWorkout(conn, athleteId, id, {
        status: 'planned',
        completedAt: null,
        actualDurationSeconds: null,
        actualTss: null,
        compliance: null,
      });
    },

    async get(auth: AuthContext, id: string): Promise<Workout> {
      return toWorkout(await own(auth, id));
    },

    async create(auth: AuthContext, body: WorkoutCreateRequest): Promise<Workout> {
      await assertPlan(auth, body.plan_id);
      await assertTemplate(auth, body.template_id);
      const values = newWorkout(body, await history(db, auth.athleteId));
      return toWorkout(await insert(auth, { ...values, editedByAthleteAt: new Date() }));
    },

    /**
     * Many new workouts in one transaction, each stored exactly as `create` stores it, with daily load
     * re-derived once from the earliest completed day instead of once per workout (the demo seed writes
     * about 190 at once). All or nothing; `onChange` hears of it once, after the commit.
     */
    async createMany(auth: AuthContext, bodies: readonly WorkoutCreateRequest[]): Promise<number> {
      for (const planId of new Set(bodies.map((b) => b.plan_id))) await assertPlan(auth, planId);
      for (const templateId of new Set(bodies.map((b) => b.template_id)))
        await assertTemplate(auth, templateId);
      const given = await history(db, auth.athleteId);
      const values = bodies.map((body) => newWorkout(body, given));
      if (values.length === 0) return 0;
      await db.transaction(async (tx) => {
        await lockAthleteLoad(tx, auth.athleteId);
        const rows = await repo.insertWorkouts(
          tx,
          auth.athleteId,
          values.map((value) => ({ ...value, tss: tssOf(value) })),
        );
        const completed = rows.filter((row) => row.status === 'completed').map((row) => row.workoutDate);
        if (completed.length > 0) await rederiveDailyLoad(tx, auth.athleteId, completed.sort()[0]!);
      });
      changed(auth.athleteId);
      return values.length;
    },

    /**
     * Planned sessions of a plan (a generated plan's, docs/onboarding.md, "Adopting a generated plan") stored
     * on the caller's connection (its transaction), each parsed and scored exactly as `create` does, in one
     * statement per 100 rows. Nothing is completed, so daily load does not change; the caller tells
     * `onChange` (through `changed`) after its commit.
     */
    async insertPlanned(
      conn: Conn,
      athleteId: string,
      sessions: ReadonlyArray<WorkoutCreateRequest & { plan_id: string; description?: string | null }>,
    ): Promise<repo.WorkoutRow[]> {
      if (sessions.length === 0) return [];
      const given = await history(conn, athleteId);
      const values = sessions.map((session) => {
        const value = newWorkout({ ...session, status: 'planned' }, given);
        return { ...value, description: session.description ?? null, tss: tssOf(value) };
      });
      return repo.insertWorkouts(conn, athleteId, values);
    },

    /** Deletes a plan's planned workouts from `fromDay` on, in the caller's transaction; answers how many. */
    removePlannedOfPlan(conn: Conn, athleteId: string, planId: string, fromDay: string): Promise<number> {
      return repo.deletePlannedOfPlan(conn, athleteId, planId, fromDay);
    },

    /** Tells `onChange` of workout writes made in a caller's transaction, once it has committed. */
    changed(athleteId: string): void {
      changed(athleteId);
    },

    async update(
      auth: AuthContext,
      id: string,
      body: WorkoutUpdateRequest,
      ifMatch?: IfMatch,
    ): Promise<Workout> {
      const changes: Partial<repo.WorkoutInsert> = {};
      if (body.title !== undefined) changes.title = body.title;
      if (body.workout_date !== undefined) changes.workoutDate = body.workout_date;
      if (body.sport !== undefined) changes.sport = body.sport;
      if (body.duration_minutes !== undefined) changes.durationMinutes = body.duration_minutes;
      if (body.intensity_zone !== undefined) changes.intensityZone = body.intensity_zone;
      if (body.plan_id !== undefined) changes.planId = body.plan_id;
      if (body.template_id !== undefined) changes.templateId = body.template_id;
      if (body.workout_data !== undefined) changes.workoutData = body.workout_data;
      if (body.status !== undefined) changes.status = body.status;
      Object.assign(changes, loggedChanges(body));
      // docs/adaptation.md, "Athlete's choices win": a workout edited by hand is the athlete's.
      changes.editedByAthleteAt = new Date();
      return toWorkout(await patch(auth, id, changes, body.workout_language_text, db, ifMatch));
    },

    async updateTraining(
      auth: AuthContext,
      id: string,
      body: TrainingWorkoutUpdateRequest,
      ifMatch?: IfMatch,
    ): Promise<TrainingWorkout> {
      const changes: Partial<repo.WorkoutInsert> = {};
      if (body.title !== undefined) changes.title = body.title;
      if (body.description !== undefined) changes.description = body.description;
      if (body.intensity !== undefined) changes.intensityZone = body.intensity;
      if (body.duration !== undefined) changes.durationMinutes = body.duration;
      if (body.target_heart_rate_min !== undefined) changes.targetHeartRateMin = body.target_heart_rate_min;
      if (body.target_heart_rate_max !== undefined) changes.targetHeartRateMax = body.target_heart_rate_max;
      if (body.sport !== undefined) changes.sport = body.sport;
      if (body.plan_id !== undefined) changes.planId = body.plan_id;
      if (body.workout_date !== undefined) changes.workoutDate = body.workout_date;
      if (body.status !== undefined) changes.status = body.status;
      Object.assign(changes, loggedChanges(body));
      changes.editedByAthleteAt = new Date();
      return toTrainingWorkout(await patch(auth, id, changes, undefined, db, ifMatch));
    },

    /** Marks a workout done by hand, with what was actually done when the athlete logs it (all optional). */
    async complete(
      auth: AuthContext,
      id: string,
      body: WorkoutCompleteRequest = {},
    ): Promise<TrainingWorkout> {
      return toTrainingWorkout(
        await patch(auth, id, { status: 'completed', ...loggedChanges(body) }, undefined),
      );
    },

    async createTraining(auth: AuthContext, body: TrainingWorkoutCreateRequest, now = new Date()) {
      await assertPlan(auth, body.plan_id);
      const row = await insert(auth, {
        title: body.title,
        description: body.description ?? null,
        intensityZone: body.intensity ?? null,
        durationMinutes: body.duration ?? null,
        targetHeartRateMin: body.target_heart_rate_min ?? null,
        targetHeartRateMax: body.target_heart_rate_max ?? null,
        sport: body.sport,
        planId: body.plan_id ?? null,
        workoutDate: body.workout_date ?? dateInTimeZone(now, auth.timezone),
        editedByAthleteAt: now,
      });
      return toTrainingWorkout(row);
    },

    async listTraining(
      auth: AuthContext,
      query: { plan_id?: string | undefined; date_from?: string | undefined; date_to?: string | undefined },
    ): Promise<TrainingWorkout[]> {
      const filter = { planId: query.plan_id, dateFrom: query.date_from, dateTo: query.date_to, limit: 500 };
      return (await repo.listWorkouts(db, auth.athleteId, filter)).map(toTrainingWorkout);
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      if (!UUID.test(id)) throw notFound('Workout');
      await db.transaction(async (tx) => {
        await lockAthleteLoad(tx, auth.athleteId);
        const deleted = await repo.deleteWorkout(tx, auth.athleteId, id);
        if (!deleted) throw notFound('Workout');
        if (deleted.status === 'completed') await rederiveDailyLoad(tx, auth.athleteId, deleted.workoutDate);
      });
      changed(auth.athleteId);
    },

    /**
     * A change made for the athlete, not by them (the adaptation, a confirmed coach action): written on the
     * caller's transaction exactly as an edit is (text re-parsed, TSS and daily load kept right), without
     * marking the workout as edited by hand (docs/adaptation.md). The caller calls `changed` after its commit.
     */
    async applyFor(
      conn: Conn,
      auth: AuthContext,
      id: string,
      changes: Pick<
        Partial<repo.WorkoutInsert>,
        'title' | 'workoutDate' | 'sport' | 'durationMinutes' | 'intensityZone' | 'status' | 'description'
      >,
      newText?: string | null,
    ): Promise<repo.WorkoutRow> {
      return patch(auth, id, { ...changes }, newText, conn);
    },

    /** The workouts of many athletes between two dates, in one read (the daily adaptation's batch). */
    rowsOfAthletes(athleteIds: readonly string[], from: string, to: string): Promise<repo.PlanSlotRow[]> {
      return repo.listWorkoutsOfAthletes(db, athleteIds, from, to);
    },

    /** Whole rows of workouts of many athletes, each named with its athlete, in one read. */
    rowsOfIds(refs: ReadonlyArray<{ athleteId: string; id: string }>): Promise<repo.WorkoutRow[]> {
      return repo.workoutsOfIds(db, refs);
    },

    /**
     * `applyFor` of many planned workouts of many athletes at once (the daily adaptation's batch,
     * docs/adaptation.md "One run a day"): each change computed as `applyFor` computes it (a new text or day
     * re-parsed with the thresholds in force, duration and zone following the parse, TSS) from the row the caller
     * read, and all written in one statement on the caller's transaction, each only while the workout is still
     * planned, not edited by hand and as the caller read it. Answers the rows written, by id; a workout left out
     * changed meanwhile. Never completes a workout (no daily load to re-derive). The caller calls `changed`.
     */
    async applyPlannedFor(
      conn: Conn,
      items: ReadonlyArray<{
        current: repo.WorkoutRow;
        changes: Pick<
          Partial<repo.WorkoutInsert>,
          'title' | 'workoutDate' | 'durationMinutes' | 'intensityZone' | 'description'
        > & { status?: 'skipped' };
        newText?: string | null;
      }>,
    ): Promise<Map<string, repo.WorkoutRow>> {
      const planned = items.filter((item) => item.current.status === 'planned');
      const needsParse = (item: (typeof planned)[number]) => {
        const { current, changes, newText } = item;
        const text = newText === undefined ? current.workoutLanguageText : newText;
        const day = changes.workoutDate ?? current.workoutDate;
        return newText !== undefined || Boolean(text && day !== current.workoutDate);
      };
      const parsing = [...new Set(planned.filter(needsParse).map((item) => item.current.athleteId))];
      const histories = await historiesOf(conn, parsing);
      const at = new Date();
      const next: repo.WorkoutRow[] = planned.map(({ current, changes: given, newText }) => {
        const changes: Partial<repo.WorkoutInsert> = { ...given };
        if (changes.status !== undefined) {
          if (changes.status === current.status) delete changes.status;
          else changes.completedAt = null;
        }
        if (needsParse({ current, changes: given, newText })) {
          const text = newText === undefined ? current.workoutLanguageText : newText;
          const { workoutLanguageText, workoutStructure, parsed } = derived(
            text,
            current.sport as Sport,
            histories.get(current.athleteId) ?? { history: [], edited: [] },
            changes.workoutDate ?? current.workoutDate,
          );
          changes.workoutLanguageText = workoutLanguageText;
          changes.workoutStructure = workoutStructure;
          if (parsed) Object.assign(changes, followParse(current, parsed, changes));
        }
        const row = { ...current, ...changes } as repo.WorkoutRow;
        return { ...row, tss: tssOf(row), updatedAt: at };
      });
      // docs/RELIABILITY.md, "Concurrency": every athlete's write lock before their rows, in one order.
      await lockAthletesWrites(
        conn,
        planned.map((item) => item.current.athleteId),
      );
      const written = await repo.updatePlannedIfUnchanged(
        conn,
        next.map((row, i) => ({ ...row, unchangedSince: planned[i]!.current.updatedAt })),
        at,
      );
      return new Map(next.filter((row) => written.has(row.id)).map((row) => [row.id, row]));
    },

    /** Deletes a workout for the athlete on the caller's transaction; the deleted row, undefined when none. */
    async removeFor(conn: Conn, auth: AuthContext, id: string): Promise<repo.WorkoutRow | undefined> {
      const row = await conn.transaction(async (tx) => {
        await lockAthleteLoad(tx, auth.athleteId);
        const current = UUID.test(id) ? await repo.findWorkout(tx, auth.athleteId, id) : undefined;
        if (!current) return undefined;
        await repo.deleteWorkout(tx, auth.athleteId, id);
        if (current.status === 'completed') await rederiveDailyLoad(tx, auth.athleteId, current.workoutDate);
        return current;
      });
      return row;
    },

    /**
     * Re-creates a workout with its old id (undoing a deletion, docs/adaptation.md "Undo"), parsed and scored
     * as a new one, on the caller's transaction.
     */
    async recreateFor(
      conn: Conn,
      auth: AuthContext,
      values: {
        id: string;
        planId: string | null;
        title: string;
        workoutDate: string;
        sport: Sport;
        workoutLanguageText: string | null;
        durationMinutes: number | null;
        intensityZone: number | null;
        status: string;
        description: string | null;
      },
    ): Promise<repo.WorkoutRow> {
      // The plan may have been deleted since: the workout comes back without it.
      const planId =
        values.planId && (await repo.planBelongsTo(conn, auth.athleteId, values.planId))
          ? values.planId
          : null;
      const { workoutLanguageText, workoutStructure } = derived(
        values.workoutLanguageText,
        values.sport,
        await history(conn, auth.athleteId),
        values.workoutDate,
      );
      return insert(
        auth,
        {
          ...values,
          planId,
          workoutLanguageText,
          workoutStructure,
          completedAt: values.status === 'completed' ? new Date() : null,
        },
        conn,
      );
    },

    async today(auth: AuthContext, now = new Date()): Promise<TrainingWorkout[]> {
      return (await repo.workoutsOn(db, auth.athleteId, dateInTimeZone(now, auth.timezone))).map(
        toTrainingWorkout,
      );
    },
  };
  return service;
}

export type WorkoutService = ReturnType<typeof createWorkoutService>;
export type { PlanSlotRow, WorkoutRow, WorkoutSummaryRow } from './repository.ts';
/** What the modules computed from workouts (plans, training load) read of them. */
export type WorkoutReader = Pick<WorkoutService, 'rows'>;
