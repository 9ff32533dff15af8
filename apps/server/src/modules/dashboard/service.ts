// The Dashboard API (docs/dashboard.md, "Dashboard API"): one
// summary for the page and one read per widget, all from the athlete's real data. Load, form and trends come
// from the daily load table through the training-load service, readiness and recovery from the metrics
// service, the race and plan progress from the active plan. "Today" is the athlete's own calendar day.
// Rules: docs/dashboard.md.
import type {
  DashboardSummary,
  ReadinessDto,
  RecoveryScoreDto,
  WeekSummary,
  ZDashboardTrainingLoad,
  ZDashboardWorkout,
  ZPrimaryRace,
  ZReadinessWidget,
  ZRecoveryAnalysis,
  ZStreakWidget,
} from '@stamina/contract';
import {
  addDays,
  dashboardScores,
  dateInTimeZone,
  daysBetween,
  formLevel,
  type PlanPhase,
  planProgress,
  roundTo,
  thresholdsAreEstimates,
  trainingReadinessFromForm,
  trendOf,
} from '@stamina/core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { PlanHeader, PlanReader } from '../plans/index.ts';
import type { ThresholdReader } from '../thresholds/index.ts';
import type { LoadDayRow, TrainingLoadService } from '../training-load/index.ts';
import type { WorkoutSummaryRow } from '../workouts/index.ts';

type RecoveryAnalysis = z.infer<typeof ZRecoveryAnalysis>;
type PrimaryRace = z.infer<typeof ZPrimaryRace>;

/** What the dashboard reads from the metrics service (modules/metrics). */
export interface DashboardMetrics {
  recoveryFor(auth: AuthContext, date?: string): Promise<RecoveryScoreDto | null>;
  readinessFor(auth: AuthContext, date?: string): Promise<ReadinessDto>;
  recoveryAnalysis(auth: AuthContext, days: number): Promise<RecoveryAnalysis>;
  dailyReadiness(auth: AuthContext, days: number): Promise<{ date: string; score: number | null }[]>;
  /** The same reads for one request, sharing what they read (the summary asks for the same days thrice). */
  withSharedReads?(loadDays?: TrainingLoadService['loadDays']): Omit<DashboardMetrics, 'withSharedReads'>;
}

/** Trends: readiness over 2 × 7 days, volume and intensity over 2 × 4 rolling weeks, all ending today. */
const READINESS_TREND_DAYS = 7;
const LOAD_TREND_WEEKS = 4;
const WINDOW_DAYS = 2 * LOAD_TREND_WEEKS * 7;
/** Recovery insights show at most 3 items (docs/dashboard.md, "Dashboard API"). */
const MAX_INSIGHTS = 3;

const EMPTY_ANALYSIS: RecoveryAnalysis = {
  overall_score: null,
  daily_scores: [],
  trend: 'stable',
  factors: {
    hrv_average: null,
    resting_hr_average: null,
    sleep_hours_average: null,
    sleep_quality_average: null,
  },
  recommendations: [],
};

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Percent change of the mean of the last `span` values against the `span` before; 0 when either half has
 * no value or the earlier mean is 0 (no base to compare with).
 */
export function percentChange(values: readonly (number | null)[], span: number): number {
  const present = (xs: readonly (number | null)[]) => xs.filter((x): x is number => x !== null);
  const later = present(values.slice(-span));
  const earlier = present(values.slice(-2 * span, -span));
  if (later.length === 0 || earlier.length === 0) return 0;
  const base = mean(earlier);
  return base === 0 ? 0 : roundTo(((mean(later) - base) / Math.abs(base)) * 100, 1);
}

const minutesOf = (row: LoadDayRow) =>
  row.runMinutes + row.bikeMinutes + row.swimMinutes + row.strengthMinutes;

/**
 * Volume (minutes) and intensity (TSS per hour) of the 2 × 4 rolling 7-day blocks ending today, compared
 * by core `trendOf` (the later 4 against the earlier 4). A block without training has no intensity (NaN,
 * which trendOf leaves out) rather than an intensity of 0.
 */
export function loadTrends(rows: readonly LoadDayRow[], today: string) {
  const first = addDays(today, -(WINDOW_DAYS - 1));
  const volume = Array.from({ length: 2 * LOAD_TREND_WEEKS }, () => 0);
  const tss = Array.from({ length: 2 * LOAD_TREND_WEEKS }, () => 0);
  for (const row of rows) {
    if (row.date < first || row.date > today) continue;
    const block = Math.floor(daysBetween(first, row.date) / 7);
    volume[block]! += minutesOf(row);
    tss[block]! += row.tss;
  }
  const intensity = volume.map((minutes, i) => (minutes > 0 ? tss[i]! / (minutes / 60) : Number.NaN));
  return { volume_trend: trendOf(volume), intensity_trend: trendOf(intensity) };
}

