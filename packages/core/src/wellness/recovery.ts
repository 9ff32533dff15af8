// The local recovery score, its personal baselines, labels and bands (docs/wellness.md, "Recovery score" and
// "Baselines"). The start (50), the weights and the ideal sleep window are the product's; the scaling of each
// component is ours: every component lies in −50..+50, so a perfect day reaches
// 100 and the worst 0 when all inputs are present.
import { addDays, epochDay } from '../dates.ts';
import { clamp, isPositive, roundTo } from '../numbers.ts';
import type { WellnessValues } from './ranges.ts';

/**
 * HRV 45, resting HR 50, sleep 7.5 h: used until the athlete has enough own data (docs/wellness.md,
 * "Baselines").
 */
export const WELLNESS_DEFAULT_BASELINES = { hrv: 45, resting_hr: 50, sleep_hours: 7.5 } as const;

/** The window of the personal baselines, and the values a metric needs in it before its own mean is used. */
export const BASELINE_WINDOW_DAYS = 30;
export const BASELINE_MIN_VALUES = 7;

export interface WellnessBaselines {
  hrv: number;
  resting_hr: number;
  sleep_hours: number;
  /** 'personal' when at least one of the three is the athlete's own mean, 'default' when none is. */
  source: 'personal' | 'default';
  /** Days in the window with at least one of the three metrics. */
  days: number;
}

/** The components' weights (docs/wellness.md, "Recovery score"), in the order of the contract's factors. */
export const RECOVERY_WEIGHTS = {
  hrv: 0.25,
  resting_hr: 0.2,
  sleep_duration: 0.2,
  sleep_quality: 0.15,
  subjective_readiness: 0.15,
  training_load: 0.05,
} as const;
export type RecoveryFactorKey = keyof typeof RECOVERY_WEIGHTS;

export interface RecoveryFactor {
  value: number | null;
  baseline: number | null;
  weight: number;
  /** weight × component, to 0.1. */
  points: number;
}

export type RecoveryLabel = 'Fully Recovered' | 'Good Recovery' | 'Moderate Recovery' | 'Need Recovery';
export type RecoveryBand = 'low' | 'reduced' | 'normal' | 'high';

export interface RecoveryResult {
  score: number;
  label: RecoveryLabel;
  band: RecoveryBand;
  factors: Record<RecoveryFactorKey, RecoveryFactor>;
  /** 0-1: the sum of the weights that had a value. */
  confidence: number;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Each metric's mean over the 30 days before `date` (the day itself excluded, so a bad morning does not
 * raise its own bar), once that metric has at least 7 values there; otherwise its default. Metrics are
 * independent: an athlete who logs HRV but not sleep gets a personal HRV and the default sleep. Rows with an
 * invalid date, or outside the window, are ignored; several rows on one date all count (callers pass one per
 * day). Means are rounded to 0.1 (sleep to 0.01 h) and the score uses the rounded values it reports.
 */
export function wellnessBaselines(history: readonly WellnessValues[], date: string): WellnessBaselines {
  const end = epochDay(date);
  const sums = { hrv: 0, resting_hr: 0, sleep_hours: 0 };
  const counts = { hrv: 0, resting_hr: 0, sleep_hours: 0 };
  const days = new Set<string>();
  if (!Number.isNaN(end)) {
    for (const row of history) {
      const day = epochDay(row?.date ?? '');
      const ago = end - day;
      if (!(ago >= 1 && ago <= BASELINE_WINDOW_DAYS)) continue;
      for (const key of ['hrv', 'resting_hr', 'sleep_hours'] as const) {
        const value = row[key];
        if (!finite(value)) continue;
        sums[key] += value;
        counts[key]++;
        days.add(row.date);
      }
    }
  }
  let personal = false;
  const mean = (key: 'hrv' | 'resting_hr' | 'sleep_hours', digits: number) => {
    if (counts[key] < BASELINE_MIN_VALUES) return WELLNESS_DEFAULT_BASELINES[key];
    const value = roundTo(sums[key] / counts[key], digits);
    // A mean of 0 (sleep logged as 0 h every day) cannot divide; keep the default then.
    if (!isPositive(value)) return WELLNESS_DEFAULT_BASELINES[key];
    personal = true;
    return value;
  };
  const hrv = mean('hrv', 1);
  const resting_hr = mean('resting_hr', 1);
  const sleep_hours = mean('sleep_hours', 2);
  return { hrv, resting_hr, sleep_hours, source: personal ? 'personal' : 'default', days: days.size };
}

