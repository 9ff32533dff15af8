// The words a goal is read into, shared by the goal's readers (goal-athlete, goal-events, goal-times), goal.ts
// that runs them, and the plan generator: the sports, experience levels, days of the week and injuries. It
// imports nothing, so the readers need not import goal.ts (which imports them).

export type GoalSport = 'triathlon' | 'run' | 'bike' | 'swim';
/** A triathlon's sports, in race order: what a limiter names. */
export const TRI_SPORTS = ['swim', 'bike', 'run'] as const;
export type TriSport = (typeof TRI_SPORTS)[number];
export type Experience = 'beginner' | 'intermediate' | 'advanced';
export const EXPERIENCE_LEVELS: readonly Experience[] = ['beginner', 'intermediate', 'advanced'];
export const WEEK_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
/** A day of the week as the review's option lists name it. */
export type WeekDay = (typeof WEEK_DAYS)[number];

/** The injuries the goal parser knows, each with the session types it rules out (see plan-generator.ts). */
export const INJURIES = [
  'knee',
  'achilles',
  'back',
  'shin_splints',
  'plantar_fasciitis',
  'it_band',
  'hip',
  'hamstring',
  'calf',
  'ankle',
  'stress_fracture',
  'shoulder',
] as const;
export type Injury = (typeof INJURIES)[number];

/** A sport the athlete cannot or will not do on a day ("no running on Mondays", "pool is closed on Fridays"). */
export interface SportExclusion {
  sport: 'run' | 'bike' | 'swim' | 'strength';
  day: WeekDay;
}
