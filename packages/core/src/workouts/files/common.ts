// What the trainer file formats (.zwo, .mrc, .erg) share: the zone ↔ %FTP mapping, the step list they are
// written from, the steps they are read into, and the limits a file must respect.
import { roundTo } from '../../numbers.ts';
import { DEFAULT_THRESHOLDS, zoneFromThresholdPercent } from '../parser/intensity.ts';
import type { AthleteThresholds, Interval, IntervalTargets, Phase, Sport, Zone } from '../types.ts';
import { ZONES } from '../zones.ts';

/** A workout as the file writers take it. */
export interface WorkoutFileInput {
  title: string;
  sport: Sport;
  intervals: readonly Interval[];
  description?: string | undefined;
}

/** A workout as the file readers return it: expanded steps, one per repetition, rest as its own step. */
export interface WorkoutFileContent {
  title: string;
  sport: Sport;
  intervals: Interval[];
}

/** The thresholds the writers use: only FTP matters to power-based formats. */
export type FileThresholds = Pick<AthleteThresholds, 'ftpWatts'>;

/** A file that cannot be read; its message names the problem for the person who uploaded it. */
export class WorkoutFileError extends Error {
  override readonly name = 'WorkoutFileError';
}

/**
 * The power each zone is written at, as a fraction of FTP. Files carry power, not zones, so a step with only a
 * zone is written at its zone's typical power; a step with a power target and a known FTP at that power.
 */
export const ZONE_FTP_FRACTION: Readonly<Record<Zone, number>> = {
  1: 0.5,
  2: 0.65,
  3: 0.82,
  4: 0.95,
  5: 1.1,
};

/** FTP assumed for .erg files (which are written in watts) when the athlete's FTP is unknown: the parser's default. */
export const DEFAULT_FTP_WATTS: number = DEFAULT_THRESHOLDS.ftpWatts;

/** A file may expand to at most this many steps, and last at most a day. */
export const MAX_FILE_STEPS = 500;
export const MAX_FILE_DURATION_SECONDS = 24 * 60 * 60;

/**
 * Reading back uses the parser's bands for "% FTP" (55 % and below zone 1, up to 75 % zone 2, up to 87 % zone 3,
 * up to 105 % zone 4, above that zone 5), so "85% FTP" in text and 0.85 in a file mean the same zone. Every value
 * of ZONE_FTP_FRACTION lies inside its own band: a zone written and read back is the same zone.
 */
export function zoneForFtpFraction(fraction: number): Zone {
  return zoneFromThresholdPercent(roundTo(fraction, 3) * 100);
}

/** One step ready to write: whole seconds and a power as a fraction of FTP. */
export interface FileStep {
  seconds: number;
  /** Power to hold (fraction of FTP). */
  fraction: number;
  /** Where a power range was given, its bounds (fractions of FTP). */
  low: number;
  high: number;
  /** True when the power comes from the zone alone (no % FTP target, no power target with a known FTP). */
  fromZone: boolean;
  /** A ramp written as such: power from `low` to `high` in the order given (a ramp down has low > high). */
  ramp: boolean;
  zone: Zone;
  isRest: boolean;
  phase: Phase;
}

/** The power a step asks for, as fractions of FTP (see `intervalPowerRange`). */
export interface PowerRange {
  /** The power to hold: the middle of the range, or of the ramp. */
  fraction: number;
  /** Where a range was given, its bounds; for a ramp, its start (`low`) and end (`high`; lower for a ramp down). */
  low: number;
  high: number;
  /** True when the power comes from the zone alone (no % FTP target, no power target with a known FTP). */
  fromZone: boolean;
  /** A ramp written as such: power from `low` to `high` in the order given. */
  ramp: boolean;
}

/**
 * The power a step asks for as fractions of FTP: its own target first (% FTP as written or imported, then watts
 * over a known FTP), else its zone's typical power (ZONE_FTP_FRACTION): the zone equivalent of a pace, heart-rate
 * or word target. Files write it; the intensity chart draws it. `restAsRecovery` reads a rest step with no power
 * target as zone 1 (the chart's rule: rest counts as zone 1).
 */
