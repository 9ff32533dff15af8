// Wellness scores and histories (docs/wellness.md): each stored day scored against its own 30-day baselines
// and that day's form, in one pass over a range; the recovery and readiness reads, trends, analysis, metric
// histories and summaries. Scores are pure core (packages/core/src/wellness); this file loads the rows and the
// training load they need and shapes answers. "Today" and date defaults are the athlete's own calendar day.
import type { MetricType, ReadinessDto, RecoveryScoreDto, WellnessDay } from '@stamina/contract';
import {
  addDays,
  BASELINE_WINDOW_DAYS,
  type DailyLoadPoint,
  dateInTimeZone,
  daysBetween,
  entriesInForce,
  type RecoveryResult,
  readinessScore,
  recoveryRecommendations,
  recoveryScore,
  roundTo,
  type ThresholdEntry,
  type ThresholdSport,
  trendOf,
  WELLNESS_RANGES,
  type WellnessBaselines,
  type WellnessValues,
  wellnessBaselines,
} from '@stamina/core';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { TrainingLoadService } from '../training-load/index.ts';
import * as repo from './repository.ts';

/** The longest range a list or history may span: ten years, as the Training API. */
const MAX_RANGE_DAYS = 3650;
/** Default span of GET /api/metrics. */
const LIST_DAYS = 30;
/** Days behind a recovery score's trends. */
const TREND_DAYS = 14;
const SUMMARY_DAYS = { week: 7, month: 30, '3months': 90 } as const;

/** Metric types of the history calls → their stored field (recovery_score is computed) and unit. */
const METRIC_FIELD: Record<Exclude<MetricType, 'recovery_score'>, keyof typeof WELLNESS_RANGES> = {
  hrv: 'hrv',
  hrv_sdnn: 'hrv_sdnn',
  resting_hr: 'resting_hr',
  sleep_hours: 'sleep_hours',
  sleep_quality: 'sleep_quality',
  vo2max: 'vo2max',
  ftp: 'ftp_watts',
  threshold_pace: 'threshold_pace_seconds_per_km',
  weight: 'weight_kg',
  readiness: 'readiness',
  fatigue: 'fatigue_level',
};
/** Metrics whose lower values are better, for their trends. */
const LOWER_IS_BETTER = new Set<MetricType>(['resting_hr', 'threshold_pace', 'fatigue']);
const unitOf = (type: MetricType) =>
  type === 'recovery_score' ? '' : WELLNESS_RANGES[METRIC_FIELD[type]].unit;

const RECOVERY_INPUTS = ['hrv', 'resting_hr', 'sleep_hours', 'sleep_quality', 'readiness'] as const;
/** A day is scored only when it has at least one of the wellness inputs (TSB alone is not a recovery score). */
const hasRecoveryInputs = (values: Partial<WellnessValues>) =>
  RECOVERY_INPUTS.some((key) => typeof values[key] === 'number');

const mean = (xs: readonly number[]) =>
  xs.length ? roundTo(xs.reduce((a, b) => a + b, 0) / xs.length, 1) : null;

export interface ScoredDay<R extends repo.ReadinessRow | repo.WellnessRow = repo.WellnessRow> {
  row: R;
  values: WellnessValues;
  baselines: WellnessBaselines;
  recovery: RecoveryResult | null;
}

/**
 * TSB of a day for the recovery score, to 0.1 as the form charts show it; null while the athlete has no
 * training load at all (a brand-new account has no form to speak of, so it does not count towards confidence).
 */
const tsbOf = (point: DailyLoadPoint | undefined) =>
  point && (point.ctl > 0 || point.atl > 0) ? roundTo(point.tsb, 1) : null;

/**
 * `shareReads`: for the reads of one request only (see `createMetricsService().withSharedReads`): a range
 * scored once is answered again from memory, so the dashboard summary's recovery, readiness and readiness
 * trend, which all score the same 14 days, read them once. Never on a long-lived instance: it would go stale.
 */
/**
 * FTP and threshold pace are read from the one dated threshold store (docs/zones.md, "Dated history"), as
 * Settings reads them, never from wellness rows: the metric types and their fields there.
 */
