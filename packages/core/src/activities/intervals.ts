// Intervals of one recorded activity (docs/activities.md, "Intervals"): its laps, and the efforts found in its
// stream, each with its own figures. The detection rule is written there; the constants are here.
import { roundTo } from '../numbers.ts';
import { normalizedPower } from '../training/recorded-tss.ts';
import { type AnalysisStreams, recordedSeconds, type Stream, valuesAt } from './analysis.ts';
import { paceZone, risingZone, type ZoneTable5 } from './zones.ts';

/** An effort is power at or above this share of FTP, or speed at or above this share of threshold speed. */
export const EFFORT_POWER_SHARE = 0.88;
export const EFFORT_SPEED_SHARE = 0.95;
/** The centred rolling mean the detection looks at, seconds (a single hard pedal stroke is no effort). */
export const EFFORT_SMOOTHING_SECONDS = 10;
/** Two efforts with fewer seconds than this between them below the line are one effort. */
export const EFFORT_MERGE_GAP_SECONDS = 15;
/** Efforts shorter than this are left out, seconds. */
export const EFFORT_MIN_SECONDS = 30;

export interface IntervalFigures {
  kind: 'lap' | 'effort';
  /** Seconds from the activity's start (elapsed), first second included, last excluded. */
  start_second: number;
  end_second: number;
  /** Seconds the timer ran inside it. */
  duration_seconds: number;
  distance_m: number | null;
  avg_power: number | null;
  normalized_power: number | null;
  avg_hr: number | null;
  max_hr: number | null;
  avg_speed_mps: number | null;
  /** Zone 1–5 of its average power (bikes) or average pace (runs, swims), else of its average heart rate. */
  zone: number | null;
  zone_basis: 'power' | 'pace' | 'hr' | null;
}

export interface IntervalContext {
  sport: string;
  ftpWatts: number;
  /** Threshold speed, m/s: from threshold pace for runs, CSS for swims. */
  thresholdSpeedMps: number;
  zones: { power?: ZoneTable5; hr?: ZoneTable5; pace?: ZoneTable5 };
}

const present = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
const mean = (values: readonly number[]): number | null =>
  values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;

/** Centred rolling mean over `window` seconds of a series (its length kept). */
export function smoothed(values: readonly number[], window: number): number[] {
  const n = values.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + values[i]!;
  const before = Math.floor((window - 1) / 2);
  const after = window - 1 - before;
  return Array.from({ length: n }, (_, i) => {
    const from = Math.max(0, i - before);
    const to = Math.min(n, i + after + 1);
    return (prefix[to]! - prefix[from]!) / (to - from);
  });
}

/**
 * Runs of indices whose value is at or above `line`, after merging runs separated by fewer than `mergeGap`
 * indices below it and dropping runs shorter than `minLength`. Half-open [start, end) pairs, in order.
 */
export function runsAbove(
  values: readonly number[],
  line: number,
  mergeGap: number,
  minLength: number,
): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= values.length; i++) {
    const above = i < values.length && values[i]! >= line;
    if (above && start < 0) start = i;
    if (!above && start >= 0) {
      const last = runs.at(-1);
      if (last && start - last[1] < mergeGap) last[1] = i;
      else runs.push([start, i]);
      start = -1;
    }
  }
  return runs.filter(([a, b]) => b - a >= minLength);
}

/** The figures of the recorded seconds `seconds` (elapsed indices, in order). */
export function stretchFigures(
  kind: IntervalFigures['kind'],
  streams: AnalysisStreams,
  seconds: readonly number[],
  context: IntervalContext,
): IntervalFigures {
  const first = seconds[0] ?? 0;
  const last = seconds.at(-1) ?? first;
  const power = streams.power?.some(present) ? valuesAt(streams.power, seconds, 0) : [];
  const hr = valuesAt(streams.heart_rate, seconds, null);
  const speed = valuesAt(streams.speed, seconds, null);
  const distances = valuesAt(streams.distance, seconds, null);
  const avgPower = mean(power);
  const avgHr = mean(hr);
  const avgSpeed = mean(speed);
  const covered = distances.length > 1 ? distances.at(-1)! - distances[0]! : null;
  let zone: number | null = null;
  let basis: IntervalFigures['zone_basis'] = null;
  const paced = context.sport === 'run' || context.sport === 'swim';
  if (!paced && avgPower !== null && context.zones.power) {
    zone = risingZone(avgPower, context.zones.power);
    basis = 'power';
  } else if (paced && avgSpeed !== null && avgSpeed > 0.1 && context.zones.pace) {
    zone = paceZone((context.sport === 'swim' ? 100 : 1000) / avgSpeed, context.zones.pace);
    basis = 'pace';
  } else if (avgHr !== null && context.zones.hr) {
    zone = risingZone(avgHr, context.zones.hr);
    basis = 'hr';
  }
  const r = (v: number | null, digits = 0) => (v === null ? null : roundTo(v, digits));
  return {
    kind,
    start_second: first,
    end_second: last + 1,
    duration_seconds: seconds.length,
    distance_m: covered !== null && covered >= 0 ? r(covered, 1) : null,
    avg_power: r(avgPower),
    normalized_power: power.length > 0 ? r(normalizedPower(power)) : null,
    avg_hr: r(avgHr),
    max_hr: hr.length > 0 ? hr.reduce((a, b) => (b > a ? b : a), hr[0]!) : null,
    avg_speed_mps: r(avgSpeed, 3),
    zone,
    zone_basis: basis,
  };
}

/**
 * Efforts found in the stream: power for rides (and any non-run, non-swim session with power), speed for runs
 * and swims. Over the recorded seconds joined end to end, the series (power dropouts 0 W, missing speed 0) is
 * smoothed by a centred EFFORT_SMOOTHING_SECONDS mean; the seconds at or above the line (EFFORT_POWER_SHARE of
 * FTP, EFFORT_SPEED_SHARE of threshold speed) make runs; runs less than EFFORT_MERGE_GAP_SECONDS apart merge;
 * runs shorter than EFFORT_MIN_SECONDS are dropped.
 */
export function detectEfforts(streams: AnalysisStreams, context: IntervalContext): IntervalFigures[] {
  const seconds = recordedSeconds(streams);
  const paced = context.sport === 'run' || context.sport === 'swim';
  const source: Stream | undefined = paced ? streams.speed : streams.power;
  if (!source?.some(present)) return [];
  const line = paced ? context.thresholdSpeedMps * EFFORT_SPEED_SHARE : context.ftpWatts * EFFORT_POWER_SHARE;
  if (!(line > 0)) return [];
  const series = smoothed(valuesAt(source, seconds, 0), EFFORT_SMOOTHING_SECONDS);
  return runsAbove(series, line, EFFORT_MERGE_GAP_SECONDS, EFFORT_MIN_SECONDS).map(([a, b]) =>
    stretchFigures('effort', streams, seconds.slice(a, b), context),
  );
}

/** A lap's figures from the streams over its span (start and length in elapsed seconds). */
export function lapIntervals(
  streams: AnalysisStreams,
  laps: ReadonlyArray<{ startSecond: number; elapsedSeconds: number }>,
  context: IntervalContext,
): IntervalFigures[] {
  const seconds = recordedSeconds(streams);
  return laps.flatMap((lap) => {
    const from = Math.max(0, Math.round(lap.startSecond));
    const to = from + Math.round(lap.elapsedSeconds);
    const inside = seconds.filter((i) => i >= from && i < to);
    return inside.length > 0 ? [stretchFigures('lap', streams, inside, context)] : [];
  });
}
