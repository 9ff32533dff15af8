// Local TSS (docs/training-load.md, "Local TSS"): a training stress score from what a planned or logged session
// says about itself (average power, a zone distribution, average heart rate or pace, or RPE), for when no
// recording exists. Recorded sessions use ./recorded-tss.ts.
//
// TSS = hours × IF² × 100 × sport factor. The form hours × IF² × 100 is Coggan's TSS with IF held constant
// (Allen & Coggan, "Training and Racing with a Power Meter", 2nd ed. 2010, ch. 7): one hour at threshold
// (IF 1) is 100. The IF tables, the 1.05 power factor, the sport factors and the confidences:
// docs/training-load.md §1.

import { clamp, isPositive, nonNegative, roundTo } from '../numbers.ts';
import {
  zoneFromIntensityPercent,
  zoneFromLthrPercent,
  zoneFromSpeedPercent,
} from '../workouts/parser/intensity.ts';
import { isEffortScored, type Zone, type ZoneDistribution } from '../workouts/types.ts';

export type TssSport = 'swim' | 'bike' | 'run' | 'brick' | 'strength';

/** Sport factor of the local TSS; any other sport counts 1. */
export const TSS_SPORT_FACTORS: Readonly<Record<TssSport, number>> = {
  swim: 1,
  bike: 1,
  run: 1,
  brick: 1.1,
  strength: 0.8,
};

/**
 * Average power × 1.05 stands in for Normalized Power: a typical endurance session's variability index
 * (NP / average power) is about 1.05 (Allen & Coggan 2010).
 */
export const POWER_VARIABILITY_FACTOR = 1.05;
/** IF per zone when the session gives its zone distribution (weighted by each zone's share of time). */
export const ZONE_DISTRIBUTION_INTENSITY_FACTORS: Readonly<Record<Zone, number>> = {
  1: 0.55,
  2: 0.75,
  3: 0.85,
  4: 0.95,
  5: 1.15,
};
/** IF per heart-rate zone of the session's average heart rate. */
export const HEART_RATE_INTENSITY_FACTORS: Readonly<Record<Zone, number>> = {
  1: 0.5,
  2: 0.65,
  3: 0.8,
  4: 0.95,
  5: 1.1,
};
/** IF per pace zone of the session's average pace. */
export const PACE_INTENSITY_FACTORS: Readonly<Record<Zone, number>> = {
  1: 0.55,
  2: 0.75,
  3: 0.9,
  4: 1.05,
  5: 1.2,
};
/** IF for RPE 1..10 (index = RPE − 1). */
export const RPE_INTENSITY_FACTORS: readonly number[] = [
  0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.05, 1.15,
];
/** IF when nothing about the effort is known. */
export const DEFAULT_INTENSITY_FACTOR = 0.5;

export type TssCalculationMethod = 'power' | 'zone_distribution' | 'heart_rate' | 'pace' | 'rpe' | 'default';

/**
 * The order in which inputs are used when a session carries several: the first one that is usable wins.
 * Measured power is the most direct measure of work, a zone distribution describes the whole session,
 * heart rate and pace are single averages, RPE is a feeling (docs/training-load.md §1, "Where the intensity
 * factor comes from").
 */
export const TSS_METHOD_PRIORITY: readonly TssCalculationMethod[] = [
  'power',
  'zone_distribution',
  'heart_rate',
  'pace',
  'rpe',
  'default',
];

/**
 * Confidence per method (docs/training-load.md §1): pace (.75) is trusted slightly more than heart rate (.7);
 * the default IF's 0.3 is ours: below RPE, since nothing about the effort is known.
 */
export const TSS_METHOD_CONFIDENCE: Readonly<Record<TssCalculationMethod, number>> = {
  power: 0.95,
  zone_distribution: 0.85,
  heart_rate: 0.7,
  pace: 0.75,
  rpe: 0.6,
  default: 0.3,
};

