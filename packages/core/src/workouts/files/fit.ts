// Garmin FIT workout files, read: the workout_step messages (decoded by the server with the FIT SDK into plain
// values) become the canonical expanded steps, like the other formats. Repeat steps expand, targets keep their
// values (power as % FTP or watts, heart rate, speed as pace, cadence), and intensity gives the phase and the
// rest steps. The mapping is written up in docs/workout-parser.md, "FIT workout files".

import {
  distanceToSeconds,
  resolveThresholds,
  zoneFromBpm,
  zoneFromIntensityPercent,
  zoneFromSpeedPercent,
  zoneFromThresholdPercent,
} from '../parser/intensity.ts';
import { DEFAULT_STEP_SECONDS } from '../parser/steps.ts';
import type { AthleteThresholds, Interval, IntervalTargets, Phase, Sport, Zone } from '../types.ts';
import { checkSteps, fileInterval, type WorkoutFileContent, WorkoutFileError } from './common.ts';

/** One workout_step message as the FIT SDK decodes it (enum fields as their profile names). */
export interface FitStepInput {
  messageIndex?: number | undefined;
  name?: string | undefined;
  /** time, distance, open, repeatUntilStepsCmplt, … */
  durationType?: string | undefined;
  durationSeconds?: number | undefined;
  durationMeters?: number | undefined;
  /** Repeat steps: the message index the block starts at, and how many times it is done in all. */
  repeatFrom?: number | undefined;
  repeatCount?: number | undefined;
  /** warmup, active, rest, recovery, cooldown, interval, other. */
  intensity?: string | undefined;
  /** power, heartRate, speed, cadence, open. */
  targetType?: string | undefined;
  /** A zone target (1-7), when no custom range is given. */
  targetZone?: number | undefined;
  /** A custom range as stored: power < 1000 % FTP, else watts + 1000; heart rate ≤ 100 % max HR, else bpm + 100;
   * speed in m/s; cadence in rpm. */
  low?: number | undefined;
  high?: number | undefined;
}

export interface FitWorkoutDecoded {
  title?: string | undefined;
  /** The FIT sport name: cycling, running, swimming, training, … */
  sport?: string | undefined;
  steps: readonly FitStepInput[];
}

const POWER_WATTS_OFFSET = 1000;
const HR_BPM_OFFSET = 100;
/** Our writer turns a single value into value ± 2.5 %; such a range is read back as the value. */
const SINGLE_VALUE_TOLERANCE = 0.025;
/** Expansion stops well before this; a file that repeats more is refused (checkSteps). */
const MAX_EXPANDED = 10_000;

const SPORTS: Record<string, Sport> = {
  cycling: 'bike',
  eBiking: 'bike',
  running: 'run',
  walking: 'run',
  swimming: 'swim',
  training: 'strength',
  fitnessEquipment: 'strength',
};

/** The value our writer widened into [low, high], or undefined when the range is a real range. */
function singleValue(low: number, high: number): number | undefined {
  const mid = Math.round((low + high) / 2);
  for (const value of [mid, mid - 1, mid + 1]) {
    if (
      Math.round(value * (1 - SINGLE_VALUE_TOLERANCE)) === Math.round(low) &&
      Math.round(value * (1 + SINGLE_VALUE_TOLERANCE)) === Math.round(high)
    )
      return value;
  }
  return undefined;
}

/** [low, high] as a value and an optional top: single values our writer widened come back single. */
function valueRange(low: number, high: number): [number, number | undefined] {
  const [a, b] = [Math.min(low, high), Math.max(low, high)];
  if (a === b) return [a, undefined];
  const single = singleValue(a, b);
  return single === undefined ? [a, b] : [single, undefined];
}

const clampZone = (z: number): Zone => (z <= 1 ? 1 : z >= 5 ? 5 : (Math.round(z) as Zone));

/** "Ramp 50-75% FTP" in a step name (as our writer names ramps, FIT having no ramp of its own). */
const RAMP_NAME = /\bramp\s+(\d{1,4})\s*-\s*(\d{1,4})\s*%/i;

interface Read {
  zone: Zone | undefined;
  targets: IntervalTargets;
}

