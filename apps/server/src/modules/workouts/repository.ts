// Queries of the workouts area. Every query is scoped by the caller's athlete id.
import { and, asc, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { activities, trainingPlans, workouts } from '../../db/schema/index.ts';

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
  return db
    .select()
    .from(workouts)
    .where(and(...conditions))
    .orderBy(asc(workouts.workoutDate), asc(workouts.createdAt))
    .limit(filter.limit);
}

export async function findWorkout(db: Conn, athleteId: string, id: string): Promise<WorkoutRow | undefined> {
  const rows = await db
    .select()
    .from(workouts)
    .where(and(eq(workouts.id, id), eq(workouts.athleteId, athleteId)))
    .limit(1);
  return rows[0];
}

export async function workoutsOn(db: Conn, athleteId: string, date: string): Promise<WorkoutRow[]> {
  return db
    .select()
    .from(workouts)
    .where(and(eq(workouts.athleteId, athleteId), eq(workouts.workoutDate, date)))
    .orderBy(desc(workouts.status), asc(workouts.createdAt));
}

export async function insertWorkout(db: Conn, athleteId: string, values: WorkoutInsert): Promise<WorkoutRow> {
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
): Promise<WorkoutRow | undefined> {
  const [row] = await db
    .update(workouts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(workouts.id, id), eq(workouts.athleteId, athleteId)))
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

/**
 * The recorded activity that completes each of these workouts (workout id → activity id), for the calendar's
 * link. Read in SQL from the activities table, as the daily load reads both (docs/activities.md, "Matching").
 */
export async function activityIdsOfWorkouts(
  db: Conn,
  athleteId: string,
  workoutIds: readonly string[],
): Promise<Map<string, string>> {
  if (workoutIds.length === 0) return new Map();
  const rows = await db
    .select({ id: activities.id, workoutId: activities.workoutId })
    .from(activities)
    .where(and(eq(activities.athleteId, athleteId), inArray(activities.workoutId, [...workoutIds])));
  return new Map(rows.map((r) => [r.workoutId!, r.id]));
}