/** The first day of the baseline window of `date`: the history a caller must load to score it. */
export function baselineWindowStart(date: string): string {
  return addDays(date, -BASELINE_WINDOW_DAYS);
}

const component = (value: number) => clamp(value, -50, 50);

/** Sleep-duration component: 50 inside the ideal 7-9 h, 25 less per hour outside it, never below −50. */
export function sleepDurationComponent(hours: number): number {
  const outside = hours < 7 ? 7 - hours : hours > 9 ? hours - 9 : 0;
  return Math.max(-50, 50 - 25 * outside);
}

export interface RecoveryContext {
  /** The day's form (TSB); null or absent leaves the training-load component out. */
  tsb?: number | null;
}

/**
 * The recovery score of one day: clamp(50 + Σ weight × component, 0, 100), rounded, where each component is in
 * −50..+50 (docs/wellness.md §2). A value that is missing (or not a finite number) adds nothing and lowers
 * the confidence by its weight; with nothing at all the score is the neutral 50 at confidence 0.
 */
export function recoveryScore(
  values: Partial<WellnessValues>,
  baselines: Pick<WellnessBaselines, 'hrv' | 'resting_hr' | 'sleep_hours'>,
  context: RecoveryContext = {},
): RecoveryResult {
  const hrvBase = isPositive(baselines.hrv) ? baselines.hrv : WELLNESS_DEFAULT_BASELINES.hrv;
  const rhrBase = isPositive(baselines.resting_hr)
    ? baselines.resting_hr
    : WELLNESS_DEFAULT_BASELINES.resting_hr;
  const sleepBase = isPositive(baselines.sleep_hours)
    ? baselines.sleep_hours
    : WELLNESS_DEFAULT_BASELINES.sleep_hours;
  const v = values ?? {};
  const inputs: Record<RecoveryFactorKey, [number | null, number | null, (x: number) => number]> = {
    // +20 % over baseline is the full +50, −20 % the full −50.
    hrv: [numberOrNull(v.hrv), hrvBase, (x) => component(((x - hrvBase) / hrvBase) * 250)],
    // Lower is better; ±10 % of baseline (5 bpm at 50) is the full swing.
    resting_hr: [numberOrNull(v.resting_hr), rhrBase, (x) => component(((rhrBase - x) / rhrBase) * 500)],
    sleep_duration: [numberOrNull(v.sleep_hours), sleepBase, sleepDurationComponent],
    // × 20: 1-5 becomes 20-100, centred on 50 (docs/wellness.md, "Recovery score").
    sleep_quality: [numberOrNull(v.sleep_quality), null, (x) => component(x * 20 - 50)],
    subjective_readiness: [numberOrNull(v.readiness), null, (x) => component(x * 20 - 50)],
    // TSB −20 (clearly tired) is the full −50, +20 the full +50.
    training_load: [numberOrNull(context?.tsb), null, (x) => component(x * 2.5)],
  };
  let total = 50;
  let confidence = 0;
  const factors = {} as Record<RecoveryFactorKey, RecoveryFactor>;
  for (const key of Object.keys(RECOVERY_WEIGHTS) as RecoveryFactorKey[]) {
    const weight = RECOVERY_WEIGHTS[key];
    const [value, baseline, scale] = inputs[key];
    const raw = value === null ? 0 : weight * scale(value);
    if (value !== null) confidence += weight;
    total += raw;
    factors[key] = { value, baseline, weight, points: roundTo(raw, 1) + 0 };
  }
  const score = Math.round(clamp(total, 0, 100));
  return {
    score,
    label: recoveryLabel(score),
    band: recoveryBand(score),
    factors,
    confidence: roundTo(confidence, 2),
  };
}

function numberOrNull(value: unknown): number | null {
  return finite(value) ? value : null;
}

/**
 * 80+ Fully Recovered, 60+ Good Recovery, 40+ Moderate Recovery, else Need Recovery (docs/wellness.md,
 * "Recovery score").
 */
export function recoveryLabel(score: number): RecoveryLabel {
  if (score >= 80) return 'Fully Recovered';
  if (score >= 60) return 'Good Recovery';
  if (score >= 40) return 'Moderate Recovery';
  return 'Need Recovery';
}

/** Below 40 low, below 60 reduced, above 85 high, else normal (docs/wellness.md, "Recovery score"). */
export function recoveryBand(score: number): RecoveryBand {
  if (score < 40) return 'low';
  if (score < 60) return 'reduced';
  if (score > 85) return 'high';
  return 'normal';
}
