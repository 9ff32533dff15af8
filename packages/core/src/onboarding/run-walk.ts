// A new runner's run/walk block (docs/plan-generator.md, "A new runner runs and walks"): which weeks hold it,
// the step each week takes, and what the plan's explanation says of it. Pure.
import { RUN_WALK_STEPS } from './session-progressions.ts';
import type { CalendarWeek, PlanWeekKind } from './week-structure.ts';

/** Whole weeks before race week a new runner's continuous running needs at least, after the run/walk block. */
const CONTINUOUS_WEEKS_LEAST = 3;
/** A new runner's first long run after the block: its last session's minutes and 5 more. */
export const FIRST_LONG_RUN = RUN_WALK_STEPS.at(-1)!.minutes + 5;

/**
 * How many weeks a new runner's run/walk block takes from the plan's start (docs/plan-generator.md, "A new runner
 * runs and walks"): a whole week for each step, after a partial first week, with no deload between, as in Couch
 * to 5K's nine weeks; all the weeks to the race when that would leave fewer than the three weeks before race
 * week to continuous running (its long run peaks two weeks out, and a race early in the week puts the last week,
 * sometimes the peak's long run too, in the last ten days, where sessions are short).
 */
export function runWalkWeeks(weeks: readonly CalendarWeek[]): number {
  const block = (weeks[0] && weeks[0].days.length < 7 ? 1 : 0) + RUN_WALK_STEPS.length;
  return (weeks[block]?.weeksOut ?? 0) >= CONTINUOUS_WEEKS_LEAST ? block : weeks.length;
}

/**
 * The step of RUN_WALK_STEPS each week of a new runner's plan holds, undefined once the run/walk block is over
 * (docs/plan-generator.md, "A new runner runs and walks"): a whole load week takes the next step, a partial one
 * and race week the step of the last whole week (the block holds no deload). Past the last step, continuous running
 * starts when the three weeks before race week are left for it (runWalkWeeks); with less, the block holds its
 * last step to the race.
 */
export function runWalkBlock(
  weeks: readonly CalendarWeek[],
  kinds: readonly PlanWeekKind[],
): Array<number | undefined> {
  const last = RUN_WALK_STEPS.length - 1;
  const steps: Array<number | undefined> = [];
  let next = 0;
  let over = false;
  weeks.forEach((week, i) => {
    over ||= next > last && week.weeksOut >= CONTINUOUS_WEEKS_LEAST;
    if (over) {
      steps.push(undefined);
      return;
    }
    const load = kinds[i] === 'load';
    steps.push(Math.min(load ? next : Math.max(0, next - 1), last));
    if (load && week.days.length === 7) next += 1;
  });
  return steps;
}

/**
 * What a new runner's plan does (docs/plan-generator.md, "A new runner runs and walks"), from its run/walk steps
 * week by week; null for anyone else.
 */
export function runWalkLine(runWalk: ReadonlyArray<number | undefined>): string | null {
  const block = runWalk.filter((s) => s !== undefined).length;
  if (block === 0) return null;
  const reached = RUN_WALK_STEPS[Math.max(...runWalk.map((s) => s ?? 0))]!;
  const to =
    reached.walk === 0
      ? `${reached.run} minutes of continuous running`
      : `${reached.reps} runs of ${reached.run} minutes with walks between`;
  const after =
    block < runWalk.length
      ? 'then continuous easy runs, strides and a short comfortably hard (RPE 5-6) run each week'
      : 'and you may walk for a minute whenever you need to on race day';
  return `You are new to running: ${block === runWalk.length ? 'every week is' : `the first ${block} weeks are`} run/walk, three times a week, from 1-minute runs to ${to} (as in the NHS Couch to 5K and Galloway's run/walk), ${after}. Every run is by effort (RPE 3-4: you can talk), not pace: no threshold is known yet, and no test is asked of you.`;
}
