// Training plans (shown on the Journey page): the goal races, the phases a plan is
// cut into, working backward from race day, and the progress the Journey page shows (week X of Y, the phase
// map, milestones, this week's goals). Rules and sources: docs/training-load.md, "Plans".
import { addDays } from '../dates.ts';
import { nonNegative, roundTo } from '../numbers.ts';
import { daysBetween, isIsoDate } from './calendar.ts';
import type { PeriodizationPhase, PlanPhase } from './periodization.ts';
import { taperDaysFor } from './readiness.ts';

/** The goal events of the profile form (docs/training-load.md, "Race types"). */
export const RACE_TYPES = [
  'Ironman',
  'Half Ironman',
  'Olympic Triathlon',
  'Sprint Triathlon',
  'Marathon',
  'Half Marathon',
  '10K',
  '5K',
  'Century Ride',
  'Open Water Swim',
  'Custom Event',
] as const;
export type RaceType = (typeof RACE_TYPES)[number];
export type RaceSport = 'multisport' | 'run' | 'bike' | 'swim';

/**
 * Distance and main sport of each race type. Triathlons are the sum of their legs: Ironman 3.8 + 180 +
 * 42.2 km, Half Ironman (70.3) 1.9 + 90 + 21.1 km, Olympic 1.5 + 40 + 10 km, Sprint 0.75 + 20 + 5 km. A
 * century is 100 miles. "Open Water Swim" has no standard distance: we take 3.8 km, the Ironman swim and
 * the classic long open-water race. A custom event's distance is unknown.
 */
export const RACES: Readonly<Record<RaceType, { distance_meters: number | null; sport: RaceSport | null }>> =
  {
    Ironman: { distance_meters: 226_000, sport: 'multisport' },
    'Half Ironman': { distance_meters: 113_000, sport: 'multisport' },
    'Olympic Triathlon': { distance_meters: 51_500, sport: 'multisport' },
    'Sprint Triathlon': { distance_meters: 25_750, sport: 'multisport' },
    Marathon: { distance_meters: 42_195, sport: 'run' },
    'Half Marathon': { distance_meters: 21_097.5, sport: 'run' },
    '10K': { distance_meters: 10_000, sport: 'run' },
    '5K': { distance_meters: 5_000, sport: 'run' },
    'Century Ride': { distance_meters: 160_934, sport: 'bike' },
    'Open Water Swim': { distance_meters: 3_800, sport: 'swim' },
    'Custom Event': { distance_meters: null, sport: null },
  };

export function isRaceType(value: unknown): value is RaceType {
  return typeof value === 'string' && (RACE_TYPES as readonly string[]).includes(value);
}

/** The race's distance in metres; null for a custom event or an unknown name. */
export function raceDistanceMeters(raceType: string | null | undefined): number | null {
  return isRaceType(raceType) ? RACES[raceType].distance_meters : null;
}

/** The race's main sport ('multisport' for triathlons); null for a custom event or an unknown name. */
export function raceSport(raceType: string | null | undefined): RaceSport | null {
  return isRaceType(raceType) ? RACES[raceType].sport : null;
}

/** The longest plan: race day at most this many days after the start (two years, one of them leap). */
export const PLAN_MAX_DAYS = 731;

/** Labels of the Journey page's phase map (docs/training-load.md, "Plans"), in plan order. */
export const PLAN_LABELS = {
  foundation: 'Foundation',
  base: 'Base Building',
  build: 'Build Phase',
  peakTaper: 'Peak & Taper',
  recovery: 'Recovery',
} as const;

/** Plain-language focus of each generated phase. */
export const PLAN_FOCUS = {
  foundation: 'Build the habit: easy aerobic volume, technique and strength',
  base: 'Grow aerobic endurance: longer easy sessions and a steady rise in volume',
  build: 'Race-specific fitness: threshold and race-pace intervals, longer key sessions',
  peak: 'Sharpen: race-like sessions at full intensity while volume holds steady',
  taper: 'Cut volume by about half, keep some intensity, and arrive rested',
  race: 'Race day: trust your training and pace yourself',
} as const;

/** Lengths and shares of the generated plan (docs/training-load.md §12). */
export const PLAN_RULES = {
  peakDays: 14,
  /** Build's share of the days left before the peak… */
  buildShare: 0.4,
  /** …at most 12 weeks (the top of Friel's 6-12 week build): a long plan gives its extra time to base. */
  buildMaxDays: 84,
  /** Below this many days before the peak, everything is build (no base). */
  minDaysForBase: 14,
  /** Base needs at least this many days for a Foundation block. */
  minBaseForFoundation: 21,
  /** Foundation: about a third of base, whole weeks, at most 4 weeks. */
  foundationMaxDays: 28,
} as const;