const THRESHOLD_METRICS = {
  ftp: 'ftpWatts',
  threshold_pace: 'thresholdPaceSecondsPerKm',
} as const satisfies Partial<Record<MetricType, keyof ThresholdEntry>>;
type ThresholdMetric = keyof typeof THRESHOLD_METRICS;
const isThresholdMetric = (type: MetricType): type is ThresholdMetric => type in THRESHOLD_METRICS;

/**
 * A threshold metric over `from`..`to` from the dated history: the value in force on `from`, then one point
 * on each day a new entry takes effect (a step series; days between keep the value before them).
 */
function thresholdPoints(
  history: readonly ThresholdEntry[],
  type: ThresholdMetric,
  from: string,
  to: string,
): { date: string; value: number }[] {
  const field = THRESHOLD_METRICS[type];
  const sport = type === 'ftp' ? 'cycling' : 'running';
  const days = [
    from,
    ...history
      .filter((e) => e.sport === sport && e.effectiveFrom > from && e.effectiveFrom <= to)
      .map((e) => e.effectiveFrom),
  ];
  const points: { date: string; value: number }[] = [];
  for (const day of [...new Set(days)].sort()) {
    const value = entriesInForce(history, day)[sport]?.[field];
    if (typeof value === 'number') points.push({ date: day, value });
  }
  return points;
}

/** The FTP and threshold pace of the threshold entries dated `date` (null where that day has none). */
function thresholdsLoggedOn(history: readonly ThresholdEntry[], date: string) {
  const on = (sport: ThresholdSport) => history.find((e) => e.sport === sport && e.effectiveFrom === date);
  return {
    ftp_watts: on('cycling')?.ftpWatts ?? null,
    threshold_pace_seconds_per_km: on('running')?.thresholdPaceSecondsPerKm ?? null,
  };
}

