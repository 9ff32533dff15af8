// The targets plan sessions are written with: the athlete's thresholds and the goal's race paces, the zones of
// a speed or a power, the intensities as multiples of threshold, and how paces, distances and ranges are written
// in the athlete's units. Pure. Figures and sources: docs/plan-generator.md, "Session library".
import { roundTo } from '../numbers.ts';
import type { Units } from '../spec/app.ts';
import { METERS_PER_MILE, paceInUnits } from '../units.ts';
import { resolveThresholds } from '../workouts/parser/intensity.ts';
import type { AthleteThresholds } from '../workouts/types.ts';

/** Minutes in one zone. */
export type Part = [minutes: number, zone: 1 | 2 | 3 | 4 | 5];
export type Z = Part[1];

/** Zone of a speed as a share of threshold speed (docs/workout-parser.md, "Zones"). */
export function speedZone(share: number): Z {
  return share < 0.78 ? 1 : share < 0.88 ? 2 : share < 0.95 ? 3 : share < 1.01 ? 4 : 5;
}
/** Zone of a power as a share of FTP. */
export function powerZone(share: number): Z {
  return share <= 0.55 ? 1 : share <= 0.75 ? 2 : share <= 0.87 ? 3 : share <= 1.05 ? 4 : 5;
}

/** Targets of one athlete: thresholds and the goal's race paces. */
export interface SessionTargets {
  /** Run threshold pace, s/km. */
  thresholdPace: number;
  ftp: number;
  /** CSS, s/100 m. */
  css: number;
  /** The goal race's run pace, s/km (a triathlon's run leg); null: none. */
  racePace: number | null;
  /** The goal race's bike power, W; null: none. */
  raceWatts: number | null;
  /** The goal race's swim pace, s/100 m; null: none. */
  raceSwimPace: number | null;
  /** Run pace in seconds per km at a multiple of threshold pace. */
  runPace: (factor: number) => number;
  /** Bike power in watts at a share of FTP. */
  watts: (share: number) => number;
  /** Swim pace in seconds per 100 m at a multiple of CSS. */
  swimPace: (factor: number) => number;
  /**
   * Rides are written by power zone (`@ Z3`), not watts: the athlete's FTP is unknown and no test in the plan
   * will set it, as for a runner whose intervals move to the bike with an injury (docs/plan-generator.md,
   * "Injuries"). Watts from the default FTP would be numbers made up for this athlete.
   */
  bikeByZone: boolean;
  /**
   * Runs are written by effort (RPE), not pace: a new runner, whose threshold pace nobody knows and whom no test
   * in the plan will time (docs/plan-generator.md, "A new runner runs and walks"). Paces from the default
   * threshold would be numbers made up for them.
   */
  runByEffort: boolean;
  /**
   * The athlete's units: an imperial athlete's run paces and run and ride distances are written per mile and in
   * miles, swims in metres (docs/units.md, "Workout texts").
   */
  units: Units;
}

export function sessionTargets(
  thresholds: AthleteThresholds | undefined,
  race: { runPace?: number | null; watts?: number | null; swimPace?: number | null } = {},
  options: { bikeByZone?: boolean; runByEffort?: boolean; units?: Units } = {},
): SessionTargets {
  const t = resolveThresholds(thresholds);
  return {
    thresholdPace: t.thresholdPaceSecondsPerKm,
    ftp: t.ftpWatts,
    css: t.cssSecondsPer100m,
    racePace: race.runPace ?? null,
    raceWatts: race.watts ?? null,
    raceSwimPace: race.swimPace ?? null,
    runPace: (factor) => Math.round(t.thresholdPaceSecondsPerKm * factor),
    watts: (share) => Math.round((t.ftpWatts * share) / 5) * 5,
    swimPace: (factor) => Math.round(t.cssSecondsPer100m * factor),
    bikeByZone: options.bikeByZone ?? false,
    runByEffort: options.runByEffort ?? false,
    units: options.units ?? 'metric',
  };
}

// Intensities as multiples of threshold pace (run, swim) or shares of FTP (bike). The parser's zones
// (docs/workout-parser.md, "Zones"): run speed below 78 % of threshold speed is Z1, below 88 % Z2, below 95 %
// Z3, below 101 % Z4; bike power to 55 % FTP Z1, to 75 % Z2, to 87 % Z3, to 105 % Z4. Easy running sits at
// 1.19-1.27 × threshold pace (Daniels' E pace, about 59-74 % of VO2max), steady at 1.06, threshold at 1.0
// (Daniels' T) and intervals at 0.93 (Daniels' I, about vVO2max).
export const RUN = { z1: [1.3, 1.38], z2: [1.19, 1.27], steady: 1.06, threshold: 1, vo2: 0.93 } as const;
export const BIKE = {
  z1: [0.45, 0.52],
  z2: [0.62, 0.72],
  tempo: [0.78, 0.84],
  sweet: [0.88, 0.93],
  threshold: [0.95, 1],
  vo2: [1.1, 1.15],
} as const;
export const SWIM = { easy: 1.3, steady: 1.15, css: 1, fast: 0.96 } as const;

export const mmss = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
export const fiveDown = (minutes: number) => Math.max(5, Math.floor(minutes / 5) * 5);

/** A run pace (s/km) as the athlete's units write it: '4:30/km', or the same speed as '7:15/mi'. */
export function paceText(secondsPerKm: number, units: Units): string {
  return units === 'imperial'
    ? `${mmss(paceInUnits(secondsPerKm, 'imperial'))}/mi`
    : `${mmss(secondsPerKm)}/km`;
}
/** A run pace as the text writes it, read back as s/km (the figure the parser will see). */
export function writtenPace(secondsPerKm: number, units: Units): number {
  return units === 'imperial'
    ? (Math.round(paceInUnits(secondsPerKm, 'imperial')) * 1000) / METERS_PER_MILE
    : Math.round(secondsPerKm);
}
/** A distance, metres, to a tenth of a km or of a mile: '21.1km', '13.1mi'. */
export function distanceText(meters: number, units: Units): string {
  return units === 'imperial'
    ? `${roundTo(meters / METERS_PER_MILE, 1)}mi`
    : `${roundTo(meters / 1000, 1)}km`;
}

export function runRange(t: SessionTargets, [fast, slow]: readonly [number, number]): string {
  if (t.units !== 'imperial') return `${mmss(t.runPace(fast))}-${mmss(t.runPace(slow))}/km`;
  const perMile = (f: number) => mmss(paceInUnits(t.runPace(f), 'imperial'));
  return `${perMile(fast)}-${perMile(slow)}/mi`;
}
export function wattRange(t: SessionTargets, [lo, hi]: readonly [number, number]): string {
  return t.bikeByZone ? `Z${powerZone((lo + hi) / 2)}` : `${t.watts(lo)}-${t.watts(hi)}W`;
}
