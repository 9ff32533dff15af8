// The plan's skeleton in calendar weeks: the event's family and its numbers (taper length, when the longest
// session comes, how long it may get), each week's kind (load, deload, taper, race), its volume, its long
// sessions, and the phases of the Journey map. Pure. Rules and sources: docs/plan-generator.md, "Load".
import { addDays } from '../dates.ts';
import { clamp, roundTo } from '../numbers.ts';
import { dayOfWeek, daysBetween } from '../training/calendar.ts';
import { type LabelledPlanPhase, PLAN_FOCUS, PLAN_LABELS, type RaceType } from '../training/plans.ts';
import { type Experience, WEEK_DAYS, type WeekDay } from './goal-terms.ts';

export type EventFamily =
  | 'short_run'
  | 'half'
  | 'marathon'
  | 'ultra'
  | 'short_tri'
  | 'half_tri'
  | 'long_tri'
  | 'bike'
  | 'swim';

export type LongSport = 'run' | 'bike' | 'swim';

export interface EventFacts {
  family: EventFamily;
  /** Calendar weeks of taper, race week included (1: the race week alone). */
  taperWeeks: number;
  /** Weeks before race week the longest session of each sport comes in. */
  peakWeeksOut: Partial<Record<LongSport, number>>;
  /** The longest each long session may get, minutes. */
  longCap: Partial<Record<LongSport, number>>;
}

export function eventFamily(sport: string, meters: number): EventFamily {
  if (sport === 'triathlon')
    return meters >= 150_000 ? 'long_tri' : meters >= 90_000 ? 'half_tri' : 'short_tri';
  if (sport === 'bike') return 'bike';
  if (sport === 'swim') return 'swim';
  if (meters > 43_000) return 'ultra';
  if (meters >= 30_000) return 'marathon';
  if (meters >= 15_000) return 'half';
  return 'short_run';
}

/** Triathlon legs in metres: swim, bike, run. */
export function triathlonLegs(race: RaceType, meters: number): [number, number, number] {
  if (race === 'Ironman') return [3800, 180_000, 42_195];
  if (race === 'Half Ironman') return [1900, 90_000, 21_097];
  if (race === 'Sprint Triathlon') return [750, 20_000, 5000];
  if (race === 'Olympic Triathlon') return [1500, 40_000, 10_000];
  const scale = meters / 51_500;
  return [Math.round(1500 * scale), Math.round(40_000 * scale), Math.round(10_000 * scale)];
}

const byExperience = (e: Experience, beginner: number, intermediate: number, advanced: number) =>
  e === 'beginner' ? beginner : e === 'advanced' ? advanced : intermediate;

/** The event's numbers by family and experience (docs/plan-generator.md, "Long session and taper"). */
export function eventFacts(
  sport: string,
  meters: number,
  experience: Experience,
  css = 105,
  /** The event's expected time (target or prediction), when known: a ride's long session is sized on it. */
  eventSeconds: number | null = null,
): EventFacts {
  const family = eventFamily(sport, meters);
  const e = experience;
  switch (family) {
    case 'short_run':
      return {
        family,
        taperWeeks: 1,
        peakWeeksOut: { run: 2 },
        longCap: { run: meters > 7_000 ? byExperience(e, 75, 90, 100) : byExperience(e, 60, 75, 90) },
      };
    case 'half':
      return {
        family,
        taperWeeks: 2,
        peakWeeksOut: { run: 2 },
        longCap: { run: byExperience(e, 110, 120, 135) },
      };
    case 'marathon':
      return {
        family,
        taperWeeks: 3,
        peakWeeksOut: { run: 3 },
        longCap: { run: byExperience(e, 150, 170, 180) },
      };
    case 'ultra':
      return {
        family,
        taperWeeks: 3,
        peakWeeksOut: { run: 4 },
        longCap: { run: byExperience(e, 210, 240, 270) },
      };
    case 'short_tri': {
      const olympic = meters >= 40_000;
      return {
        family,
        taperWeeks: olympic ? 2 : 1,
        peakWeeksOut: { run: 2, bike: 2 },
        longCap: { run: olympic ? 80 : 60, bike: olympic ? 150 : 100 },
      };
    }
    case 'half_tri':
      return {
        family,
        taperWeeks: 2,
        peakWeeksOut: { run: 3, bike: 3 },
        longCap: { run: byExperience(e, 100, 110, 120), bike: byExperience(e, 180, 210, 240) },
      };
    case 'long_tri':
      return {
        family,
        taperWeeks: 3,
        peakWeeksOut: { run: 3, bike: 4 },
        longCap: { run: byExperience(e, 140, 150, 165), bike: byExperience(e, 300, 330, 360) },
      };
    case 'bike':
      return {
        family,
        taperWeeks: meters >= 100_000 ? 2 : 1,
        peakWeeksOut: { bike: meters >= 100_000 ? 3 : 2 },
        // About 85 % of the event's riding time: its expected time, else its distance at 27 km/h.
        longCap: {
          bike: clamp(
            Math.round(((eventSeconds ? eventSeconds / 60 : (meters / 1000 / 27) * 60) * 0.85) / 15) * 15,
            120,
            330,
          ),
        },
      };
    case 'swim':
      return {
        family,
        taperWeeks: meters >= 3000 ? 2 : 1,
        peakWeeksOut: { swim: 2 },
        // About the race's length at steady pace (CSS + 15 %), at least 40 minutes.
        longCap: { swim: clamp(Math.round((meters / 100) * ((css * 1.15) / 60)), 40, 110) },
      };
  }
}

