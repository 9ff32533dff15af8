// Queries of the daily load table: the stored day before a change, the completed sessions after it, and the
// rows that replace the re-derived days. Every query is scoped by the athlete id.
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { dailyLoad, workouts } from '../../db/schema/index.ts';

export type DailyLoadRow = typeof dailyLoad.$inferSelect;

/** Advisory lock namespace of the per-athlete load lock (two-key form; other locks use the one-key form). */
const LOAD_LOCK_CLASS = 7_361_220;

/**
 * Waits for, then holds until the transaction ends, the athlete's daily-load lock: every re-derivation of the
 * athlete's days takes it first, so two writes never interleave their delete and insert (on PostgreSQL that
 * was a duplicate-key 500 and a table that disagreed with the workouts). Only call it inside a transaction.
 */
export async function lockAthleteLoad(db: Conn, athleteId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK_CLASS}, hashtext(${athleteId}))`);
}

/** The last stored day before `date`, if any. */
export async function lastDayBefore(
  db: Conn,
  athleteId: string,
  date: string,
): Promise<DailyLoadRow | undefined> {
  const rows = await db
    .select()
    .from(dailyLoad)
    .where(and(eq(dailyLoad.athleteId, athleteId), lt(dailyLoad.date, date)))
    .orderBy(desc(dailyLoad.date))
    .limit(1);
  return rows[0];
}

/** The athlete's completed sessions on or after `date`, oldest first: what the load is made of. */
export async function completedSessionsFrom(db: Conn, athleteId: string, date: string) {
  return db
    .select({
      date: workouts.workoutDate,
      sport: workouts.sport,
      durationMinutes: workouts.durationMinutes,
      intensityZone: workouts.intensityZone,
      tss: workouts.tss,
      structure: workouts.workoutStructure,
    })
    .from(workouts)
    .where(
      and(
        eq(workouts.athleteId, athleteId),
        eq(workouts.status, 'completed'),
        gte(workouts.workoutDate, date),
      ),
    )
    .orderBy(asc(workouts.workoutDate));
}

/** Replaces every stored day from `date` on with `rows`. */
export async function replaceDaysFrom(
  db: Conn,
  athleteId: string,
  date: string,
  rows: readonly Omit<DailyLoadRow, 'athleteId'>[],
): Promise<void> {
  await db.delete(dailyLoad).where(and(eq(dailyLoad.athleteId, athleteId), gte(dailyLoad.date, date)));
  // One statement per chunk keeps the parameter count well under PostgreSQL's limit.
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(dailyLoad).values(rows.slice(i, i + 500).map((row) => ({ ...row, athleteId })));
  }
}

/** The stored days between two dates, oldest first. */
export async function daysBetween(
  db: Conn,
  athleteId: string,
  from: string,
  to: string,
): Promise<DailyLoadRow[]> {
  return db
    .select()
    .from(dailyLoad)
    .where(and(eq(dailyLoad.athleteId, athleteId), sql`${dailyLoad.date} between ${from} and ${to}`))
    .orderBy(asc(dailyLoad.date));
}

/** Every day with at least one completed session, oldest first. */
export async function daysWithSessions(db: Conn, athleteId: string): Promise<string[]> {
  const rows = await db
    .select({ date: dailyLoad.date })
    .from(dailyLoad)
    .where(and(eq(dailyLoad.athleteId, athleteId), sql`${dailyLoad.sessions} > 0`))
    .orderBy(asc(dailyLoad.date));
  return rows.map((row) => row.date);
}
