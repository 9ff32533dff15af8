// Polarization of training intensity (docs/training-load.md, "Polarization"): the share of time at low (zones
// 1-2), moderate (zone 3) and high (zones 4-5) intensity against the polarized ideal of 80/5/15 (Seiler &
// Kjerland 2006, "Quantifying training intensity distribution in elite endurance athletes: is there evidence
// for an 'optimal' distribution?", Scand J Med Sci Sports 16:49-56; Seiler 2010, Int J Sports Physiol Perform
// 5:276-291).

import { nonNegative, roundTo } from '../numbers.ts';
import type { ZoneDistribution } from '../workouts/types.ts';

export interface IntensityDistribution {
  /** Percent of time in zones 1-2. */
  low: number;
  /** Percent of time in zone 3. */
  moderate: number;
  /** Percent of time in zones 4-5. */
  high: number;
}

export const IDEAL_POLARIZED_DISTRIBUTION: Readonly<IntensityDistribution> = {
  low: 80,
  moderate: 5,
  high: 15,
};
/** Polarized when low ≥ 75, high ≥ 10 and moderate ≤ 15 (docs/training-load.md, "Polarization"). */
export const POLARIZED_MIN_LOW = 75;
export const POLARIZED_MIN_HIGH = 10;
export const POLARIZED_MAX_MODERATE = 15;
/** Above this share of high intensity we advise less (our threshold: the ideal 15 % plus 10 points). */
export const POLARIZED_MAX_HIGH = 25;

export interface PolarizationAnalysis {
  current_distribution: IntensityDistribution;
  ideal_distribution: IntensityDistribution;
  /** 0-100: 100 at the ideal, 0 at the distribution farthest from it (all time in zone 3). */
  polarization_score: number;
  is_polarized: boolean;
  recommendations: string[];
}

export const POLARIZATION_TEXTS = {
  noData: 'Record the zones of your workouts to see how your training intensity is distributed.',
  polarized: 'Your training is polarized: mostly easy with some hard work. Keep it up.',
  moreLow: 'Spend more of your training time easy, in zones 1-2: aim for about 80%.',
  lessModerate: 'Cut back on moderate, zone 3 training: aim for about 5% of your time.',
  moreHigh: 'Add some hard work in zones 4-5, such as intervals: aim for about 15% of your time.',
  lessHigh: 'Too much of your training is hard: keep zones 4-5 to about 15% and recover between hard days.',
} as const;

/**
 * The largest total-variation distance from the ideal any distribution can have: 100 − the smallest ideal
 * share (every minute in zone 3), i.e. 95.
 */
const MAX_DISTANCE = 100 - Math.min(80, 5, 15);

/** Zone percentages (or seconds) to low/moderate/high percent; all 0 when there is no time. */
export function intensityDistribution(zones: Partial<ZoneDistribution>): IntensityDistribution {
  const z = (k: keyof ZoneDistribution) => nonNegative(zones[k]);
  // Scaled by the largest share first, so shares near the largest double cannot overflow the sums.
  const largest = Math.max(z('zone_1'), z('zone_2'), z('zone_3'), z('zone_4'), z('zone_5'));
  if (!(largest > 0)) return { low: 0, moderate: 0, high: 0 };
  const s = (k: keyof ZoneDistribution) => z(k) / largest;
  const low = s('zone_1') + s('zone_2');
  const moderate = s('zone_3');
  const high = s('zone_4') + s('zone_5');
  const total = low + moderate + high;
  return {
    low: roundTo((low / total) * 100, 1),
    moderate: roundTo((moderate / total) * 100, 1),
    high: roundTo((high / total) * 100, 1),
  };
}

/**
 * Polarization of a zone distribution (percent or seconds per zone; normalised by its total). The score is
 * 100 × (1 − d / 95), d the total-variation distance to 80/5/15 (half the sum of absolute differences, in
 * percentage points). Recommendations: one line per rule the distribution breaks, the praise line when it is
 * polarized, or the no-data line when there is no time.
 */
export function polarizationAnalysis(zones: Partial<ZoneDistribution>): PolarizationAnalysis {
  const current = intensityDistribution(zones);
  const ideal = { ...IDEAL_POLARIZED_DISTRIBUTION };
  if (current.low + current.moderate + current.high === 0)
    return {
      current_distribution: current,
      ideal_distribution: ideal,
      polarization_score: 0,
      is_polarized: false,
      recommendations: [POLARIZATION_TEXTS.noData],
    };
  const distance =
    (Math.abs(current.low - ideal.low) +
      Math.abs(current.moderate - ideal.moderate) +
      Math.abs(current.high - ideal.high)) /
    2;
  const score = Math.min(100, Math.max(0, roundTo(100 * (1 - distance / MAX_DISTANCE), 1)));
  const isPolarized =
    current.low >= POLARIZED_MIN_LOW &&
    current.high >= POLARIZED_MIN_HIGH &&
    current.moderate <= POLARIZED_MAX_MODERATE;
  const recommendations: string[] = [];
  if (current.low < POLARIZED_MIN_LOW) recommendations.push(POLARIZATION_TEXTS.moreLow);
  if (current.moderate > POLARIZED_MAX_MODERATE) recommendations.push(POLARIZATION_TEXTS.lessModerate);
  if (current.high < POLARIZED_MIN_HIGH) recommendations.push(POLARIZATION_TEXTS.moreHigh);
  if (current.high > POLARIZED_MAX_HIGH) recommendations.push(POLARIZATION_TEXTS.lessHigh);
  if (isPolarized) recommendations.push(POLARIZATION_TEXTS.polarized);
  return {
    current_distribution: current,
    ideal_distribution: ideal,
    polarization_score: score,
    is_polarized: isPolarized,
    recommendations,
  };
}