export type PlanWeekKind = 'load' | 'deload' | 'taper' | 'race';

export interface CalendarWeek {
  start: string;
  end: string;
  /** The plan's days in it: from today (the first week may be partial) to race day. */
  days: string[];
  /** Calendar weeks before race week (0: race week). */
  weeksOut: number;
}

/** The first day of the calendar week holding `date`, weeks starting on `weekStart`. */
export function calendarWeekStart(date: string, weekStart: WeekDay): string {
  const offset = (dayOfWeek(date) - WEEK_DAYS.indexOf(weekStart) + 7) % 7;
  return addDays(date, -offset);
}

/** The calendar weeks from `today` to `race`, both included. */
export function calendarWeeks(today: string, race: string, weekStart: WeekDay): CalendarWeek[] {
  const first = calendarWeekStart(today, weekStart);
  const last = calendarWeekStart(race, weekStart);
  const count = daysBetween(first, last) / 7 + 1;
  const weeks: CalendarWeek[] = [];
  for (let i = 0; i < count; i++) {
    const start = addDays(first, 7 * i);
    const end = addDays(start, 6);
    const days: string[] = [];
    for (let d = 0; d < 7; d++) {
      const date = addDays(start, d);
      if (date >= today && date <= race) days.push(date);
    }
    weeks.push({ start, end, days, weeksOut: count - 1 - i });
  }
  return weeks;
}

/**
 * Days from the plan's first day to race day at or below which (six weeks) a plan holds no deload before the
 * taper: a deload in week 3 of 6 would leave two or three weeks of real work (docs/plan-generator.md,
 * "Calendar weeks").
 */
export const SHORT_PLAN_DAYS = 42;

/** Whether a plan from `first` to `race` is short enough to go without a deload. */
export const isShortPlan = (first: string, race: string) => daysBetween(first, race) <= SHORT_PLAN_DAYS;

/**
 * Each week's kind: the race week, the taper before it, and before that blocks of load weeks each ended by a
 * deload. A block holds `cycle - 1` load weeks at most (2 for beginners, 3 otherwise: a deload every 3-4
 * weeks); the first deload comes after `cycle - 1` full load weeks (never in the plan's second full week),
 * and the deloads are as few as the weeks allow. The week before the taper is always a load week (the peak).
 * A partial first week is a load week and does not count. The first `free` weeks (a new runner's run/walk block,
 * docs/plan-generator.md, "A new runner runs and walks") are load weeks with no deload, and the blocks start
 * after them.
 */
