// Queries of the Analytics API. Load, minutes and zones, in total and per sport, come from the daily load table
// (completed workouts and recorded activities alike); what only the workouts know (planned time, distances) is
// aggregated in SQL over the range's rows. Every query is scoped by the athlete id.

import type { WeekDayIndex } from '@stamina/core';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { activities, dailyLoad, workouts } from '../../db/schema/index.ts';

const float = (expression: SQL) => sql`coalesce(${expression}, 0)::float8`.mapWith(Number);

/**
 * The first day of a date's week, as 'YYYY-MM-DD': the SQL twin of core `weekStartOf` for weeks starting on
 * `weekStartsOn` (0 = Sunday … 6 = Saturday; the athlete's setting). The day is written into the statement
 * as a literal, not a parameter, so that the select and the group by are the same expression.
 */
const weekStartSql = (column: SQL | typeof workouts.workoutDate, weekStartsOn: WeekDayIndex) => {
  const start = sql.raw(String(Number.isInteger(weekStartsOn) ? weekStartsOn : 1));
  return sql<string>`to_char(${column} - ((extract(dow from ${column})::int - ${start} + 7) % 7), 'YYYY-MM-DD')`;
};

const zoneSecond = (zone: number) => float(sql`sum((${dailyLoad.zoneSeconds}->>${zone - 1}::int)::float8)`);

/**
 * Totals of the stored days between two dates (from null: since the first): the first stored day, sessions,
 * TSS, minutes per sport and seconds per zone. One row, zeros for an empty range.
 */
export async function dayTotals(db: Conn, athleteId: string, from: string | null, to: string) {
  const [row] = await db
    .select({
      firstDay: sql<string | null>`to_char(min(${dailyLoad.date}), 'YYYY-MM-DD')`,
      sessions: float(sql`sum(${dailyLoad.sessions})`),
      tss: float(sql`sum(${dailyLoad.tss})`),
      runMinutes: float(sql`sum(${dailyLoad.runMinutes})`),
      bikeMinutes: float(sql`sum(${dailyLoad.bikeMinutes})`),
      swimMinutes: float(sql`sum(${dailyLoad.swimMinutes})`),
      strengthMinutes: float(sql`sum(${dailyLoad.strengthMinutes})`),
      z1: zoneSecond(1),
      z2: zoneSecond(2),
      z3: zoneSecond(3),
      z4: zoneSecond(4),
      z5: zoneSecond(5),
    })
    .from(dailyLoad)
    .where(
      and(
        eq(dailyLoad.athleteId, athleteId),
        lte(dailyLoad.date, to),
        from === null ? undefined : gte(dailyLoad.date, from),
      ),
    );
  return row!;
}

/** Seconds per zone of each week between two dates, oldest first (weeks without stored days absent). */
export async function zoneSecondsByWeek(
  db: Conn,
  athleteId: string,
  from: string,
  to: string,
  weekStartsOn: WeekDayIndex,
) {
  const week = weekStartSql(sql`${dailyLoad.date}`, weekStartsOn);
  return db
    .select({
      week,
      z1: zoneSecond(1),
      z2: zoneSecond(2),
      z3: zoneSecond(3),
      z4: zoneSecond(4),
      z5: zoneSecond(5),
    })
    .from(dailyLoad)
    .where(and(eq(dailyLoad.athleteId, athleteId), gte(dailyLoad.date, from), lte(dailyLoad.date, to)))
    .groupBy(week)
    .orderBy(asc(week));
}

const minutes = sql`greatest(coalesce(${workouts.durationMinutes}, 0), 0)`;

/** Completed workouts of the athlete between two dates; a null bound is open. */
const completedBetween = (athleteId: string, from: string | null, to: string | null) =>
  and(
    eq(workouts.athleteId, athleteId),
    eq(workouts.status, 'completed'),
    to === null ? undefined : lte(workouts.workoutDate, to),
    from === null ? undefined : gte(workouts.workoutDate, from),
  );

interface SportRow {
  sport: string;
  tss: number;
  z1: number;
  z2: number;
  z3: number;
  z4: number;
  z5: number;
}

/**
 * Per sport, its TSS and seconds per zone from the daily load's per-sport figures, between two dates (from null:
 * since the first), grouped by `group` (a week start, or one group). The same days as the totals' (dayTotals),
 * made by the same rule, so a sport's figures add up to the totals (docs/training-load.md, "The daily load
 * table"). Rows written before per-sport figures were kept are re-derived first (ensureSportFigures).
 */
