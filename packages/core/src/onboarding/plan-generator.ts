// The plan generator: from a goal context and the athlete's profile (current CTL, hours actually trained,
// longest recent sessions, thresholds) to a periodised plan of real sessions from today to race day, with the
// reasons for each choice. Pure and deterministic: the same input gives the same plan. Every rule is written
// up in docs/plan-generator.md, "The plan generator".
import { addDays } from '../dates.ts';
import { clamp, isPositive, roundTo } from '../numbers.ts';
import { dayOfWeek, daysBetween, isIsoDate } from '../training/calendar.ts';
import { type LoadState, trainingLoadStep } from '../training/fitness.ts';
import type { PeriodizationPhase } from '../training/periodization.ts';
import {
  generatePlanPhases,
  type LabelledPlanPhase,
  type PlanMilestone,
  planProgress,
  type RaceType,
} from '../training/plans.ts';
import { workoutTss } from '../training/tss.ts';
import { parseWorkout } from '../workouts/parser/index.ts';
import { primaryZone } from '../workouts/summarize.ts';
import type { AthleteThresholds, Sport, Zone } from '../workouts/types.ts';
import { type Experience, type GoalEvent, type Injury, WEEK_DAYS, type WeekDay } from './goal.ts';
import type { PlanFeasibility, PlanReview } from './plan-quality.ts';
import {
  type LibrarySession,
  librarySession,
  raceSession,
  type SessionKind,
  type SessionTargets,
  sessionTargets,
} from './session-library.ts';

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
  };
}

