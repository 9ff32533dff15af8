// What every answer of the built-in coach (docs/coach.md) is made of: days and durations in words, the kinds of
// session, the workout a message names, free days, and the answer being written with its citations and actions.
import { addDays, epochDay } from '../dates.ts';
import { weekStartOf as calendarWeekStart, dayOfWeek, type WeekStart } from '../training/calendar.ts';
import { workoutTss } from '../training/tss.ts';
import { ZONES } from '../workouts/zones.ts';
import type { DayRef, ParsedMessage } from './intents.ts';
import { normalizeMessage } from './normalize.ts';
import type {
  CoachAnswer,
  CoachChange,
  CoachCitation,
  CoachIntent,
  CoachProposedAction,
  CoachSnapshot,
  CoachWorkout,
} from './types.ts';

const GENERIC_TITLE_WORDS = new Set(['session', 'workout', 'training', 'easy', 'with']);

/** Readiness below which a hard session today is worth easing (docs/coach.md, "Readiness and the day"). */
export const COACH_EASE_BELOW = 55;
/** Readiness below which rest beats an easy session. */
export const COACH_REST_BELOW = 40;
/** CTL points per week above which the ramp is called steep. */
export const COACH_RAMP_CAP = 5;
/** The shortest session a shorten proposes, in minutes. */
export const COACH_MIN_MINUTES = 15;

export const COACH_SUGGESTIONS = [
  'How ready am I to train today?',
  "What's on today?",
  'How does my week look?',
  'Why did my workout change?',
  "Move Saturday's long ride to Sunday",
  'Am I ready for my race?',
  'How is my training load trending?',
  "I missed yesterday's run, what now?",
] as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The calendar's day of the week (0 = Sunday), Sunday for a text that is not a date. */
export function weekdayOf(date: string): number {
  const d = dayOfWeek(date);
  return Number.isNaN(d) ? 0 : d;
}

/** 'Sat 28 Nov' */
export function coachDay(date: string): string {
  const [, m, d] = date.split('-');
  return `${SHORT_WEEKDAYS[weekdayOf(date)]} ${Number(d)} ${MONTHS[Number(m) - 1] ?? ''}`.trim();
}

/**
 * The first day of `date`'s week: the athlete's week start for their week's figures, Monday where people mean a
 * Monday-to-Sunday week ("next Tuesday", "Friday instead").
 */
export function weekStartOf(date: string, weekStart: WeekStart = 'monday'): string {
  try {
    return calendarWeekStart(date, weekStart);
  } catch {
    return date;
  }
}

export function safeAdd(date: string, days: number): string {
  try {
    return addDays(date, days);
  } catch {
    return date;
  }
}

/** Days before the race within which the coach speaks of it when the athlete is ill (its race week). */
export const RACE_WEEK_DAYS = 7;
/** Days before the race within which an injury or tiredness is weighed against it (the taper's two weeks). */
export const RACE_TAPER_DAYS = 14;

/**
 * The athlete's goal race when it is today or ahead: its day, the days to it and its name (docs/coach.md,
 * "Close to the race"). The race readiness's date, else the plan's.
 */
export function raceAhead(s: CoachSnapshot): { date: string; days: number; title: string } | null {
  const date = s.race?.raceDate ?? s.plan?.raceDate ?? null;
  if (!date || date < s.today) return null;
  let days: number;
  try {
    days = epochDay(date) - epochDay(s.today);
  } catch {
    return null;
  }
  return { date, days, title: s.race?.title ?? s.plan?.title ?? 'your race' };
}

/** "on Sun 29 Nov, in 3 days" / "today" / "tomorrow": when the race is, in words. */
export function raceWhen(race: { date: string; days: number }): string {
  if (race.days === 0) return 'today';
  if (race.days === 1) return `tomorrow, ${coachDay(race.date)}`;
  return `on ${coachDay(race.date)}, in ${race.days} days`;
}

export const fmt = (n: number, digits = 0) => {
  if (!Number.isFinite(n)) return '0';
  const f = 10 ** digits;
  const v = Math.round(n * f) / f;
  return Object.is(v, -0) ? '0' : String(v);
};
export const signed = (n: number, digits = 0) => (n > 0 ? `+${fmt(n, digits)}` : fmt(n, digits));

export const calendarPath = (date: string) => `/calendar?date=${date}`;

export function minutesText(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes)) return 'no set duration';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  return m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function zoneName(zone: number | null): string | null {
  return ZONES.find((z) => z.zone === zone)?.name ?? null;
}

/**
 * A session's load, the one TSS every screen shows (docs/coach.md, "One load"): what the daily load counts for it
 * (`tss`), else the local TSS of its sport, duration and zone as the workout service stores it.
 */