/** An IF estimated from averages is capped here: no session sustains more than twice threshold on average. */
export const MAX_INTENSITY_FACTOR = 2;
/** A session's duration is capped at 7 days, which keeps the score finite for any input. */
export const MAX_SESSION_MINUTES = 7 * 24 * 60;

/**
 * The athlete's heart-rate zones. The first usable description wins: `bounds`, then `lthr`, then `max_hr`.
 * The LTHR and max-HR bands are the workout parser's (docs/workout-parser.md), so a heart rate falls in the
 * same zone here as in a parsed workout.
 */
export interface HeartRateZones {
  /** The lowest heart rate (bpm) of zones 2, 3, 4 and 5: four positive values, strictly ascending. */
  bounds?: readonly number[] | null;
  /** Lactate-threshold heart rate: % of LTHR below 81 Z1, below 90 Z2, below 94 Z3, below 100 Z4, else Z5. */
  lthr?: number | null;
  /** Maximum heart rate: % of max below 60 Z1, below 70 Z2, below 80 Z3, below 90 Z4, else Z5. */
  max_hr?: number | null;
}

/** The athlete's run pace zones; `bounds` wins over `threshold_pace_per_km`. Paces are seconds per km. */
export interface PaceThresholds {
  /**
   * The slowest pace of zones 2, 3, 4 and 5: four positive values, strictly descending (faster is fewer
   * seconds). A pace slower than the first bound is zone 1; at or faster than the last, zone 5.
   */
  bounds?: readonly number[] | null;
  /**
   * Threshold pace: zones by speed as % of threshold speed (threshold pace / pace × 100): below 78 Z1,
   * below 88 Z2, below 95 Z3, below 101 Z4, else Z5 (the workout parser's bands).
   */
  threshold_pace_per_km?: number | null;
}

export interface AthleteZones {
  /** Functional threshold power, watts. */
  power_ftp?: number | null;
  hr_zones?: HeartRateZones | null;
  pace_thresholds?: PaceThresholds | null;
}

export interface TssIntensityData {
  /** Average power, watts. */
  avg_power?: number | null;
  /** Average heart rate, bpm. */
  avg_heart_rate?: number | null;
  /** Average pace, seconds per km. */
  avg_pace_per_km?: number | null;
  /** Rating of perceived exertion, 1..10 (rounded to the nearest whole number, clamped into 1..10). */
  rpe?: number | null;
}

/** What Local TSS reads from a session (docs/training-load.md, "Local TSS"). */
export interface TssInput {
  /** swim, bike, run, brick or strength; any other sport has factor 1. */
  sport: string;
  duration_minutes: number | null | undefined;
  intensity_data?: TssIntensityData | null;
  athlete_zones?: AthleteZones | null;
  /** Percent of time per zone; shares are normalised by their sum, so they need not add up to 100. */
  zone_distribution?: Partial<ZoneDistribution> | null;
}

/** The TSS result (docs/training-load.md §1). `tss` is rounded to 0.1, `intensity_factor` to 0.001. */
export interface TssResult {
  tss: number;
  intensity_factor: number;
  calculation_method: TssCalculationMethod;
  confidence: number;
}

const ZONES: readonly Zone[] = [1, 2, 3, 4, 5];

/** Four positive finite values, strictly ascending (or descending with `descending`), else null. */
function validBounds(bounds: readonly number[] | null | undefined, descending: boolean): number[] | null {
  if (!Array.isArray(bounds) || bounds.length !== 4) return null;
  const values = bounds as readonly unknown[];
  if (!values.every(isPositive)) return null;
  const numbers = values as number[];
  for (let i = 1; i < 4; i++) {
    if (descending ? numbers[i]! >= numbers[i - 1]! : numbers[i]! <= numbers[i - 1]!) return null;
  }
  return numbers;
}