/** A plan phase as generated: always with a label and a focus. */
export interface LabelledPlanPhase extends PlanPhase {
  label: string;
  focus: string | null;
}

export interface GeneratePlanPhasesInput {
  start_date: string;
  race_date: string;
  race_distance_meters?: number | null;
  /** Days of taper; default taperDaysFor(race_distance_meters). The plan generator sets it by event. */
  taper_days?: number;
}

const wholeWeeks = (days: number) => 7 * Math.round(days / 7);

/**
 * The phases from `start_date` to `race_date` (both included), contiguous. Worked backward from the race: race
 * day, the taper (`taper_days`, else 14 days, 7 below a half marathon), 14 days of peak, build (about 40 % of what is left, whole
 * weeks, at most 12) and base, whose first third (whole weeks, at most 4) is Foundation. Short plans lose the earliest
 * blocks first. Empty when a date is invalid or the race comes before the start.
 */
export function generatePlanPhases(input: GeneratePlanPhasesInput): LabelledPlanPhase[] {
  const { start_date: start, race_date: race } = input;
  if (!isIsoDate(start) || !isIsoDate(race) || start > race) return [];
  const rules = PLAN_RULES;
  let left = daysBetween(start, race); // days before race day
  const taperDays =
    input.taper_days !== undefined && Number.isInteger(input.taper_days) && input.taper_days >= 0
      ? input.taper_days
      : taperDaysFor(input.race_distance_meters);
  const taper = Math.min(taperDays, left);
  left -= taper;
  const peak = Math.min(rules.peakDays, left);
  left -= peak;
  let build = left;
  if (left >= rules.minDaysForBase) {
    build = Math.min(Math.max(wholeWeeks(left * rules.buildShare), 7), rules.buildMaxDays, left - 7);
  }
  const base = left - build;
  const foundation =
    base >= rules.minBaseForFoundation
      ? Math.min(Math.max(wholeWeeks(base / 3), 7), rules.foundationMaxDays)
      : 0;

  const blocks: Array<[PeriodizationPhase, string, string, number]> = [
    ['base', PLAN_LABELS.foundation, PLAN_FOCUS.foundation, foundation],
    ['base', PLAN_LABELS.base, PLAN_FOCUS.base, base - foundation],
    ['build', PLAN_LABELS.build, PLAN_FOCUS.build, build],
    ['peak', PLAN_LABELS.peakTaper, PLAN_FOCUS.peak, peak],
    ['taper', PLAN_LABELS.peakTaper, PLAN_FOCUS.taper, taper],
    ['race', PLAN_LABELS.peakTaper, PLAN_FOCUS.race, 1],
  ];
  const phases: LabelledPlanPhase[] = [];
  let day = start;
  for (const [name, label, focus, length] of blocks) {
    if (length <= 0) continue;
    phases.push({ name, label, start_date: day, end_date: addDays(day, length - 1), focus });
    day = addDays(day, length);
  }
  return phases;
}

/** The map label of a phase without one (a plan written by hand). */
export function defaultPhaseLabel(name: PeriodizationPhase): string {
  if (name === 'base') return PLAN_LABELS.base;
  if (name === 'build') return PLAN_LABELS.build;
  if (name === 'recovery') return PLAN_LABELS.recovery;
  return PLAN_LABELS.peakTaper;
}

// ---------------------------------------------------------------------------------------------------------
// Progress

/** A workout as plan progress reads it. */
export interface PlanWorkout {
  workout_date: string;
  status: string;
  duration_minutes?: number | null;
  tss?: number | null;
}

export type PhaseStatus = 'completed' | 'current' | 'upcoming';

/** A block of the phase map: consecutive phases sharing a label. */
export interface PlanProgressBlock {
  label: string;
  names: PeriodizationPhase[];
  start_date: string;
  end_date: string;
  weeks: number;
  focus: string | null;
  status: PhaseStatus;
  progress_percentage: number;
}

export interface PlanMilestone {
  title: string;
  description: string;
  date: string;
  type: 'test' | 'race' | 'milestone' | 'goal';
  status: 'completed' | 'current' | 'future' | 'goal';
}

export interface WeeklyGoal {
  text: string;
  current_value: number;
  target_value: number;
  unit: string;
}

export interface PlanProgressInput {
  today: string;
  start_date: string;
  race_date?: string | null;
  target_time?: string | null;
  race_type?: string | null;
  phases: readonly PlanPhase[];
  /** The athlete's workouts of the plan week holding today (see `planWeekRange`); others are ignored. */
  workouts_this_week: readonly PlanWorkout[];
  /** Every workout of the plan, for the session counts. */
  plan_workouts: readonly PlanWorkout[];
}