function primaryRaceOf(plan: PlanHeader | undefined, today: string): PrimaryRace | null {
  if (!plan?.raceDate) return null;
  return {
    plan_id: plan.id,
    name: plan.title,
    race_type: plan.raceType,
    date: plan.raceDate,
    days_until: daysBetween(today, plan.raceDate),
    target_time: plan.targetTime,
  };
}

function activePlanOf(plan: PlanHeader | undefined, today: string): DashboardSummary['active_plan'] {
  if (!plan) return null;
  // Only the share of the plan's days is needed, which planProgress computes without the plan's workouts.
  const progress = planProgress({
    today,
    start_date: plan.startDate,
    race_date: plan.raceDate,
    target_time: plan.targetTime,
    race_type: plan.raceType,
    phases: (Array.isArray(plan.phases) ? plan.phases : []) as PlanPhase[],
    workouts_this_week: [],
    plan_workouts: [],
  });
  return { id: plan.id, title: plan.title, progress_percentage: progress.progress_percentage };
}

/** The first planned or completed workout of a day, in the order they were added (docs/dashboard.md). */
function firstWorkoutOf(workouts: readonly WorkoutSummaryRow[], day: string): WorkoutSummaryRow | undefined {
  let first: WorkoutSummaryRow | undefined;
  for (const w of workouts) {
    if (w.workoutDate !== day || (w.status !== 'planned' && w.status !== 'completed')) continue;
    const earlier =
      first === undefined ||
      w.createdAt < first.createdAt ||
      (+w.createdAt === +first.createdAt && w.id < first.id);
    if (earlier) first = w;
  }
  return first;
}

function toDashboardWorkout(row: WorkoutSummaryRow | undefined): z.input<typeof ZDashboardWorkout> | null {
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    sport: row.sport as 'run',
    intensity: row.intensityZone,
    duration: row.durationMinutes,
    target_heart_rate_min: row.targetHeartRateMin,
    target_heart_rate_max: row.targetHeartRateMax,
    status: row.status as 'planned',
    workout_date: row.workoutDate,
    plan_id: row.planId,
  };
}

