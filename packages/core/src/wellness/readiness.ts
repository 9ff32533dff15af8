// Readiness to train and the small display rules of the dashboard hero and the metric cards
// (docs/wellness.md, "Readiness"; docs/dashboard.md, "The dashboard screen"). Weights are ours: recovery
// (how the body is today) dominates, form and the acute:chronic load ratio (how training has gone) temper it.

import { clamp, roundTo } from '../numbers.ts';
import { acuteChronicRatio, acwrStatus, trainingReadinessFromForm } from '../training/analytics.ts';

export const READINESS_SCORE_WEIGHTS = { recovery: 0.6, form: 0.25, load: 0.15 } as const;

/** Load component by acute:chronic band; 80 while there is no chronic load to compare with. */
export const READINESS_LOAD_SCORES = { optimal: 100, low: 80, high: 50, very_high: 20, none: 80 } as const;

export type ReadinessLabel = 'Ready to Train' | 'Good to Go' | 'Take It Easy' | 'Rest Recommended';

export interface ReadinessInput {
  /** The day's recovery score, or null without wellness data. */
  recovery: number | null;
  /** The recovery score's own confidence (0-1); 1 when omitted. */
  recoveryConfidence?: number;
  tsb: number;
  atl: number;
  ctl: number;
}

export interface ReadinessResult {
  score: number;
  label: ReadinessLabel;
  confidence: number;
  components: {
    recovery: { score: number | null; weight: number };
    form: { tsb: number; score: number; weight: number };
    load: { atl: number; ctl: number; acwr: number | null; score: number; weight: number };
  };
}

const finiteOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * Readiness 0-100: 60 % recovery, 25 % form (trainingReadinessFromForm of TSB), 15 % load (by ACWR band).
 * Without a recovery score, form and load keep their 25:15 ratio (62.5 % and 37.5 %). Confidence: the load
 * model alone is worth 0.4, and the recovery part adds 0.6 × its own confidence.
 */
export function readinessScore(input: ReadinessInput): ReadinessResult {
  const tsb = finiteOr(input.tsb, 0);
  const atl = finiteOr(input.atl, 0);
  const ctl = finiteOr(input.ctl, 0);
  const recovery =
    typeof input.recovery === 'number' && Number.isFinite(input.recovery)
      ? clamp(input.recovery, 0, 100)
      : null;
  const form = trainingReadinessFromForm(tsb);
  const acwr = acuteChronicRatio(atl, ctl);
  const status = acwrStatus(acwr);
  const load = READINESS_LOAD_SCORES[status ?? 'none'];
  const base = READINESS_SCORE_WEIGHTS.form + READINESS_SCORE_WEIGHTS.load;
  const weights =
    recovery === null
      ? { recovery: 0, form: READINESS_SCORE_WEIGHTS.form / base, load: READINESS_SCORE_WEIGHTS.load / base }
      : { ...READINESS_SCORE_WEIGHTS };
  const score = Math.round(
    clamp((recovery ?? 0) * weights.recovery + form * weights.form + load * weights.load, 0, 100),
  );
  const recoveryConfidence = clamp(finiteOr(input.recoveryConfidence, 1), 0, 1);
  const confidence = roundTo(0.4 + (recovery === null ? 0 : 0.6 * recoveryConfidence), 2);
  return {
    score,
    label: readinessLabel(score),
    confidence,
    components: {
      recovery: { score: recovery, weight: roundTo(weights.recovery, 3) },
      form: { tsb: roundTo(tsb, 1), score: form, weight: roundTo(weights.form, 3) },
      load: {
        atl: roundTo(atl, 1),
        ctl: roundTo(ctl, 1),
        acwr,
        score: load,
        weight: roundTo(weights.load, 3),
      },
    },
  };
}

/**
 * 80 Ready to Train, 60 Good to Go, 40 Take It Easy, else Rest Recommended (docs/wellness.md, "Readiness").
 */
/**
 * The dashboard's readiness and recovery, each computed once for every tile and widget (docs/dashboard.md,
 * "Scores"). Recovery is the day's wellness score, or none. Readiness is the day's readiness score when there
 * is something behind it (a recovery score or any training load), else none: a new account is shown no score,
 * never a stand-in number.
 */
export function dashboardScores(input: {
  readiness: number | null | undefined;
  recovery: number | null | undefined;
  load: { ctl: number; atl: number };
}): { readiness_score: number | null; recovery_score: number | null } {
  const finite = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const recovery = finite(input.recovery);
  const trained = input.load.ctl !== 0 || input.load.atl !== 0;
  const readiness = recovery !== null || trained ? finite(input.readiness) : null;
  return { readiness_score: readiness, recovery_score: recovery };
}

export function readinessLabel(score: number): ReadinessLabel {
  if (score >= 80) return 'Ready to Train';
  if (score >= 60) return 'Good to Go';
  if (score >= 40) return 'Take It Easy';
  return 'Rest Recommended';
}

export type ReadinessBand = 'Excellent' | 'Great' | 'Good' | 'Fair' | 'Poor';

/** The dashboard hero's word for a readiness score (docs/dashboard.md, "The dashboard screen"). */
export function readinessBand(score: number): ReadinessBand {
  if (score >= 80) return 'Excellent';
  if (score >= 70) return 'Great';
  if (score >= 60) return 'Good';
  if (score >= 40) return 'Fair';
  return 'Poor';
}

/** The dashboard hero's colour for a readiness score. */
export function readinessIndicator(score: number): 'success' | 'warning' | 'destructive' {
  if (score >= 80) return 'success';
  if (score >= 60) return 'warning';
  return 'destructive';
}

/** The form chip beside readiness: hidden (null) at TSB 0 or without a TSB. */
export function formChip(tsb: number | null | undefined): 'positive' | 'negative' | 'neutral' | null {
  if (typeof tsb !== 'number' || !Number.isFinite(tsb) || tsb === 0) return null;
  if (tsb > 10) return 'positive';
  if (tsb < -10) return 'negative';
  return 'neutral';
}

export type IndicatorMetric = 'hrv' | 'sleep_hours' | 'fatigue_level';

/**
 * A metric card's indicator (docs/wellness.md, "Readiness"): HRV ≥ 45 good, ≥ 30 fair; sleep ≥ 7 h good,
 * ≥ 6 h fair; fatigue (lower is better) ≤ 3 good, ≤ 6 fair; else poor. Null for a missing value.
 */
export function metricIndicator(
  metric: IndicatorMetric,
  value: number | null | undefined,
): 'good' | 'fair' | 'poor' | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (metric === 'fatigue_level') return value <= 3 ? 'good' : value <= 6 ? 'fair' : 'poor';
  const [good, fair] = metric === 'hrv' ? [45, 30] : [7, 6];
  return value >= good ? 'good' : value >= fair ? 'fair' : 'poor';
}
