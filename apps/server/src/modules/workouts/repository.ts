// Queries of the workouts area. Every query is scoped by the caller's athlete id.
import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { activities, trainingPlans, workouts } from '../../db/schema/index.ts';
import { uuidArray } from '../../db/uuid-array.ts';

export type WorkoutRow = typeof workouts.$inferSelect;
export type WorkoutInsert = Omit<
  typeof workouts.$inferInsert,
  'id' | 'athleteId' | 'createdAt' | 'updatedAt'
>;

export interface WorkoutFilter {
  planId?: string | undefined;
  sport?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  status?: string | undefined;
  limit: number;
}

export async function listWorkouts(
  db: Conn,
  athleteId: string,
  filter: WorkoutFilter,
): Promise<WorkoutRow[]> {
  const conditions: SQL[] = [eq(workouts.athleteId, athleteId)];
  if (filter.planId) conditions.push(eq(workouts.planId, filter.planId));
  if (filter.sport) conditions.push(eq(workouts.sport, filter.sport));
  if (filter.status) conditions.push(eq(workouts.status, filter.status));
  if (filter.dateFrom) conditions.push(gte(workouts.workoutDate, filter.dateFrom));
  if (filter.dateTo) conditions.push(lte(workouts.workoutDate, filter.dateTo));
  // Read as one JSON value (db/json-rows.ts): a week or a month of workouts is one value, not hundreds of fields.
  return jsonRows(
    db,
    getTableColumns(workouts),
    workouts,
    and(...conditions),
    sql`${workouts.workoutDate}, ${workouts.createdAt}`,
    filter.limit,
  );
}

/** The planned workouts of the athlete on any of `days`, by day and then as created (an archive round's). */
export async function plannedOnDays(
  db: Conn,
  athleteId: string,
  days: readonly string[],
): Promise<WorkoutRow[]> {
  if (days.length === 0) return [];
  return jsonRows(
    db,
    getTableColumns(workouts),
    workouts,
    and(
      eq(workouts.athleteId, athleteId),
      eq(workouts.status, 'planned'),
      inArray(workouts.workoutDate, [...days]),
    ),
    sql`${workouts.workoutDate}, ${workouts.createdAt}`,
  );
}

/** The columns of a workout a week's summary and the dashboard's workout of the day show (not its structure). */
const WORKOUT_SUMMARY = {
  id: workouts.id,
  planId: workouts.planId,
  title: workouts.title,
  description: workouts.description,
  workoutDate: workouts.workoutDate,
  sport: workouts.sport,
  durationMinutes: workouts.durationMinutes,
  intensityZone: workouts.intensityZone,
  targetHeartRateMin: workouts.targetHeartRateMin,
  targetHeartRateMax: workouts.targetHeartRateMax,
  status: workouts.status,
  tss: workouts.tss,
  createdAt: workouts.createdAt,
};
export type WorkoutSummaryRow = Pick<WorkoutRow, keyof typeof WORKOUT_SUMMARY>;

/**
 * The athlete's workouts between two dates with only the summary's columns, in `listWorkouts`' order: a
 * dashboard miss reads a week of them, and a workout's structure is most of its bytes.
 */
export async function listWorkoutSummaries(
  db: Conn,
  athleteId: string,
  from: string,
  to: string,
  limit: number,
): Promise<WorkoutSummaryRow[]> {
  return jsonRows(
    db,
    WORKOUT_SUMMARY,
    workouts,
    and(eq(workouts.athleteId, athleteId), gte(workouts.workoutDate, from), lte(workouts.workoutDate, to)),
    sql`${workouts.workoutDate}, ${workouts.createdAt}`,
    limit,
  );
}

export async function findWorkout(db: Conn, athleteId: string, id: string): Promise<WorkoutRow | undefined> {
  const rows = await db
    .select()
    .from(workouts)
    .where(and(eq(workouts.id, id), eq(workouts.athleteId, athleteId)))
    .limit(1);
  return rows[0];
}