export function weekKinds(
  weeks: readonly CalendarWeek[],
  taperWeeks: number,
  cycle: number,
  lastLoads = 1,
  free = 0,
): PlanWeekKind[] {
  const maxLoads = Math.max(2, cycle - 1);
  const rest = weeks.slice(free);
  const partial = rest.length > 0 && rest[0]!.days.length < 7 && rest[0]!.weeksOut >= taperWeeks ? 1 : 0;
  const full = rest.filter((w) => w.weeksOut >= taperWeeks).length - partial;
  // Fewest deloads k with the load weeks fitting in k + 1 blocks of at most maxLoads (four in a row at most).
  // A plan of six weeks or fewer has none: the taper is its recovery.
  const first = weeks[0]?.days[0];
  const race = weeks.at(-1)?.days.at(-1);
  const short = first !== undefined && race !== undefined && isShortPlan(first, race);
  let k = 0;
  if (full > maxLoads + 1 && !short) while (full - k > (k + 1) * maxLoads) k += 1;
  const loads = full - k;
  const blocks: number[] = [];
  if (k > 0) {
    // The last block holds the peak (`lastLoads` weeks before the taper); the first is as long as it may be.
    const last = Math.min(maxLoads, Math.max(lastLoads, Math.ceil(loads / (k + 1))));
    const first = Math.max(1, Math.min(maxLoads, loads - last - (k - 1)));
    blocks.push(first);
    let left = loads - first - last;
    for (let m = k - 1; m >= 1; m--) {
      const n = Math.ceil(left / m);
      blocks.push(n);
      left -= n;
    }
  }
  const deloadAt = new Set<number>();
  let at = free + partial;
  for (let b = 0; b < k; b++) {
    at += blocks[b]!;
    deloadAt.add(at);
    at += 1;
  }
  return weeks.map((w, i) => {
    if (w.weeksOut === 0) return 'race';
    if (w.weeksOut < taperWeeks) return 'taper';
    return deloadAt.has(i) ? 'deload' : 'load';
  });
}

/** The volume rules' numbers (docs/plan-generator.md, "Load"). */
export const LOAD_RULES = {
  /** Load weeks grow by at most this share over the load week before. */
  weeklyGrowth: 0.1,
  /** A deload week keeps this share of the load week before, and its long sessions this share. */
  deloadShare: 0.7,
  deloadLongShare: 0.75,
  /** Taper weeks before race week keep these shares of the top load week (first, second). */
  taperShares: [0.75, 0.6] as readonly number[],
  /** Race week, before race day: this share of the top load week. */
  raceWeekShare: 0.4,
  /** With no stated or recorded volume, the first week holds this share of the hours given. */
  unknownStartShare: { beginner: 0.6, intermediate: 0.7, advanced: 0.75 } as Record<Experience, number>,
  /**
   * Nothing in the last days before the race lasts more than this share of the longest session: the last 10
   * days, or race week's last 6 when the taper is race week alone (5K-10K, sprint, short rides and swims), whose
   * week before is a full week, long session included (docs/plan-generator.md, "Load").
   */
  lastDays: 10,
  lastDaysRaceWeekTaper: 6,
  lastDaysShare: 0.6,
  /** Growth of a long session a load week, minutes. */
  longGrowth: { run: 10, bike: 20, swim: 5 } as Record<LongSport, number>,
  /** A long session before its peak week stays at or below this share of the peak. */
  beforePeakShare: 0.95,
} as const;

/** The days before the race within the last days' cap (LOAD_RULES.lastDays), by the event's taper. */
export const lastDaysOf = (taperWeeks: number) =>
  taperWeeks <= 1 ? LOAD_RULES.lastDaysRaceWeekTaper : LOAD_RULES.lastDays;

/**
 * Calendar weeks of taper, race week included, for a race on `raceWeekDays` days of its week: a race on the
 * week's first or second day has a race week of a day or two, which is no taper, so the week before it is one
 * more taper week (docs/plan-generator.md, "Calendar weeks").
 */
export const taperWeeksOf = (taperWeeks: number, raceWeekDays: number) =>
  taperWeeks + (raceWeekDays <= 2 ? 1 : 0);

/** Full-week hours of each week (a partial week plans days/7 of it). */
export function weekHours(kinds: readonly PlanWeekKind[], startHours: number, targetHours: number): number[] {
  const out: number[] = [];
  let level = 0;
  let top = 0;
  let taperIndex = 0;
  for (const kind of kinds) {
    if (kind === 'load') {
      level =
        level === 0
          ? startHours
          : Math.min(targetHours, Math.max(level, level * (1 + LOAD_RULES.weeklyGrowth)));
      top = Math.max(top, level);
      out.push(level);
    } else if (kind === 'deload') out.push((level || startHours) * LOAD_RULES.deloadShare);
    else if (kind === 'taper') {
      const share = LOAD_RULES.taperShares[Math.min(taperIndex++, LOAD_RULES.taperShares.length - 1)]!;
      out.push((top || startHours) * share);
    } else out.push((top || startHours) * LOAD_RULES.raceWeekShare);
  }
  return out.map((h) => roundTo(h, 2));
}

/**
 * The long session of `sport` each week, minutes: growing from `start` by `growth` a load week, highest in the
 * peak week (all others below it), shorter in deloads, and cut in the taper.
 */
