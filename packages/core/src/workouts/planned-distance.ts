// A planned workout's distance (docs/screens.md, "Training calendar", "Weekly totals"): the steps' written
// distances, and for steps planned by time in a run, ride or swim an estimate from the step's own target (pace,
// power) or else the athlete's threshold scaled to the step's zone. Estimated totals are marked as such.
import { DEFAULT_THRESHOLDS } from './parser/intensity.ts';
import type { Interval, Sport, Zone } from './types.ts';

/** The thresholds an estimate may use; a missing one falls back to the parser's default. */
export interface DistanceThresholds {
  thresholdPaceSecondsPerKm?: number | null;
  cssSecondsPer100m?: number | null;
  ftpWatts?: number | null;
}

export interface PlannedDistance {
  meters: number;
  /** True when any step's distance was estimated from its time. */
  estimated: boolean;
}

/** The fields of a step the estimate reads; the zone a number, as the API carries it (1–5). */
type DistanceStep = Pick<Interval, 'duration_seconds' | 'repetitions' | 'isRest' | 'distance_meters'> & {
  zone: number;
  targets: Pick<
    Interval['targets'],
    'pace_per_km_seconds' | 'pace_per_100m_seconds' | 'power_watts' | 'power_percent_ftp'
  >;
};

interface StepLists {
  warmup_intervals: readonly DistanceStep[];
  main_intervals: readonly DistanceStep[];
  cooldown_intervals: readonly DistanceStep[];
}

/**
 * Speed as a share of threshold speed in the middle of each zone. The zone bands of pace are <78, 78–88,
 * 88–95, 95–101 and >101 % of threshold speed (parser `zoneFromSpeedPercent`, docs/zones.md); the ends take
 * 70 % and 105 %.
 */
export const ZONE_SPEED_SHARE: Readonly<Record<Zone, number>> = {
  1: 0.7,
  2: 0.83,
  3: 0.915,
  4: 0.98,
  5: 1.05,
};

/**
 * Power as a share of FTP in the middle of each zone. The parser's power bands are <55.5, 55.5–75.5, 75.5–87.5,
 * 87.5–105.5 and >105.5 % of FTP (`THRESHOLD_ZONE_LIMITS`, docs/zones.md); the ends take 50 % and 115 %.
 */
export const ZONE_POWER_SHARE: Readonly<Record<Zone, number>> = {
  1: 0.5,
  2: 0.65,
  3: 0.815,
  4: 0.965,
  5: 1.15,
};

/**
 * Riding speed on a flat road from power: P = ½·ρ·CdA·v³ + Crr·m·g·v, with air at sea level (ρ 1.225 kg/m³),
 * a rider on the hoods (CdA 0.32 m²), road tyres (Crr 0.005) and 80 kg of rider and bike. A rough figure: wind,
 * hills and position change it a lot, which is why the totals mark it as estimated.
 */
export const RIDE_MODEL = { airDensity: 1.225, cda: 0.32, crr: 0.005, massKg: 80, gravity: 9.81 } as const;

/** Metres per second a rider holds at `watts` on a flat road (RIDE_MODEL), by bisection. */
export function rideSpeedFromPower(watts: number): number {
  if (!(watts > 0)) return 0;
  const { airDensity, cda, crr, massKg, gravity } = RIDE_MODEL;
  const power = (v: number) => 0.5 * airDensity * cda * v ** 3 + crr * massKg * gravity * v;
  let low = 0;
  let high = 40;
  for (let i = 0; i < 50; i++) {
    const mid = (low + high) / 2;
    if (power(mid) < watts) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && n > 0;

/** Metres per second of one timed step, or null when the sport has no speed to estimate from. */
function stepSpeed(sport: Sport, step: DistanceStep, t: DistanceThresholds): number | null {
  const share = ZONE_SPEED_SHARE[step.zone as Zone] ?? ZONE_SPEED_SHARE[2];
  if (sport === 'run') {
    if (positive(step.targets.pace_per_km_seconds)) return 1000 / step.targets.pace_per_km_seconds;
    const threshold = positive(t.thresholdPaceSecondsPerKm)
      ? t.thresholdPaceSecondsPerKm
      : DEFAULT_THRESHOLDS.thresholdPaceSecondsPerKm;
    return (1000 / threshold) * share;
  }
  if (sport === 'swim') {
    // A rest in a swim set is spent at the wall.
    if (step.isRest) return 0;
    if (positive(step.targets.pace_per_100m_seconds)) return 100 / step.targets.pace_per_100m_seconds;
    const css = positive(t.cssSecondsPer100m) ? t.cssSecondsPer100m : DEFAULT_THRESHOLDS.cssSecondsPer100m;
    return (100 / css) * share;
  }
  if (sport === 'bike') {
    const ftp = positive(t.ftpWatts) ? t.ftpWatts : DEFAULT_THRESHOLDS.ftpWatts;
    const watts = positive(step.targets.power_watts)
      ? step.targets.power_watts
      : positive(step.targets.power_percent_ftp)
        ? (ftp * step.targets.power_percent_ftp) / 100
        : ftp * (ZONE_POWER_SHARE[step.zone as Zone] ?? ZONE_POWER_SHARE[2]);
    return rideSpeedFromPower(watts);
  }
  return null;
}

/**
 * A workout's planned distance: the written distances of its steps (times their repetitions), and for a run,
 * ride or swim the timed steps' estimated distance. Null when no step has a distance and none can be estimated
 * (other sports planned by time, or no structure).
 */
export function plannedDistance(
  sport: Sport,
  structure: StepLists | null | undefined,
  thresholds: DistanceThresholds = {},
): PlannedDistance | null {
  if (!structure) return null;
  let meters: number | null = null;
  let estimated = false;
  for (const step of [
    ...structure.warmup_intervals,
    ...structure.main_intervals,
    ...structure.cooldown_intervals,
  ]) {
    const repetitions = Math.max(1, step.repetitions);
    if (typeof step.distance_meters === 'number') {
      meters = (meters ?? 0) + step.distance_meters * repetitions;
      continue;
    }
    if (!(step.duration_seconds > 0)) continue;
    const speed = stepSpeed(sport, step, thresholds);
    if (speed === null) continue;
    meters = (meters ?? 0) + speed * step.duration_seconds * repetitions;
    estimated = true;
  }
  return meters === null ? null : { meters, estimated };
}