/** The athlete as their recent training shows them (the onboarding job estimates it from the last weeks). */
export interface PlanProfile {
  /** Current chronic training load. */
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

export type PlanWeekKind = 'load' | 'deload' | 'taper' | 'race';

export interface PlanWeek {
  /** First and last day of the plan week (plan weeks start on the plan's first day, today). */
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

/** The least share of a week's training time in zones 1-2. */
const EASY_SHARE = 0.8;

/** The rules' numbers (docs/plan-generator.md, "The plan generator"). */
export const PLAN_GENERATOR_RULES = {
  /** Load weeks grow by at most this share over the previous load week. */
  weeklyGrowth: 0.1,
  /** A deload week keeps this share of the load level. */
  deloadShare: 0.65,
  /** Highest weekly CTL rise allowed, by experience. */
  ctlRampCap: { beginner: 5, intermediate: 6, advanced: 7 } as Record<Experience, number>,
  /** Taper weeks: volume falls from this share of the load level… */
  taperFirstShare: 0.75,
  /** …to this share in race week. */
  taperLastShare: 0.35,
  /** Hours a week the generator plans for at least and at most. */
  minHours: 2,
  maxHours: 30,
  /** A long session grows by at most this many minutes a load week from the athlete's longest recent one. */
  longGrowthMinutes: { run: 10, bike: 15, swim: 5 },
} as const;

// ---------------------------------------------------------------------------------------------------------
// Event facts

/** Taper days by event: three weeks for an Ironman or an ultra, two for a 70.3, marathon or long ride. */
export function taperDaysForEvent(sport: GoalEvent['sport'], meters: number): number {
  if ((sport === 'triathlon' && meters >= 150_000) || (sport === 'run' && meters > 43_000)) return 21;
  if (
    (sport === 'triathlon' && meters >= 90_000) ||
    (sport === 'run' && meters >= 30_000) ||
    (sport === 'bike' && meters >= 100_000) ||
    (sport === 'swim' && meters >= 5_000)
  )
    return 14;
  return 7;
}

/** Triathlon legs in metres: swim, bike, run. */
function triathlonLegs(race: RaceType, meters: number): [number, number, number] {
  if (race === 'Ironman') return [3800, 180_000, 42_195];
  if (race === 'Half Ironman') return [1900, 90_000, 21_097];
  if (race === 'Sprint Triathlon') return [750, 20_000, 5000];
  if (race === 'Olympic Triathlon') return [1500, 40_000, 10_000];
  const scale = meters / 51_500;
  return [Math.round(1500 * scale), Math.round(40_000 * scale), Math.round(10_000 * scale)];
}

/** The longest a long session may get for this event, minutes. */
function longCap(sport: Sport, event: PlanGoal['primary_event']): number {
  const { sport: eventSport, distance_meters: m } = event;
  if (eventSport === 'triathlon') {
    const [, bikeM, runM] = triathlonLegs(event.race_type, m);
    if (sport === 'bike') return clamp(Math.round(((bikeM / 1000 / 28) * 60 * 1.1) / 15) * 15, 90, 360);
    if (sport === 'run') return clamp(Math.round((runM / 1000) * 6 * 0.75), 60, 165);
    return clamp(Math.round(((m > 100_000 ? 3800 : 2000) / 100) * 2.2), 40, 90);
  }
  if (sport === 'run')
    return eventSport === 'run' ? clamp(Math.round((m / 1000) * 5), 75, m > 43_000 ? 240 : 180) : 90;
  if (sport === 'bike')
    return eventSport === 'bike' ? clamp(Math.round(((m / 1000 / 25) * 60 * 0.85) / 15) * 15, 120, 360) : 180;
  return eventSport === 'swim' ? clamp(Math.round((m / 100) * 2.3), 45, 100) : 60;
}

function targetSeconds(target: string): number | null {
  const m = /^(\d+):(\d{2}):(\d{2})$/.exec(target);
  if (!m) return null;
  const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return seconds > 0 ? seconds : null;
}

// ---------------------------------------------------------------------------------------------------------
// Injuries

interface InjuryRules {
  /** Run intervals and strides become bike intervals. */
  noFastRunning: boolean;
  /** One easy run a week becomes an easy ride. */
  fewerRuns: boolean;
  /** Strength becomes core and mobility. */
  noLegStrength: boolean;
  /** Hard swim sets become technique swims. */
  noHardSwims: boolean;
  /** The injuries behind each rule, for the reasons. */
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
const INJURY_NAMES: Record<Injury, string> = {
  knee: 'knee',
  achilles: 'Achilles',
  back: 'back',
  shin_splints: 'shin splints',
  plantar_fasciitis: 'plantar fasciitis',
  it_band: 'IT band',
  hip: 'hip',
  hamstring: 'hamstring',
  calf: 'calf',
  ankle: 'ankle',
  stress_fracture: 'stress fracture',
  shoulder: 'shoulder',
};

function injuryRules(injuries: readonly Injury[]): InjuryRules {
  const has = (list: readonly Injury[]) => injuries.some((i) => list.includes(i));
  return {
    noFastRunning: has(IMPACT),
    fewerRuns: has(['stress_fracture', 'shin_splints']),
    noLegStrength: has(LEG_STRENGTH),
    noHardSwims: has(['shoulder']),
    names: injuries.map((i) => INJURY_NAMES[i]).join(' and '),
  };
}

// ---------------------------------------------------------------------------------------------------------
// One week's sessions

type Role = 'long' | 'key' | 'easy' | 'strength' | 'brick' | 'test';

interface Slot {
  sport: Sport;
  kind: SessionKind;
  role: Role;
  weight: number;
  min: number;
  max: number;
  /** Always in the week (the long sessions, one session of each sport, strength); others fill to the hours. */
  essential?: boolean;
  /** A date the slot must go on (tests, the long sessions' days), if any. */
  pinned?: string;
  reason: string;
}

interface PlanContext {
  goal: PlanGoal;
  today: string;
  race: string;
  targets: SessionTargets;
  thresholds: AthleteThresholds | undefined;
  rules: InjuryRules;
  sports: Sport[];
  restDays: readonly WeekDay[];
  parseCache: Map<string, ReturnType<typeof parseWorkout>>;
  /** Dates of the benchmark tests, by sport. */
  tests: Map<string, Sport>;
  profileLongest: Partial<Record<'run' | 'bike' | 'swim', number>>;
}

const dayNameOf = (date: string): WeekDay => WEEK_DAYS[dayOfWeek(date)]!;
const capitalised = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);
const isWeekday = (date: string) => dayOfWeek(date) >= 1 && dayOfWeek(date) <= 5;

/** The quality session of a sport in a phase (docs/plan-generator.md, "Sessions by week"). */
function keyKind(sport: Sport, phase: PeriodizationPhase, label: string, shortRace: boolean): SessionKind {
  if (sport === 'swim')
    return label === 'Foundation' ? 'technique' : phase === 'base' ? 'technique' : 'threshold';
  if (label === 'Foundation') return sport === 'run' ? 'strides' : 'easy';
  if (phase === 'base') return 'tempo';
  if (phase === 'build') return 'threshold';
  // Long races: race pace on the bike; the run's race-pace work is in the long run, so its key is tempo.
  return shortRace ? 'vo2' : sport === 'run' ? 'tempo' : 'race_pace';
}

const PHASE_WORDS: Record<string, string> = {
  Foundation: 'Foundation builds the habit and easy aerobic base',
  'Base Building': 'Base Building grows aerobic endurance',
  'Build Phase': 'Build adds race-specific intensity',
  'Peak & Taper': 'Peak sharpens race fitness',
};

function slotsFor(ctx: PlanContext, week: WeekShape): Slot[] {
  const { goal, rules } = ctx;
  const event = goal.primary_event;
  const tri = event.sport === 'triathlon';
  const shortRace = event.distance_meters < 15_000 || (tri && event.distance_meters < 30_000);
  const easyWeek = week.kind === 'deload' || week.kind === 'race' || week.easyOnly;
  const phaseWhy = PHASE_WORDS[week.label] ?? '';
  const slots: Slot[] = [];
  const sports = ctx.sports;
  const main = sports[0]!;
  const loadWeeks = week.loadWeeksBefore;
  const longMax = (sport: 'run' | 'bike' | 'swim') => {
    const known = ctx.profileLongest[sport];
    // From the longest recent session (a modest default when it is shorter or unknown).
    const start = Math.max(isPositive(known) ? known : 0, sport === 'bike' ? 90 : sport === 'run' ? 60 : 40);
    return Math.min(
      longCap(sport, event),
      Math.max(start, 30) + PLAN_GENERATOR_RULES.longGrowthMinutes[sport] * loadWeeks,
    );
  };

  // The long sessions on the athlete's days.
  const long = (sport: 'run' | 'bike' | 'swim', weight: number, day: WeekDay | null) => {
    if (week.kind === 'race') {
      easy(sport, weight / 2, 0);
      return;
    }
    const brick =
      sport === 'bike' && tri && (week.phase === 'build' || week.phase === 'peak') && week.kind !== 'deload';
    const kind: SessionKind =
      sport === 'run' && week.phase === 'peak' && !shortRace && !easyWeek && !rules.noFastRunning
        ? 'race_pace'
        : brick
          ? 'brick'
          : 'long';
    slots.push({
      sport,
      kind,
      role: 'long',
      essential: true,
      weight,
      min: sport === 'swim' ? 30 : 45,
      max: Math.max(45, longMax(sport)),
      ...(day ? { pinned: day } : {}),
      reason: day
        ? `Long ${sport === 'bike' ? 'ride' : sport} on ${capitalised(day)}, your ${sport === 'bike' ? 'long-ride' : sport === 'run' ? 'long-run' : 'long-swim'} day: the endurance the ${event.distance} needs`
        : `The week's long ${sport === 'bike' ? 'ride' : sport}: the endurance the ${event.distance} needs`,
    });
    if (brick)
      slots.push({
        sport: 'run',
        kind: 'brick',
        role: 'brick',
        essential: true,
        weight: 0.4,
        min: 15,
        max: 30,
        ...(day ? { pinned: day } : {}),
        reason: 'Brick: a short run straight off the long ride, to practise running on tired legs',
      });
  };
  const key = (sport: Sport, weight: number) => {
    const test = [...ctx.tests.entries()].find(
      ([date, s]) => s === sport && date >= week.start && date <= week.end,
    );
    if (test) {
      // A test lasts what it lasts: its length is fixed, the week's other sessions share the rest.
      const lib = librarySession(sport, 'test', 0, ctx.targets);
      const length = parsed(ctx, sport, lib.workout_language_text).total_duration_estimated / 60;
      slots.push({
        sport,
        kind: 'test',
        role: 'test',
        essential: true,
        weight: 0,
        min: length,
        max: length,
        pinned: test[0],
        reason: testReason(sport, week.label),
      });
      return;
    }
    let kind: SessionKind = easyWeek ? 'easy' : keyKind(sport, week.phase, week.label, shortRace);
    let actual: Sport = sport;
    let reason = `${phaseWhy}: ${describeKind(kind)}`;
    if (sport === 'run' && rules.noFastRunning && kind !== 'easy') {
      if (kind === 'strides') kind = 'easy';
      else actual = 'bike';
      reason = `${actual === 'bike' ? 'Bike intervals instead of run intervals' : 'An easy run instead of strides'}: no fast running with your ${rules.names} for now`;
    }
    if (sport === 'swim' && rules.noHardSwims && kind === 'threshold') {
      kind = 'technique';
      reason = `A technique swim instead of hard sets: no hard swimming with your ${rules.names} for now`;
    }
    if (easyWeek)
      reason =
        week.kind === 'race'
          ? 'Race week: short and easy, to stay loose'
          : week.kind === 'deload'
            ? "Deload week: easy, so the last weeks' work sinks in"
            : 'Easy this week: harder work would raise your fitness load faster than is safe';
    slots.push({
      sport: actual,
      kind,
      role: kind === 'easy' || kind === 'technique' ? 'easy' : 'key',
      essential: true,
      weight,
      min: kind === 'easy' || kind === 'technique' || kind === 'strides' ? 30 : 50,
      max: Math.min(
        actual === 'bike' ? 100 : tri ? 75 : 90,
        Math.max(longMax(actual as 'run' | 'bike' | 'swim'), 60),
      ),
      reason,
    });
  };
  const easy = (sport: Sport, weight: number, n: number) => {
    let actual = sport;
    let reason =
      week.kind === 'race'
        ? 'Race week: short and easy, to stay loose'
        : week.kind === 'taper'
          ? 'Taper: shorter and easy, so you arrive rested'
          : 'Easy aerobic volume in zone 2: most of the training is easy';
    if (sport === 'run' && rules.fewerRuns && n === 1) {
      actual = 'bike';
      reason = `An easy ride instead of a run: less impact for your ${rules.names}`;
    }
    slots.push({
      sport: actual,
      kind: week.kind === 'race' || week.kind === 'taper' ? 'recovery' : 'easy',
      role: 'easy',
      weight,
      min: actual === 'bike' ? 40 : 30,
      // An easy session never outlasts the longest the event's long session may get.
      max: Math.min(
        actual === 'bike' ? 120 : !tri && actual !== 'strength' ? 90 : 75,
        // …and stays near this week's long session (at least an hour; 45 minutes swimming).
        actual === 'strength' ? 75 : Math.max(longMax(actual), actual === 'swim' ? 45 : 60),
      ),
      reason,
    });
  };
  const strength = () => {
    if (week.phase !== 'base' || week.kind === 'deload' || week.kind === 'race') return;
    slots.push({
      sport: 'strength',
      kind: rules.noLegStrength ? 'core' : 'strength',
      role: 'strength',
      essential: true,
      weight: 0,
      min: 30,
      max: 30,
      reason: rules.noLegStrength
        ? `Core and mobility in ${week.label}: no loaded leg work with your ${rules.names}`
        : `Strength in ${week.label}: stronger muscles and tendons carry the volume to come`,
    });
  };

  const prefs = goal.preferences;
  if (tri) {
    long('bike', 3, prefs.long_ride_day);
    long('run', 2, prefs.long_run_day);
    key('swim', 1.1);
    key('bike', 1.3);
    key('run', 1);
    strength();
    easy('swim', 1, 0);
    easy('run', 0.9, 1);
    easy('bike', 1, 0);
    easy('swim', 0.9, 0);
    easy('run', 0.8, 2);
    easy('bike', 0.9, 1);
  } else {
    const day = main === 'run' ? prefs.long_run_day : main === 'bike' ? prefs.long_ride_day : null;
    long(main as 'run' | 'bike' | 'swim', 2.6, day);
    key(main, 1.4);
    strength();
    easy(main, 1, 1);
    for (let n = 2; n <= 7; n++) easy(main, 1, n);
  }
  return slots;
}

function describeKind(kind: SessionKind): string {
  switch (kind) {
    case 'strides':
      return 'easy running with short strides for form';
    case 'technique':
      return 'technique drills and steady swimming';
    case 'tempo':
      return 'steady tempo work in zone 3';
    case 'threshold':
      return 'threshold intervals in zone 4';
    case 'vo2':
      return 'short VO2max intervals in zone 5';
    case 'race_pace':
      return 'efforts at and around race pace';
    default:
      return 'easy aerobic work';
  }
}

function testReason(sport: Sport, label: string): string {
  const what = sport === 'bike' ? 'An FTP test' : sport === 'run' ? 'A 30-minute run test' : 'A CSS test';
  return `${what} at the start of ${label}: fresh zones for the harder sessions ahead`;
}

interface WeekShape {
  start: string;
  end: string;
  phase: PeriodizationPhase;
  label: string;
  kind: PlanWeekKind;
  loadWeeksBefore: number;
  /** The week's dates, start to end. */
  days: string[];
  /** Every key session easy: the CTL cap could not be kept otherwise. */
  easyOnly: boolean;
  /** Share of each session's shortest length kept (1; lower when the CTL cap needs shorter sessions). */
  floor: number;
}

/** Minutes per slot: shares of the week by weight, each kept within its bounds (water-filling). */
function fillMinutes(slots: Slot[], minutes: number): number[] {
  const out = slots.map((s) => (s.weight === 0 ? s.min : 0));
  let free = slots.map((s, i) => (s.weight > 0 ? i : -1)).filter((i) => i >= 0);
  let left = minutes - out.reduce((a, b) => a + b, 0);
  for (let round = 0; round < slots.length && free.length > 0; round++) {
    const weights = free.reduce((a, i) => a + slots[i]!.weight, 0);
    const next: number[] = [];
    let clampedAny = false;
    for (const i of free) {
      const share = (left * slots[i]!.weight) / weights;
      const s = slots[i]!;
      if (share < s.min || share > s.max) {
        out[i] = share < s.min ? s.min : s.max;
        clampedAny = true;
      } else next.push(i);
    }
    if (!clampedAny) {
      for (const i of free) out[i] = (left * slots[i]!.weight) / weights;
      break;
    }
    left = minutes - out.reduce((a, b, j) => a + (next.includes(j) ? 0 : b), 0);
    free = next;
  }
  return out;
}

/** The slots a week of `minutes` uses: the essential ones, then the others in order until their room covers it. */
function chooseSlots(slots: Slot[], minutes: number): Slot[] {
  let room = 0;
  let fixed = 0;
  const chosen: Slot[] = [];
  for (const slot of slots) {
    if (!slot.essential && room >= minutes) break;
    if (!slot.essential && fixed + slot.min > minutes * 1.05) continue;
    chosen.push(slot);
    room += slot.max;
    fixed += slot.min;
  }
  return chosen;
}

/** Places slots on the week's days: pinned ones first, then hard sessions apart, then the rest. */
function placeSlots(ctx: PlanContext, slots: Slot[], dates: string[]): Array<[Slot, string]> {
  const prefs = ctx.goal.preferences;
  const weekdayMax = prefs.weekday_max_minutes ?? null;
  const byDate = new Map<string, Slot[]>(dates.map((d) => [d, []]));
  const open = dates.filter((d) => !ctx.restDays.includes(dayNameOf(d)));
  const usable = open.length > 0 ? open : dates;
  const placed: Array<[Slot, string]> = [];
  const hardDates = new Set<string>();
  const put = (slot: Slot, date: string) => {
    byDate.get(date)!.push(slot);
    placed.push([slot, date]);
    if (slot.role === 'key' || slot.role === 'long' || slot.role === 'test') hardDates.add(date);
  };
  const swimOk = (slot: Slot, date: string) => slot.sport !== 'swim' || dayNameOf(date) !== prefs.no_swim_day;
  // A second session of one sport on a day: only a single-sport athlete's easy double on an easy day.
  const single = ctx.goal.primary_event.sport !== 'triathlon';
  const sameSport = (slot: Slot, date: string) =>
    byDate
      .get(date)!
      .some(
        (s) =>
          s.sport === slot.sport &&
          s.role !== 'brick' &&
          slot.role !== 'brick' &&
          !(single && slot.role === 'easy' && s.role === 'easy'),
      );

  for (const slot of slots.filter((s) => s.pinned)) {
    const pin = slot.pinned!;
    let date = isIsoDate(pin) ? pin : dates.find((d) => dayNameOf(d) === pin);
    // A long session on a weekday the athlete has little time on moves to the weekend.
    if (date && slot.role !== 'test' && weekdayMax !== null && isWeekday(date))
      date = dates.find((d) => !isWeekday(d) && !byDate.get(d)!.some((s) => s.role === 'long')) ?? date;
    if (date && byDate.get(date)!.some((s) => s.role === 'long' && slot.role === 'long')) {
      // Both long sessions on one day: the second moves to the next free day.
      const i = dates.indexOf(date);
      date = [...dates.slice(i + 1), ...dates.slice(0, i)].find(
        (d) => byDate.get(d)!.length === 0 && swimOk(slot, d) && usable.includes(d),
      );
    }
    if (date && swimOk(slot, date) && byDate.has(date)) put(slot, date);
    else if (slot.role !== 'test') (slot as { pinned?: string }).pinned = undefined;
  }
  const distance = (a: string, b: string) => Math.abs(daysBetween(a, b));
  for (const slot of slots.filter((s) => !s.pinned)) {
    const hard = slot.role === 'key' || slot.role === 'long';
    let best: string | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const date of usable) {
      const day = byDate.get(date)!;
      if (day.length >= 2 || !swimOk(slot, date) || sameSport(slot, date)) continue;
      if (day.length >= 1 && single && slot.role !== 'strength' && slot.role !== 'easy') continue;
      let score = -10 * day.length;
      const nearestHard = [...hardDates].reduce((m, d) => Math.min(m, distance(d, date)), 7);
      if (hard) score += nearestHard >= 2 ? 5 + nearestHard : nearestHard === 0 ? -50 : -20;
      else if (hardDates.has(date)) score -= slot.role === 'strength' ? 0 : 3;
      if (score > bestScore) {
        best = date;
        bestScore = score;
      }
    }
    if (best) put(slot, best);
  }
  return placed;
}

function parsed(ctx: PlanContext, sport: Sport, text: string) {
  const key = `${sport}\u0000${text}`;
  let result = ctx.parseCache.get(key);
  if (!result) {
    result = parseWorkout(text, { sport, ...(ctx.thresholds ? { thresholds: ctx.thresholds } : {}) });
    ctx.parseCache.set(key, result);
  }
  return result;
}

function toSession(ctx: PlanContext, lib: LibrarySession, date: string, reason: string): PlanSession {
  const p = parsed(ctx, lib.sport, lib.workout_language_text);
  const minutes = p.total_duration_estimated / 60;
  // Strides are a few seconds of speed in an easy run: the session is easy, though its only efforts are fast
  // (primaryZone would name it by them, as it does a sprint session).
  const zone = lib.kind === 'strides' ? 2 : (primaryZone(p.intervals) ?? 2);
  const easyShare = (p.zone_distribution.zone_1 + p.zone_distribution.zone_2) / 100;
  return {
    date,
    sport: lib.sport,
    kind: lib.kind,
    title: lib.title,
    workout_language_text: lib.workout_language_text,
    duration_minutes: Math.round(minutes),
    intensity_zone: zone,
    tss:
      workoutTss({
        sport: lib.sport,
        duration_minutes: minutes,
        intensity_zone: zone,
        zone_distribution: p.zone_distribution,
      }) ?? 0,
    easy_minutes: roundTo(minutes * easyShare, 1),
    reason,
  };
}

function raceDaySessions(ctx: PlanContext): PlanSession[] {
  const event = ctx.goal.primary_event;
  const title = `Race day: ${event.distance}`;
  const target = targetSeconds(event.target);
  if (event.sport === 'triathlon') {
    const [swimM, bikeM, runM] = triathlonLegs(event.race_type, event.distance_meters);
    return [
      raceSession('swim', swimM, `${title} (swim)`, ctx.targets, null),
      raceSession('bike', bikeM, `${title} (bike)`, ctx.targets, null),
      raceSession('run', runM, `${title} (run)`, ctx.targets, null),
    ].map((s) =>
      toSession(ctx, s, ctx.race, 'Race day: the goal of the plan. Trust your training and pace yourself'),
    );
  }
  const sport: Sport = event.sport;
  return [
    toSession(
      ctx,
      raceSession(sport, event.distance_meters, title, ctx.targets, target),
      ctx.race,
      target
        ? `Race day at your target pace (${event.target})`
        : 'Race day: the goal of the plan. Trust your training and pace yourself',
    ),
  ];
}

function buildWeek(ctx: PlanContext, week: WeekShape, hours: number): PlanSession[] {
  const dates = week.days.filter((d) => d < ctx.race);
  const all = slotsFor(ctx, week);
  const daysFactor = dates.length / 7;
  const minutes = hours * 60 * daysFactor;
  for (const slot of all)
    if (slot.role !== 'test') slot.min = Math.max(15, Math.round(slot.min * week.floor));
  const slots = chooseSlots(all, minutes);
  const placed = placeSlots(ctx, slots, dates);
  const placedSlots = placed.map(([s]) => s);
  const weekdayMax = ctx.goal.preferences.weekday_max_minutes ?? null;
  for (const [slot, date] of placed) {
    if (weekdayMax !== null && isWeekday(date) && slot.role !== 'test') {
      slot.max = Math.max(15, Math.min(slot.max, weekdayMax));
      slot.min = Math.min(slot.min, slot.max);
    }
  }
  // At least EASY_SHARE of the week's time in zones 1-2: while a short week's key sessions weigh too much,
  // the last of them becomes easy.
  let sessions: PlanSession[] = [];
  for (;;) {
    const fill = fillMinutes(placedSlots, minutes);
    sessions = placed.map(([slot, date], i) => {
      const lib = librarySession(slot.sport, slot.kind, fill[i]!, ctx.targets, ctx.rules.noLegStrength);
      return toSession(ctx, lib, date, slot.reason);
    });
    const total = sessions.reduce((a, x) => a + x.duration_minutes, 0);
    const easy = sessions.reduce((a, x) => a + x.easy_minutes, 0);
    const key =
      placedSlots.findLast((x) => x.role === 'key') ??
      placedSlots.find((x) => x.role === 'long' && x.kind === 'race_pace');
    // A week whose floors overshoot its minutes also trades a key session (50 min at least) for an easy one.
    const tooLong = total > minutes * 1.1 && key?.role === 'key';
    if (total === 0 || (easy / total >= EASY_SHARE && !tooLong) || !key) break;
    if (key.role === 'long') {
      key.kind = 'long';
      key.reason = 'Long run, all easy: a short week stays mostly easy';
      continue;
    }
    key.kind = 'easy';
    key.role = 'easy';
    key.min = Math.min(key.min, 30);
    key.reason = tooLong
      ? 'Easy instead of intervals: the week is short on time'
      : 'Easy instead of intervals: a short week stays mostly easy';
  }
  if (week.end >= ctx.race) sessions.push(...raceDaySessions(ctx));
  return sessions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------------------
// The plan

/** Benchmark test dates: the first days of Build and of Peak (a triathlete tests one sport a day). */
function testDates(ctx: PlanContext, phases: LabelledPlanPhase[]): Map<string, Sport> {
  const tests = new Map<string, Sport>();
  const order: Sport[] =
    ctx.goal.primary_event.sport === 'triathlon' ? ['run', 'bike', 'swim'] : [ctx.sports[0]!];
  for (const name of ['build', 'peak'] as const) {
    const phase = phases.find((p) => p.name === name);
    if (!phase) continue;
    let date = phase.start_date;
    for (const sport of order) {
      for (let guard = 0; guard < 7; guard++) {
        const day = dayNameOf(date);
        const prefs = ctx.goal.preferences;
        // Not on a rest day, nor on a long-session day (the test is that day's hard session).
        const longDay =
          day === prefs.long_run_day || (ctx.sports.includes('bike') && day === prefs.long_ride_day);
        if (
          !ctx.restDays.includes(day) &&
          !longDay &&
          !(sport === 'swim' && day === ctx.goal.preferences.no_swim_day) &&
          date < ctx.race
        )
          break;
        date = addDays(date, 1);
      }
      if (date < ctx.race && date <= phase.end_date) tests.set(date, sport);
      date = addDays(date, 1);
    }
  }
  return tests;
}

function phaseOf(phases: LabelledPlanPhase[], date: string): LabelledPlanPhase {
  return phases.find((p) => p.start_date <= date && date <= p.end_date) ?? phases.at(-1)!;
}

/** CTL and ATL after the week's days (`days`, in order) with the sessions' TSS. */
function simulate(state: LoadState, sessions: PlanSession[], days: readonly string[]): LoadState {
  const byDate = new Map<string, number>();
  for (const s of sessions) byDate.set(s.date, (byDate.get(s.date) ?? 0) + s.tss);
  let current = state;
  for (const d of days) current = trainingLoadStep(current, byDate.get(d) ?? 0);
  return { ctl: current.ctl, atl: current.atl };
}

/**
 * The plan from `today` to race day. A race date before today is taken as today. Same input, same plan.
 */
export function generatePlan(
  goal: PlanGoal,
  profile: PlanProfile,
  options: { today: string },
): GeneratedPlan {
  const today = options.today;
  const event = goal.primary_event;
  const race = isIsoDate(event.date) && event.date > today ? event.date : today;
  const rules = PLAN_GENERATOR_RULES;
  const targetHours = clamp(
    isPositive(goal.weekly_hours) ? goal.weekly_hours : 6,
    rules.minHours,
    rules.maxHours,
  );
  const taperDays = taperDaysForEvent(event.sport, event.distance_meters);
  const phases = generatePlanPhases({
    start_date: today,
    race_date: race,
    race_distance_meters: event.distance_meters,
    taper_days: taperDays,
  });
  const sports: Sport[] = event.sport === 'triathlon' ? ['swim', 'bike', 'run'] : [event.sport];
  const restDays = (goal.preferences.rest_days ?? []).filter(
    (d) => d !== goal.preferences.long_run_day || event.sport === 'bike' || event.sport === 'swim',
  );
  const ctx: PlanContext = {
    goal,
    today,
    race,
    targets: sessionTargets(profile.thresholds),
    thresholds: profile.thresholds,
    rules: injuryRules(goal.injuries),
    sports: event.sport === 'triathlon' ? ['bike', 'run', 'swim'] : sports,
    restDays: restDays.filter((d) => !(event.sport === 'triathlon' && d === goal.preferences.long_ride_day)),
    parseCache: new Map(),
    tests: new Map(),
    profileLongest: profile.longestSessionMinutes ?? {},
  };
  ctx.tests = testDates(ctx, phases);

  const cycle = goal.experience === 'beginner' ? 3 : 4;
  const cap = rules.ctlRampCap[goal.experience] ?? 6;
  const startCtl = isPositive(profile.ctl) ? Math.min(profile.ctl, 250) : 0;
  const actual = isPositive(profile.weeklyHours) ? Math.min(profile.weeklyHours, 40) : 0;
  // Start near what the athlete trains now (no history: 60 % of the goal's hours), at least half the goal's hours.
  let level = clamp(actual >= 1 ? actual : targetHours * 0.6, targetHours * 0.5, targetHours);
  let state: LoadState = { ctl: startCtl, atl: startCtl };
  const weekCount = Math.floor(daysBetween(today, race) / 7) + 1;
  const taperStart = phases.find((p) => p.name === 'taper')?.start_date ?? race;
  const taperWeeks = Math.max(1, Math.ceil(daysBetween(taperStart, race) / 7));
  const weeks: PlanWeek[] = [];
  let loadWeeks = 0;
  let sinceDeload = 0;
  // The highest load week so far: the taper cuts from it (the first level when no load week came before).
  let peakLevel = 0;

  for (let w = 0; w < weekCount; w++) {
    const start = addDays(today, 7 * w);
    const end = w === weekCount - 1 ? race : addDays(start, 6);
    const days = Array.from({ length: daysBetween(start, end) + 1 }, (_, i) => addDays(start, i));
    const phase = phaseOf(phases, start);
    let kind: PlanWeekKind;
    const nextStart = addDays(start, 7);
    if (end >= race) kind = 'race';
    else if (start >= taperStart || phase.name === 'taper') kind = 'taper';
    else if (sinceDeload >= cycle - 1 && phase.name !== 'peak' && nextStart < taperStart && w > 0)
      kind = 'deload';
    else kind = 'load';

    let hours: number;
    if (kind === 'load') {
      if (loadWeeks > 0) level = Math.min(targetHours, Math.max(level, level * (1 + rules.weeklyGrowth)));
      hours = level;
    } else if (kind === 'deload') hours = level * rules.deloadShare;
    else {
      const index = taperWeeks - Math.ceil(daysBetween(start, race) / 7);
      const j = clamp(index, 0, taperWeeks - 1);
      const share =
        taperWeeks === 1
          ? rules.taperLastShare
          : rules.taperFirstShare - ((rules.taperFirstShare - rules.taperLastShare) * j) / (taperWeeks - 1);
      hours = (peakLevel || level) * (kind === 'race' ? rules.taperLastShare : share);
    }
    const shape: WeekShape = {
      start,
      end,
      phase: phase.name,
      label: phase.label,
      kind,
      loadWeeksBefore: loadWeeks,
      days,
      easyOnly: false,
      floor: 1,
    };
    let sessions = buildWeek(ctx, shape, hours);
    // The CTL ramp cap: a week that would raise CTL too fast is scaled down until it does not.
    let next = simulate(state, sessions, days);
    for (let attempt = 0; attempt < 6 && next.ctl - state.ctl > cap && kind !== 'race'; attempt++) {
      const rise = next.ctl - state.ctl;
      const decay = simulate(state, [], days).ctl - state.ctl;
      const scale = clamp((cap - 0.3 - decay) / Math.max(0.01, rise - decay), 0.3, 0.97);
      hours *= scale;
      // Past the second try, the intensity goes too: all key sessions easy.
      if (attempt >= 1) shape.easyOnly = true;
      if (attempt >= 2) shape.floor = attempt >= 4 ? 0.4 : 0.6;
      sessions = buildWeek(ctx, shape, hours);
      next = simulate(state, sessions, days);
    }
    if (kind === 'load') {
      level = hours;
      loadWeeks += 1;
      sinceDeload += 1;
      peakLevel = Math.max(peakLevel, level);
    } else if (kind === 'deload') sinceDeload = 0;
    state = next;
    const minutes = sessions.reduce((a, s) => a + s.duration_minutes, 0);
    weeks.push({
      start,
      end,
      phase: phase.name,
      label: phase.label,
      kind,
      target_hours: roundTo(hours * (kind === 'race' ? 1 : (daysBetween(start, end) + 1) / 7), 1),
      hours: roundTo(minutes / 60, 1),
      tss: Math.round(sessions.reduce((a, s) => a + s.tss, 0)),
      sessions,
    });
  }

  const targetTime = targetSeconds(event.target) ? event.target : null;
  const milestones = planProgress({
    today,
    start_date: today,
    race_date: race,
    target_time: targetTime,
    race_type: event.race_type,
    phases,
    workouts_this_week: [],
    plan_workouts: [],
  }).milestones;
  return {
    start_date: today,
    race_date: race,
    race_type: event.race_type,
    target_time: targetTime,
    phases,
    weeks,
    milestones,
    explainability: {
      bullets: explain(goal, profile, weeks, startCtl, state.ctl, cap, taperWeeks, ctx.rules, targetHours),
    },
  };
}

function explain(
  goal: PlanGoal,
  profile: PlanProfile,
  weeks: PlanWeek[],
  startCtl: number,
  endCtl: number,
  cap: number,
  taperWeeks: number,
  rules: InjuryRules,
  targetHours: number,
): string[] {
  const event = goal.primary_event;
  const first = weeks[0];
  const top = weeks.reduce((m, w) => Math.max(m, w.kind === 'load' ? w.hours : 0), 0);
  const deloads = weeks.filter((w) => w.kind === 'deload').length;
  const sessions = weeks.flatMap((w) => w.sessions).filter((s) => s.kind !== 'race');
  const total = sessions.reduce((a, s) => a + s.duration_minutes, 0);
  const easy = sessions.reduce((a, s) => a + s.easy_minutes, 0);
  const bullets: string[] = [];
  const start = first ? first.hours : 0;
  const now = isPositive(profile.weeklyHours)
    ? ` (you train about ${roundTo(profile.weeklyHours, 1)} h now)`
    : '';
  bullets.push(
    start >= targetHours * 0.95
      ? `Volume stays at about ${roundTo(targetHours, 1)} h a week, the hours you gave${now}; the top week is ${top} h.`
      : `Volume starts at ${start} h a week${now} and builds toward your ${roundTo(targetHours, 1)} h (top week ${top} h), rising at most 10 % a week.`,
  );
  if (deloads > 0)
    bullets.push(
      `${deloads} lighter week${deloads === 1 ? '' : 's'} at about two thirds of the volume: one after every ${goal.experience === 'beginner' ? 'two' : 'three'} load weeks, ${goal.experience === 'beginner' ? 'as a newer athlete recovers more often' : 'so the work is absorbed'}.`,
    );
  bullets.push(
    `Fitness (CTL) goes from ${Math.round(startCtl)} to about ${Math.round(endCtl)} on race day, never rising more than ${cap} a week.`,
  );
  if (total > 0) {
    let split = '';
    if (event.sport === 'triathlon') {
      const bySport = (sport: Sport) =>
        Math.round(
          (sessions.filter((s) => s.sport === sport).reduce((a, s) => a + s.duration_minutes, 0) / total) *
            100,
        );
      split = ` Time split: swim ${bySport('swim')} %, bike ${bySport('bike')} %, run ${bySport('run')} %, with a brick after the long ride in Build and Peak.`;
    }
    bullets.push(
      `About ${Math.round((easy / total) * 100)} % of the time is easy (zones 1-2); the hard work is one key session per sport a week.${split}`,
    );
  }
  bullets.push(
    `A ${taperWeeks}-week taper cuts the volume to about a third by race week, so you arrive at the ${event.distance} rested.`,
  );
  if (rules.names) {
    const changes = [
      rules.noFastRunning ? 'run intervals become bike intervals' : null,
      rules.fewerRuns ? 'an easy run a week becomes an easy ride' : null,
      rules.noLegStrength ? 'strength is core and mobility' : null,
      rules.noHardSwims ? 'hard swim sets become technique swims' : null,
    ].filter(Boolean);
    if (changes.length > 0) bullets.push(`Because of your ${rules.names}: ${changes.join(', ')}.`);
  }
  return bullets.slice(0, 6);
}

/** The onboarding session's week_plan_draft: the plan's first week, day by day. */
export interface WeekPlanDraft {
  sessions: Array<{ dow: WeekDay; type: SessionKind; sport: Sport; duration_min: number }>;
}

export function weekPlanDraft(plan: GeneratedPlan): WeekPlanDraft {
  const first = plan.weeks[0];
  return {
    sessions: (first?.sessions ?? []).map((s) => ({
      dow: dayNameOf(s.date),
      type: s.kind,
      sport: s.sport,
      duration_min: s.duration_minutes,
    })),
  };
}
