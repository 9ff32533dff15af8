// Queries of the adaptation area: plan changes, the days the athlete decided, and the daily runs. Every query
// is scoped by the athlete id.
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import {
  adaptationRuns,
  athleteDecidedDays,
  planChanges,
  type WorkoutSnapshot,
} from '../../db/schema/index.ts';
import { uuidArray } from '../../db/uuid-array.ts';

export type PlanChangeRow = typeof planChanges.$inferSelect;
export type PlanChangeInsert = Omit<typeof planChanges.$inferInsert, 'id' | 'athleteId' | 'createdAt'>;
export type { WorkoutSnapshot };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertChange(
  db: Conn,
  athleteId: string,
  values: PlanChangeInsert,
): Promise<PlanChangeRow> {
  const [row] = await db
    .insert(planChanges)
    .values({ ...values, athleteId })
    .returning();
  return row!;
}

/** One of the athlete's changes, locked until the caller's transaction ends. */
export async function findChangeForUpdate(
  db: Conn,
  athleteId: string,
  id: string,
): Promise<PlanChangeRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.athleteId, athleteId), eq(planChanges.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function markUndone(db: Conn, athleteId: string, id: string, at: Date): Promise<PlanChangeRow> {
  const [row] = await db
    .update(planChanges)
    .set({ undoneAt: at })
    .where(and(eq(planChanges.athleteId, athleteId), eq(planChanges.id, id)))
    .returning();
  return row!;
}

export interface ChangeFilter {
  planId?: string | undefined;
  workoutId?: string | undefined;
  limit: number;
  offset: number;
}

function filterOf(athleteId: string, filter: Pick<ChangeFilter, 'planId' | 'workoutId'>) {
  return and(
    eq(planChanges.athleteId, athleteId),
    filter.planId ? eq(planChanges.planId, filter.planId) : undefined,
    filter.workoutId ? eq(planChanges.workoutId, filter.workoutId) : undefined,
  );
}

/** Newest first. */
export async function listChanges(
  db: Conn,
  athleteId: string,
  filter: ChangeFilter,
): Promise<{ rows: PlanChangeRow[]; total: number }> {
  const where = filterOf(athleteId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(planChanges)
      .where(where)
      .orderBy(desc(planChanges.createdAt), desc(planChanges.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(planChanges).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function markDecided(db: Conn, athleteId: string, dates: readonly string[]): Promise<void> {
  if (dates.length === 0) return;
  await db
    .insert(athleteDecidedDays)
    .values([...new Set(dates)].map((date) => ({ athleteId, date })))
    .onConflictDoNothing();
}

/** The (athlete, day) runs done on or after `fromDay`, as "athleteId:day" keys: the schedule skips them. */
export async function runsSince(db: Conn, fromDay: string): Promise<Set<string>> {
  const rows = await db
    .select({ athleteId: adaptationRuns.athleteId, day: adaptationRuns.day })
    .from(adaptationRuns)
    .where(sql`${adaptationRuns.day} >= ${fromDay}`);
  return new Set(rows.map((r) => `${r.athleteId}:${r.day}`));
}

// Batch forms, for the daily job's pages of athletes (docs/adaptation.md, "One run a day"): one statement each.

/** Changes inserted in one statement, in the order given. */
export async function insertChanges(
  db: Conn,
  values: ReadonlyArray<PlanChangeInsert & { athleteId: string }>,
): Promise<PlanChangeRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(planChanges)
    .values([...values])
    .returning();
}

/**
 * Many athletes' changes not undone of these workouts (the rules leave a workout changed once alone).
 */
export async function activeChangesOfAthletes(
  db: Conn,
  athleteIds: readonly string[],
  workoutIds: readonly string[],
): Promise<Array<{ athleteId: string; workoutId: string | null }>> {
  if (athleteIds.length === 0 || workoutIds.length === 0) return [];
  return db
    .select({ athleteId: planChanges.athleteId, workoutId: planChanges.workoutId })
    .from(planChanges)
    .where(
      and(
        sql`${planChanges.athleteId} = any(${uuidArray(athleteIds)})`,
        sql`${planChanges.workoutId} = any(${uuidArray(workoutIds)})`,
        isNull(planChanges.undoneAt),
      ),
    );
}

/** Athlete id → their decided days from `from` to `to`. */
export async function decidedDaysOfAthletes(
  db: Conn,
  athleteIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (athleteIds.length === 0) return out;
  const rows = await db
    .select({ athleteId: athleteDecidedDays.athleteId, date: athleteDecidedDays.date })
    .from(athleteDecidedDays)
    .where(
      and(
        sql`${athleteDecidedDays.athleteId} = any(${uuidArray(athleteIds)})`,
        sql`${athleteDecidedDays.date} between ${from} and ${to}`,
      ),
    );
  for (const row of rows) out.set(row.athleteId, [...(out.get(row.athleteId) ?? []), row.date]);
  return out;
}

/**
 * Claims each athlete's run of its day: the athlete ids whose insert landed (docs/adaptation.md, "One run a
 * day"). On the caller's transaction, so a run that fails releases its claim.
 */
export async function claimRuns(
  db: Conn,
  runs: ReadonlyArray<{ athleteId: string; day: string }>,
): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  const rows = await db
    .insert(adaptationRuns)
    .values([...runs])
    .onConflictDoNothing()
    .returning({ athleteId: adaptationRuns.athleteId });
  return new Set(rows.map((r) => r.athleteId));
}

/**
 * Takes each athlete's run row of its day for the caller's transaction, creating it when missing: a forced run
 * (the adapt call, after an import) waits for any other run of the athlete that day, and counts as the day's run.
 */
export async function lockRuns(
  db: Conn,
  runs: ReadonlyArray<{ athleteId: string; day: string }>,
): Promise<void> {
  if (runs.length === 0) return;
  await db
    .insert(adaptationRuns)
    .values([...runs])
    .onConflictDoUpdate({
      target: [adaptationRuns.athleteId, adaptationRuns.day],
      set: { changes: sql`${adaptationRuns.changes}` },
    });
}

/** Records how many changes each athlete's run of its day made. */
export async function recordRunsChanges(
  db: Conn,
  runs: ReadonlyArray<{ athleteId: string; day: string; changes: number }>,
): Promise<void> {
  if (runs.length === 0) return;
  const values = runs.map((r) => ({ athlete_id: r.athleteId, day: r.day, changes: r.changes }));
  await db.execute(sql`
    update adaptation_runs r set changes = v.changes
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(athlete_id uuid, day date, changes integer)
    where r.athlete_id = v.athlete_id and r.day = v.day`);
}

/**
 * The adaptation's changes to the athlete's plan made after `since` (without it: in the last day), not undone,
 * oldest first. Both times are the database's clock.
 * The notifications' morning e-mail lists them (docs/notifications.md).
 */
export async function adaptationChangesSince(db: Conn, athleteId: string, since: Date | null, limit: number) {
  return db
    .select()
    .from(planChanges)
    .where(
      and(
        eq(planChanges.athleteId, athleteId),
        eq(planChanges.source, 'adaptation'),
        isNull(planChanges.undoneAt),
        since ? gt(planChanges.createdAt, since) : sql`${planChanges.createdAt} > now() - interval '1 day'`,
      ),
    )
    .orderBy(planChanges.createdAt)
    .limit(limit);
}
