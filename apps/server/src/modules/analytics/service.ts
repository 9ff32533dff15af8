// Analytics reads (docs/training-load.md §13) and the Training API's zones-distribution and
// analytics/{id}. Load, form and minutes come from the daily load table through the training-load service
// (one series code, seeded and decayed there); only what the workouts alone know is read from them. Weeks start
// on Monday and "today" is the athlete's own calendar day. Every rule is in docs/training-load.md §13;
// the pure week and zone helpers are core's (packages/core/src/training/weeks.ts).
import type {
  AnalyticsPeriod,
  AnalyticsWeeklyLoad,
  FitnessTrends,
  Polarization,
  RaceReadinessDto,
  ZonesDistribution,
} from '@stamina/contract';
import {
  achievementCounts,
  acuteChronicRatio,
  acwrStatus,
  addDays,
  dateInTimeZone,
  daysBetween,
  EARLIEST_DATE,
  evaluateAchievements,
  groupByWeek,
  LATEST_DATE,
  type PlanPhase,
  periodizationAnalysis,
  polarizationAnalysis,
  raceDistanceMeters,
  raceEffortsOf,
  raceReadiness,
  rampRate,
  roundTo,
  trainingQuality,
  trainingReadinessFromForm,
  trendOf,
  weekClosingPoint,
  weekStartOf,
  weekStartsBetween,
  weekStartsOnOf,
  ZONES,
  zoneFields,
  zonePercentages,
  zoneSummary,
  zoneTotalsList,
} from '@stamina/core';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type AuthContext, athleteWeekStart } from '../../plugins/authenticate.ts';
import type { PlanReader, PlanRow } from '../plans/index.ts';
import type { LoadDayRow, TrainingLoadService } from '../training-load/index.ts';
import { ensureSportFigures, firstDayWithoutSportFigures } from '../training-load/index.ts';
import { fitnessProjection } from './projection.ts';
import * as repo from './repository.ts';

/** Periods as days ending today; 'all' starts at the first stored day. */
const PERIOD_DAYS: Readonly<Record<Exclude<AnalyticsPeriod, 'all'>, number>> = {
  week: 7,
  month: 28,
  '3months': 91,
  year: 364,
};
/** The polarization targets shown with a zone distribution (docs/training-load.md §5). */
const ZONE_TARGETS = { zone_1_2: 80, zone_3: 5, zone_4_5: 15 };
/** Span of the detailed zones: the last 28 days, and the 4 Monday weeks ending with this one. */
const DETAILED_DAYS = 28;
const DETAILED_WEEKS = 4;
/** Performance trends: the last 12 Monday weeks. */
const PERFORMANCE_WEEKS = 12;
/** Race readiness: consistency over the last 28 days; best efforts of the last 90. */
const READINESS_CONSISTENCY_DAYS = 28;
const BEST_EFFORT_DAYS = 90;
/**
 * Periodization's inference looks back up to 16 weeks from each of up to 8 earlier days
 * (docs/training-load.md, "Periodization").
 */
const PERIODIZATION_HISTORY_DAYS = 112 + 56;
/** The longest consistency span (the Training API's days limit). */
const MAX_CONSISTENCY_DAYS = 3650;

/**
 * The sports the daily load keeps minutes of (its columns) and analytics reports one by one; a workout of
 * another sport (yoga, rowing, …) counts in the totals and in "other".
 */
const SPORTS = ['run', 'bike', 'swim', 'strength'] as const;
type Sport = (typeof SPORTS)[number];

const MINUTES: Record<Sport, 'runMinutes' | 'bikeMinutes' | 'swimMinutes' | 'strengthMinutes'> = {
  run: 'runMinutes',
  bike: 'bikeMinutes',
  swim: 'swimMinutes',
  strength: 'strengthMinutes',
};

const sumMinutes = (rows: readonly LoadDayRow[] | undefined, sport: Sport) =>
  (rows ?? []).reduce((sum, row) => sum + row[MINUTES[sport]], 0);