export function sessionTss(
  w: Pick<CoachWorkout, 'sport' | 'durationMinutes' | 'intensityZone' | 'tss'>,
): number {
  if (typeof w.tss === 'number' && Number.isFinite(w.tss) && w.tss >= 0) return w.tss;
  return (
    workoutTss({ sport: w.sport, duration_minutes: w.durationMinutes, intensity_zone: w.intensityZone }) ?? 0
  );
}

export function isHard(w: CoachWorkout): boolean {
  return (w.intensityZone ?? 2) >= 4;
}
export function isLong(w: CoachWorkout): boolean {
  return /\blong\b/i.test(w.title) || (w.durationMinutes ?? 0) >= 120;
}
/** A key session: long, or threshold and above (docs/coach.md, "Actions"). */
export function isKey(w: CoachWorkout): boolean {
  return isHard(w) || isLong(w);
}

export function describe(w: CoachWorkout): string {
  const zone = w.intensityZone ? `, Z${w.intensityZone}` : '';
  return `'${w.title}' (${minutesText(w.durationMinutes)}${zone})`;
}

export const SPORT_NOUN: Record<string, string> = {
  run: 'run',
  bike: 'ride',
  swim: 'swim',
  strength: 'mobility session',
  brick: 'spin',
};

export class Answer {
  citations: CoachCitation[] = [];
  actions: CoachProposedAction[] = [];
  constructor(
    readonly intent: CoachIntent,
    private readonly lines: string[] = [],
  ) {}
  say(line: string) {
    this.lines.push(line);
    return this;
  }
  cite(label: string, value: string, path: string) {
    if (!this.citations.some((c) => c.label === label && c.value === value))
      this.citations.push({ label, value, path });
    return this;
  }
  propose(action: CoachProposedAction) {
    this.actions.push(action);
    return this;
  }
  done(): CoachAnswer {
    return {
      intent: this.intent,
      reply: this.lines.join('\n').trim() || 'I could not find anything to say about that.',
      citations: this.citations,
      actions: this.actions,
    };
  }
}

/** The date a day reference names: a weekday is the next one from today (the last one when `past`). */
export function resolveDay(ref: DayRef, today: string, past: boolean): string {
  if (ref.kind === 'today') return today;
  if (ref.kind === 'tomorrow') return safeAdd(today, 1);
  if (ref.kind === 'yesterday') return safeAdd(today, -1);
  if (ref.kind === 'offset') return safeAdd(today, ref.days);
  const now = weekdayOf(today);
  if (ref.kind === 'weekend') {
    // This weekend's Saturday (today on a weekend day); the one before when `past`, the one after for "next".
    if (now === 0) return past ? safeAdd(today, -1) : ref.next ? safeAdd(today, 6) : today;
    const saturday = safeAdd(today, 6 - now);
    return past && now !== 6 ? safeAdd(saturday, -7) : ref.next ? safeAdd(saturday, 7) : saturday;
  }
  if (ref.nextWeek) return safeAdd(weekStartOf(today), 7 + ((ref.day + 6) % 7));
  if (ref.last || (past && !ref.next)) {
    const back = (now - ref.day + 7) % 7 || 7;
    return safeAdd(today, -back);
  }
  const ahead = (ref.day - now + 7) % 7;
  return safeAdd(today, ahead + (ref.next && ahead === 0 ? 7 : 0));
}

export function matchesSport(w: CoachWorkout, sport: ParsedMessage['sport']): boolean {
  if (!sport) return true;
  if (w.sport === sport) return true;
  return sport === 'bike' && w.sport === 'brick';
}

function matchesKind(w: CoachWorkout, kind: ParsedMessage['sessionKind']): boolean {
  if (kind === 'long') return isLong(w);
  if (kind === 'hard') return isHard(w);
  if (kind === 'easy') return !isHard(w);
  return true;
}

export function byDate(a: CoachWorkout, b: CoachWorkout) {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : (b.durationMinutes ?? 0) - (a.durationMinutes ?? 0);
}

/**
 * The workout a message is about: on the named day (or any day when none), of the named sport and kind when
 * one matches, planned ones first; the nearest one from `from` onwards, or the latest before when `past`.
 */
