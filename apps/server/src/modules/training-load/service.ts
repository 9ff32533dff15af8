// Training load reads (docs/training-load.md §3 and §6): fitness and form, load trends, consistency, weekly
// load, streak and the weekly summary, from the daily load table the workout writes keep current. Weeks start on
// Monday, the training-week convention, and "today" is the athlete's own calendar day.
import type {
  CtlAtlTsbRequest,
  FitnessFormRecordDto,
  LoadTrendWeek,
  TssInputDto,
  WeeklyLoad,
  WeekSummary,
} from '@stamina/contract';
import {
  addDays,
  calculateTss,
  consistencyAnalysis,
  type DailyLoadPoint,
  dateInTimeZone,
  daysBetween,
  epochDay,
  fitnessFormRecord,
  isIsoDate,
  isoWeekNumber,
  loadSeries,
  loadTrend,
  restLoad,
  roundTo,
  weeklyTssFromAtl,
  weekStartOf,
} from '@stamina/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuthContext, athleteWeekStart } from '../../plugins/authenticate.ts';
import { type ThresholdReader, tssZonesOf } from '../thresholds/index.ts';
import * as repo from './repository.ts';

/** Earlier weeks that the load trend of a week compares with. */
const TREND_WEEKS = 4;
/** The longest series a calculation call may ask for: ten years. */
const MAX_SERIES_DAYS = 3650;

/** The fields of a workout the weekly summary and the consistency read (the workouts module's rows have them). */
export interface LoadWorkout {
  workoutDate: string;
  status: string;
  durationMinutes: number | null;
  tss: number | null;
}

/**
 * What this service reads of the athlete's workouts: the workouts service, handed in by the wiring. It is named
 * here, by the fields read, and not imported from the workouts module, whose writes re-derive daily load through
 * this module (upkeep.ts): the two would import each other (docs/modules.md). `Row` is the summary row the
 * reader gives, handed back by `weekWithWorkouts` as it came (the dashboard shows the day's workout from it).
 */
export interface WorkoutSummaryReader<Row extends LoadWorkout = LoadWorkout> {
  rows(
    athleteId: string,
    filter: { dateFrom: string; dateTo: string; limit: number },
  ): Promise<LoadWorkout[]>;
  summaryRows(athleteId: string, from: string, to: string, limit: number): Promise<Row[]>;
}

