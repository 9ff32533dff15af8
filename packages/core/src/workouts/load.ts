// Daily training load of the calendar (docs/screens.md, "Training calendar"): the day's TSS, its label and its bar
// fill. The one load of the app (docs/training-load.md, "One load"): the TSS the daily load and CTL/ATL count,
// not a calendar score of its own.
//
// What counts: every workout that is not skipped, and the recordings no workout claims. Planned workouts count
// with their planned TSS so the calendar shows the load an athlete is about to take on; completed ones count what
// was done (the logged TSS, or the recording's); a skipped workout added no load.

/** The TSS at which the day's load bar is full. */
export const DAILY_LOAD_FULL_SCORE = 200;

export type DailyLoadLabel = 'Rest' | 'Light' | 'Moderate' | 'High' | 'Very High';

export interface LoadInput {
  status?: string | null;
  /** The workout's TSS: the plan's (workouts.tss), or the recording's for a workout a recording completed. */
  tss?: number | null;
  /** The TSS logged when it was marked done (workouts.actual_tss): counted instead of `tss` once completed. */
  actual_tss?: number | null;
}

const positive = (x: number | null | undefined): number => (x != null && Number.isFinite(x) && x > 0 ? x : 0);

/** The TSS a workout adds to its day: nothing when skipped, what was logged once completed, else its TSS. */
export function workoutLoadTss({ status, tss, actual_tss }: LoadInput): number {
  if (status === 'skipped') return 0;
  if (status === 'completed' && actual_tss != null) return positive(actual_tss);
  return positive(tss);
}

/** The day's TSS: its workouts' and the TSS of recordings that completed none of them. */
export function dailyLoadScore(workouts: readonly LoadInput[], recordedTss: readonly number[] = []): number {
  let total = 0;
  for (const workout of workouts) total += workoutLoadTss(workout);
  for (const tss of recordedTss) total += positive(tss);
  return total;
}

export function dailyLoadLabel(score: number): DailyLoadLabel {
  if (!(score > 0)) return 'Rest';
  if (score < 60) return 'Light';
  if (score < 120) return 'Moderate';
  if (score < 180) return 'High';
  return 'Very High';
}

/** The fraction of the bar to fill, 0..1: TSS / 200, capped. */
export function dailyLoadFill(score: number): number {
  if (!(score > 0)) return 0;
  return Math.min(score / DAILY_LOAD_FULL_SCORE, 1);
}