export function longMinutes(
  weeks: readonly CalendarWeek[],
  kinds: readonly PlanWeekKind[],
  sport: LongSport,
  start: number,
  cap: number,
  peakWeeksOut: number,
): number[] {
  const growth = LOAD_RULES.longGrowth[sport];
  const peakIndex = weeks.findIndex((w, i) => w.weeksOut === peakWeeksOut && kinds[i] === 'load');
  const loadsBefore = (index: number) => kinds.slice(0, index).filter((k) => k === 'load').length;
  const peak = Math.min(
    cap,
    start + growth * (peakIndex >= 0 ? loadsBefore(peakIndex) : loadsBefore(kinds.length)),
  );
  const out: number[] = [];
  let lastLoad = Math.min(start, peak);
  for (let i = 0; i < weeks.length; i++) {
    const kind = kinds[i]!;
    if (kind === 'load') {
      if (i === peakIndex) lastLoad = peak;
      else if (peakIndex >= 0 && i > peakIndex) lastLoad = peak * 0.85;
      else {
        // Linear from the start to the peak over the load weeks before it (at most `growth` a week).
        const k = loadsBefore(i);
        const total = peakIndex >= 0 ? loadsBefore(peakIndex) : kinds.length;
        lastLoad = Math.min(
          start + ((peak - start) * k) / Math.max(1, total),
          peak * LOAD_RULES.beforePeakShare,
        );
      }
      out.push(lastLoad);
    } else if (kind === 'deload') out.push(lastLoad * LOAD_RULES.deloadLongShare);
    else if (kind === 'taper') out.push(peak * (weeks[i]!.weeksOut >= 2 ? 0.7 : 0.55));
    else out.push(peak * 0.35);
  }
  return out.map((m) => Math.round(m));
}

/**
 * The Journey map's phases, aligned with the calendar weeks: Foundation (the first third of base, at most 4
 * weeks), Base Building, Build (about 40 % of the weeks before the peak, at most 12), two weeks of peak, the
 * taper up to the day before the race, and race day.
 */
export function weekPhases(
  weeks: readonly CalendarWeek[],
  kinds: readonly PlanWeekKind[],
): { phases: LabelledPlanPhase[]; weekPhase: Array<{ name: LabelledPlanPhase['name']; label: string }> } {
  const before = kinds.filter((k) => k === 'load' || k === 'deload').length;
  const peakWeeks = Math.min(2, before);
  const left = before - peakWeeks;
  const build = left >= 3 ? Math.min(12, Math.max(1, Math.round(left * 0.4))) : left;
  const base = left - build;
  const foundation = base >= 3 ? Math.min(4, Math.max(1, Math.round(base / 3))) : 0;
  const weekPhase = weeks.map((_, i) => {
    const k = kinds[i]!;
    if (k === 'race') return { name: 'taper' as const, label: PLAN_LABELS.peakTaper };
    if (k === 'taper') return { name: 'taper' as const, label: PLAN_LABELS.peakTaper };
    if (i < foundation) return { name: 'base' as const, label: PLAN_LABELS.foundation };
    if (i < base) return { name: 'base' as const, label: PLAN_LABELS.base };
    if (i < base + build) return { name: 'build' as const, label: PLAN_LABELS.build };
    return { name: 'peak' as const, label: PLAN_LABELS.peakTaper };
  });
  const focus: Record<string, string> = {
    Foundation: PLAN_FOCUS.foundation,
    'Base Building': PLAN_FOCUS.base,
    'Build Phase': PLAN_FOCUS.build,
    peak: PLAN_FOCUS.peak,
    taper: PLAN_FOCUS.taper,
  };
  const phases: LabelledPlanPhase[] = [];
  weeks.forEach((w, i) => {
    const first = w.days[0];
    const last = w.days.at(-1);
    if (!first || !last) return;
    const { name, label } = weekPhase[i]!;
    const prev = phases.at(-1);
    const end = kinds[i] === 'race' ? addDays(last, -1) : last;
    if (end >= first) {
      if (prev && prev.name === name && prev.label === label) prev.end_date = end;
      else
        phases.push({
          name,
          label,
          start_date: first,
          end_date: end,
          focus: focus[name === 'base' || name === 'build' ? label : name] ?? null,
        });
    }
    if (kinds[i] === 'race')
      phases.push({
        name: 'race',
        label: PLAN_LABELS.peakTaper,
        start_date: last,
        end_date: last,
        focus: PLAN_FOCUS.race,
      });
  });
  return { phases, weekPhase };
}
