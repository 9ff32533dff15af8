// Queries of the daily load table: the stored day before a change, the completed sessions after it, and the
// rows that replace the re-derived days. Every query is scoped by the athlete id.
import { epochDay } from '@stamina/core';
import { and, asc, desc, eq, gt, gte, lt, notExists, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { jsonObject, jsonRows } from '../../db/json-rows.ts';
import { readValue } from '../../db/read-batch.ts';
import { activities, dailyLoad, workouts } from '../../db/schema/index.ts';
import { uuidArray } from '../../db/uuid-array.ts';

export type DailyLoadRow = typeof dailyLoad.$inferSelect;

/**
 * The athlete's daily-load lock is their write lock (db/athlete-lock.ts): every re-derivation of the athlete's
 * days takes it, so two writes never interleave their delete and insert (on PostgreSQL that was a duplicate-key
 * 500 and a table that disagreed with the workouts). Only call it inside a transaction.
 */
export { lockAthleteWrites as lockAthleteLoad } from '../../db/athlete-lock.ts';

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

/**
 * The athlete's completed workouts on or after `date` that no recorded activity completes, oldest first: with
 * `activitiesFrom`, what the load is made of (a matched workout's load comes from its activity, never twice).
 */
export async function completedSessionsFrom(db: Conn, athleteId: string, date: string) {
  return db
    .select({
      date: workouts.workoutDate,
      sport: workouts.sport,
      durationMinutes: workouts.durationMinutes,
      intensityZone: workouts.intensityZone,
      tss: workouts.tss,
      structure: workouts.workoutStructure,
      // What was logged on marking it done by hand (docs/training-load.md, "Logged sessions").
      actualTss: workouts.actualTss,
      actualDurationSeconds: workouts.actualDurationSeconds,
    })
    .from(workouts)
    .where(
      and(
        eq(workouts.athleteId, athleteId),
        eq(workouts.status, 'completed'),
        gte(workouts.workoutDate, date),
        notExists(
          db
            .select({ one: sql`1` })
            .from(activities)
            .where(and(eq(activities.athleteId, athleteId), eq(activities.workoutId, workouts.id))),
        ),
      ),
    )
    .orderBy(asc(workouts.workoutDate));
}

/**
 * Rows one statement reads of the athlete's activities, and writes of their days, when the days are derived
 * again: on PGlite a statement holds the event loop for its whole run, and an archive of a decade derives 3,000
 * days at its end from 3,000 activities (docs/RELIABILITY.md, "An archive on PGlite").
 */
const ACTIVITIES_PER_PAGE = 500;
const DAYS_PER_STATEMENT = 100;

/**
 * The athlete's recorded activities on or after `date` (their local day), oldest first; each counts as training.
 * Read in pages of ACTIVITIES_PER_PAGE, by day and id.
 */
export async function activitiesFrom(db: Conn, athleteId: string, date: string) {
  const read = [];
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const page = await db
      .select({
        id: activities.id,
        date: activities.localDate,
        sport: activities.sport,
        movingSeconds: activities.movingSeconds,
        tss: activities.tss,
        intensityFactor: activities.intensityFactor,
        zoneSeconds: activities.zoneSeconds,
      })
      .from(activities)
      .where(
        and(
          eq(activities.athleteId, athleteId),
          gte(activities.localDate, date),
          after ? sql`(${activities.localDate}, ${activities.id}) > (${after.date}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(activities.localDate), asc(activities.id))
      .limit(ACTIVITIES_PER_PAGE);
    read.push(...page);
    const last = page.at(-1);
    if (page.length < ACTIVITIES_PER_PAGE || !last) return read;
    after = { date: last.date, id: last.id };
  }
}

/**
 * The athlete's recorded activities from `from` to `to` that complete no workout (a matched one counts through
 * its workout): for consistency, each is a completed session of its day (docs/training-load.md, "Consistency").
 */
export async function unmatchedActivitiesBetween(db: Conn, athleteId: string, from: string, to: string) {
  return db
    .select({ date: activities.localDate, movingSeconds: activities.movingSeconds })
    .from(activities)
    .where(
      and(
        eq(activities.athleteId, athleteId),
        gte(activities.localDate, from),
        sql`${activities.localDate} <= ${to}`,
        sql`${activities.workoutId} is null`,
      ),
    )
    .orderBy(asc(activities.localDate));
}

/** The first stored day without per-sport figures (written before they were kept), if any. */
export async function firstDayWithoutSportFigures(db: Conn, athleteId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ date: dailyLoad.date })
    .from(dailyLoad)
    .where(and(eq(dailyLoad.athleteId, athleteId), sql`${dailyLoad.sportFigures} is null`))
    .orderBy(asc(dailyLoad.date))
    .limit(1);
  return row?.date;
}

/** Replaces every stored day from `date` on with `rows`. */
export async function replaceDaysFrom(
  db: Conn,
  athleteId: string,
  date: string,
  rows: readonly Omit<DailyLoadRow, 'athleteId'>[],
): Promise<void> {
  await db.delete(dailyLoad).where(and(eq(dailyLoad.athleteId, athleteId), gte(dailyLoad.date, date)));
  for (let i = 0; i < rows.length; i += DAYS_PER_STATEMENT) {
    await db
      .insert(dailyLoad)
      .values(rows.slice(i, i + DAYS_PER_STATEMENT).map((row) => ({ ...row, athleteId })));
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

/** What a load read gives of each stored day: all but the athlete and the streak facts. */
const LOAD_DAY = {
  date: dailyLoad.date,
  tss: dailyLoad.tss,
  ctl: dailyLoad.ctl,
  atl: dailyLoad.atl,
  tsb: dailyLoad.tsb,
  sessions: dailyLoad.sessions,
  runMinutes: dailyLoad.runMinutes,
  bikeMinutes: dailyLoad.bikeMinutes,
  swimMinutes: dailyLoad.swimMinutes,
  strengthMinutes: dailyLoad.strengthMinutes,
  zoneSeconds: dailyLoad.zoneSeconds,
  streakDays: dailyLoad.streakDays,
  longestStreak: dailyLoad.longestStreak,
};
export type LoadDayRow = Pick<DailyLoadRow, keyof typeof LOAD_DAY>;

/**
 * What the daily adaptation's batch reads of each stored day: the series' inputs (the day's TSS, the seed's CTL
 * and ATL) and the CTL its ramp compares. Not the minutes, zones and streaks: building their JSON for every day of
 * a page of athletes was most of the read (docs/scale.md, "What grows, measured").
 */
const LOAD_POINT = {
  date: dailyLoad.date,
  tss: dailyLoad.tss,
  ctl: dailyLoad.ctl,
  atl: dailyLoad.atl,
};
export type LoadPointRow = Pick<LoadDayRow, keyof typeof LOAD_POINT>;

/**
 * The stored days from `from` to `to`, oldest first, and the last stored day before `from` (the series' seed),
 * in one query: a load read is one round trip, not two in a row (the dashboard summary makes five of them).
 * Read as one JSON value (db/json-rows.ts): the 8 weeks of a dashboard summary are one value, not 400 fields.
 */
export async function daysWithSeed(
  db: Conn,
  athleteId: string,
  from: string,
  to: string,
): Promise<{ before: LoadDayRow | undefined; rows: LoadDayRow[] }> {
  const all = await jsonRows(
    db,
    LOAD_DAY,
    dailyLoad,
    and(
      eq(dailyLoad.athleteId, athleteId),
      or(
        sql`${dailyLoad.date} between ${from} and ${to}`,
        sql`${dailyLoad.date} = (select max(d.date) from ${dailyLoad} d where d.athlete_id = ${athleteId} and d.date < ${from})`,
      ),
    ),
    sql`${dailyLoad.date}`,
  );
  const before = all[0] && all[0].date < from ? all[0] : undefined;
  return { before, rows: before ? all.slice(1) : all };
}

/**
 * `daysWithSeed` of many athletes in one query (the daily adaptation's batch), only the `LOAD_POINT` columns:
 * athlete id → the stored days from `from` to `to`, oldest first, and the last stored day before `from`. Athletes
 * with neither have no key.
 */
export async function daysWithSeedOfAthletes(
  db: Conn,
  athleteIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, { before: LoadPointRow | undefined; rows: LoadPointRow[] }>> {
  const out = new Map<string, { before: LoadPointRow | undefined; rows: LoadPointRow[] }>();
  if (athleteIds.length === 0) return out;
  // The window's days by an index range per athlete, and each athlete's seed day by one backward probe, as two
  // arms of a union: as one `or`, the date range could not bound the index scan, which then read every stored day
  // of the page's athletes (their whole history) to keep a few (docs/scale.md, "What grows, measured"). The
  // union is named as the table, for the object's column references.
  const ids = uuidArray(athleteIds);
  const { object, revive } = jsonObject({ ...LOAD_POINT, athleteId: dailyLoad.athleteId });
  const all = revive(
    await readValue(
      db,
      sql`select coalesce(json_agg(${object} order by ${dailyLoad.athleteId}, ${dailyLoad.date}), '[]'::json)
        from (
          select d.athlete_id, d.date, d.tss, d.ctl, d.atl from ${dailyLoad} d
          where d.athlete_id = any(${ids}) and d.date between ${from} and ${to}
          union all
          select s.athlete_id, s.date, s.tss, s.ctl, s.atl from unnest(${ids}) a(id)
          cross join lateral (
            select d.athlete_id, d.date, d.tss, d.ctl, d.atl from ${dailyLoad} d
            where d.athlete_id = a.id and d.date < ${from} order by d.date desc limit 1
          ) s
        ) as ${dailyLoad}`,
    ),
  );
  for (const { athleteId, ...row } of all) {
    let entry = out.get(athleteId);
    if (!entry) {
      entry = { before: undefined, rows: [] };
      out.set(athleteId, entry);
    }
    if (row.date < from) entry.before = row;
    else entry.rows.push(row);
  }
  return out;
}

/**
 * The athlete's training streaks up to `today`: the longest run of consecutive days with sessions, and the
 * current one, which ends today or, when today has no session yet, yesterday (core `trainingStreak` has the same
 * rule). Each stored day keeps its streak facts (`streak_days`, `longest_streak`, written by `rederiveDailyLoad`),
 * so this is one row by the primary key: the last day with sessions on or before today. Counting the runs over
 * the whole history per read (gaps and islands in SQL) took most of a dashboard-summary miss on PGlite
 * (docs/performance.md, "Cached reads and what a miss costs").
 */
export async function streaks(
  db: Conn,
  athleteId: string,
  today: string,
): Promise<{ current: number; longest: number }> {
  const [last] = await db
    .select({
      date: dailyLoad.date,
      streakDays: dailyLoad.streakDays,
      longestStreak: dailyLoad.longestStreak,
    })
    .from(dailyLoad)
    .where(
      and(eq(dailyLoad.athleteId, athleteId), sql`${dailyLoad.date} <= ${today}`, gt(dailyLoad.sessions, 0)),
    )
    .orderBy(desc(dailyLoad.date))
    .limit(1);
  return last ? streakAsOf(last, today) : { current: 0, longest: 0 };
}

/** The streaks as of `today`, from the last day with sessions on or before it (the rule of `streaks`). */
export function streakAsOf(
  last: Pick<LoadDayRow, 'date' | 'streakDays' | 'longestStreak'>,
  today: string,
): { current: number; longest: number } {
  const current = epochDay(today) - epochDay(last.date) <= 1 ? last.streakDays : 0;
  return { current, longest: last.longestStreak };
}
