// Derives the summary fields of a parsed workout from its canonical expanded steps.
import { roundTo } from '../numbers.ts';
import type { Interval, ParsedWorkout, ParseWarning, Zone, ZoneDistribution } from './types.ts';

/** Percent of time per zone, rest counted as zone 1, rounded to 0.1 and summing to 100 (all 0 when empty). */
export function zoneDistribution(intervals: readonly Interval[]): ZoneDistribution {
  const seconds = [0, 0, 0, 0, 0];
  for (const step of intervals)
    seconds[(step.isRest ? 1 : step.zone) - 1]! += Math.max(0, step.duration_seconds);
  const total = seconds.reduce((a, b) => a + b, 0);
  if (total === 0) return { zone_1: 0, zone_2: 0, zone_3: 0, zone_4: 0, zone_5: 0 };
  const percents = seconds.map((s) => roundTo((s / total) * 100, 1));
  // Rounding can leave the sum a tenth off; give the difference to the largest share.
  const drift = roundTo(100 - percents.reduce((a, b) => a + b, 0), 1);
  if (drift !== 0) {
    const largest = percents.indexOf(Math.max(...percents));
    percents[largest] = roundTo(percents[largest]! + drift, 1);
  }
  const [zone_1, zone_2, zone_3, zone_4, zone_5] = percents as [number, number, number, number, number];
  return { zone_1, zone_2, zone_3, zone_4, zone_5 };
}

/** Builds the full result from the expanded steps. */
export function summarize(
  intervals: Interval[],
  parsing_confidence: number,
  warnings: ParseWarning[] = [],
): ParsedWorkout {
  return {
    intervals,
    warmup_intervals: intervals.filter((s) => s.phase === 'warmup'),
    main_intervals: intervals.filter((s) => s.phase === 'main'),
    cooldown_intervals: intervals.filter((s) => s.phase === 'cooldown'),
    total_duration_estimated: intervals.reduce((sum, s) => sum + s.duration_seconds, 0),
    zone_distribution: zoneDistribution(intervals),
    parsing_confidence: Math.min(1, Math.max(0, parsing_confidence)),
    warnings,
  };
}

/**
 * The zone a workout is about, as an athlete would name it: the zone with the most work time in the main
 * set (rest not counted), so '15 min easy, 5x 3 min Z4, 10 min easy' is a zone 4 session even though most
 * of its time is easy. An interval session (a set with rests in it) is about its efforts, the work steps
 * followed by a rest: '10min easy, 8x (15s all out, 3min45s easy spin), 10min easy' is zone 5, however long its
 * easy minutes. Without a main set, the same over all steps; null for an empty workout. Ties go to the
 * harder zone. Rules: docs/workout-parser.md, "Main zone".
 */
export function primaryZone(intervals: readonly Interval[]): Zone | null {
  const main = intervals.filter((s) => s.phase === 'main' && s.duration_seconds > 0);
  const steps = main.some((s) => !s.isRest) ? main : intervals.filter((s) => s.duration_seconds > 0);
  // An effort is followed by its rest; the step after a set's last rest is usually the cool-down.
  const efforts = steps.filter((s, k) => !s.isRest && steps[k + 1]?.isRest === true);
  const set = new Set(efforts);
  if (efforts.length > 0 && areStrides(steps, set)) {
    // Strides do not make the session: it is about its other work (their steps keep their own zone).
    const others = steps.filter((s) => !s.isRest && !set.has(s));
    if (others.length > 0) return hardestLongest(others);
  }
  const pool = efforts.length > 0 ? efforts : steps.filter((s) => !s.isRest);
  return hardestLongest(pool);
}

/** Longest a stride or acceleration lasts (docs/workout-parser.md, "Main zone"). */
export const STRIDE_MAX_SECONDS = 30;

/**
 * Short efforts added to a steady session ('20min easy + 6x 20s strides, 40s walk'): every effort lasts at
 * most STRIDE_MAX_SECONDS, and the efforts with the rests after them take less than a third of the time.
 */
function areStrides(steps: readonly Interval[], efforts: ReadonlySet<Interval>): boolean {
  let set = 0;
  let total = 0;
  let afterEffort = false;
  for (const step of steps) {
    total += step.duration_seconds;
    if (efforts.has(step)) {
      if (step.duration_seconds > STRIDE_MAX_SECONDS) return false;
      afterEffort = true;
    } else if (!step.isRest) afterEffort = false;
    if (afterEffort) set += step.duration_seconds;
  }
  return set * 3 < total;
}

/** The zone with the most time among `pool`; ties go to the harder zone. */
function hardestLongest(pool: readonly Interval[]): Zone | null {
  if (pool.length === 0) return null;
  const seconds = [0, 0, 0, 0, 0];
  for (const step of pool) seconds[step.zone - 1]! += step.duration_seconds;
  let best = 4;
  for (let zone = 3; zone >= 0; zone--) if (seconds[zone]! > seconds[best]!) best = zone;
  return (best + 1) as Zone;
}
