// Small pure pieces of the Analytics API (docs/training-load.md, "Analytics API"): training readiness implied
// by form, the acute:chronic workload ratio and its bands, and zone minutes as percentages that add up to
// 100.
import { nonNegative, roundTo } from '../numbers.ts';

/**
 * Breakpoints of `trainingReadinessFromForm`, as [TSB, readiness] pairs joined by straight lines. Ours, built
 * on the form bands of docs/training-load.md §4 (−30 poor, −10 tired, +10 neutral, +25 fresh): deep fatigue
 * is low readiness, a slightly positive form the best, and a long unloaded stretch (TSB far above +25) means
 * lost fitness ("stale"), so readiness falls again there, down to a floor that is never below "take it easy".
 */
export const READINESS_FROM_FORM: readonly (readonly [number, number])[] = [
  [-30, 20],
  [-10, 60],
  [5, 85],
  [25, 100],
  [50, 80],
  [100, 40],
];

/**
 * Training readiness (0-100, whole number) from today's form (TSB): 20 at −30 or below, rising linearly to 60
 * at −10, 85 at +5 and 100 at +25, then falling to 80 at +50 and 40 at +100, and 40 beyond. Non-decreasing up
 * to +25, non-increasing after it. NaN counts as TSB 0; −Infinity is 20 and +Infinity 40.
 */
export function trainingReadinessFromForm(tsb: number): number {
  const points = READINESS_FROM_FORM;
  const x = Number.isNaN(tsb) ? 0 : tsb;
  const first = points[0]!;
  const last = points.at(-1)!;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    if (x <= x1) {
      const [x0, y0] = points[i - 1]!;
      return Math.round(y0 + ((x - x0) / (x1 - x0)) * (y1 - y0));
    }
  }
  return last[1];
}

export type AcwrStatus = 'low' | 'optimal' | 'high' | 'very_high';

/**
 * Bands of the acute:chronic workload ratio (Gabbett 2016, "The training—injury prevention paradox: should
 * athletes be training smarter and harder?", Br J Sports Med 50:273-280): below 0.8 under-loaded, 0.8-1.3
 * the "sweet spot", up to 1.5 rising injury risk, above 1.5 the danger zone.
 */
export const ACWR_BANDS = { low: 0.8, optimal: 1.3, high: 1.5 } as const;

/**
 * ATL / CTL, rounded to 0.01: the exponentially weighted form of the acute:chronic ratio (Williams et al.
 * 2017, "Better way to determine the acute:chronic workload ratio?", Br J Sports Med 51:209-210), with the
 * fitness model's 7- and 42-day constants. Null while CTL is 0 (no chronic load to compare with).
 */
export function acuteChronicRatio(atl: number, ctl: number): number | null {
  const chronic = nonNegative(ctl);
  if (chronic === 0) return null;
  // Rounded first: a ratio near the largest double overflows when rounded (a tiny chronic load, found by fast-check).
  const ratio = roundTo(nonNegative(atl) / chronic, 2);
  return Number.isFinite(ratio) ? ratio : null;
}

/** The band of a ratio: below 0.8 low, to 1.3 optimal, to 1.5 high, above very_high; null for no ratio. */
export function acwrStatus(ratio: number | null): AcwrStatus | null {
  if (ratio === null || Number.isNaN(ratio)) return null;
  if (ratio < ACWR_BANDS.low) return 'low';
  if (ratio <= ACWR_BANDS.optimal) return 'optimal';
  if (ratio <= ACWR_BANDS.high) return 'high';
  return 'very_high';
}

export interface ZonePercentages {
  /** Zones 1-5, each to 0.1; they add up to exactly 100 when there is time, all 0 without. */
  zones: [number, number, number, number, number];
  /** Zones 1 and 2, and zones 4 and 5, summed from the rounded zones (so the three buckets add to 100). */
  zone_1_2: number;
  zone_4_5: number;
}

/**
 * Minutes (or seconds) per zone as percentages to 0.1. Rounding can leave the sum a tenth or two off 100; the
 * difference goes to the largest share, as the parser's zone distribution does. Negative and non-finite
 * values count as 0.
 */
export function zonePercentages(minutes: readonly number[]): ZonePercentages {
  const values = [0, 1, 2, 3, 4].map((i) => nonNegative(minutes[i]));
  // Scaled by the largest value first, so huge values cannot overflow the sum.
  const largest = Math.max(...values);
  if (!(largest > 0)) return { zones: [0, 0, 0, 0, 0], zone_1_2: 0, zone_4_5: 0 };
  const scaled = values.map((v) => v / largest);
  const total = scaled.reduce((a, b) => a + b, 0);
  const zones = scaled.map((v) => roundTo((v / total) * 100, 1)) as ZonePercentages['zones'];
  const drift = roundTo(100 - zones.reduce((a, b) => a + b, 0), 1);
  if (drift !== 0) {
    const index = zones.indexOf(Math.max(...zones));
    zones[index] = roundTo(zones[index]! + drift, 1);
  }
  return {
    zones,
    zone_1_2: roundTo(zones[0] + zones[1], 1),
    zone_4_5: roundTo(zones[3] + zones[4], 1),
  };
}