/** The heart-rate zone of `bpm`, or null when the athlete's zones are unknown or `bpm` is not usable. */
export function heartRateZoneOf(bpm: number, zones: HeartRateZones | null | undefined): Zone | null {
  if (!isPositive(bpm) || !zones) return null;
  const bounds = validBounds(zones.bounds, false);
  if (bounds) return (1 + bounds.filter((b) => bpm >= b).length) as Zone;
  if (isPositive(zones.lthr)) return zoneFromLthrPercent((bpm / zones.lthr) * 100);
  if (isPositive(zones.max_hr)) return zoneFromIntensityPercent((bpm / zones.max_hr) * 100);
  return null;
}

/** The pace zone of a pace (seconds per km), or null when the zones are unknown or the pace is not usable. */
export function paceZoneOf(secondsPerKm: number, zones: PaceThresholds | null | undefined): Zone | null {
  if (!isPositive(secondsPerKm) || !zones) return null;
  const bounds = validBounds(zones.bounds, true);
  if (bounds) return (1 + bounds.filter((b) => secondsPerKm <= b).length) as Zone;
  if (isPositive(zones.threshold_pace_per_km))
    return zoneFromSpeedPercent((zones.threshold_pace_per_km / secondsPerKm) * 100);
  return null;
}

/**
 * IF of a zone distribution: each zone's IF weighted by its share; null when no share is positive. Shares are
 * scaled by the largest first, so even shares near the largest double cannot overflow the sum.
 */
export function zoneDistributionIntensityFactor(
  distribution: Partial<ZoneDistribution> | null | undefined,
): number | null {
  if (!distribution) return null;
  const shares = ZONES.map((zone) => nonNegative(distribution[`zone_${zone}`]));
  const largest = Math.max(...shares);
  if (!(largest > 0)) return null;
  let total = 0;
  let weighted = 0;
  ZONES.forEach((zone, i) => {
    const share = shares[i]! / largest;
    total += share;
    weighted += share * ZONE_DISTRIBUTION_INTENSITY_FACTORS[zone];
  });
  return weighted / total;
}

/**
 * The intensity factor and the method that gave it, following TSS_METHOD_PRIORITY. A sport scored by effort
 * (yoga, rowing, hiking, cross-country skiing, other) skips power and pace: the athlete's FTP and threshold
 * pace are a bike's and a run's, not theirs (docs/training-load.md, "Sports scored by effort").
 */
export function estimateIntensityFactor(
  input: Omit<TssInput, 'duration_minutes' | 'sport'> & { sport?: string },
): {
  intensity_factor: number;
  calculation_method: TssCalculationMethod;
} {
  const data = input.intensity_data ?? {};
  const zones = input.athlete_zones ?? {};
  const result = (intensity_factor: number, calculation_method: TssCalculationMethod) => ({
    intensity_factor: clamp(intensity_factor, 0, MAX_INTENSITY_FACTOR),
    calculation_method,
  });

  const byEffort = input.sport !== undefined && isEffortScored(input.sport);
  if (!byEffort && isPositive(data.avg_power) && isPositive(zones.power_ftp))
    return result((data.avg_power * POWER_VARIABILITY_FACTOR) / zones.power_ftp, 'power');
  const fromZones = zoneDistributionIntensityFactor(input.zone_distribution);
  if (fromZones !== null) return result(fromZones, 'zone_distribution');
  const hrZone = heartRateZoneOf(data.avg_heart_rate ?? Number.NaN, zones.hr_zones);
  if (hrZone !== null) return result(HEART_RATE_INTENSITY_FACTORS[hrZone], 'heart_rate');
  const paceZone = byEffort ? null : paceZoneOf(data.avg_pace_per_km ?? Number.NaN, zones.pace_thresholds);
  if (paceZone !== null) return result(PACE_INTENSITY_FACTORS[paceZone], 'pace');
  if (isPositive(data.rpe)) {
    const rpe = clamp(Math.round(data.rpe), 1, 10);
    return result(RPE_INTENSITY_FACTORS[rpe - 1]!, 'rpe');
  }
  return result(DEFAULT_INTENSITY_FACTOR, 'default');
}