export function createTrainingLoadService<Row extends LoadWorkout = LoadWorkout>(
  db: Db,
  workoutReader: WorkoutSummaryReader<Row>,
  thresholds?: Pick<ThresholdReader, 'thresholdsOn'>,
) {
  /**
   * The inputs with the athlete's stored zones where a request sends none (docs/zones.md, "Used everywhere");
   * sent zones win, and without a threshold reader the inputs are scored as sent.
   */
  async function withStoredZones(auth: AuthContext, inputs: readonly TssInputDto[]): Promise<TssInputDto[]> {
    if (!thresholds || inputs.every((input) => input.athlete_zones)) return [...inputs];
    const on = await thresholds.thresholdsOn(auth.athleteId, dateInTimeZone(new Date(), auth.timezone));
    return inputs.map((input) =>
      input.athlete_zones ? input : ({ ...input, athlete_zones: tssZonesOf(on, input.sport) } as TssInputDto),
    );
  }

  /**
   * The daily series from `from` to `to` (stored days with work, decayed across the days between), with
   * the stored rows of the range for the readers that also need their minutes, sessions and zones.
   */
  async function loadDays(
    athleteId: string,
    from: string,
    to: string,
  ): Promise<{ points: DailyLoadPoint[]; rows: repo.LoadDayRow[] }> {
    const { before, rows } = await repo.daysWithSeed(db, athleteId, from, to);
    // Only days with work are stored: the last one before the range, rested up to the day before it.
    const seed = before ? restLoad(before, epochDay(from) - epochDay(before.date) - 1) : null;
    const points = loadSeries(
      rows.map((row) => ({ date: row.date, tss: row.tss })),
      { from, to, seed },
    );
    return { points, rows };
  }

  /**
   * `loadDays` for the reads of one request (never a long-lived one: it would go stale): a range inside one
   * read before, or still being read, is cut from it instead of read again.
   */
  function sharedLoadDays(): typeof loadDays {
    const reads: { athleteId: string; from: string; to: string; result: ReturnType<typeof loadDays> }[] = [];
    return async (athleteId, from, to) => {
      const wider = reads.find((r) => r.athleteId === athleteId && r.from <= from && to <= r.to);
      if (!wider) {
        const result = loadDays(athleteId, from, to);
        reads.push({ athleteId, from, to, result });
        return result;
      }
      const { points, rows } = await wider.result;
      const inRange = (day: { date: string }) => day.date >= from && day.date <= to;
      return { points: points.filter(inRange), rows: rows.filter(inRange) };
    };
  }

  /**
   * `loadDays` of many athletes over ranges inside `from`–`to`, from one read of them all (the daily
   * adaptation's batch): the answer is a `loadDays` answering from memory, for those athletes and that span only
   * (never a long-lived one: it would go stale). Its rows carry only the series' columns (`LoadPointRow`).
   */
  async function loadDaysOfAthletes(
    athleteIds: readonly string[],
    from: string,
    to: string,
  ): Promise<
    (
      athleteId: string,
      from: string,
      to: string,
    ) => Promise<{ points: DailyLoadPoint[]; rows: repo.LoadPointRow[] }>
  > {
    const stored = await repo.daysWithSeedOfAthletes(db, athleteIds, from, to);
    const batch = new Set(athleteIds);
    return async (athleteId, rangeFrom, rangeTo) => {
      if (rangeFrom < from || rangeTo > to || !batch.has(athleteId)) {
        return loadDays(athleteId, rangeFrom, rangeTo);
      }
      const { before: first, rows: all } = stored.get(athleteId) ?? { before: undefined, rows: [] };
      const earlier = all.filter((row) => row.date < rangeFrom);
      const before = earlier.at(-1) ?? first;
      const rows = all.filter((row) => row.date >= rangeFrom && row.date <= rangeTo);
      const seed = before ? restLoad(before, epochDay(rangeFrom) - epochDay(before.date) - 1) : null;
      const points = loadSeries(
        rows.map((row) => ({ date: row.date, tss: row.tss })),
        { from: rangeFrom, to: rangeTo, seed },
      );
      return { points, rows };
    };
  }

  async function series(athleteId: string, from: string, to: string): Promise<DailyLoadPoint[]> {
    return (await loadDays(athleteId, from, to)).points;
  }

  /** The `weeks` weeks ending with the one starting `lastWeek`, each against the 4 weeks before it. */
  async function weeksEnding(athleteId: string, lastWeek: string, weeks: number): Promise<WeeklyLoad[]> {
    const first = addDays(lastWeek, -7 * (weeks - 1 + TREND_WEEKS));
    const rows = await repo.daysBetween(db, athleteId, first, addDays(lastWeek, 6));
    const tssByDay = new Map(rows.map((row) => [row.date, row.tss]));
    const all: WeeklyLoad[] = [];
    for (let week = first; week <= lastWeek; week = addDays(week, 7)) {
      const daily = Array.from({ length: 7 }, (_, i) => roundTo(tssByDay.get(addDays(week, i)) ?? 0, 1));
      const total = daily.reduce((a, b) => a + b, 0);
      all.push({
        week_start: week,
        total_tss: roundTo(total, 1),
        daily_tss: daily,
        weekly_average: roundTo(total / 7, 1),
        load_trend: loadTrend(
          total,
          all.slice(-TREND_WEEKS).map((w) => w.total_tss),
        ),
      });
    }
    return all.slice(TREND_WEEKS);
  }

  async function weekWithWorkouts(
    auth: AuthContext,
    start: string | undefined,
    now = new Date(),
  ): Promise<{ summary: WeekSummary; workouts: Row[] }> {
    const weekStart = weekStartOf(start ?? dateInTimeZone(now, auth.timezone), athleteWeekStart(auth));
    // Only the columns the summary and the dashboard's workout of the day show: not the structures.
    const workouts = await workoutReader.summaryRows(auth.athleteId, weekStart, addDays(weekStart, 6), 1000);
    const completed = workouts.filter((w) => w.status === 'completed');
    const minutes = completed.reduce((sum, w) => sum + (w.durationMinutes ?? 0), 0);
    let weeklyTss = completed.reduce((sum, w) => sum + (w.tss ?? 0), 0);
    // Completed work without any TSS (no duration): the week's share of the fatigue, the fallback of
    // docs/training-load.md §4 (weeklyTssFromAtl).
    if (completed.length > 0 && completed.every((w) => w.tss === null)) {
      const atEnd = await series(auth.athleteId, addDays(weekStart, 6), addDays(weekStart, 6));
      weeklyTss = weeklyTssFromAtl(atEnd[0]?.atl ?? 0);
    }
    const summary: WeekSummary = {
      week_start: weekStart,
      completed_sessions: completed.length,
      // Nothing scheduled is 0 planned: no invented target (docs/dashboard.md, weekly_summary).
      planned_sessions: workouts.length,
      total_sessions: workouts.length,
      total_duration_hours: roundTo(minutes / 60, 1),
      weekly_tss: roundTo(weeklyTss, 1),
    };
    return { summary, workouts };
  }

  const toRecord = (point: DailyLoadPoint): FitnessFormRecordDto => {
    const record = fitnessFormRecord(point);
    return {
      date: record.date,
      tss: roundTo(record.tss, 1),
      ctl: roundTo(record.ctl, 1),
      atl: roundTo(record.atl, 1),
      tsb: roundTo(record.tsb, 1),
      fitness_level: record.fitness_level,
      fatigue_level: record.fatigue_level,
      form_level: record.form_level,
    };
  };

  return {
    loadDays,
    sharedLoadDays,
    loadDaysOfAthletes,

    /**
     * The stored days from `from` to `to`, and the latest stored day on or before `to` (it may lie before the
     * range): the onboarding job's read of recent load (docs/onboarding.md, "The training profile").
     */
    async storedDays(athleteId: string, from: string, to: string) {
      const { before, rows } = await repo.daysWithSeed(db, athleteId, from, to);
      return { rows, latest: rows.at(-1) ?? before ?? null };
    },

    /** Local TSS of one session (docs/training-load.md); without zones in the input, the athlete's own. */
    async calculateTss(auth: AuthContext, input: TssInputDto) {
      const [withZones] = await withStoredZones(auth, [input]);
      return calculateTss(withZones!);
    },

    async calculateBulkTss(auth: AuthContext, inputs: readonly TssInputDto[]) {
      return (await withStoredZones(auth, inputs)).map((input) => calculateTss(input));
    },

    /** The fitness, fatigue and form series of a given daily TSS list, from its first date to its last. */
    calculateCtlAtlTsb(body: CtlAtlTsbRequest) {
      const dates = body.tss_data.map((d) => d.date).sort();
      if (daysBetween(dates[0]!, dates.at(-1)!) > MAX_SERIES_DAYS) {
        throw new AppError('VALIDATION_FAILED', `tss_data may span at most ${MAX_SERIES_DAYS} days`);
      }
      return loadSeries(body.tss_data, {
        seed: { ctl: body.initial_ctl ?? 0, atl: body.initial_atl ?? 0 },
      }).map(toRecord);
    },

    async formFitness(auth: AuthContext, days: number, now = new Date()) {
      const today = dateInTimeZone(now, auth.timezone);
      const points = await series(auth.athleteId, addDays(today, -(days - 1)), today);
      return points.map(toRecord);
    },

    /**
     * Week by week (from the athlete's week start): the week's TSS and the CTL, ATL and TSB at its end (today for
     * this week).
     */
    async loadTrends(auth: AuthContext, weeks: number, now = new Date()) {
      const today = dateInTimeZone(now, auth.timezone);
      const first = addDays(weekStartOf(today, athleteWeekStart(auth)), -7 * (weeks - 1));
      const points = await series(auth.athleteId, first, today);
      const trends: LoadTrendWeek[] = [];
      for (let i = 0; i < points.length; i += 7) {
        const week = points.slice(i, i + 7);
        const end = week.at(-1)!;
        trends.push({
          week_start: week[0]!.date,
          week_number: isoWeekNumber(week[0]!.date),
          total_tss: roundTo(
            week.reduce((sum, day) => sum + day.tss, 0),
            1,
          ),
          ctl: roundTo(end.ctl, 1),
          atl: roundTo(end.atl, 1),
          tsb: roundTo(end.tsb, 1),
        });
      }
      return trends;
    },

    /**
     * Each of the last `days` days as rest, complete, partial or missed, with the summary (docs/training-load.md,
     * "Consistency").
     */
    async consistency(auth: AuthContext, days: number, now = new Date()) {
      const today = dateInTimeZone(now, auth.timezone);
      const from = addDays(today, -(days - 1));
      const [workouts, recorded] = await Promise.all([
        workoutReader.rows(auth.athleteId, { dateFrom: from, dateTo: today, limit: 100_000 }),
        repo.unmatchedActivitiesBetween(db, auth.athleteId, from, today),
      ]);
      // A recording that completes no workout is a session done on its day, as achievements count it.
      return consistencyAnalysis(
        [
          ...workouts.map((w) => ({
            date: w.workoutDate,
            status: w.status,
            duration_minutes: w.durationMinutes,
          })),
          ...recorded.map((a) => ({
            date: a.date,
            status: 'completed',
            duration_minutes: a.movingSeconds / 60,
          })),
        ],
        today,
        days,
      );
    },

    async weeklyLoad(auth: AuthContext, weeks: number, now = new Date()): Promise<WeeklyLoad[]> {
      return weeksEnding(
        auth.athleteId,
        weekStartOf(dateInTimeZone(now, auth.timezone), athleteWeekStart(auth)),
        weeks,
      );
    },

    /** The load of the athlete's week holding `weekStart` (default this week), as one week of weekly-load. */
    async weekLoad(auth: AuthContext, weekStart: string | undefined, now = new Date()): Promise<WeeklyLoad> {
      const week = weekStartOf(weekStart ?? dateInTimeZone(now, auth.timezone), athleteWeekStart(auth));
      const [load] = await weeksEnding(auth.athleteId, week, 1);
      return load!;
    },

    /**
     * The training streaks as of today. Given stored days the caller has already read (the dashboard's load
     * window), the last of them with sessions answers it, as the one-row query would: each day keeps its streak
     * facts. When none of them has sessions, that query.
     */
    async streak(auth: AuthContext, now = new Date(), known: readonly repo.LoadDayRow[] = []) {
      const today = dateInTimeZone(now, auth.timezone);
      if (!isIsoDate(today)) return { currentStreak: 0, longestStreak: 0 };
      const last = known.findLast((row) => row.sessions > 0 && row.date <= today);
      const { current, longest } = last
        ? repo.streakAsOf(last, today)
        : await repo.streaks(db, auth.athleteId, today);
      return { currentStreak: current, longestStreak: longest };
    },

    /** `weekSummary` with the week's workouts it read (planned, completed and skipped), for callers that show them. */
    weekWithWorkouts,

    async weekSummary(auth: AuthContext, start: string | undefined, now = new Date()): Promise<WeekSummary> {
      return (await weekWithWorkouts(auth, start, now)).summary;
    },
  };
}

/** The service over a reader of `Row`s (the dashboard's names the workouts module's summary row). */
export type TrainingLoadService<Row extends LoadWorkout = LoadWorkout> = ReturnType<
  typeof createTrainingLoadService<Row>
>;
export type { LoadDayRow } from './repository.ts';