export function intervalPowerRange(
  interval: Interval,
  options: FileThresholds & { restAsRecovery?: boolean } = {},
): PowerRange {
  const ftp = options.ftpWatts && options.ftpWatts > 0 ? options.ftpWatts : undefined;
  const { targets } = interval;
  const watts = targets.power_watts;
  let low: number;
  let high: number;
  let fromZone = false;
  let ramp = false;
  if (targets.power_percent_ftp && targets.power_percent_ftp > 0) {
    low = roundTo(targets.power_percent_ftp / 100, 3);
    if (targets.ramp_to_percent_ftp && targets.ramp_to_percent_ftp > 0) {
      high = roundTo(targets.ramp_to_percent_ftp / 100, 3);
      ramp = high !== low;
    } else {
      const max = targets.power_percent_ftp_max;
      high = max && max > targets.power_percent_ftp ? roundTo(max / 100, 3) : low;
    }
  } else if (ftp && watts && watts > 0) {
    low = roundTo(watts / ftp, 3);
    const max = targets.power_watts_max;
    high = max && max > watts ? roundTo(max / ftp, 3) : low;
  } else {
    low = ZONE_FTP_FRACTION[interval.isRest && options.restAsRecovery ? 1 : interval.zone];
    high = low;
    fromZone = true;
  }
  return { fraction: roundTo((low + high) / 2, 3), low, high, fromZone, ramp };
}

/** The steps of a workout as files write them. Steps shorter than half a second cannot be written and are left out. */
export function fileSteps(intervals: readonly Interval[], thresholds?: FileThresholds): FileStep[] {
  const steps: FileStep[] = [];
  for (const interval of intervals) {
    const seconds = Math.round(interval.duration_seconds);
    if (!(seconds > 0)) continue;
    steps.push({
      seconds,
      ...intervalPowerRange(interval, thresholds),
      zone: interval.zone,
      isRest: interval.isRest,
      phase: interval.phase,
    });
  }
  return steps;
}

/** A step read from a file, in the canonical expanded form, with the targets the file gave it. */
export function fileInterval(
  seconds: number,
  zone: Zone,
  isRest: boolean,
  phase: Phase,
  targets: IntervalTargets = {},
): Interval {
  const name = isRest
    ? 'Recovery'
    : phase === 'warmup'
      ? 'Warmup'
      : phase === 'cooldown'
        ? 'Cooldown'
        : ZONES[zone - 1]!.name;
  return {
    name,
    duration_seconds: seconds,
    repetitions: 1,
    rest_duration_seconds: 0,
    zone,
    targets,
    isRest,
    phase,
  };
}

/** The % FTP target of a power fraction (2 decimals of a percent at most), or of a ramp between two. */
export function percentTargets(from: number, to: number = from): IntervalTargets {
  const pct = (fraction: number) => Math.round(fraction * 10_000) / 100;
  if (roundTo(from, 3) === roundTo(to, 3)) return { power_percent_ftp: pct(from) };
  return { power_percent_ftp: pct(from), ramp_to_percent_ftp: pct(to) };
}

/** Checks what every reader returns: at least one step, not too many, not too long. */
export function checkSteps(intervals: Interval[], what: string): Interval[] {
  if (intervals.length === 0) throw new WorkoutFileError(`The ${what} has no timed steps`);
  if (intervals.length > MAX_FILE_STEPS)
    throw new WorkoutFileError(`The ${what} has more than ${MAX_FILE_STEPS} steps`);
  const total = intervals.reduce((sum, step) => sum + step.duration_seconds, 0);
  if (total > MAX_FILE_DURATION_SECONDS) throw new WorkoutFileError(`The ${what} lasts longer than 24 hours`);
  return intervals;
}

/** Rest and recovery markers written into files (a text event or course text), and how they are recognised. */
export const REST_LABEL = 'Recovery';
export const isRestLabel = (text: string) => /^\s*(rest|recovery|recover)\b/i.test(text);

/** A safe file name for a workout title: ASCII letters, digits and dashes, never empty. */
export function workoutFileName(title: string, extension: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${stem || 'workout'}.${extension}`;
}

/** Parses a decimal number written in a file; undefined when it is not one. */
export function parseDecimal(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}