/** The local TSS sport factor (docs/training-load.md §1); 1 for any other sport. */
export function tssSportFactor(sport: string): number {
  return Object.hasOwn(TSS_SPORT_FACTORS, sport) ? TSS_SPORT_FACTORS[sport as TssSport] : 1;
}

/**
 * Local TSS per docs/training-load.md, "Local TSS". Never throws: a missing, negative or non-finite duration counts as
 * 0 minutes (TSS 0), a longer one than MAX_SESSION_MINUTES is capped, an input that is not usable (no FTP for power,
 * no zones for heart rate or pace, RPE ≤ 0) is skipped for the next one in priority order.
 */
export function calculateTss(input: TssInput): TssResult {
  const minutes = Math.min(nonNegative(input.duration_minutes), MAX_SESSION_MINUTES);
  const { intensity_factor, calculation_method } = estimateIntensityFactor(input);
  const tss = (minutes / 60) * intensity_factor ** 2 * 100 * tssSportFactor(input.sport);
  return {
    tss: roundTo(tss, 1),
    intensity_factor: roundTo(intensity_factor, 3),
    calculation_method,
    confidence: TSS_METHOD_CONFIDENCE[calculation_method],
  };
}

export interface WorkoutTssInput {
  sport: string;
  duration_minutes: number | null | undefined;
  /** The workout's zone (1..5); used as the whole session's zone when no distribution is given. */
  intensity_zone?: number | null;
  /** The parsed structure's zone distribution (percent of time per zone, rest counted as zone 1). */
  zone_distribution?: Partial<ZoneDistribution> | null;
}

/**
 * The local TSS of a calendar workout, rounded to 0.1: its parsed zone distribution, else its zone as 100 %
 * of the time, else the default IF. Null when the workout has no usable duration (nothing to score).
 */
export function workoutTss(workout: WorkoutTssInput): number | null {
  const minutes = workout.duration_minutes;
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return null;
  let distribution = workout.zone_distribution ?? null;
  if (zoneDistributionIntensityFactor(distribution) === null) {
    const zone = workout.intensity_zone;
    distribution =
      zone === 1 || zone === 2 || zone === 3 || zone === 4 || zone === 5 ? { [`zone_${zone}`]: 100 } : null;
  }
  return calculateTss({ sport: workout.sport, duration_minutes: minutes, zone_distribution: distribution })
    .tss;
}

/** What the athlete logged when marking a workout done without a recording (all optional). */
export interface LoggedActuals {
  /** Minutes actually trained. */
  duration_minutes?: number | null;
  /** Session RPE, 1..10: how hard the whole session felt (Foster's session-RPE). */
  rpe?: number | null;
}

/**
 * The TSS of a workout done without a recording, from what the athlete logged (docs/training-load.md, "Logged
 * sessions"): with an RPE, the RPE method over the actual duration (the planned one when none was logged);
 * with only a duration, the planned intensity over the actual duration; with neither, null (the planned TSS
 * stands).
 */
export function loggedWorkoutTss(planned: WorkoutTssInput, actual: LoggedActuals): number | null {
  const minutes = isPositive(actual.duration_minutes) ? actual.duration_minutes : planned.duration_minutes;
  if (isPositive(actual.rpe)) return rpeTss(planned.sport, minutes, actual.rpe);
  if (isPositive(actual.duration_minutes)) return workoutTss({ ...planned, duration_minutes: minutes });
  return null;
}

/**
 * The RPE-based TSS of a session: hours × IF(RPE)² × 100 × sport factor (the RPE row of "Local TSS"). Used for
 * a logged session and for a recording without power, pace or heart rate. Null without a usable duration.
 */
export function rpeTss(sport: string, minutes: number | null | undefined, rpe: number): number | null {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return null;
  return calculateTss({ sport, duration_minutes: minutes, intensity_data: { rpe } }).tss;
}