export function createWellnessScores(
  db: Db,
  trainingLoad: Pick<TrainingLoadService, 'loadDays'>,
  options: {
    shareReads?: boolean;
    /** The athlete's dated thresholds (thresholds service `history`): FTP and threshold pace come from there. */
    thresholdHistory?: (athleteId: string) => Promise<ThresholdEntry[]>;
  } = {},
) {
  const thresholdHistory = options.thresholdHistory;
  const thresholdEntries = async (athleteId: string) => (await thresholdHistory?.(athleteId)) ?? [];
  const today = (auth: AuthContext, now = new Date()) => dateInTimeZone(now, auth.timezone);

  /**
   * Every stored day from `from` to `to` with its baselines and recovery score, in one pass: the rows from 30
   * days before `from` (for the first day's baselines) and the load series of the range are read once, and
   * each day's baselines come from the window of rows sliding along with it.
   */
  const scoredRanges = new Map<string, ReturnType<typeof scoreRange>>();
  function scoredRange(athleteId: string, from: string, to: string) {
    if (!options.shareReads) return scoreRange(athleteId, from, to);
    const key = `${athleteId}|${from}|${to}`;
    let scored = scoredRanges.get(key);
    if (!scored) {
      scored = scoreRange(athleteId, from, to);
      scoredRanges.set(key, scored);
    }
    return scored;
  }

  async function scoreRange(athleteId: string, from: string, to: string) {
    const [rows, load] = await Promise.all([
      repo.listDays(db, athleteId, addDays(from, -BASELINE_WINDOW_DAYS), to),
      trainingLoad.loadDays(athleteId, from, to),
    ]);
    return scoreRows(rows, load, from);
  }

  /**
   * The days of `rows` from `from` on, scored; `rows` start 30 days before `from` (the baselines' window). Rows
   * need only the recovery score's inputs (`ReadinessRow`).
   */
  function scoreRows<R extends repo.ReadinessRow | repo.WellnessRow>(
    rows: readonly R[],
    load: { points: readonly DailyLoadPoint[] },
    from: string,
  ) {
    const loadByDate = new Map(load.points.map((point) => [point.date, point]));
    const values = rows.map(repo.valuesOf);
    const days: ScoredDay<R>[] = [];
    let windowStart = 0;
    for (let i = 0; i < rows.length; i++) {
      const date = rows[i]!.date;
      if (date < from) continue;
      const earliest = addDays(date, -BASELINE_WINDOW_DAYS);
      while (rows[windowStart]!.date < earliest) windowStart++;
      const baselines = wellnessBaselines(values.slice(windowStart, i), date);
      const recovery = hasRecoveryInputs(values[i]!)
        ? recoveryScore(values[i]!, baselines, { tsb: tsbOf(loadByDate.get(date)) })
        : null;
      days.push({ row: rows[i]!, values: values[i]!, baselines, recovery });
    }
    return { days, loadByDate };
  }

  /**
   * One day as the API gives it. Its FTP and threshold pace are the dated threshold store's entries from that
   * very day (docs/wellness.md, "FTP and threshold pace"): what was logged that day, kept in the one store.
   */
  const toDay = (day: ScoredDay, thresholds: readonly ThresholdEntry[]): WellnessDay => ({
    id: day.row.id,
    date: day.row.date,
    ...(Object.fromEntries(repo.VALUE_KEYS.map((key) => [key, day.values[key] ?? null])) as Omit<
      WellnessDay,
      'id' | 'date' | 'recovery_score' | 'created_at' | 'updated_at' | repo.ThresholdField
    >),
    ...thresholdsLoggedOn(thresholds, day.row.date),
    recovery_score: day.recovery?.score ?? null,
    created_at: day.row.createdAt.toISOString(),
    updated_at: day.row.updatedAt.toISOString(),
  });

  /** The recovery score of `date` with its trends over the 14 days ending there; null without wellness inputs. */
  async function recoveryOn(athleteId: string, date: string): Promise<RecoveryScoreDto | null> {
    return (await recoveryAndLoadOn(athleteId, date)).recovery;
  }

  /** recoveryOn, with the day's load point from the same read (readiness needs both). */
  async function recoveryAndLoadOn(athleteId: string, date: string) {
    const { days, loadByDate } = await scoredRange(athleteId, addDays(date, -(TREND_DAYS - 1)), date);
    return { recovery: recoveryFrom(days, date), point: loadByDate.get(date) };
  }

  function recoveryFrom(days: readonly ScoredDay[], date: string): RecoveryScoreDto | null {
    const day = days.at(-1);
    if (!day || day.row.date !== date || !day.recovery) return null;
    const series = (pick: (d: ScoredDay) => number | null | undefined) =>
      days.map(pick).filter((v): v is number => typeof v === 'number');
    return {
      date,
      ...day.recovery,
      baselines: day.baselines,
      trends: {
        recovery: trendOf(series((d) => d.recovery?.score)),
        hrv: trendOf(series((d) => d.values.hrv)),
        resting_hr: trendOf(
          series((d) => d.values.resting_hr),
          { higherIsBetter: false },
        ),
        sleep: trendOf(series((d) => d.values.sleep_hours)),
      },
      recommendations: recoveryRecommendations(day.recovery.score, day.values, day.baselines),
    };
  }

  async function dayById(athleteId: string, id: string): Promise<WellnessDay> {
    const row = await repo.findById(db, athleteId, id);
    if (!row) throw notFound('Metrics entry');
    const [{ days }, thresholds] = await Promise.all([
      scoredRange(athleteId, row.date, row.date),
      thresholdEntries(athleteId),
    ]);
    return toDay(days[0]!, thresholds);
  }

  function readinessOf(
    recovery: { score: number; confidence: number } | null,
    point: DailyLoadPoint | undefined,
  ) {
    return readinessScore({
      recovery: recovery?.score ?? null,
      recoveryConfidence: recovery?.confidence ?? 0,
      tsb: point?.tsb ?? 0,
      atl: point?.atl ?? 0,
      ctl: point?.ctl ?? 0,
    });
  }

  /** A score series over `days` days ending today, with its trend (later half against earlier) and mean. */
  function scoreTrends(points: { date: string; score: number | null }[]) {
    const scores = points.map((p) => p.score).filter((s): s is number => s !== null);
    return { days: points, trend: trendOf(scores), average: mean(scores) };
  }

  async function recoveryFor(auth: AuthContext, date?: string, now = new Date()) {
    return recoveryOn(auth.athleteId, date ?? today(auth, now));
  }

  async function readinessFor(auth: AuthContext, date?: string, now = new Date()): Promise<ReadinessDto> {
    const day = date ?? today(auth, now);
    const { recovery, point } = await recoveryAndLoadOn(auth.athleteId, day);
    const result = readinessOf(recovery, point);
    const headline = {
      'Ready to Train': `Readiness ${result.score}: ready for a key or hard session.`,
      'Good to Go': `Readiness ${result.score}: train as planned.`,
      'Take It Easy': `Readiness ${result.score}: keep today's session easy and short.`,
      'Rest Recommended': `Readiness ${result.score}: rest or do light mobility today.`,
    }[result.label];
    const advice = recovery
      ? recovery.recommendations.filter((text) => !text.startsWith('Recovery score')).slice(0, 4)
      : ['Log this morning’s HRV, resting HR and sleep to base readiness on your recovery too.'];
    return { date: day, ...result, recommendations: [headline, ...advice] };
  }

  /**
   * Each day's readiness over the `days` ending today, scored as readinessFor scores it; null on a day with
   * neither a recovery score nor any training load behind it (nothing to score).
   */
  async function dailyReadiness(auth: AuthContext, days: number, now = new Date()) {
    const end = today(auth, now);
    const from = addDays(end, -(days - 1));
    return readinessSeries(await scoredRange(auth.athleteId, from, end), from, days);
  }

  /**
   * `dailyReadiness` of many athletes (the daily adaptation's batch), each of their own today: the wellness rows
   * of all in one read, the load through `loadDays` (pass a batch's, `loadDaysOfAthletes`). Athlete id → days,
   * with each day's sleep hours (null when not logged).
   */
  async function dailyReadinessOfAthletes(
    athletes: ReadonlyArray<Pick<AuthContext, 'athleteId' | 'timezone'>>,
    days: number,
    now: Date,
    loadDays: (
      athleteId: string,
      from: string,
      to: string,
    ) => Promise<{ points: readonly DailyLoadPoint[] }> = trainingLoad.loadDays,
  ): Promise<
    Map<
      string,
      Array<{ date: string; score: number | null; sleepHours: number | null; notes: string | null }>
    >
  > {
    const out = new Map<
      string,
      Array<{ date: string; score: number | null; sleepHours: number | null; notes: string | null }>
    >();
    if (athletes.length === 0) return out;
    const ends = athletes.map((a) => dateInTimeZone(now, a.timezone));
    const first = ends.reduce((a, b) => (a < b ? a : b));
    const last = ends.reduce((a, b) => (a > b ? a : b));
    const rowsOf = await repo.listDaysOfAthletes(
      db,
      athletes.map((a) => a.athleteId),
      addDays(first, -(days - 1) - BASELINE_WINDOW_DAYS),
      last,
    );
    for (const [i, athlete] of athletes.entries()) {
      const end = ends[i]!;
      const from = addDays(end, -(days - 1));
      const earliest = addDays(from, -BASELINE_WINDOW_DAYS);
      const rows = (rowsOf.get(athlete.athleteId) ?? []).filter((r) => r.date >= earliest && r.date <= end);
      const scored = scoreRows(rows, await loadDays(athlete.athleteId, from, end), from);
      const recent = rows.filter((r) => r.date >= from);
      const sleep = new Map(recent.map((r) => [r.date, r.sleepHours]));
      // The day's note, for what the athlete reports in it (illness, injury: docs/adaptation.md).
      const notes = new Map(recent.map((r) => [r.date, r.notes]));
      out.set(
        athlete.athleteId,
        readinessSeries(scored, from, days).map((d) => ({
          ...d,
          sleepHours: sleep.get(d.date) ?? null,
          notes: notes.get(d.date) ?? null,
        })),
      );
    }
    return out;
  }

  function readinessSeries(
    { days: scored, loadByDate }: ReturnType<typeof scoreRows<repo.ReadinessRow>>,
    from: string,
    days: number,
  ) {
    const recoveryByDate = new Map(scored.map((d) => [d.row.date, d.recovery]));
    return Array.from({ length: days }, (_, i) => addDays(from, i)).map((date) => {
      const recovery = recoveryByDate.get(date) ?? null;
      const load = loadByDate.get(date);
      const untrained = !load || (load.ctl === 0 && load.atl === 0);
      return { date, score: recovery === null && untrained ? null : readinessOf(recovery, load).score };
    });
  }

  async function recoveryAnalysis(auth: AuthContext, days: number, now = new Date()) {
    const end = today(auth, now);
    const { days: scored } = await scoredRange(auth.athleteId, addDays(end, -(days - 1)), end);
    const withScore = scored.filter(
      (d): d is ScoredDay & { recovery: RecoveryResult } => d.recovery !== null,
    );
    const pick = (key: 'hrv' | 'resting_hr' | 'sleep_hours' | 'sleep_quality') =>
      mean(scored.map((d) => d.values[key]).filter((v): v is number => typeof v === 'number'));
    const latest = withScore.at(-1);
    return {
      overall_score: mean(withScore.map((d) => d.recovery.score)),
      daily_scores: withScore.map((d) => ({
        date: d.row.date,
        score: d.recovery.score,
        label: d.recovery.label,
        factors: d.recovery.factors,
      })),
      trend: trendOf(withScore.map((d) => d.recovery.score)),
      factors: {
        hrv_average: pick('hrv'),
        resting_hr_average: pick('resting_hr'),
        sleep_hours_average: pick('sleep_hours'),
        sleep_quality_average: pick('sleep_quality'),
      },
      recommendations: latest
        ? recoveryRecommendations(latest.recovery.score, latest.values, latest.baselines)
        : [],
    };
  }

  /** Values of one metric type over the range, days without it left out. */
  function pointsOf(type: MetricType, scored: readonly ScoredDay[]) {
    const points: { date: string; value: number }[] = [];
    for (const day of scored) {
      const value = type === 'recovery_score' ? day.recovery?.score : day.values[METRIC_FIELD[type]];
      if (typeof value === 'number') points.push({ date: day.row.date, value });
    }
    return points;
  }

  async function history(auth: AuthContext, type: MetricType, days: number, now = new Date()) {
    const end = today(auth, now);
    if (thresholdHistory && isThresholdMetric(type)) {
      const entries = await thresholdHistory(auth.athleteId);
      return {
        type,
        unit: unitOf(type),
        points: thresholdPoints(entries, type, addDays(end, -(days - 1)), end),
      };
    }
    const { days: scored } = await scoredRange(auth.athleteId, addDays(end, -(days - 1)), end);
    return { type, unit: unitOf(type), points: pointsOf(type, scored) };
  }

  return {
    recoveryOn,
    recoveryFor,
    readinessFor,
    recoveryAnalysis,
    dailyReadiness,
    dailyReadinessOfAthletes,
    history,
    dayById,

    async list(auth: AuthContext, query: { start_date?: string; end_date?: string }, now = new Date()) {
      const end =
        query.end_date ?? (query.start_date ? addDays(query.start_date, LIST_DAYS - 1) : today(auth, now));
      const start = query.start_date ?? addDays(end, -(LIST_DAYS - 1));
      if (start > end) throw new AppError('VALIDATION_FAILED', 'start_date must not be after end_date');
      if (daysBetween(start, end) >= MAX_RANGE_DAYS)
        throw new AppError(
          'VALIDATION_FAILED',
          `end_date may be at most ${MAX_RANGE_DAYS} days after start_date`,
        );
      const [{ days }, thresholds] = await Promise.all([
        scoredRange(auth.athleteId, start, end),
        thresholdEntries(auth.athleteId),
      ]);
      return days.map((day) => toDay(day, thresholds));
    },

    async recoveryTrends(auth: AuthContext, days: number, now = new Date()) {
      const end = today(auth, now);
      const from = addDays(end, -(days - 1));
      const { days: scored } = await scoredRange(auth.athleteId, from, end);
      const byDate = new Map(scored.map((d) => [d.row.date, d.recovery?.score ?? null]));
      const points = Array.from({ length: days }, (_, i) => addDays(from, i)).map((date) => ({
        date,
        score: byDate.get(date) ?? null,
      }));
      return scoreTrends(points);
    },

    async readinessTrends(auth: AuthContext, days: number, now = new Date()) {
      return scoreTrends(await dailyReadiness(auth, days, now));
    },

    async recommendations(auth: AuthContext, now = new Date()) {
      const recovery = await recoveryFor(auth, undefined, now);
      return recovery
        ? recovery.recommendations
        : ['Log this morning’s HRV, resting HR and sleep to get a recovery score and advice for today.'];
    },

    async calculateReadiness(auth: AuthContext, date?: string, now = new Date()) {
      return readinessFor(auth, date, now);
    },

    async calculateRecovery(auth: AuthContext, date?: string, now = new Date()) {
      return recoveryFor(auth, date, now);
    },

    async analysis(auth: AuthContext, days: number, now = new Date()) {
      return recoveryAnalysis(auth, days, now);
    },

    /** The latest value of each metric type; recovery_score is that of the latest day with wellness inputs. */
    async current(auth: AuthContext) {
      const latest = await repo.latestValues(db, auth.athleteId);
      const current = {} as Record<MetricType, { value: number; date: string } | null>;
      for (const [type, field] of Object.entries(METRIC_FIELD) as [
        MetricType,
        keyof typeof WELLNESS_RANGES,
      ][])
        current[type] = latest[field] ?? null;
      if (thresholdHistory) {
        // In force today, dated by the entry it comes from (docs/zones.md): the figure Settings shows.
        const entries = await thresholdHistory(auth.athleteId);
        const inForce = entriesInForce(entries, today(auth));
        for (const type of Object.keys(THRESHOLD_METRICS) as ThresholdMetric[]) {
          const entry = inForce[type === 'ftp' ? 'cycling' : 'running'];
          const value = entry?.[THRESHOLD_METRICS[type]];
          current[type] = entry && typeof value === 'number' ? { value, date: entry.effectiveFrom } : null;
        }
      }
      const lastScored = RECOVERY_INPUTS.map((key) => latest[key]?.date)
        .filter((d): d is string => d !== undefined)
        .sort()
        .at(-1);
      const recovery = lastScored ? await recoveryOn(auth.athleteId, lastScored) : null;
      current.recovery_score = recovery ? { value: recovery.score, date: recovery.date } : null;
      return current;
    },

    async summary(auth: AuthContext, period: keyof typeof SUMMARY_DAYS, now = new Date()) {
      const end = today(auth, now);
      const start = addDays(end, -(SUMMARY_DAYS[period] - 1));
      const [{ days: scored }, thresholds] = await Promise.all([
        scoredRange(auth.athleteId, start, end),
        thresholdEntries(auth.athleteId),
      ]);
      const types = [...(Object.keys(METRIC_FIELD) as MetricType[]), 'recovery_score' as const];
      return {
        period,
        start_date: start,
        end_date: end,
        metrics: types.map((type) => {
          // FTP and threshold pace from the one dated store, as the history chart draws them.
          const points = isThresholdMetric(type)
            ? thresholdPoints(thresholds, type, start, end)
            : pointsOf(type, scored);
          const values = points.map((p) => p.value);
          return {
            type,
            unit: unitOf(type),
            latest: values.at(-1) ?? null,
            average: mean(values),
            min: values.length ? Math.min(...values) : null,
            max: values.length ? Math.max(...values) : null,
            count: values.length,
            trend: trendOf(values, { higherIsBetter: !LOWER_IS_BETTER.has(type) }),
          };
        }),
      };
    },
  };
}

export type WellnessScores = ReturnType<typeof createWellnessScores>;