export function createDashboardService(deps: {
  trainingLoad: TrainingLoadService<WorkoutSummaryRow>;
  plans: PlanReader;
  metrics: DashboardMetrics | null;
  notifications: NotificationService;
  /** The thresholds in force (which are defaults); without it, the figures are not marked as estimates. */
  thresholds?: Pick<ThresholdReader, 'thresholdsOn'>;
  /** Whether the user signed in before this session (the greeting). */
  earlierSession?: (userId: string, sessionId: string) => Promise<boolean>;
  /**
   * Runs a request's reads with their single-value reads sent together (db/read-batch.ts `batchReads`); the
   * summary's reads become one statement. Without it, each read runs on its own.
   */
  batchReads?: <T>(run: () => Promise<T>) => Promise<T>;
  log?: FastifyBaseLogger;
}) {
  const { trainingLoad, plans, notifications } = deps;
  const batchReads = deps.batchReads ?? ((run) => run());

  /** A metrics read that fails answers its fallback: the dashboard shows the rest (never a 500). */
  type Metrics = DashboardMetrics;
  async function fromMetrics<T>(
    what: string,
    read: (metrics: Metrics) => Promise<T>,
    fallback: T,
    metrics: Metrics | null = deps.metrics,
  ): Promise<T> {
    if (!metrics) return fallback;
    try {
      return await read(metrics);
    } catch (err) {
      deps.log?.error({ err }, `dashboard: ${what} failed`);
      return fallback;
    }
  }
  const recoveryOf = (auth: AuthContext, metrics?: Metrics | null) =>
    fromMetrics('recovery', (m) => m.recoveryFor(auth), null, metrics);
  const readinessOf = (auth: AuthContext, metrics?: Metrics | null) =>
    fromMetrics<ReadinessDto | null>('readiness', (m) => m.readinessFor(auth), null, metrics);

  /** Today's load point and the stored days of the trend window (one seeded series read). */
  async function loadWindow(auth: AuthContext, today: string, loadDays = trainingLoad.loadDays) {
    const { points, rows } = await loadDays(auth.athleteId, addDays(today, -(WINDOW_DAYS - 1)), today);
    const now = points.at(-1)!;
    return {
      rows,
      ctl: roundTo(now.ctl, 1),
      atl: roundTo(now.atl, 1),
      tsb: roundTo(now.tsb, 1),
      ...loadTrends(rows, today),
    };
  }

  /** The last 7 days' mean readiness against the 7 before, in percent: the hero's trend badge. */
  const readinessTrendOf = (auth: AuthContext, metrics?: Metrics | null) =>
    fromMetrics(
      'readiness trend',
      async (m) =>
        percentChange(
          (await m.dailyReadiness(auth, 2 * READINESS_TREND_DAYS)).map((day) => day.score),
          READINESS_TREND_DAYS,
        ),
      0,
      metrics,
    );

  /** The day's scores, once for every tile and widget (core `dashboardScores`, docs/dashboard.md "Scores"). */
  const scoresOf = (
    readiness: ReadinessDto | null,
    recovery: RecoveryScoreDto | null,
    load: { ctl: number; atl: number },
  ) => dashboardScores({ readiness: readiness?.score, recovery: recovery?.score, load });

  /** Which thresholds in force today are defaults: the load figures are estimates until one is the athlete's. */
  async function thresholdBasis(auth: AuthContext, today: string): Promise<DashboardSummary['thresholds']> {
    if (!deps.thresholds) return { estimated: false, defaults: [] };
    const on = await deps.thresholds.thresholdsOn(auth.athleteId, today);
    const defaults: DashboardSummary['thresholds']['defaults'] = [];
    if (!on.cycling.known.ftp) defaults.push('ftp_watts');
    if (!on.running.known.pace) defaults.push('threshold_pace_seconds_per_km');
    if (!on.running.known.lthr) defaults.push('lthr');
    const source = (known: boolean): 'athlete' | 'default' => (known ? 'athlete' : 'default');
    return {
      estimated: thresholdsAreEstimates({
        ftp: source(on.cycling.known.ftp),
        pace: source(on.running.known.pace),
      }),
      defaults,
    };
  }

  /** The streaks, answered from the load window's stored days when they can (training-load `streak`). */
  async function streakOf(auth: AuthContext, now: Date, known?: readonly LoadDayRow[]) {
    const { currentStreak, longestStreak } = await trainingLoad.streak(auth, now, known);
    return { current_streak: currentStreak, longest_streak: longestStreak };
  }

  return {
    async summary(auth: AuthContext, now = new Date()): Promise<DashboardSummary> {
      const today = dateInTimeZone(now, auth.timezone);
      // The sweep first, so that the unread count includes what it creates; it is throttled, so most
      // summaries skip it.
      await notifications.sweep(auth, now);
      // Recovery, readiness and the readiness trend score the same 14 days, inside the load trends' 8 weeks:
      // each read once for this request. The load window is asked for first (below), so the narrower reads
      // are cut from it.
      const loadDays = trainingLoad.sharedLoadDays();
      const metrics = deps.metrics?.withSharedReads?.(loadDays) ?? deps.metrics;
      // Today's workout comes from the week's workouts, and the streak from the load window's days: no read
      // of their own (docs/dashboard.md, "Dashboard API"). The reads that remain (the week's workouts, the load
      // window, the plan, the wellness days, the unread count) are asked for in the same turn and sent as one
      // statement; the sweep above, which may write, is not in it.
      const [week, [load, streak], plan, recovery, readiness, readinessTrend, unread, thresholds] =
        await batchReads(() =>
          Promise.all([
            trainingLoad.weekWithWorkouts(auth, undefined, now),
            loadWindow(auth, today, loadDays).then(
              async (window) => [window, await streakOf(auth, now, window.rows)] as const,
            ),
            plans.activeHeader(auth.athleteId),
            recoveryOf(auth, metrics),
            readinessOf(auth, metrics),
            readinessTrendOf(auth, metrics),
            notifications.unreadCount(auth.athleteId),
            thresholdBasis(auth, today),
          ]),
        );
      return {
        athlete_id: auth.athleteId,
        date: today,
        ...scoresOf(readiness, recovery, load),
        thresholds,
        fitness_score: load.ctl,
        fatigue_score: load.atl,
        form_score: load.tsb,
        todays_workout: toDashboardWorkout(
          firstWorkoutOf(week.workouts, today),
        ) as DashboardSummary['todays_workout'],
        weekly_summary: week.summary,
        current_training_streak: streak.current_streak,
        longest_training_streak: streak.longest_streak,
        primary_race: primaryRaceOf(plan, today),
        active_plan: activePlanOf(plan, today),
        trends: {
          readiness_trend: readinessTrend,
          volume_trend: load.volume_trend,
          intensity_trend: load.intensity_trend,
        },
        recovery_insights: (recovery?.recommendations ?? []).slice(0, MAX_INSIGHTS),
        unread_notifications: unread,
      };
    },

    /**
     * "Welcome" on the first sign-in, "Welcome back" once the user has signed in before this session
     * (docs/dashboard.md, "Greeting"): from the stored sessions, so every device and browser agrees.
     */
    async welcome(auth: AuthContext) {
      const back = deps.earlierSession ? await deps.earlierSession(auth.userId, auth.sessionId) : true;
      return { first_visit: !back, greeting: back ? ('Welcome back' as const) : ('Welcome' as const) };
    },

    /** Today's recovery score and the analysis of the last `days` days. */
    async recovery(auth: AuthContext, days: number) {
      const [today, analysis] = await Promise.all([
        recoveryOf(auth),
        fromMetrics('recovery analysis', (m) => m.recoveryAnalysis(auth, days), EMPTY_ANALYSIS),
      ]);
      return { today, analysis };
    },

    /** This week's load (the athlete's week start) with today's fitness, fatigue and form. */
    async trainingLoad(auth: AuthContext, now = new Date()): Promise<z.input<typeof ZDashboardTrainingLoad>> {
      const today = dateInTimeZone(now, auth.timezone);
      const [week, { points }] = await Promise.all([
        trainingLoad.weekLoad(auth, undefined, now),
        trainingLoad.loadDays(auth.athleteId, today, today),
      ]);
      const point = points.at(-1)!;
      return {
        ...week,
        ctl: roundTo(point.ctl, 1),
        atl: roundTo(point.atl, 1),
        tsb: roundTo(point.tsb, 1),
        form_level: formLevel(point.tsb),
      };
    },

    async readinessWidget(auth: AuthContext, now = new Date()): Promise<z.input<typeof ZReadinessWidget>> {
      const today = dateInTimeZone(now, auth.timezone);
      const [load, recovery, readiness, readinessTrend, plan, streak, week] = await Promise.all([
        loadWindow(auth, today),
        recoveryOf(auth),
        readinessOf(auth),
        readinessTrendOf(auth),
        plans.activeHeader(auth.athleteId),
        streakOf(auth, now),
        trainingLoad.weekSummary(auth, undefined, now),
      ]);
      const race = primaryRaceOf(plan, today);
      const score = scoresOf(readiness, recovery, load).readiness_score;
      return {
        readiness: score,
        readinessConfidence: score === null ? 0 : (readiness?.confidence ?? 0),
        trends: { readiness_trend: readinessTrend },
        recoveryFactors: {
          sleep_duration: recovery?.factors.sleep_duration.value ?? null,
          hrv: recovery?.factors.hrv.value ?? null,
        },
        readinessTrends: { hrv: recovery?.trends.hrv ?? 'stable' },
        fitnessMetrics: {
          tsb: load.tsb,
          atl: load.atl,
          ctl: load.ctl,
          trainingReadiness: trainingReadinessFromForm(load.tsb),
        },
        primaryRace: race ? { name: race.name, days_until: race.days_until } : null,
        currentStreak: streak.current_streak,
        weekSummary: {
          total_duration_hours: week.total_duration_hours,
          weekly_tss: week.weekly_tss,
          planned_sessions: week.planned_sessions,
          completed_sessions: week.completed_sessions,
        },
        // Readiness advice names its score: without a score to show, none of it either.
        recoveryRecommendations:
          recovery?.recommendations ?? (score === null ? [] : (readiness?.recommendations ?? [])),
      };
    },

    /** The athlete's week holding `weekStart` (default this week), as the Training API's summary/week. */
    async weeklySummary(
      auth: AuthContext,
      weekStart: string | undefined,
      now = new Date(),
    ): Promise<WeekSummary> {
      return trainingLoad.weekSummary(auth, weekStart, now);
    },

    async streak(auth: AuthContext, now = new Date()): Promise<z.input<typeof ZStreakWidget>> {
      return { ...(await streakOf(auth, now)), streak_type: 'training_days' };
    },

    async raceCountdown(auth: AuthContext, now = new Date()) {
      return primaryRaceOf(await plans.activeHeader(auth.athleteId), dateInTimeZone(now, auth.timezone));
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