export interface PlanProgressResult {
  today: string;
  start_date: string;
  race_date: string | null;
  days_to_go: number | null;
  total_weeks: number;
  current_week: number;
  progress_percentage: number;
  current_phase: PlanProgressBlock | null;
  phases: PlanProgressBlock[];
  milestones: PlanMilestone[];
  weekly_goals: WeeklyGoal[];
  sessions: { planned: number; completed: number; skipped: number };
}

/**
 * The plan week holding `today`: plan weeks start on the plan's first day (week 1 = start .. start + 6).
 * Before the start it is week 1; after the end, the week holding today on the same grid.
 */
export function planWeekRange(startDate: string, today: string): { week: number; from: string; to: string } {
  const index = Math.max(0, Math.floor(daysBetween(startDate, today) / 7));
  const from = addDays(startDate, index * 7);
  return { week: index + 1, from, to: addDays(from, 6) };
}

const sortByStart = (phases: readonly PlanPhase[]) =>
  phases
    .filter((p) => isIsoDate(p.start_date) && isIsoDate(p.end_date) && p.start_date <= p.end_date)
    .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));

/** Share of the days from `start` to `end` done by `today` (today included), 0-100 to 0.1. */
function shareDone(start: string, end: string, today: string): number {
  if (today < start) return 0;
  if (today >= end) return 100;
  return roundTo(((daysBetween(start, today) + 1) / (daysBetween(start, end) + 1)) * 100, 1);
}

/** Consecutive phases with the same label merged into one block of the map. */
function phaseMap(phases: readonly PlanPhase[], today: string): PlanProgressBlock[] {
  const blocks: PlanProgressBlock[] = [];
  for (const phase of sortByStart(phases)) {
    const label = phase.label?.trim() || defaultPhaseLabel(phase.name);
    const last = blocks.at(-1);
    if (last && last.label === label) {
      if (!last.names.includes(phase.name)) last.names.push(phase.name);
      if (phase.end_date > last.end_date) last.end_date = phase.end_date;
      continue;
    }
    blocks.push({
      label,
      names: [phase.name],
      start_date: phase.start_date,
      end_date: phase.end_date,
      weeks: 0,
      focus: phase.focus ?? null,
      status: 'upcoming',
      progress_percentage: 0,
    });
  }
  for (const block of blocks) {
    block.weeks = Math.max(1, Math.round((daysBetween(block.start_date, block.end_date) + 1) / 7));
    block.status = block.end_date < today ? 'completed' : block.start_date > today ? 'upcoming' : 'current';
    block.progress_percentage = shareDone(block.start_date, block.end_date, today);
  }
  return blocks;
}

const BENCHMARK_TESTS: Record<RaceSport | 'none', string> = {
  run: 'A 30-minute run test or a 5K time trial, to reset your pace and heart-rate zones',
  bike: 'A 20-minute FTP test, to reset your power zones',
  swim: 'A CSS test (400 m and 200 m), to reset your swim pace',
  multisport: 'A 20-minute FTP test, a 30-minute run test and a CSS swim test, to reset your zones',
  none: 'A benchmark effort in your main sport, to reset your training zones',
};

const TYPE_ORDER: Record<PlanMilestone['type'], number> = { test: 0, milestone: 1, race: 2, goal: 3 };

function milestonesOf(
  input: PlanProgressInput,
  blocks: readonly PlanProgressBlock[],
  raceDate: string | null,
  planEnd: string,
  currentWeekEnd: string | null,
): PlanMilestone[] {
  const { today } = input;
  const statusOf = (date: string): PlanMilestone['status'] =>
    date < today ? 'completed' : currentWeekEnd !== null && date <= currentWeekEnd ? 'current' : 'future';
  const milestones: PlanMilestone[] = [];
  blocks.forEach((block, i) => {
    // The last block ends on race day, which has its own milestone.
    if (raceDate !== null && block.end_date >= raceDate) return;
    const next = blocks[i + 1];
    milestones.push({
      title: `${block.label} complete`,
      description: next ? `${block.label} done: next up, ${next.label}` : `${block.label} done`,
      date: block.end_date,
      type: 'milestone',
      status: statusOf(block.end_date),
    });
  });
  const sport = raceSport(input.race_type) ?? 'none';
  for (const [name, label] of [
    ['build', 'Build'],
    ['peak', 'Peak'],
  ] as const) {
    // The first day of the phase: a fresh benchmark sets the zones its key sessions are written in.
    const first = sortByStart(input.phases).find((p) => p.name === name);
    if (!first) continue;
    milestones.push({
      title: `${label} benchmark test`,
      description: BENCHMARK_TESTS[sport],
      date: first.start_date,
      type: 'test',
      status: statusOf(first.start_date),
    });
  }
  if (raceDate !== null) {
    const distance = raceDistanceMeters(input.race_type);
    milestones.push({
      title: input.race_type ? `Race day: ${input.race_type}` : 'Race day',
      description:
        distance !== null
          ? `${roundTo(distance / 1000, 2)} km: the goal of this plan`
          : 'The goal event of this plan',
      date: raceDate,
      type: 'race',
      status: statusOf(raceDate),
    });
  }
  if (input.target_time) {
    milestones.push({
      title: `Target time ${input.target_time}`,
      description: `Finish the ${input.race_type ?? 'race'} in ${input.target_time}`,
      date: raceDate ?? planEnd,
      type: 'goal',
      status: 'goal',
    });
  }
  return milestones.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : TYPE_ORDER[a.type] - TYPE_ORDER[b.type],
  );
}

