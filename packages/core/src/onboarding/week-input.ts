// What a plan week's sessions are chosen from (the week's kind, phase, dates and minutes, the athlete's
// preferences and injuries) and the slots they become, before dates are placed. Pure. Rules:
// docs/plan-generator.md, "The plan generator".
import { dayOfWeek } from '../training/calendar.ts';
import type { PeriodizationPhase } from '../training/periodization.ts';
import type { Sport } from '../workouts/types.ts';
import {
  type Experience,
  type Injury,
  type SportExclusion,
  type TriSport,
  WEEK_DAYS,
  type WeekDay,
} from './goal-terms.ts';
import type { SessionKind } from './session-library.ts';
import type { EventFamily, LongSport, PlanWeekKind } from './week-structure.ts';

export type Role = 'long' | 'key' | 'easy' | 'strength' | 'brick' | 'test' | 'opener';

export interface Slot {
  sport: Sport;
  kind: SessionKind;
  role: Role;
  minutes: number;
  /** Kilometres at race pace inside a long run. */
  raceKm?: number;
  /** Written short, as a race-week opener (a taper week's sharpening session). */
  short?: boolean;
  /** A new runner's run/walk session at this step of RUN_WALK_STEPS. */
  runWalk?: number;
  date?: string;
  reason: string;
}

export interface InjuryRules {
  noFastRunning: boolean;
  fewerRuns: boolean;
  noLegStrength: boolean;
  noHardSwims: boolean;
  names: string;
}

const IMPACT: readonly Injury[] = [
  'knee',
  'achilles',
  'shin_splints',
  'plantar_fasciitis',
  'calf',
  'stress_fracture',
  'it_band',
  'ankle',
  'hamstring',
  'hip',
];
const LEG_STRENGTH: readonly Injury[] = [
  'knee',
  'back',
  'hip',
  'hamstring',
  'it_band',
  'stress_fracture',
  'ankle',
  'achilles',
];

export function injuryRules(injuries: readonly Injury[]): InjuryRules {
  const has = (list: readonly Injury[]) => injuries.some((i) => list.includes(i));
  return {
    noFastRunning: has(IMPACT),
    fewerRuns: has(['stress_fracture', 'shin_splints']),
    noLegStrength: has(LEG_STRENGTH),
    noHardSwims: has(['shoulder']),
    names: injuries
      .map((i) => i.replace('_', ' ').replace('it band', 'IT band').replace('achilles', 'Achilles'))
      .join(' and '),
  };
}

export interface WeekInput {
  family: EventFamily;
  experience: Experience;
  kind: PlanWeekKind;
  phase: PeriodizationPhase;
  label: string;
  /** The week's days before race day. */
  dates: string[];
  race: string;
  minutes: number;
  hoursPerWeek: number;
  long: Partial<Record<LongSport, number>>;
  /** Dates on which no hard session may go (the day after a long session, last week's included). */
  blockedHard: ReadonlySet<string>;
  /** Tests this week. */
  tests: ReadonlyArray<{ sport: Sport }>;
  /** Load weeks after Foundation so far (for alternating quality sessions). */
  loadIndex: number;
  rules: InjuryRules;
  /** The goal's run pace sits in zone 1-2 (a goal far slower than threshold): race-pace work is no quality. */
  easyRacePace?: boolean;
  /** The goal's race power sits in zone 1-2 (a gran fondo's or century's 68-72 % FTP). */
  easyRaceWatts?: boolean;
  /**
   * How far the week leans to fit its minutes (0: as written). The generator raises it when a week's sessions
   * overshoot its ramp, deload or taper share: 1 lowers the sessions' floors, 2 drops an easy session of each
   * sport, 3 keeps a single quality session in a deload or taper week.
   */
  lean?: number;
  /**
   * The most sessions of a sport this week: how often the athlete trains it now, one more after each block
   * (docs/plan-generator.md, "Sessions a week"); a sport not listed takes the plan's count.
   */
  sessionsMost?: Partial<Record<Sport, number>>;
  /** The week's minutes before any cut for fit: the long sessions are clipped to these, not the cut ones. */
  plannedMinutes?: number;
  /**
   * The sports the athlete named as their weakness: a triathlete's base and build weeks give them more
   * (docs/plan-generator.md, "Limiters").
   */
  limiters?: readonly TriSport[];
  /**
   * A new runner (docs/plan-generator.md, "A new runner runs and walks"): three runs a week at most and, after the
   * run/walk block, steady running by effort as their one quality session.
   */
  newRunner?: boolean;
  /** The step of RUN_WALK_STEPS this week of a new runner's run/walk block holds (absent: not such a week). */
  runWalk?: number;
  prefs: {
    long_run_day: WeekDay;
    long_ride_day: WeekDay;
    no_swim_day: WeekDay;
    rest_days: readonly WeekDay[];
    weekday_max_minutes: number | null;
    sport_exclusions: readonly SportExclusion[];
  };
}

export const weekDayOf = (date: string): WeekDay => WEEK_DAYS[dayOfWeek(date)]!;
export const isTriathlonFamily = (f: EventFamily) =>
  f === 'short_tri' || f === 'half_tri' || f === 'long_tri';
