// Load-trend categories (docs/training-load.md, "Categories"): fitness from CTL, fatigue from ATL, form from
// TSB, the week's load trend, the direction of a series, and training quality. Every function is total over
// all numbers: NaN counts as 0, ±Infinity falls in the outermost band.
import type { DailyLoadPoint } from './fitness.ts';

export type FitnessLevel = 'low' | 'moderate' | 'high' | 'very_high';
export type FatigueLevel = 'low' | 'moderate' | 'high' | 'very_high';
export type FormLevel = 'poor' | 'tired' | 'neutral' | 'fresh' | 'very_fresh';
export type LoadTrend = 'increasing' | 'stable';
export type Trend = 'improving' | 'stable' | 'declining';
export type TrainingQuality = 'excellent' | 'good' | 'needs_improvement' | 'poor';

const orZero = (value: number) => (Number.isNaN(value) ? 0 : value);

/** CTL below 30 low, below 60 moderate, below 90 high, else very_high. */
export function fitnessLevel(ctl: number): FitnessLevel {
  const v = orZero(ctl);
  if (v < 30) return 'low';
  if (v < 60) return 'moderate';
  if (v < 90) return 'high';
  return 'very_high';
}

/** ATL below 40 low, below 70 moderate, below 100 high, else very_high. */
export function fatigueLevel(atl: number): FatigueLevel {
  const v = orZero(atl);
  if (v < 40) return 'low';
  if (v < 70) return 'moderate';
  if (v < 100) return 'high';
  return 'very_high';
}

/** TSB below −30 poor, below −10 tired, below 10 neutral, below 25 fresh, else very_fresh. */
export function formLevel(tsb: number): FormLevel {
  const v = orZero(tsb);
  if (v < -30) return 'poor';
  if (v < -10) return 'tired';
  if (v < 10) return 'neutral';
  if (v < 25) return 'fresh';
  return 'very_fresh';
}

/** A week's load counts as increasing when it is more than 10 % above the average of the weeks before. */
export const LOAD_TREND_INCREASE = 0.1;
/** How many earlier weeks the load trend compares with. */
export const LOAD_TREND_WEEKS = 4;

/**
 * Our rule (docs/training-load.md §4, "Load trend"): the week's TSS against the average of up to 4 weeks
 * before it, 'increasing' when more than 10 % above (the usual week-on-week progression limit), 'stable'
 * otherwise, including when there is no earlier week or the load went down (there is no 'decreasing').
 * `previousWeeksTss` is oldest first; only its last 4 finite values count.
 */
export function loadTrend(currentWeekTss: number, previousWeeksTss: readonly number[]): LoadTrend {
  const recent = previousWeeksTss.filter(Number.isFinite).slice(-LOAD_TREND_WEEKS);
  if (recent.length === 0 || !Number.isFinite(currentWeekTss)) return 'stable';
  const average = recent.reduce((a, b) => a + Math.max(0, b), 0) / recent.length;
  if (average <= 0) return currentWeekTss > 0 ? 'increasing' : 'stable';
  return currentWeekTss > average * (1 + LOAD_TREND_INCREASE) ? 'increasing' : 'stable';
}

/** A change smaller than this share of the earlier level is 'stable'. */
export const TREND_THRESHOLD = 0.05;

/**
 * Our rule (docs/training-load.md §4, "Trend"): the mean of the later half of the series against the mean of
 * the earlier half (the middle value of an odd count is left out), relative to the earlier mean's size; above
 * +5 % improving, below −5 % declining. From a zero baseline any rise is improving and any fall declining.
 * Non-finite values are skipped; fewer than two values are 'stable'. With `higherIsBetter` false (e.g.
 * resting heart rate, fatigue) the direction is reversed.
 */
export function trendOf(values: readonly number[], options: { higherIsBetter?: boolean } = {}): Trend {
  const finite = values.filter(Number.isFinite);
  if (finite.length < 2) return 'stable';
  const half = Math.floor(finite.length / 2);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const earlier = mean(finite.slice(0, half));
  const later = mean(finite.slice(finite.length - half));
  const change = earlier === 0 ? Math.sign(later) : (later - earlier) / Math.abs(earlier);
  if (!Number.isFinite(change)) return 'stable';
  const signed = options.higherIsBetter === false ? -change : change;
  if (signed > TREND_THRESHOLD) return 'improving';
  if (signed < -TREND_THRESHOLD) return 'declining';
  return 'stable';
}

/** A 0–100 score: 85 and above excellent, 70 good, 50 needs_improvement, below 50 poor. */
export function trainingQuality(score: number): TrainingQuality {
  const v = orZero(score);
  if (v >= 85) return 'excellent';
  if (v >= 70) return 'good';
  if (v >= 50) return 'needs_improvement';
  return 'poor';
}

export interface FitnessFormRecord extends DailyLoadPoint {
  fitness_level: FitnessLevel;
  fatigue_level: FatigueLevel;
  form_level: FormLevel;
}

/**
 * A day of the load series with its three levels: the fitness/form record of docs/training-load.md §4,
 * without readiness.
 */
export function fitnessFormRecord(point: DailyLoadPoint): FitnessFormRecord {
  return {
    ...point,
    fitness_level: fitnessLevel(point.ctl),
    fatigue_level: fatigueLevel(point.atl),
    form_level: formLevel(point.tsb),
  };
}
