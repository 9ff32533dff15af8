// Goals that cannot get a sound plan by the usual rules: too few days to build, or too few hours for what the
// goal asks. The generator says so in the plan's feasibility note, and the reviewer accepts the rules such a
// plan cannot keep, each limit by its name. Pure. Rules and sources: docs/plan-generator.md, "Plan limits".
import { isPositive } from '../numbers.ts';
import { daysBetween } from '../training/calendar.ts';
import type { PlanGoal } from './plan-types.ts';
import { injuryRules } from './week-input.ts';

export type PlanLimitId = 'too_short_to_build' | 'injured_low_hours' | 'multisport_low_hours';

export interface PlanLimit {
  id: PlanLimitId;
  /** The reviewer's rules the plan cannot keep because of this limit. */
  rules: readonly string[];
  /** What the athlete reads, in the plan's feasibility note. */
  message: string;
}

/** The limits' figures (docs/plan-generator.md, "Plan limits"). */
export const PLAN_LIMITS = {
  /** Fewer days than this from the plan's start to race day leave no room to build. */
  minBuildDays: 28,
  /** Fewer weekly hours than this cannot hold the usual structure for an injured runner or a triathlete. */
  lowHours: 3.5,
} as const;

/** The limits a goal's plan from `start` to `race` runs into, in a fixed order. */
export function planLimits(goal: PlanGoal, start: string, race: string): PlanLimit[] {
  const out: PlanLimit[] = [];
  const days = daysBetween(start, race);
  const hours = isPositive(goal.weekly_hours) ? goal.weekly_hours : 6;
  const sport = goal.primary_event.sport;
  if (days < PLAN_LIMITS.minBuildDays)
    out.push({
      id: 'too_short_to_build',
      rules: ['intensity_share', 'quality_work'],
      message: `With ${days} days to race day there is no time to build fitness: the plan keeps you fresh and sharp, and you race on the fitness you have now.`,
    });
  const injury = injuryRules(goal.injuries);
  if (sport === 'run' && injury.noFastRunning && hours < PLAN_LIMITS.lowHours)
    out.push({
      id: 'injured_low_hours',
      rules: ['rest_streak'],
      message: `With your ${injury.names} and under ${PLAN_LIMITS.lowHours} hours a week, the plan keeps running short and easy and cannot build toward the race as usual: some weeks hold only two or three sessions, with more than two days off between them. Let a physio clear you before adding more.`,
    });
  if (sport === 'triathlon' && hours < PLAN_LIMITS.lowHours)
    out.push({
      id: 'multisport_low_hours',
      rules: ['quality_work'],
      message: `Under ${PLAN_LIMITS.lowHours} hours a week for three sports leaves about one session of each: some weeks cannot hold real interval work, and the plan builds endurance first. More hours would make room for it.`,
    });
  return out;
}