async function sportFigures(
  db: Conn,
  athleteId: string,
  from: string | null,
  to: string,
  weekStartsOn: WeekDayIndex | null,
): Promise<Array<SportRow & { week: string | null; minutes: number }>> {
  const week = weekStartsOn === null ? sql`null::text` : weekStartSql(sql`d.date`, weekStartsOn);
  const zone = (z: number) => sql`coalesce(sum((f.value->'zoneSeconds'->>${z - 1}::int)::float8), 0)::float8`;
  const result = await db.execute(sql`
    select ${week} as week, f.key as sport, coalesce(sum((f.value->>'tss')::float8), 0)::float8 as tss,
      coalesce(sum((f.value->>'minutes')::float8), 0)::float8 as minutes,
      ${zone(1)} as z1, ${zone(2)} as z2, ${zone(3)} as z3, ${zone(4)} as z4, ${zone(5)} as z5
    from daily_load d, jsonb_each(coalesce(d.sport_figures, '{}'::jsonb)) f
    where d.athlete_id = ${athleteId}::uuid and d.date <= ${to}::date
      ${from === null ? sql`` : sql`and d.date >= ${from}::date`}
    group by 1, 2`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
    week: r.week === null ? null : String(r.week),
    sport: String(r.sport),
    tss: Number(r.tss),
    minutes: Number(r.minutes),
    z1: Number(r.z1),
    z2: Number(r.z2),
    z3: Number(r.z3),
    z4: Number(r.z4),
    z5: Number(r.z5),
  }));
}

/** Per sport, its minutes and minutes per zone between two dates (from null: since ever), from the daily load. */
export async function sportZoneMinutes(db: Conn, athleteId: string, from: string | null, to: string) {
  const rows = await sportFigures(db, athleteId, from, to, null);
  return rows.map((r) => ({
    sport: r.sport,
    minutes: (r.z1 + r.z2 + r.z3 + r.z4 + r.z5) / 60,
    z1: r.z1 / 60,
    z2: r.z2 / 60,
    z3: r.z3 / 60,
    z4: r.z4 / 60,
    z5: r.z5 / 60,
  }));
}

/**
 * Per week and sport: the TSS and minutes of the training done (the daily load's, recorded activities included),
 * and the minutes of every scheduled workout (the plan's).
 */
export async function weeklySportTotals(
  db: Conn,
  athleteId: string,
  from: string,
  to: string,
  weekStartsOn: WeekDayIndex,
) {
  const week = weekStartSql(workouts.workoutDate, weekStartsOn);
  const [done, scheduled] = await Promise.all([
    sportFigures(db, athleteId, from, to, weekStartsOn),
    db
      .select({ week, sport: workouts.sport, scheduledMinutes: float(sql`sum(${minutes})`) })
      .from(workouts)
      .where(
        and(
          eq(workouts.athleteId, athleteId),
          gte(workouts.workoutDate, from),
          lte(workouts.workoutDate, to),
        ),
      )
      .groupBy(week, workouts.sport),
  ]);
  const rows = new Map<
    string,
    { week: string; sport: string; completedTss: number; completedMinutes: number; scheduledMinutes: number }
  >();
  const rowOf = (week: string, sport: string) => {
    const key = `${week} ${sport}`;
    const row = rows.get(key) ?? { week, sport, completedTss: 0, completedMinutes: 0, scheduledMinutes: 0 };
    rows.set(key, row);
    return row;
  };
  for (const r of done) {
    const row = rowOf(r.week!, r.sport);
    row.completedTss += r.tss;
    row.completedMinutes += r.minutes;
  }
  for (const r of scheduled) rowOf(r.week, r.sport).scheduledMinutes += r.scheduledMinutes;
  return [...rows.values()];
}

/** Each interval array of the structure, or an empty array. */
const intervals = (key: string) =>
  sql`(case when jsonb_typeof(${workouts.workoutStructure}->${key}::text) = 'array'
    then ${workouts.workoutStructure}->${key}::text else '[]'::jsonb end)`;
/**
 * A workout's distance: the sum of its parsed intervals' `distance_meters`, null when none has one (a
 * distance known only for some intervals counts what is known).
 */
const distanceMeters = sql<number | null>`(select sum((i->>'distance_meters')::float8)
  from jsonb_array_elements(${intervals('warmup_intervals')} || ${intervals('main_intervals')} || ${intervals('cooldown_intervals')}) as i
  where jsonb_typeof(i->'distance_meters') = 'number')`;