/** One of the athlete's workouts, its row locked until the caller's transaction ends. */
export async function findWorkoutForUpdate(
  db: Conn,
  athleteId: string,
  id: string,
): Promise<WorkoutRow | undefined> {
  const rows = await db
    .select()
    .from(workouts)
    .where(and(eq(workouts.id, id), eq(workouts.athleteId, athleteId)))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function workoutsOn(db: Conn, athleteId: string, date: string): Promise<WorkoutRow[]> {
  return db
    .select()
    .from(workouts)
    .where(and(eq(workouts.athleteId, athleteId), eq(workouts.workoutDate, date)))
    .orderBy(desc(workouts.status), asc(workouts.createdAt));
}

export async function insertWorkout(
  db: Conn,
  athleteId: string,
  values: WorkoutInsert & { id?: string },
): Promise<WorkoutRow> {
  const [row] = await db
    .insert(workouts)
    .values({ ...values, athleteId })
    .returning();
  return row!;
}

/** Several rows in one statement per 100 (the bulk path of the workout service). */
export async function insertWorkouts(
  db: Conn,
  athleteId: string,
  values: readonly WorkoutInsert[],
): Promise<WorkoutRow[]> {
  const rows: WorkoutRow[] = [];
  for (let i = 0; i < values.length; i += 100) {
    const chunk = values.slice(i, i + 100).map((v) => ({ ...v, athleteId }));
    rows.push(...(await db.insert(workouts).values(chunk).returning()));
  }
  return rows;
}

export async function updateWorkout(
  db: Conn,
  athleteId: string,
  id: string,
  values: Partial<WorkoutInsert>,
  /** Only when the row is still as of this time (to the millisecond, as the API gives `updated_at`). */
  unchangedSince?: Date,
): Promise<WorkoutRow | undefined> {
  const [row] = await db
    .update(workouts)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(workouts.id, id),
        eq(workouts.athleteId, athleteId),
        unchangedSince
          ? sql`date_trunc('milliseconds', ${workouts.updatedAt}) = ${unchangedSince.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .returning();
  return row;
}

/** Deletes one of the athlete's workouts; its date and status, or undefined when there was none. */
export async function deleteWorkout(db: Conn, athleteId: string, id: string) {
  const rows = await db
    .delete(workouts)
    .where(and(eq(workouts.id, id), eq(workouts.athleteId, athleteId)))
    .returning({ workoutDate: workouts.workoutDate, status: workouts.status });
  return rows[0];
}

/**
 * Deletes the athlete's planned workouts of a plan dated `fromDay` or later; completed and skipped ones stay.
 * Answers how many went.
 */
export async function deletePlannedOfPlan(
  db: Conn,
  athleteId: string,
  planId: string,
  fromDay: string,
): Promise<number> {
  const rows = await db
    .delete(workouts)
    .where(
      and(
        eq(workouts.athleteId, athleteId),
        eq(workouts.planId, planId),
        eq(workouts.status, 'planned'),
        gte(workouts.workoutDate, fromDay),
      ),
    )
    .returning({ id: workouts.id });
  return rows.length;
}

export async function planBelongsTo(db: Conn, athleteId: string, planId: string): Promise<boolean> {
  const rows = await db
    .select({ id: trainingPlans.id })
    .from(trainingPlans)
    .where(and(eq(trainingPlans.id, planId), eq(trainingPlans.athleteId, athleteId)))
    .limit(1);
  return rows.length > 0;
}

/** The columns a workout's API answer (`toWorkout`) is built from. */
const WORKOUT_ANSWER = {
  id: workouts.id,
  title: workouts.title,
  workoutDate: workouts.workoutDate,
  sport: workouts.sport,
  workoutLanguageText: workouts.workoutLanguageText,
  durationMinutes: workouts.durationMinutes,
  intensityZone: workouts.intensityZone,
  planId: workouts.planId,
  templateId: workouts.templateId,
  status: workouts.status,
  workoutData: workouts.workoutData,
  workoutStructure: workouts.workoutStructure,
  tss: workouts.tss,
  actualDurationSeconds: workouts.actualDurationSeconds,
  actualDistanceM: workouts.actualDistanceM,
  actualTss: workouts.actualTss,
  rpe: workouts.rpe,
  note: workouts.note,
  createdAt: workouts.createdAt,
  updatedAt: workouts.updatedAt,
};
export type WorkoutAnswerRow = Pick<WorkoutRow, keyof typeof WORKOUT_ANSWER>;

/**
 * The calendar's workouts between two dates (date, then creation order), each with the recorded activity
 * that completes it when it is completed, in one query: only the columns the answer shows (every column read
 * is decoded per row, which on PGlite is most of a query's time). docs/performance.md, "Cached reads and what a miss costs". Read as one JSON value (db/json-rows.ts).
 */
export async function calendarRows(
  db: Conn,
  athleteId: string,
  from: string,
  to: string,
  limit: number,
): Promise<Array<WorkoutAnswerRow & { activityId: string | null }>> {
  const completedBy = sql<string | null>`case when ${workouts.status} = 'completed' then (
      select ${activities.id} from ${activities}
      where ${activities.athleteId} = ${athleteId} and ${activities.workoutId} = ${workouts.id} limit 1
    ) end`;
  return jsonRows(
    db,
    { ...WORKOUT_ANSWER, activityId: completedBy },
    workouts,
    and(eq(workouts.athleteId, athleteId), gte(workouts.workoutDate, from), lte(workouts.workoutDate, to)),
    sql`${workouts.workoutDate}, ${workouts.createdAt}`,
    limit,
  );
}

/**
 * What the daily adaptation's rules read of a workout: not its text, structure or data, whose JSON was most of
 * the batch's read with two years of history (docs/scale.md, "What grows, measured").
 */
const PLAN_SLOT = {
  id: workouts.id,
  athleteId: workouts.athleteId,
  planId: workouts.planId,
  title: workouts.title,
  workoutDate: workouts.workoutDate,
  sport: workouts.sport,
  durationMinutes: workouts.durationMinutes,
  intensityZone: workouts.intensityZone,
  status: workouts.status,
  tss: workouts.tss,
  actualTss: workouts.actualTss,
  editedByAthleteAt: workouts.editedByAthleteAt,
  updatedAt: workouts.updatedAt,
};

export type PlanSlotRow = Pick<WorkoutRow, keyof typeof PLAN_SLOT>;

/**
 * The workouts of many athletes between two dates, by athlete, then date and creation order, as the
 * adaptation's rules read them: the daily adaptation's read of a batch of athletes (docs/adaptation.md, "One run
 * a day"), one query for the batch.
 */
export async function listWorkoutsOfAthletes(
  db: Conn,
  athleteIds: readonly string[],
  from: string,
  to: string,
): Promise<PlanSlotRow[]> {
  if (athleteIds.length === 0) return [];
  return jsonRows(
    db,
    PLAN_SLOT,
    workouts,
    and(
      sql`${workouts.athleteId} = any(${uuidArray(athleteIds)})`,
      gte(workouts.workoutDate, from),
      lte(workouts.workoutDate, to),
    ),
    sql`${workouts.athleteId}, ${workouts.workoutDate}, ${workouts.createdAt}`,
  );
}

/**
 * Whole rows of many athletes' workouts, each named with its athlete, in one read (those the adaptation changes):
 * one primary-key probe a pair (`athlete_id = any(…) and id = any(…)` probed every athlete with every id).
 */
export async function workoutsOfIds(
  db: Conn,
  refs: ReadonlyArray<{ athleteId: string; id: string }>,
): Promise<WorkoutRow[]> {
  if (refs.length === 0) return [];
  return jsonRows(
    db,
    getTableColumns(workouts),
    workouts,
    sql`(${workouts.athleteId}, ${workouts.id}) in (select a, w from unnest(${uuidArray(
      refs.map((r) => r.athleteId),
    )}, ${uuidArray(refs.map((r) => r.id))}) as pair(a, w))`,
    sql`${workouts.athleteId}, ${workouts.id}`,
  );
}

/** One row of `updatePlannedIfUnchanged`: the workout's new values, all of them. */
export interface PlannedUpdate {
  id: string;
  athleteId: string;
  /** The `updated_at` the values were computed from (to the millisecond). */
  unchangedSince: Date;
  title: string;
  workoutDate: string;
  workoutLanguageText: string | null;
  workoutStructure: Record<string, unknown> | null;
  durationMinutes: number | null;
  intensityZone: number | null;
  status: string;
  completedAt: Date | null;
  description: string | null;
  tss: number | null;
}

/**
 * Writes many planned workouts in one statement, each only while it is still planned, not edited by the athlete,
 * and as of its `unchangedSince`; answers the ids written (the others changed meanwhile and are left alone).
 */
export async function updatePlannedIfUnchanged(
  db: Conn,
  rows: readonly PlannedUpdate[],
  at: Date,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const values = rows.map((r) => ({
    id: r.id,
    athlete_id: r.athleteId,
    unchanged_since: r.unchangedSince.toISOString(),
    title: r.title,
    workout_date: r.workoutDate,
    workout_language_text: r.workoutLanguageText,
    workout_structure: r.workoutStructure,
    duration_minutes: r.durationMinutes,
    intensity_zone: r.intensityZone,
    status: r.status,
    completed_at: r.completedAt?.toISOString() ?? null,
    description: r.description,
    tss: r.tss,
  }));
  // The ids again as an array: the planner then finds the rows by primary key, whatever it guesses of the
  // recordset's size (on a table without statistics, a join alone was a scan of the table per row).
  const result = await db.execute(sql`
    update workouts w set title = v.title, workout_date = v.workout_date,
      workout_language_text = v.workout_language_text, workout_structure = v.workout_structure,
      duration_minutes = v.duration_minutes, intensity_zone = v.intensity_zone, status = v.status,
      completed_at = v.completed_at, description = v.description, tss = v.tss,
      updated_at = ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, athlete_id uuid,
      unchanged_since timestamptz, title text, workout_date date, workout_language_text text,
      workout_structure jsonb, duration_minutes integer, intensity_zone smallint, status text,
      completed_at timestamptz, description text, tss double precision)
    where w.id = v.id and w.athlete_id = v.athlete_id and w.status = 'planned'
      and w.id = any(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[])
      and w.edited_by_athlete_at is null
      and date_trunc('milliseconds', w.updated_at) = v.unchanged_since
    returning w.id`);
  return new Set((result as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Workouts still planned between two days (inclusive) of the given athletes, in one read: the notifications'
 * missed key sessions (docs/notifications.md).
 */
export async function plannedWorkoutsOf(
  db: Conn,
  athleteIds: readonly string[],
  fromDay: string,
  toDay: string,
) {
  if (athleteIds.length === 0) return [];
  return rowsOf<{
    id: string;
    athlete_id: string;
    title: string;
    workout_date: string;
    sport: string;
    duration_minutes: number | null;
    intensity_zone: number | null;
  }>(
    await db.execute(sql`
      select id, athlete_id, title, workout_date::text as workout_date, sport, duration_minutes, intensity_zone
      from workouts
      where status = 'planned' and workout_date between ${fromDay} and ${toDay}
        and athlete_id in (${sql.join(
          athleteIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
  );
}
