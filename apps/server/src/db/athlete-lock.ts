// The athlete's write lock: one order for every write of an athlete's training (docs/RELIABILITY.md,
// "Concurrency"). A transaction that writes an athlete's workouts, activities, daily load, plans or thresholds
// takes this advisory lock before its first row lock, so two of them never hold rows in opposite orders
// (on PostgreSQL that was a deadlock, 40P01: completing a workout locked its row, then this lock; setting it
// back took this lock, then the row).
import { sql } from 'drizzle-orm';
import type { Conn } from './client.ts';

/** Advisory lock namespace of the per-athlete lock (two-key form; other locks use the one-key form). */
const ATHLETE_LOCK_CLASS = 7_361_220;

/**
 * Waits for, then holds until the transaction ends, the athlete's write lock. Taken again in the same
 * transaction it returns at once. Only call it inside a transaction, before any row lock of the athlete's.
 */
export async function lockAthleteWrites(db: Conn, athleteId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ATHLETE_LOCK_CLASS}, hashtext(${athleteId}))`);
}

/** The locks of several athletes at once (a batch across athletes), in one order so two batches never cross. */
export async function lockAthletesWrites(db: Conn, athleteIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(athleteIds)].sort();
  if (ids.length === 0) return;
  await db.execute(sql`
    select pg_advisory_xact_lock(${ATHLETE_LOCK_CLASS}, hashtext(id))
    from (select unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]) as id order by 1) as sorted`);
}