export function pickWorkout(
  s: CoachSnapshot,
  p: ParsedMessage,
  options: { day?: string | null; past?: boolean; from?: string; statuses?: CoachWorkout['status'][] },
): CoachWorkout | null {
  const statuses = options.statuses ?? ['planned'];
  let pool = s.workouts.filter((w) => statuses.includes(w.status));
  if (options.day) pool = pool.filter((w) => w.date === options.day);
  else if (options.past) pool = pool.filter((w) => w.date < s.today && w.date >= safeAdd(s.today, -7));
  else pool = pool.filter((w) => w.date >= (options.from ?? s.today));
  const bySport = pool.filter((w) => matchesSport(w, p.sport));
  if (p.sport && bySport.length) pool = bySport;
  else if (p.sport && !options.day) return null;
  // Words of a title named in the message ('the tempo run', 'my swim technique') pick that session first.
  const said = new Set(p.normalized.split(' '));
  const named = (w: CoachWorkout) =>
    normalizeMessage(w.title)
      .split(' ')
      .filter((word) => word.length >= 4 && !GENERIC_TITLE_WORDS.has(word) && said.has(word)).length;
  const best = Math.max(0, ...pool.map(named));
  if (best > 0) pool = pool.filter((w) => named(w) === best);
  else {
    const byKind = pool.filter((w) => matchesKind(w, p.sessionKind));
    if (byKind.length) pool = byKind;
  }
  pool.sort(byDate);
  return (options.past ? pool.at(-1) : pool[0]) ?? null;
}

export function workoutsOn(s: CoachSnapshot, date: string): CoachWorkout[] {
  return s.workouts.filter((w) => w.date === date && w.status !== 'skipped').sort(byDate);
}

export function citeReadiness(a: Answer, s: CoachSnapshot) {
  const r = s.readiness;
  if (!r) return;
  a.cite('Readiness', `${fmt(r.score)} (${r.label})`, '/metrics');
}

export function noReadinessLine(): string {
  return 'I have no readiness score for today yet: log this morning’s HRV, resting heart rate and sleep on the Metrics page and I can tell you how ready you are.';
}

/** Days after `after` (today at the earliest) to the end of its week with nothing planned. */
export function freeDays(s: CoachSnapshot, after: string): string[] {
  const first = safeAdd(after, 1) > s.today ? safeAdd(after, 1) : s.today;
  const end = safeAdd(weekStartOf(after > s.today ? after : s.today, s.weekStart), 6);
  const out: string[] = [];
  for (let d = first; d <= end && out.length < 7; d = safeAdd(d, 1))
    if (!workoutsOn(s, d).length) out.push(d);
  return out;
}

export function targetFor(s: CoachSnapshot, p: ParsedMessage, past = false): CoachWorkout | null {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, past) : null;
  return (
    pickWorkout(s, p, { day: day ?? (p.sport || p.sessionKind ? null : s.today) }) ??
    (day ? null : pickWorkout(s, p, {}))
  );
}

export function easierVersion(w: CoachWorkout, readiness: number | null) {
  const veryPoor = readiness !== null && readiness < COACH_REST_BELOW;
  const alreadyEasy = (w.intensityZone ?? 2) <= 2;
  const zone = veryPoor || alreadyEasy ? 1 : 2;
  const base = w.durationMinutes ?? 45;
  const minutes = Math.max(
    COACH_MIN_MINUTES,
    Math.round(((zone === 1 ? 0.67 : 1) * Math.min(base, 90)) / 5) * 5,
  );
  const noun = SPORT_NOUN[w.sport] ?? 'session';
  const title = `${zone === 1 ? 'Recovery' : 'Easy'} ${noun}`;
  return { zone, minutes, title, text: `${minutes}min Z${zone}` };
}

/** A rest day: the session is marked skipped, with the reason (illness, injury, deep fatigue). */
export function restAction(w: CoachWorkout, reason: string): CoachProposedAction {
  return {
    kind: 'rest',
    workoutId: w.id,
    workoutTitle: w.title,
    workoutDate: w.date,
    summary: `Rest on ${coachDay(w.date)}: '${w.title}' becomes a rest day`,
    reason,
    patch: { status: 'skipped' },
  };
}

/** Whether a change touches a day in [from, to]: where the workout is now, or where it was before (a move out). */
export function changeTouches(c: CoachChange, from: string, to: string): boolean {
  return [c.workoutDate, c.fromDate].some((d) => typeof d === 'string' && d >= from && d <= to);
}

/** A change in one line: "Sat 28 Nov → Sun 29 Nov: Moved at your request … (move, at your request)". */
export function changeLine(c: CoachChange): string {
  const who = c.source === 'coach' ? 'at your request' : 'by the daily adaptation';
  const moved = c.fromDate && c.workoutDate && c.fromDate !== c.workoutDate;
  const when = moved
    ? `${coachDay(c.fromDate!)} → ${coachDay(c.workoutDate!)}: `
    : c.workoutDate
      ? `${coachDay(c.workoutDate)}: `
      : '';
  return `${when}${c.reason} (${c.kind}, ${who})`;
}