function readTarget(step: FitStepInput, sport: Sport, t: ReturnType<typeof resolveThresholds>): Read {
  const type = step.targetType ?? 'open';
  const { low, high } = step;
  const custom = low !== undefined && high !== undefined && low > 0 && high > 0;
  if (!custom) {
    const zone = step.targetZone;
    const zoned = (type === 'power' || type === 'heartRate') && zone !== undefined && zone >= 1 && zone <= 7;
    return { zone: zoned ? clampZone(zone) : undefined, targets: {} };
  }
  const mid = (low + high) / 2;
  switch (type) {
    case 'power': {
      if (Math.max(low, high) < POWER_WATTS_OFFSET) {
        const ramp = RAMP_NAME.exec(step.name ?? '');
        if (ramp) {
          const [from, to] = [Number(ramp[1]), Number(ramp[2])];
          return {
            zone: zoneFromThresholdPercent((from + to) / 2),
            targets: { power_percent_ftp: from, ramp_to_percent_ftp: to },
          };
        }
        const [pct, max] = valueRange(low, high);
        return {
          zone: zoneFromThresholdPercent(max === undefined ? pct : mid),
          targets:
            max === undefined
              ? { power_percent_ftp: pct }
              : { power_percent_ftp: pct, power_percent_ftp_max: max },
        };
      }
      const [watts, max] = valueRange(low - POWER_WATTS_OFFSET, high - POWER_WATTS_OFFSET);
      const middle = max === undefined ? watts : (watts + max) / 2;
      return {
        zone: zoneFromThresholdPercent((middle / t.ftpWatts) * 100),
        targets: max === undefined ? { power_watts: watts } : { power_watts: watts, power_watts_max: max },
      };
    }
    case 'heartRate': {
      if (Math.max(low, high) <= HR_BPM_OFFSET) {
        const pct = mid;
        const targets: IntervalTargets = t.known.maxHr
          ? {
              heart_rate_min: Math.round((low * t.maxHr) / 100),
              heart_rate_max: Math.round((high * t.maxHr) / 100),
            }
          : {};
        return { zone: zoneFromIntensityPercent(pct), targets };
      }
      const [lo, hi] = valueRange(low - HR_BPM_OFFSET, high - HR_BPM_OFFSET);
      return {
        zone: zoneFromBpm(hi === undefined ? lo : (lo + hi) / 2, t),
        targets: { heart_rate_min: Math.round(lo), heart_rate_max: Math.round(hi ?? lo) },
      };
    }
    case 'speed': {
      if (sport === 'swim') {
        const per100 = Math.round(100 / mid);
        return {
          zone: zoneFromSpeedPercent((t.cssSecondsPer100m / per100) * 100),
          targets: { pace_per_100m_seconds: per100 },
        };
      }
      const perKm = Math.round(1000 / mid);
      return {
        zone: zoneFromSpeedPercent((t.thresholdPaceSecondsPerKm / perKm) * 100),
        targets: { pace_per_km_seconds: perKm },
      };
    }
    case 'cadence':
      return {
        zone: undefined,
        targets: sport === 'run' ? { cadence_spm: Math.round(mid) } : { cadence_rpm: Math.round(mid) },
      };
    default:
      return { zone: undefined, targets: {} };
  }
}

function phaseOf(intensity: string | undefined): Phase {
  if (intensity === 'warmup') return 'warmup';
  if (intensity === 'cooldown') return 'cooldown';
  return 'main';
}

/** One step's interval, or null for a repeat step. */
function readStep(step: FitStepInput, sport: Sport, thresholds: AthleteThresholds | undefined): Interval {
  const t = resolveThresholds(thresholds);
  const isRest = step.intensity === 'rest' || step.intensity === 'recovery';
  const phase = phaseOf(step.intensity);
  const read = readTarget(step, sport, t);
  const zone: Zone = isRest ? 1 : (read.zone ?? 2);
  let seconds: number;
  let meters: number | undefined;
  if (step.durationType === 'time' && step.durationSeconds !== undefined && step.durationSeconds > 0) {
    seconds = step.durationSeconds;
  } else if (
    step.durationType === 'distance' &&
    step.durationMeters !== undefined &&
    step.durationMeters > 0
  ) {
    meters = step.durationMeters;
    // Timed at the pace the step says (whole seconds), so its text "400m Z5 4:10/km" reads back the same.
    seconds = distanceToSeconds(meters, zone, sport, t, {
      perKm: read.targets.pace_per_km_seconds,
      per100m: read.targets.pace_per_100m_seconds,
    }).seconds;
  } else {
    // Open (until the lap button) or a condition the text cannot say: the parser's one-minute default.
    seconds = DEFAULT_STEP_SECONDS;
  }
  const interval = fileInterval(Math.max(1, Math.round(seconds)), zone, isRest, phase, read.targets);
  if (meters !== undefined) interval.distance_meters = Math.round(meters * 10) / 10;
  return interval;
}

const REPEAT = /^repeat/;

/**
 * The expanded steps of a decoded FIT workout. A repeat step (repeatUntilStepsCmplt) repeats the steps from
 * its `repeatFrom` message index up to itself, `repeatCount` times in all; nested repeats expand from the inside
 * out. Repeats on other conditions (time, distance, heart rate) are done once.
 */
export function fromFit(decoded: FitWorkoutDecoded, thresholds?: AthleteThresholds): WorkoutFileContent {
  const sport = SPORTS[decoded.sport ?? ''] ?? (decoded.sport ? undefined : 'bike');
  if (!sport)
    throw new WorkoutFileError(`The FIT workout's sport is "${decoded.sport}"; it is not one this app plans`);
  const steps = [...decoded.steps].sort((a, b) => (a.messageIndex ?? 0) - (b.messageIndex ?? 0));
  if (steps.length === 0) throw new WorkoutFileError('The FIT file has no workout steps');
  /** The intervals each message produced, by position in `steps`. */
  const produced: Interval[][] = [];
  const positionOf = new Map<number, number>();
  let total = 0;
  steps.forEach((step, position) => {
    positionOf.set(step.messageIndex ?? position, position);
    if (!REPEAT.test(step.durationType ?? '')) {
      produced.push([readStep(step, sport, thresholds)]);
      total++;
      return;
    }
    const from = positionOf.get(step.repeatFrom ?? -1);
    const count = step.durationType === 'repeatUntilStepsCmplt' ? Math.floor(step.repeatCount ?? 1) : 1;
    if (from === undefined || from >= position || !(count >= 1)) {
      throw new WorkoutFileError(`FIT workout step ${position + 1} repeats steps that do not come before it`);
    }
    const block = produced.slice(from, position).flat();
    if (total + block.length * (count - 1) > MAX_EXPANDED) {
      throw new WorkoutFileError('The FIT workout repeats its steps too many times');
    }
    const copies: Interval[] = [];
    for (let r = 1; r < count; r++)
      for (const interval of block) copies.push({ ...interval, targets: { ...interval.targets } });
    produced.push(copies);
    total += copies.length;
  });
  return {
    title: decoded.title ?? '',
    sport,
    intervals: checkSteps(produced.flat(), 'FIT file'),
  };
}