function planPhases(plan: PlanRow | undefined): PlanPhase[] {
  if (!plan || !Array.isArray(plan.phases)) return [];
  return plan.phases.filter((p): p is PlanPhase => typeof p === 'object' && p !== null) as PlanPhase[];
}

/**
 * Each scored day's recovery score over the last `days` (docs/wellness.md), oldest first: the metrics service's
 * recovery history, read through that service. Days without wellness are left out.
 */
export type RecoveryHistory = (
  auth: AuthContext,
  days: number,
  now: Date,
) => Promise<readonly { date: string; value: number }[]>;

export function createAnalyticsService(
  db: Db,
  trainingLoad: TrainingLoadService,
  plans: PlanReader,
  recoveryHistory?: RecoveryHistory,
) {
  const todayOf = (auth: AuthContext, now: Date) => dateInTimeZone(now, auth.timezone);

  /** Days stored before the daily load kept per-sport figures are re-derived before a read of them. */
  async function withSportFigures(athleteId: string) {
    if (await firstDayWithoutSportFigures(db, athleteId))
      await db.transaction((tx) => ensureSportFigures(tx, athleteId));
  }

  /** Zone minutes of a period, in total and per sport, from the daily load. */
  async function periodZones(auth: AuthContext, period: AnalyticsPeriod, today: string) {
    const from = period === 'all' ? null : addDays(today, -(PERIOD_DAYS[period] - 1));
    await withSportFigures(auth.athleteId);
    const [totals, sports] = await Promise.all([
      repo.dayTotals(db, auth.athleteId, from, today),
      repo.sportZoneMinutes(db, auth.athleteId, from, today),
    ]);
    const minutes = zoneTotalsList(totals).map((seconds) => seconds / 60);
    return { from: from ?? totals.firstDay ?? today, totals, minutes, sports };
  }

  function polarizationOf(period: AnalyticsPeriod, minutes: readonly number[]): Polarization {
    const analysis = polarizationAnalysis(zoneFields(minutes));
    return {
      period,
      current_distribution: analysis.current_distribution,
      ideal_distribution: analysis.ideal_distribution,
      polarization_score: analysis.polarization_score,
      recommendations: analysis.recommendations,
      is_polarized: analysis.is_polarized,
      total_time_minutes: roundTo(
        minutes.reduce((a, b) => a + b, 0),
        1,
      ),
    };
  }

  async function zonesDistribution(
    auth: AuthContext,
    period: AnalyticsPeriod,
    now = new Date(),
  ): Promise<ZonesDistribution> {
    const today = todayOf(auth, now);
    const { from, minutes, sports } = await periodZones(auth, period, today);
    const bySport = (sport: Sport) => {
      const row = sports.find((s) => s.sport === sport);
      return zoneSummary(row ? zoneTotalsList(row) : [0, 0, 0, 0, 0]);
    };
    // Sessions of no single sport (a recording whose file names none, a brick): the rest of the totals.
    const other = [0, 0, 0, 0, 0];
    for (const row of sports)
      if (!SPORTS.includes(row.sport as Sport))
        zoneTotalsList(row).forEach((minutes, z) => {
          other[z]! += minutes;
        });
    return {
      period,
      start_date: from,
      end_date: today,
      ...zoneSummary(minutes),
      by_sport: {
        run: bySport('run'),
        bike: bySport('bike'),
        swim: bySport('swim'),
        strength: bySport('strength'),
        other: zoneSummary(other),
      },
      targets: ZONE_TARGETS,
    };
  }

  return {
    zonesDistribution,

    async polarized(auth: AuthContext, period: AnalyticsPeriod, now = new Date()) {
      const { minutes } = await periodZones(auth, period, todayOf(auth, now));
      return polarizationOf(period, minutes);
    },

    /**
     * Each of the `weeks` weeks (from the athlete's week start) ending with this one: volume and TSS per sport,
     * load, plan completion.
     */
    async weeklyLoad(auth: AuthContext, weeks: number, now = new Date()): Promise<AnalyticsWeeklyLoad[]> {
      const today = todayOf(auth, now);
      const weekStart = athleteWeekStart(auth);
      const lastWeek = weekStartOf(today, weekStart);
      const first = addDays(lastWeek, -7 * (weeks - 1));
      const end = addDays(lastWeek, 6);
      await withSportFigures(auth.athleteId);
      const [{ points, rows }, sportRows] = await Promise.all([
        trainingLoad.loadDays(auth.athleteId, first, end),
        repo.weeklySportTotals(db, auth.athleteId, first, end, weekStartsOnOf(weekStart)),
      ]);
      const days = groupByWeek(rows, weekStart);
      return weekStartsBetween(first, lastWeek).map((week, i) => {
        const inWeek = days.get(week);
        const sports = sportRows.filter((r) => r.week === week);
        const hours = (sport: Sport) => sumMinutes(inWeek, sport) / 60;
        const tss = (sport: Sport) => sports.find((r) => r.sport === sport)?.completedTss ?? 0;
        // Every sport's minutes: the four columns, and yoga, rowing, hiking, skiing and other from the per-sport
        // figures (docs/training-load.md, "Sports scored by effort").
        const otherHours =
          sports
            .filter((r) => !SPORTS.includes(r.sport as Sport))
            .reduce((sum, r) => sum + r.completedMinutes, 0) / 60;
        const totalHours = SPORTS.reduce((sum, sport) => sum + hours(sport), 0) + otherHours;
        const plannedHours = sports.reduce((sum, r) => sum + r.scheduledMinutes, 0) / 60;
        const close = weekClosingPoint(points, week, today);
        return {
          week: i + 1,
          week_start_date: week,
          swim_hours: roundTo(hours('swim'), 2),
          bike_hours: roundTo(hours('bike'), 2),
          run_hours: roundTo(hours('run'), 2),
          strength_hours: roundTo(hours('strength'), 2),
          swim_tss: roundTo(tss('swim'), 1),
          bike_tss: roundTo(tss('bike'), 1),
          run_tss: roundTo(tss('run'), 1),
          strength_tss: roundTo(tss('strength'), 1),
          total_hours: roundTo(totalHours, 2),
          total_tss: roundTo(
            (inWeek ?? []).reduce((sum, row) => sum + row.tss, 0),
            1,
          ),
          sessions: (inWeek ?? []).reduce((sum, row) => sum + row.sessions, 0),
          acute_load: roundTo(close?.atl ?? 0, 1),
          chronic_load: roundTo(close?.ctl ?? 0, 1),
          training_stress_balance: roundTo(close?.tsb ?? 0, 1),
          planned_hours: roundTo(plannedHours, 2),
          completion_rate: plannedHours > 0 ? roundTo((totalHours / plannedHours) * 100, 1) : null,
        };
      });
    },

    /** Zones of the last 28 days in detail: per zone with its name and colour, per sport, per week. */
    async detailedZones(auth: AuthContext, now = new Date()) {
      const today = todayOf(auth, now);
      const from = addDays(today, -(DETAILED_DAYS - 1));
      const weekStart = athleteWeekStart(auth);
      const firstWeek = addDays(weekStartOf(today, weekStart), -7 * (DETAILED_WEEKS - 1));
      await withSportFigures(auth.athleteId);
      const [totals, sports, weekly] = await Promise.all([
        repo.dayTotals(db, auth.athleteId, from, today),
        repo.sportZoneMinutes(db, auth.athleteId, from, today),
        repo.zoneSecondsByWeek(db, auth.athleteId, firstWeek, today, weekStartsOnOf(weekStart)),
      ]);
      const minutes = zoneTotalsList(totals).map((s) => s / 60);
      const { zones: percentages } = zonePercentages(minutes);
      return {
        start_date: from,
        end_date: today,
        zones: ZONES.map((zone, i) => ({
          zone: zone.zone,
          name: zone.name,
          description: zone.label,
          color: zone.color,
          minutes: roundTo(minutes[i]!, 1),
          percentage: percentages[i]!,
        })),
        by_sport: SPORTS.map((sport) => {
          const row = sports.find((s) => s.sport === sport);
          return {
            sport,
            total_minutes: roundTo(row?.minutes ?? 0, 1),
            zone_minutes: (row ? zoneTotalsList(row) : [0, 0, 0, 0, 0]).map((minutes) => roundTo(minutes, 1)),
          };
        }),
        weekly: weekStartsBetween(firstWeek, weekStartOf(today, weekStart)).map((week) => {
          const row = weekly.find((w) => w.week === week);
          return {
            week_start: week,
            zone_minutes: (row ? zoneTotalsList(row) : [0, 0, 0, 0, 0]).map((s) => roundTo(s / 60, 1)),
          };
        }),
      };
    },

    /**
     * Daily fitness and form with the readiness the form implies and the day's recovery score (null on a day
     * without wellness), the ramp rate and the three trends.
     */
    async fitnessTrends(auth: AuthContext, days: number, now = new Date()): Promise<FitnessTrends> {
      const [records, recovery] = await Promise.all([
        trainingLoad.formFitness(auth, days, now),
        recoveryHistory ? recoveryHistory(auth, days, now) : [],
      ]);
      const recoveryOn = new Map(recovery.map((point) => [point.date, point.value]));
      return {
        records: records.map((record) => ({
          ...record,
          training_readiness: trainingReadinessFromForm(record.tsb),
          recovery_score: recoveryOn.get(record.date) ?? null,
        })),
        ramp_rate: roundTo(rampRate(records), 1),
        trends: {
          fitness: trendOf(records.map((r) => r.ctl)),
          fatigue: trendOf(
            records.map((r) => r.atl),
            { higherIsBetter: false },
          ),
          form: trendOf(records.map((r) => r.tsb)),
        },
      };
    },

    /** Fitness, fatigue and form carried forward with the planned sessions (./projection.ts). */
    fitnessProjection(auth: AuthContext, now = new Date()) {
      return fitnessProjection(db, trainingLoad, plans, auth, now);
    },

    /** Per week, the acute:chronic ratio at its end and its band; the share of hours per sport. */
    async loadBalance(auth: AuthContext, weeks: number, now = new Date()) {
      const today = todayOf(auth, now);
      const weekStart = athleteWeekStart(auth);
      const lastWeek = weekStartOf(today, weekStart);
      const first = addDays(lastWeek, -7 * (weeks - 1));
      const { points, rows } = await trainingLoad.loadDays(auth.athleteId, first, today);
      const days = groupByWeek(rows, weekStart);
      const list = weekStartsBetween(first, lastWeek).map((week) => {
        const close = weekClosingPoint(points, week, today);
        const acwr = acuteChronicRatio(close?.atl ?? 0, close?.ctl ?? 0);
        const hours = (sport: Sport) => roundTo(sumMinutes(days.get(week), sport) / 60, 2);
        return {
          week_start: week,
          acute_load: roundTo(close?.atl ?? 0, 1),
          chronic_load: roundTo(close?.ctl ?? 0, 1),
          acwr,
          status: acwrStatus(acwr),
          swim_hours: hours('swim'),
          bike_hours: hours('bike'),
          run_hours: hours('run'),
          strength_hours: hours('strength'),
        };
      });
      const total = SPORTS.reduce((sum, sport) => sum + sumMinutes(rows, sport), 0);
      const share = (sport: Sport) => (total > 0 ? roundTo((sumMinutes(rows, sport) / total) * 100, 1) : 0);
      const current = list.at(-1)!;
      return {
        weeks: list,
        current_acwr: current.acwr,
        current_status: current.status,
        sport_share: {
          swim: share('swim'),
          bike: share('bike'),
          run: share('run'),
          strength: share('strength'),
        },
      };
    },

    async consistency(auth: AuthContext, days: number, now = new Date()) {
      return trainingLoad.consistency(auth, days, now);
    },

    /** Completed workouts between two dates: count, seconds, known metres (docs/profile.md, "This Year"). */
    completedTotals(auth: AuthContext, from: string, to: string) {
      return repo.completedTotals(db, auth.athleteId, from, to);
    },

    /** Every completed continuous run with a known distance (docs/profile.md, "Personal Records"). */
    continuousRuns(auth: AuthContext) {
      return repo.continuousRuns(db, auth.athleteId, EARLIEST_DATE, LATEST_DATE);
    },

    async achievements(auth: AuthContext, category: string | undefined) {
      const [sessions, recorded] = await Promise.all([
        repo.completedSessions(db, auth.athleteId, { from: null, to: null }),
        repo.recordedSessions(db, auth.athleteId, null, null),
      ]);
      // A workout an activity completes counts through its activity, with the distance it measured.
      const done = new Set(recorded.map((r) => r.workoutId));
      const achievements = evaluateAchievements(
        [
          ...sessions
            .filter((s) => !done.has(s.id))
            .map((s) => ({
              date: s.date,
              sport: s.sport,
              duration_minutes: s.durationMinutes ?? 0,
              distance_meters: s.distanceMeters,
              tss: s.tss,
            })),
          ...recorded.map((r) => ({
            date: r.date,
            sport: r.sport,
            duration_minutes: r.movingSeconds / 60,
            distance_meters: r.distanceMeters,
            tss: r.tss,
          })),
        ].sort((a, b) => a.date.localeCompare(b.date)),
        { category: category ?? null },
      );
      const counts = achievementCounts(achievements);
      return { achievements, earned_count: counts.earned, total_count: counts.total };
    },

    /** The last 12 weeks of one sport (or all): volume, distance, load, intensity, pace; and trends. */
    async performanceTrends(auth: AuthContext, sport: Sport | undefined, now = new Date()) {
      const today = todayOf(auth, now);
      const weekStart = athleteWeekStart(auth);
      const lastWeek = weekStartOf(today, weekStart);
      const first = addDays(lastWeek, -7 * (PERFORMANCE_WEEKS - 1));
      const rows = await repo.weeklyPerformance(
        db,
        auth.athleteId,
        first,
        addDays(lastWeek, 6),
        sport,
        weekStartsOnOf(weekStart),
      );
      const paced = sport === 'run' || sport === 'swim';
      const weeks = weekStartsBetween(first, lastWeek).map((week) => {
        const row = rows.find((r) => r.week === week);
        const hours = (row?.minutes ?? 0) / 60;
        const tss = row?.tss ?? 0;
        const pacedKm = (row?.pacedMeters ?? 0) / 1000;
        return {
          week_start: week,
          sessions: Math.round(row?.sessions ?? 0),
          hours: roundTo(hours, 2),
          distance_km: roundTo((row?.distanceMeters ?? 0) / 1000, 1),
          tss: roundTo(tss, 1),
          // The constant intensity factor that gives the week's TSS over its hours: TSS = h × IF² × 100.
          average_intensity_factor: hours > 0 ? roundTo(Math.sqrt(tss / (hours * 100)), 2) : null,
          average_pace_per_km_seconds:
            paced && pacedKm > 0 ? Math.round(((row?.pacedMinutes ?? 0) * 60) / pacedKm) : null,
        };
      });
      const intensities = weeks.flatMap((w) =>
        w.average_intensity_factor === null ? [] : [w.average_intensity_factor],
      );
      return {
        sport: sport ?? null,
        weeks,
        trends: {
          volume: trendOf(weeks.map((w) => w.hours)),
          intensity: trendOf(intensities),
          load: trendOf(weeks.map((w) => w.tss)),
        },
      };
    },

    /** The current phase from the active plan (or the load pattern) and the weekly load progression. */
    async periodization(auth: AuthContext, weeks: number, now = new Date()) {
      const today = todayOf(auth, now);
      const firstWeek = addDays(weekStartOf(today, athleteWeekStart(auth)), -7 * (weeks - 1));
      const history = addDays(today, -PERIODIZATION_HISTORY_DAYS);
      const [plan, { points }] = await Promise.all([
        plans.activeRow(auth.athleteId),
        trainingLoad.loadDays(auth.athleteId, firstWeek < history ? firstWeek : history, today),
      ]);
      const analysis = periodizationAnalysis({
        today,
        phases: planPhases(plan),
        series: points,
        race_date: plan?.raceDate ?? null,
        weeks,
      });
      return { ...analysis, plan_id: plan?.id ?? null };
    },

    /** Readiness for the plan's race (race_id, default the active plan): fitness, form, consistency, times. */
    async raceReadiness(
      auth: AuthContext,
      raceId: string | undefined,
      now = new Date(),
    ): Promise<RaceReadinessDto> {
      const today = todayOf(auth, now);
      const plan = raceId ? await plans.row(auth.athleteId, raceId) : await plans.activeRow(auth.athleteId);
      if (raceId && !plan) throw notFound('Plan');
      const since = addDays(today, -(BEST_EFFORT_DAYS - 1));
      const [{ points }, runs, recorded, consistency] = await Promise.all([
        trainingLoad.loadDays(auth.athleteId, addDays(today, -1), today),
        repo.continuousRuns(db, auth.athleteId, since, today),
        repo.recordedSessions(db, auth.athleteId, since, today),
        trainingLoad.consistency(auth, READINESS_CONSISTENCY_DAYS, now),
      ]);
      const raceDate = plan?.raceDate ?? null;
      const result = raceReadiness({
        today,
        series: points,
        race_date: raceDate,
        race_distance_meters: raceDistanceMeters(plan?.raceType),
        best_efforts: runs
          .flatMap((run) =>
            (run.distanceMeters ?? 0) > 0 && (run.durationMinutes ?? 0) > 0
              ? [
                  {
                    distance_meters: run.distanceMeters!,
                    time_seconds: run.durationMinutes! * 60,
                    date: run.date,
                  },
                ]
              : [],
          )
          .concat(
            // Recorded runs: their best efforts of 5 km and more (docs/training-load.md, "Race readiness").
            recorded.flatMap((r) => (r.sport === 'run' ? raceEffortsOf(r.bestEfforts.pace, r.date) : [])),
          ),
        // No planned training in the window: no consistency figure, rather than a 0 that would punish rest.
        consistency_percentage:
          consistency.summary.training_days > 0 ? consistency.summary.completion_percentage : null,
      });
      return {
        ...result,
        race:
          plan && raceDate
            ? { plan_id: plan.id, title: plan.title, race_type: plan.raceType, race_date: raceDate }
            : null,
      };
    },

    /** The Training API's period at a glance: totals, zones, polarization, today's form, consistency, quality. */
    async trainingAnalytics(auth: AuthContext, period: AnalyticsPeriod, now = new Date()) {
      const today = todayOf(auth, now);
      const { from, totals, minutes } = await periodZones(auth, period, today);
      const days = Math.min(MAX_CONSISTENCY_DAYS, daysBetween(from, today) + 1);
      const [form, consistency] = await Promise.all([
        trainingLoad.formFitness(auth, 1, now),
        trainingLoad.consistency(auth, days, now),
      ]);
      const polarization = polarizationOf(period, minutes);
      const hours = SPORTS.reduce((sum, sport) => sum + totals[MINUTES[sport]], 0) / 60;
      const score = Math.round(
        0.5 * consistency.summary.completion_percentage + 0.5 * polarization.polarization_score,
      );
      return {
        period,
        start_date: from,
        end_date: today,
        total_sessions: Math.round(totals.sessions),
        total_hours: roundTo(hours, 2),
        total_tss: roundTo(totals.tss, 1),
        average_weekly_hours: roundTo((hours * 7) / (daysBetween(from, today) + 1), 2),
        zone_distribution: zoneSummary(minutes),
        polarization,
        current_form: form[0]!,
        consistency: consistency.summary,
        training_quality: trainingQuality(score),
        training_quality_score: score,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