function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * This week's goals from its scheduled workouts (planned, completed or skipped: a completed workout is its own
 * plan, a skipped one counts as undone): sessions, minutes and TSS completed of scheduled. No workouts this
 * week: no goals (the phase focus still shows).
 */
function weeklyGoals(workouts: readonly PlanWorkout[]): WeeklyGoal[] {
  if (workouts.length === 0) return [];
  const done = workouts.filter((w) => w.status === 'completed');
  const minutes = (list: readonly PlanWorkout[]) =>
    Math.round(list.reduce((sum, w) => sum + nonNegative(w.duration_minutes), 0));
  const tss = (list: readonly PlanWorkout[]) =>
    Math.round(list.reduce((sum, w) => sum + nonNegative(w.tss), 0));
  const n = workouts.length;
  const goals: WeeklyGoal[] = [
    {
      text: n === 1 ? 'Complete your planned session' : `Complete all ${n} planned sessions`,
      current_value: done.length,
      target_value: n,
      unit: 'sessions',
    },
  ];
  const plannedMinutes = minutes(workouts);
  if (plannedMinutes > 0) {
    goals.push({
      text: `Train ${formatMinutes(plannedMinutes)} this week`,
      current_value: minutes(done),
      target_value: plannedMinutes,
      unit: 'minutes',
    });
  }
  const plannedTss = tss(workouts);
  if (plannedTss > 0) {
    goals.push({
      text: `Reach a training load of ${plannedTss} TSS`,
      current_value: tss(done),
      target_value: plannedTss,
      unit: 'TSS',
    });
  }
  return goals;
}

/**
 * What the Journey page shows of a plan on `today`. The plan runs from `start_date` to race day (or, without
 * a race date, to its last phase). Weeks are counted from the start: total_weeks = ⌈days / 7⌉, current_week
 * 0 before the start and at most total_weeks.
 */
export function planProgress(input: PlanProgressInput): PlanProgressResult {
  const { today } = input;
  const start = isIsoDate(input.start_date) ? input.start_date : today;
  const raceDate = isIsoDate(input.race_date) ? input.race_date : null;
  const lastPhaseEnd = sortByStart(input.phases).reduce<string | null>(
    (end, p) => (end === null || p.end_date > end ? p.end_date : end),
    null,
  );
  let planEnd = raceDate ?? lastPhaseEnd ?? start;
  if (planEnd < start) planEnd = start;
  const totalDays = daysBetween(start, planEnd) + 1;
  const totalWeeks = Math.ceil(totalDays / 7);
  const week = planWeekRange(start, today);
  const currentWeek = today < start ? 0 : Math.min(week.week, totalWeeks);

  const blocks = phaseMap(input.phases, today);
  const thisWeek = input.workouts_this_week.filter(
    (w) => w.workout_date >= week.from && w.workout_date <= week.to,
  );
  return {
    today,
    start_date: start,
    race_date: raceDate,
    days_to_go: raceDate === null ? null : daysBetween(today, raceDate),
    total_weeks: totalWeeks,
    current_week: currentWeek,
    progress_percentage: shareDone(start, planEnd, today),
    current_phase: blocks.find((b) => b.status === 'current') ?? null,
    phases: blocks,
    milestones: milestonesOf(input, blocks, raceDate, planEnd, currentWeek === 0 ? null : week.to),
    weekly_goals: weeklyGoals(thisWeek),
    sessions: {
      planned: input.plan_workouts.length,
      completed: input.plan_workouts.filter((w) => w.status === 'completed').length,
      skipped: input.plan_workouts.filter((w) => w.status === 'skipped').length,
    },
  };
}
