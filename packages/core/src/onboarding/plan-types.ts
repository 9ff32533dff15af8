// The plan's shapes: what the generator reads (the goal, the athlete's profile) and what it writes (weeks of
// sessions, with the feasibility and the review). Its parts (plan-limits, plan-review, week-writer) name them
// from here, not from plan-generator.ts, which imports them.
import type { PeriodizationPhase } from '../training/periodization.ts';
import type { LabelledPlanPhase, PlanMilestone, RaceType } from '../training/plans.ts';
import type { AthleteThresholds, Sport, Zone } from '../workouts/types.ts';
import type { GoalAthleteFacts, GoalEvent } from './goal.ts';
import type { Experience, Injury, SportExclusion, WeekDay } from './goal-terms.ts';
import type { PlanFeasibility, PlanReview } from './plan-quality.ts';
import type { SessionKind } from './session-library.ts';
import type { PlanWeekKind } from './week-structure.ts';

/** What the generator needs of the goal; a GoalContext from parseGoal (or the review's edit of it) fits. */
export interface PlanGoal {
  primary_event: Pick<GoalEvent, 'sport' | 'distance' | 'distance_meters' | 'race_type' | 'date' | 'target'>;
  weekly_hours: number;
  experience: Experience;
  injuries: readonly Injury[];
  preferences: {
    long_run_day: WeekDay;
    long_ride_day: WeekDay;
    no_swim_day: WeekDay;
    rest_days?: readonly WeekDay[];
    weekday_max_minutes?: number | null;
    sport_exclusions?: readonly SportExclusion[];
  };
  /** What the athlete said of their training (results, volume, thresholds); absent: nothing said. */
  athlete?: GoalAthleteFacts;
  /** Which of the goal's fields the athlete did not give (the goal reader's `assumed`); absent: all given. */
  assumed?: { weekly_hours?: boolean };
}

/** The athlete as their recent training shows them (the onboarding job estimates it from the last weeks). */
export interface PlanProfile {
  /** Current chronic training load (0: no history). */
  ctl: number;
  /** Hours a week actually trained lately; 0 when unknown. */
  weeklyHours: number;
  /** The longest recent session per sport, minutes. */
  longestSessionMinutes?: Partial<Record<'run' | 'bike' | 'swim', number>>;
  thresholds?: AthleteThresholds;
}

export interface PlanSession {
  date: string;
  sport: Sport;
  /** What the session is for (long, tempo, test, race…). */
  kind: SessionKind;
  title: string;
  workout_language_text: string;
  duration_minutes: number;
  intensity_zone: Zone;
  /** Local TSS of the parsed session (docs/training-load.md). */
  tss: number;
  /** Minutes in zones 1-2 (rest counted as zone 1), from the parsed session. */
  easy_minutes: number;
  /** One line: why this session, on this day. */
  reason: string;
}

export interface PlanWeek {
  /** First and last day of the plan week: a calendar week (the first may start later, the last ends on race day). */
  start: string;
  end: string;
  phase: PeriodizationPhase;
  /** The Journey page's phase label. */
  label: string;
  kind: PlanWeekKind;
  /** Hours the week was planned for, and the hours its sessions add up to. */
  target_hours: number;
  hours: number;
  tss: number;
  sessions: PlanSession[];
}

export interface GeneratedPlan {
  start_date: string;
  race_date: string;
  race_type: RaceType;
  /** 'H:MM:SS', or null when the goal is to finish. */
  target_time: string | null;
  phases: LabelledPlanPhase[];
  weeks: PlanWeek[];
  milestones: PlanMilestone[];
  explainability: { bullets: string[] };
  /** Whether the target is within reach (absent in plans stored before it existed). */
  feasibility?: PlanFeasibility | null;
  /** The plan reviewer's verdict on this plan (absent in plans stored before it existed). */
  review?: PlanReview | null;
}