/** The completed workouts between two dates (null: open), oldest first, with their distance. */
export async function completedSessions(
  db: Conn,
  athleteId: string,
  options: { from: string | null; to: string | null; sport?: string },
) {
  return db
    .select({
      id: workouts.id,
      date: workouts.workoutDate,
      sport: workouts.sport,
      durationMinutes: workouts.durationMinutes,
      tss: workouts.tss,
      distanceMeters: distanceMeters.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(workouts)
    .where(
      and(
        completedBetween(athleteId, options.from, options.to),
        options.sport ? eq(workouts.sport, options.sport) : undefined,
      ),
    )
    .orderBy(asc(workouts.workoutDate));
}

/**
 * Completed runs that were one continuous effort over a known distance: every step of the parsed structure
 * has a distance and none is a rest ('10km @ 4:30/km', 'Half marathon race: 21.1km'). Only such a run says how
 * long the athlete takes for a distance; an interval session's reps do not (Riegel's model extrapolates from
 * continuous efforts). Oldest first.
 */
export async function continuousRuns(db: Conn, athleteId: string, from: string, to: string) {
  const steps = sql`${intervals('warmup_intervals')} || ${intervals('main_intervals')} || ${intervals('cooldown_intervals')}`;
  return db
    .select({
      date: workouts.workoutDate,
      durationMinutes: workouts.durationMinutes,
      distanceMeters: distanceMeters.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(workouts)
    .where(
      and(
        completedBetween(athleteId, from, to),
        eq(workouts.sport, 'run'),
        sql`jsonb_array_length(${steps}) > 0`,
        sql`not exists (select 1 from jsonb_array_elements(${steps}) as i
          where jsonb_typeof(i->'distance_meters') <> 'number' or (i->>'isRest')::boolean is true)`,
      ),
    )
    .orderBy(asc(workouts.workoutDate));
}

/**
 * Per week, the completed sessions (of one sport, or all): count, minutes, distance, TSS, and the
 * minutes and distance of the sessions with a known distance (for an average pace).
 */
export async function weeklyPerformance(
  db: Conn,
  athleteId: string,
  from: string,
  to: string,
  sport: string | undefined,
  weekStartsOn: WeekDayIndex,
) {
  const week = weekStartSql(workouts.workoutDate, weekStartsOn);
  const withDistance = sql`coalesce(${distanceMeters}, 0) > 0`;
  return db
    .select({
      week,
      sessions: float(sql`count(*)`),
      minutes: float(sql`sum(${minutes})`),
      distanceMeters: float(sql`sum(${distanceMeters})`),
      tss: float(sql`sum(${workouts.tss})`),
      pacedMinutes: float(sql`sum(${minutes}) filter (where ${withDistance} and ${minutes} > 0)`),
      pacedMeters: float(sql`sum(${distanceMeters}) filter (where ${withDistance} and ${minutes} > 0)`),
    })
    .from(workouts)
    .where(and(completedBetween(athleteId, from, to), sport ? eq(workouts.sport, sport) : undefined))
    .groupBy(week)
    .orderBy(asc(week));
}

/** Completed workouts between two dates: count, seconds and known metres (docs/profile.md, "This Year"). */
export async function completedTotals(db: Conn, athleteId: string, from: string, to: string) {
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)`.mapWith(Number),
      seconds: sql<number>`coalesce(sum(${workouts.durationMinutes}), 0) * 60`.mapWith(Number),
      distanceMeters: sql<number>`coalesce(sum(${distanceMeters}), 0)`.mapWith(Number),
    })
    .from(workouts)
    .where(completedBetween(athleteId, from, to));
  return row ?? { sessions: 0, seconds: 0, distanceMeters: 0 };
}

/**
 * The recorded activities between two dates (null: open), oldest first: day, sport, moving minutes, distance,
 * TSS, pace best efforts and the workout each completes. Recorded training counts for achievements and race
 * predictions as completed workouts do (a workout an activity completes counts through the activity alone).
 */
export async function recordedSessions(db: Conn, athleteId: string, from: string | null, to: string | null) {
  return db
    .select({
      date: activities.localDate,
      sport: activities.sport,
      movingSeconds: activities.movingSeconds,
      distanceMeters: activities.distanceM,
      tss: activities.tss,
      bestEfforts: activities.bestEfforts,
      workoutId: activities.workoutId,
    })
    .from(activities)
    .where(
      and(
        eq(activities.athleteId, athleteId),
        from === null ? undefined : gte(activities.localDate, from),
        to === null ? undefined : lte(activities.localDate, to),
      ),
    )
    .orderBy(asc(activities.localDate));
}

/**
 * The planned (not completed, not skipped) workouts' TSS per day between two dates, and the last such day: what
 * the fitness projection runs on (docs/training-load.md, "Projection"). A workout without a TSS counts 0.
 */
export async function plannedTssByDay(db: Conn, athleteId: string, from: string, to: string) {
  return db
    .select({
      date: sql<string>`to_char(${workouts.workoutDate}, 'YYYY-MM-DD')`,
      tss: float(sql`sum(${workouts.tss})`),
    })
    .from(workouts)
    .where(
      and(
        eq(workouts.athleteId, athleteId),
        eq(workouts.status, 'planned'),
        gte(workouts.workoutDate, from),
        lte(workouts.workoutDate, to),
      ),
    )
    .groupBy(workouts.workoutDate)
    .orderBy(asc(workouts.workoutDate));
}
