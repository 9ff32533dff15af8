// Daily training load of the calendar (docs/screens.md, "Training calendar"): a per-workout score, the day's label and
// its bar fill.
//
// What counts: every workout that is not skipped. Planned workouts count so the calendar shows the load an
// athlete is about to take on; completed ones count because they were done; a skipped workout added no load.
import type { Zone } from './types.ts';

/** Load weight per intensity zone; a workout without a zone counts as zone 2. */
export const LOAD_ZONE_WEIGHTS: Readonly<Record<Zone, number>> = { 1: 0.5, 2: 1, 3: 1.5, 4: 2, 5: 2.5 };
export const DEFAULT_LOAD_ZONE: Zone = 2;
/** The score at which the day's load bar is full. */
export const DAILY_LOAD_FULL_SCORE = 200;

export type DailyLoadLabel = 'Rest' | 'Light' | 'Moderate' | 'High' | 'Very High';

export interface LoadInput {
  duration_minutes?: number | null;
  intensity_zone?: number | null;
  status?: string | null;
}

function weightOf(zone: number | null | undefined): number {
  return LOAD_ZONE_WEIGHTS[zone as Zone] ?? LOAD_ZONE_WEIGHTS[DEFAULT_LOAD_ZONE];
}

/** Minutes × the zone's weight; a missing or negative duration scores 0. */
export function workoutLoadScore({ duration_minutes, intensity_zone }: LoadInput): number {
  const minutes =
    duration_minutes != null && Number.isFinite(duration_minutes) ? Math.max(0, duration_minutes) : 0;
  return minutes * weightOf(intensity_zone);
}

/** Whether a workout adds to the day's load: everything except skipped workouts. */
export function countsTowardLoad(workout: LoadInput): boolean {
  return workout.status !== 'skipped';
}

/** The sum of the scores of the workouts that count. */
export function dailyLoadScore(workouts: readonly LoadInput[]): number {
  let total = 0;
  for (const workout of workouts) if (countsTowardLoad(workout)) total += workoutLoadScore(workout);
  return total;
}

export function dailyLoadLabel(score: number): DailyLoadLabel {
  if (!(score > 0)) return 'Rest';
  if (score < 60) return 'Light';
  if (score < 120) return 'Moderate';
  if (score < 180) return 'High';
  return 'Very High';
}

/** The fraction of the bar to fill, 0..1: score / 200, capped. */
export function dailyLoadFill(score: number): number {
  if (!(score > 0)) return 0;
  return Math.min(score / DAILY_LOAD_FULL_SCORE, 1);
}
