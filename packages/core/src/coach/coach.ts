// The built-in coach (docs/coach.md): a message and a snapshot of the athlete's data in, an answer out. Every
// number in a reply is cited with where it comes from in the app; actions are proposed, never applied here.
// Pure and total: any text and any snapshot give a well-formed answer.
import { addDays, epochDay } from '../dates.ts';
import { weekStartOf } from '../training/calendar.ts';
import { formLevel } from '../training/categories.ts';
import { workoutLoadScore } from '../workouts/load.ts';
import { ZONES } from '../workouts/zones.ts';
import { type DayRef, normalizeMessage, type ParsedMessage, parseMessage } from './intents.ts';

const GENERIC_TITLE_WORDS = new Set(['session', 'workout', 'training', 'easy', 'with']);

import type {
  CoachAnswer,
  CoachCitation,
  CoachIntent,
  CoachProposedAction,
  CoachSnapshot,
  CoachWorkout,
} from './types.ts';

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

function weekdayOf(date: string): number {
  const d = epochDay(date);
  // 1970-01-01 was a Thursday.
  return Number.isNaN(d) ? 0 : (((d + 4) % 7) + 7) % 7;
}

/** 'Sat 28 Nov' */
export function coachDay(date: string): string {
  const [, m, d] = date.split('-');
  return `${SHORT_WEEKDAYS[weekdayOf(date)]} ${Number(d)} ${MONTHS[Number(m) - 1] ?? ''}`.trim();
}

function safeAdd(date: string, days: number): string {
  try {
    return addDays(date, days);
  } catch {
    return date;
  }
}

const fmt = (n: number, digits = 0) => {
  if (!Number.isFinite(n)) return '0';
  const f = 10 ** digits;
  const v = Math.round(n * f) / f;
  return Object.is(v, -0) ? '0' : String(v);
};
const signed = (n: number, digits = 0) => (n > 0 ? `+${fmt(n, digits)}` : fmt(n, digits));

const calendarPath = (date: string) => `/calendar?date=${date}`;

function minutesText(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes)) return 'no set duration';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  return m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

function zoneName(zone: number | null): string | null {
  return ZONES.find((z) => z.zone === zone)?.name ?? null;
}

function isHard(w: CoachWorkout): boolean {
  return (w.intensityZone ?? 2) >= 4;
}
function isLong(w: CoachWorkout): boolean {
  return /\blong\b/i.test(w.title) || (w.durationMinutes ?? 0) >= 120;
}
/** A key session: long, or threshold and above (docs/coach.md, "Actions"). */
function isKey(w: CoachWorkout): boolean {
  return isHard(w) || isLong(w);
}

function describe(w: CoachWorkout): string {
  const zone = w.intensityZone ? `, Z${w.intensityZone}` : '';
  return `'${w.title}' (${minutesText(w.durationMinutes)}${zone})`;
}

const SPORT_NOUN: Record<string, string> = {
  run: 'run',
  bike: 'ride',
  swim: 'swim',
  strength: 'mobility session',
  brick: 'spin',
};

class Answer {
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
function resolveDay(ref: DayRef, today: string, past: boolean): string {
  if (ref.kind === 'today') return today;
  if (ref.kind === 'tomorrow') return safeAdd(today, 1);
  if (ref.kind === 'yesterday') return safeAdd(today, -1);
  const now = weekdayOf(today);
  // "next Tuesday": the named day of the Monday-to-Sunday week after this one, as people say it.
  if (ref.nextWeek) return safeAdd(weekStartOf(today, 'monday'), 7 + ((ref.day + 6) % 7));
  if (ref.last || (past && !ref.next)) {
    const back = (now - ref.day + 7) % 7 || 7;
    return safeAdd(today, -back);
  }
  const ahead = (ref.day - now + 7) % 7;
  return safeAdd(today, ahead + (ref.next && ahead === 0 ? 7 : 0));
}

function matchesSport(w: CoachWorkout, sport: ParsedMessage['sport']): boolean {
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

function byDate(a: CoachWorkout, b: CoachWorkout) {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : (b.durationMinutes ?? 0) - (a.durationMinutes ?? 0);
}

/**
 * The workout a message is about: on the named day (or any day when none), of the named sport and kind when
 * one matches, planned ones first; the nearest one from `from` onwards, or the latest before when `past`.
 */
function pickWorkout(
  s: CoachSnapshot,
  p: ParsedMessage,
  options: { day?: string | null; past?: boolean; from?: string; statuses?: CoachWorkout['status'][] },
): CoachWorkout | null {
  const statuses = options.statuses ?? ['planned'];
  let pool = s.workouts.filter((w) => statuses.includes(w.status));
  if (options.day) pool = pool.filter((w) => w.date === options.day);
  else if (options.past) pool = pool.filter((w) => w.date < s.today);
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

function workoutsOn(s: CoachSnapshot, date: string): CoachWorkout[] {
  return s.workouts.filter((w) => w.date === date && w.status !== 'skipped').sort(byDate);
}

function citeReadiness(a: Answer, s: CoachSnapshot) {
  const r = s.readiness;
  if (!r) return;
  a.cite('Readiness', `${fmt(r.score)} (${r.label})`, '/metrics');
}

function noReadinessLine(): string {
  return 'I have no readiness score for today yet: log this morning’s HRV, resting heart rate and sleep on the Metrics page and I can tell you how ready you are.';
}

// ---- intents ------------------------------------------------------------------------------------------------

function readinessAnswer(s: CoachSnapshot, a: Answer) {
  const r = s.readiness;
  if (!r) {
    a.say(noReadinessLine());
    return;
  }
  a.say(`Your readiness today is ${fmt(r.score)} out of 100: ${r.label}.`);
  citeReadiness(a, s);
  const why: string[] = [];
  if (r.recoveryScore !== null) {
    why.push(`your recovery score is ${fmt(r.recoveryScore)}`);
    a.cite('Recovery score', fmt(r.recoveryScore), '/metrics');
  } else why.push('there is no recovery score today (no HRV, resting heart rate or sleep logged)');
  why.push(`your form (TSB) is ${signed(r.tsb, 1)}, which reads as ${formLevel(r.tsb).replace('_', ' ')}`);
  a.cite('Form (TSB)', signed(r.tsb, 1), '/analytics');
  if (r.acwr !== null) {
    why.push(
      `your acute:chronic load ratio is ${fmt(r.acwr, 2)}${r.acwr > 1.3 ? ', above the 1.3 where injury risk climbs' : ''}`,
    );
    a.cite('Acute:chronic ratio', fmt(r.acwr, 2), '/analytics');
  }
  a.say(`Why: ${why.join('; ')}.`);
  const advice = r.recommendations.filter((t) => !/^Readiness \d/.test(t)).slice(0, 2);
  if (advice.length) a.say(advice.map((t) => `• ${t}`).join('\n'));
  const hardToday = workoutsOn(s, s.today).find((w) => w.status === 'planned' && isHard(w));
  if (hardToday && r.score < COACH_EASE_BELOW) {
    a.say(
      `Today has ${describe(hardToday)} planned. With readiness under ${COACH_EASE_BELOW} I would ease it: ask me to “swap today’s session for something easier” or to skip it.`,
    );
    a.cite(`Planned ${coachDay(hardToday.date)}`, hardToday.title, calendarPath(hardToday.date));
  }
}

function todayAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, false) : s.today;
  const label = day === s.today ? 'today' : coachDay(day);
  const list = workoutsOn(s, day);
  if (!list.length) {
    a.say(`Nothing is planned ${day === s.today ? 'today' : `on ${label}`}: a rest day.`);
    const next = s.workouts.filter((w) => w.status === 'planned' && w.date > day).sort(byDate)[0];
    if (next) {
      a.say(`Next up: ${describe(next)} on ${coachDay(next.date)}.`);
      a.cite(`Next session ${coachDay(next.date)}`, next.title, calendarPath(next.date));
    }
  } else {
    a.say(`${day === s.today ? 'Today' : `On ${label}`} you have:`);
    for (const w of list) {
      const zone = zoneName(w.intensityZone);
      a.say(`• ${describe(w)}${zone ? `: ${zone}` : ''}${w.status === 'completed' ? ' (done)' : ''}`);
      a.cite(`${coachDay(w.date)}`, `${w.title}, ${minutesText(w.durationMinutes)}`, calendarPath(w.date));
    }
  }
  if (day === s.today && s.readiness) {
    const r = s.readiness;
    const hard = list.some((w) => w.status === 'planned' && isHard(w));
    citeReadiness(a, s);
    if (r.score < COACH_REST_BELOW)
      a.say(
        `Readiness is ${fmt(r.score)} (${r.label}): rest or keep it very light today${hard ? '; I can swap the hard session for you' : ''}.`,
      );
    else if (r.score < COACH_EASE_BELOW && hard)
      a.say(
        `Readiness is ${fmt(r.score)} (${r.label}): consider easing the hard session; ask me to swap it.`,
      );
    else
      a.say(
        `Readiness is ${fmt(r.score)} (${r.label}): ${list.length ? 'go ahead as planned.' : 'enjoy the rest.'}`,
      );
  }
}

function weekAnswer(s: CoachSnapshot, a: Answer) {
  const start = weekStartOf(s.today, s.weekStart);
  const end = safeAdd(start, 6);
  const week = s.workouts.filter((w) => w.date >= start && w.date <= end).sort(byDate);
  if (!week.length) {
    a.say(`Nothing is planned this week (${coachDay(start)} to ${coachDay(end)}).`);
    if (!s.plan)
      a.say('You have no active plan: set a goal in onboarding to get one, or add workouts on the calendar.');
    return;
  }
  const planned = week.filter((w) => w.status !== 'skipped');
  const totalMinutes = planned.reduce((t, w) => t + (w.durationMinutes ?? 0), 0);
  const done = week.filter((w) => w.status === 'completed');
  const load = planned.reduce(
    (t, w) => t + workoutLoadScore({ duration_minutes: w.durationMinutes, intensity_zone: w.intensityZone }),
    0,
  );
  a.say(
    `This week (${coachDay(start)} to ${coachDay(end)}): ${planned.length} sessions, ${minutesText(totalMinutes)} in all, ${done.length} done so far.`,
  );
  a.cite('Sessions this week', String(planned.length), calendarPath(start));
  a.cite('Planned time this week', minutesText(totalMinutes), calendarPath(start));
  a.cite('Load score this week', fmt(load), calendarPath(start));
  for (const w of week) {
    const state =
      w.status === 'completed'
        ? ' ✓ done'
        : w.status === 'skipped'
          ? ' (skipped)'
          : w.date < s.today
            ? ' (missed)'
            : '';
    a.say(`• ${coachDay(w.date)}: ${describe(w)}${state}`);
  }
  const hard = planned.filter(isHard).length;
  a.say(
    `${hard} of them ${hard === 1 ? 'is' : 'are'} hard (threshold or above); the rest build your aerobic base.`,
  );
  const changes = s.changes.filter(
    (c) => !c.undone && c.workoutDate && c.workoutDate >= start && c.workoutDate <= end,
  );
  if (changes.length) {
    a.say('What changed this week:');
    for (const c of changes.slice(0, 5)) {
      a.say(`• ${c.reason}`);
      a.cite(`Change on ${coachDay(c.workoutDate!)}`, c.kind, calendarPath(c.workoutDate!));
    }
  } else a.say('Nothing in it has been changed from the plan.');
}

function targetDay(p: ParsedMessage, s: CoachSnapshot, from: string): string | null {
  const t = p.normalized;
  if (/\b(a|one|1) day (later|back)|\bback a day\b|\bday later\b/.test(t)) return safeAdd(from, 1);
  if (/\b(a|one|1) day (earlier|sooner)|\bday earlier\b/.test(t)) return safeAdd(from, -1);
  if (/\bnext week\b/.test(t) && p.days.length < 2) return safeAdd(from, 7);
  const last = p.days.at(-1);
  if (!last) return null;
  return resolveDay(last, s.today, false);
}

function moveAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const t = p.normalized;
  // One day named right after "to" is the target; the source is then the next matching planned session.
  const onlyTarget =
    p.days.length === 1 &&
    /\b(to|till|until|onto|for|on) (next |this )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today)\b/.test(
      t,
    ) &&
    !/\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today) s\b/.test(t);
  const sourceDay =
    p.days.length >= 2 || (p.days.length === 1 && !onlyTarget)
      ? resolveDay(p.days[0]!, s.today, false)
      : null;
  const workout = pickWorkout(s, p, { day: sourceDay });
  if (!workout) {
    a.say(
      sourceDay
        ? `I can’t find a planned${p.sport ? ` ${SPORT_NOUN[p.sport] ?? p.sport}` : ''} session on ${coachDay(sourceDay)} to move.`
        : 'I can’t find an upcoming planned session like that to move.',
    );
    if (sourceDay) a.cite(coachDay(sourceDay), 'nothing planned', calendarPath(sourceDay));
    return;
  }
  const target =
    p.days.length >= 2 || onlyTarget || /\bday (later|earlier|back)|next week|back a day\b/.test(t)
      ? targetDay(p, s, workout.date)
      : null;
  a.cite(`${coachDay(workout.date)}`, workout.title, calendarPath(workout.date));
  if (!target) {
    const free = freeDays(s, workout.date);
    a.say(
      `Which day should ${describe(workout)} move to?${free.length ? ` Free days this week: ${free.map(coachDay).join(', ')}.` : ''}`,
    );
    return;
  }
  if (target === workout.date) {
    a.say(`${describe(workout)} is already on ${coachDay(target)}.`);
    return;
  }
  if (target < s.today) {
    a.say(`${coachDay(target)} is in the past: I can only move a session to today or later.`);
    return;
  }
  const there = workoutsOn(s, target).filter((w) => w.id !== workout.id);
  a.say(`I can move ${describe(workout)} from ${coachDay(workout.date)} to ${coachDay(target)}.`);
  if (there.length) {
    const minutes =
      there.reduce((t2, w) => t2 + (w.durationMinutes ?? 0), 0) + (workout.durationMinutes ?? 0);
    a.say(
      `${coachDay(target)} already has ${there.map(describe).join(' and ')}: that day would hold ${minutesText(minutes)} of training.`,
    );
    if (isHard(workout) && there.some(isHard))
      a.say('Two hard sessions on one day is a lot; consider another day.');
    a.cite(`${coachDay(target)}`, there.map((w) => w.title).join(', '), calendarPath(target));
  } else a.cite(`${coachDay(target)}`, 'free', calendarPath(target));
  const dayBefore = workoutsOn(s, safeAdd(target, -1)).filter((w) => w.id !== workout.id);
  if (isKey(workout) && dayBefore.some(isKey))
    a.say(
      `Note: ${coachDay(safeAdd(target, -1))} has ${dayBefore.filter(isKey).map(describe).join(' and ')}, so you would do two key sessions back to back.`,
    );
  a.say('Confirm below to apply it.');
  a.propose({
    kind: 'move',
    workoutId: workout.id,
    workoutTitle: workout.title,
    workoutDate: workout.date,
    summary: `Move '${workout.title}' from ${coachDay(workout.date)} to ${coachDay(target)}`,
    reason: `Moved at your request from ${coachDay(workout.date)} to ${coachDay(target)}.`,
    patch: { workoutDate: target },
  });
}

/** Days after `after` (today at the earliest) to the end of its week with nothing planned. */
function freeDays(s: CoachSnapshot, after: string): string[] {
  const first = safeAdd(after, 1) > s.today ? safeAdd(after, 1) : s.today;
  const end = safeAdd(weekStartOf(after > s.today ? after : s.today, s.weekStart), 6);
  const out: string[] = [];
  for (let d = first; d <= end && out.length < 7; d = safeAdd(d, 1))
    if (!workoutsOn(s, d).length) out.push(d);
  return out;
}

function targetFor(s: CoachSnapshot, p: ParsedMessage, past = false): CoachWorkout | null {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, past) : null;
  return (
    pickWorkout(s, p, { day: day ?? (p.sport || p.sessionKind ? null : s.today) }) ??
    (day ? null : pickWorkout(s, p, {}))
  );
}

function skipAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const w = targetFor(s, p);
  if (!w) {
    a.say(
      'I can’t find a planned session like that to skip. Name the day or the session, for example “skip tomorrow’s run”.',
    );
    return;
  }
  a.cite(coachDay(w.date), w.title, calendarPath(w.date));
  const load = workoutLoadScore({ duration_minutes: w.durationMinutes, intensity_zone: w.intensityZone });
  a.say(`Skipping ${describe(w)} on ${coachDay(w.date)} takes ${fmt(load)} load points off your week.`);
  a.cite('Load score of the session', fmt(load), calendarPath(w.date));
  if (s.readiness && s.readiness.score < COACH_EASE_BELOW && w.date === s.today) {
    a.say(`With readiness at ${fmt(s.readiness.score)} today, resting is a sound choice.`);
    citeReadiness(a, s);
  }
  a.propose({
    kind: 'skip',
    workoutId: w.id,
    workoutTitle: w.title,
    workoutDate: w.date,
    summary: `Skip '${w.title}' on ${coachDay(w.date)}`,
    reason: `Skipped at your request${s.readiness && w.date === s.today ? ` (readiness ${fmt(s.readiness.score)})` : ''}.`,
    patch: { status: 'skipped' },
  });
  if (isKey(w)) {
    const free = freeDays(s, w.date)[0];
    if (free) {
      a.say(
        `It is a key session: rather than skip it, you could move it to ${coachDay(free)}, which is free.`,
      );
      a.cite(coachDay(free), 'free', calendarPath(free));
      a.propose({
        kind: 'move',
        workoutId: w.id,
        workoutTitle: w.title,
        workoutDate: w.date,
        summary: `Move '${w.title}' from ${coachDay(w.date)} to ${coachDay(free)}`,
        reason: `Moved at your request to ${coachDay(free)} instead of skipping it.`,
        patch: { workoutDate: free },
      });
    } else a.say('It is a key session, and no free day is left this week to move it to.');
  }
  a.say('Confirm below to apply it.');
}

function easierVersion(w: CoachWorkout, readiness: number | null) {
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

function swapAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const w = targetFor(s, p);
  if (!w) {
    a.say(
      'I can’t find a planned session like that to swap. Name the day or the session, for example “swap today’s intervals for something easier”.',
    );
    return;
  }
  const readiness = s.readiness && w.date === s.today ? s.readiness.score : null;
  const easy = easierVersion(w, readiness);
  a.cite(coachDay(w.date), w.title, calendarPath(w.date));
  a.say(
    `I can swap ${describe(w)} on ${coachDay(w.date)} for '${easy.title}': ${easy.minutes} min in ${zoneName(easy.zone)} (Z${easy.zone}).`,
  );
  if (readiness !== null) {
    a.say(
      `Your readiness today is ${fmt(readiness)}${readiness < COACH_EASE_BELOW ? ', so an easier day fits' : ''}.`,
    );
    citeReadiness(a, s);
  }
  const before = workoutLoadScore({ duration_minutes: w.durationMinutes, intensity_zone: w.intensityZone });
  const after = workoutLoadScore({ duration_minutes: easy.minutes, intensity_zone: easy.zone });
  a.say(`The session's load goes from ${fmt(before)} to ${fmt(after)} points. Confirm below to apply it.`);
  a.cite('Load score before → after', `${fmt(before)} → ${fmt(after)}`, calendarPath(w.date));
  a.propose({
    kind: 'swap',
    workoutId: w.id,
    workoutTitle: w.title,
    workoutDate: w.date,
    summary: `Swap '${w.title}' on ${coachDay(w.date)} for '${easy.title}' (${easy.minutes} min Z${easy.zone})`,
    reason: `Swapped at your request for an easier session${readiness !== null ? ` (readiness ${fmt(readiness)})` : ''}.`,
    patch: {
      title: easy.title,
      workoutLanguageText: easy.text,
      durationMinutes: easy.minutes,
      intensityZone: easy.zone,
    },
  });
}

function shortenAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const w = targetFor(s, p);
  if (!w) {
    a.say(
      'I can’t find a planned session like that to shorten. Name the day or the session, for example “shorten today’s ride to 45 min”.',
    );
    return;
  }
  a.cite(coachDay(w.date), `${w.title}, ${minutesText(w.durationMinutes)}`, calendarPath(w.date));
  const current = w.durationMinutes ?? 60;
  let minutes = p.minutes
    ? p.minutes.by
      ? current - p.minutes.value
      : p.minutes.value
    : Math.round((current * 2) / 3 / 5) * 5;
  minutes = Math.max(COACH_MIN_MINUTES, Math.round(minutes));
  if (minutes >= current) {
    a.say(`${describe(w)} is already ${minutesText(current)}, no longer than ${minutesText(minutes)}.`);
    return;
  }
  a.say(
    `I can shorten ${describe(w)} on ${coachDay(w.date)} from ${minutesText(current)} to ${minutesText(minutes)}.`,
  );
  a.say(
    isHard(w)
      ? 'Keep the warm-up and the main set, and cut the easy minutes and the cool-down first.'
      : 'Keep it at the same easy effort, just for less time.',
  );
  a.say('Confirm below to apply it.');
  a.propose({
    kind: 'shorten',
    workoutId: w.id,
    workoutTitle: w.title,
    workoutDate: w.date,
    summary: `Shorten '${w.title}' on ${coachDay(w.date)} from ${minutesText(current)} to ${minutesText(minutes)}`,
    reason: `Shortened at your request to ${minutesText(minutes)}.`,
    patch: { durationMinutes: minutes },
  });
}

const ZONE_PURPOSE: Record<number, string> = {
  1: 'active recovery: it helps you absorb earlier training without adding fatigue',
  2: 'aerobic base: it builds the endurance engine (more capillaries and mitochondria, better fat use) at a pace you could hold a conversation at',
  3: 'tempo: it raises the pace you can hold comfortably-hard for a long time',
  4: 'threshold: it lifts the highest effort you can sustain for about an hour',
  5: 'VO2 max: short hard efforts that raise your aerobic ceiling',
};

function explainAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, false) : null;
  const w =
    pickWorkout(s, p, { day, statuses: ['planned', 'completed', 'skipped'] }) ??
    (day ? null : pickWorkout(s, p, { day: s.today, statuses: ['planned', 'completed'] }));
  if (!w) {
    const zone = p.normalized.match(/\bz(?:one )?([1-5])\b/);
    if (zone) {
      const z = Number(zone[1]);
      a.say(`Zone ${z}, ${zoneName(z)}: ${ZONE_PURPOSE[z]}.`);
      return;
    }
    a.say(
      'I can’t find that session. Name the day or the session, for example “explain Thursday’s intervals”.',
    );
    return;
  }
  a.cite(coachDay(w.date), w.title, calendarPath(w.date));
  a.say(`${describe(w)} on ${coachDay(w.date)}, ${w.sport}.`);
  if (w.intensityZone) {
    a.say(
      `It is a ${zoneName(w.intensityZone)} session (Z${w.intensityZone}): ${ZONE_PURPOSE[w.intensityZone]}.`,
    );
    a.cite('Intensity zone', `Z${w.intensityZone} ${zoneName(w.intensityZone)}`, calendarPath(w.date));
  }
  if (w.durationMinutes) a.cite('Duration', minutesText(w.durationMinutes), calendarPath(w.date));
  if (isLong(w))
    a.say(
      'As a long session it trains endurance and fuelling: keep most of it easy, and practise eating and drinking as on race day.',
    );
  // The text is the athlete's (or the plan's) data: quoted, never obeyed (docs/coach.md, "Safety").
  if (w.text) a.say(`The session as written: “${w.text.slice(0, 300)}”.`);
  const change = s.changes.find((c) => !c.undone && c.workoutId === w.id);
  if (change) {
    a.say(`It was changed: ${change.reason}`);
    a.cite('Plan change', change.kind, calendarPath(w.date));
  }
  if (w.date === s.today && s.readiness) {
    citeReadiness(a, s);
    a.say(
      `With readiness at ${fmt(s.readiness.score)} (${s.readiness.label}) today, ${s.readiness.score < COACH_EASE_BELOW && isHard(w) ? 'consider an easier version.' : 'it fits.'}`,
    );
  }
}

function raceAnswer(s: CoachSnapshot, a: Answer) {
  const r = s.race;
  if (!r?.raceDate) {
    a.say(
      'You have no race in your active plan, so I can’t judge race readiness. Set a goal race in onboarding to get a plan and a countdown.',
    );
    if (s.readiness) {
      a.say(`Your fitness (CTL) today is ${fmt(s.readiness.ctl, 1)}.`);
      a.cite('Fitness (CTL)', fmt(s.readiness.ctl, 1), '/analytics');
    }
    return;
  }
  const name = r.title ?? 'your race';
  const when =
    r.daysUntil === null
      ? ''
      : r.daysUntil > 0
        ? `, in ${r.daysUntil} days`
        : r.daysUntil === 0
          ? ', today'
          : ', already behind you';
  a.say(
    `Race readiness for ${name} on ${coachDay(r.raceDate)}${when}: ${fmt(r.score)} out of 100 (fitness ${r.fitnessLevel.replace('_', ' ')}).`,
  );
  a.cite('Race readiness', fmt(r.score), '/analytics');
  if (r.daysUntil !== null) a.cite('Days to race', String(r.daysUntil), '/plan');
  a.say(
    `Projected for race day: fitness (CTL) ${fmt(r.raceDayCtl, 1)} and form (TSB) ${signed(r.raceDayTsb, 1)}.`,
  );
  a.cite('Race-day fitness (CTL)', fmt(r.raceDayCtl, 1), '/analytics');
  a.cite('Race-day form (TSB)', signed(r.raceDayTsb, 1), '/analytics');
  if (r.prediction) {
    a.say(`Predicted ${r.prediction.name}: ${r.prediction.time}, from your best recent effort.`);
    a.cite(`Predicted ${r.prediction.name}`, r.prediction.time, '/analytics');
  }
  a.say(r.taperRecommendation);
  if (r.areasToFocus.length) a.say(`Focus on: ${r.areasToFocus.slice(0, 3).join('; ')}`);
}

function loadAnswer(s: CoachSnapshot, a: Answer) {
  const weeks = s.loadTrend.slice(-5);
  if (!weeks.length || weeks.every((w) => w.ctl === 0 && w.totalTss === 0)) {
    a.say('There is no training load yet: complete or record a few sessions and I can show the trend.');
    return;
  }
  const first = weeks[0]!;
  const last = weeks.at(-1)!;
  const span = weeks.length - 1;
  const ramp = span ? (last.ctl - first.ctl) / span : 0;
  a.say(
    `Fitness (CTL) is ${fmt(last.ctl, 1)}${span ? `, ${signed(last.ctl - first.ctl, 1)} over the last ${span} weeks (${signed(ramp, 1)} a week)` : ''}. Fatigue (ATL) is ${fmt(last.atl, 1)} and form (TSB) ${signed(last.tsb, 1)} (${formLevel(last.tsb).replace('_', ' ')}).`,
  );
  a.cite('Fitness (CTL)', fmt(last.ctl, 1), '/analytics');
  a.cite('Fatigue (ATL)', fmt(last.atl, 1), '/analytics');
  a.cite('Form (TSB)', signed(last.tsb, 1), '/analytics');
  if (span) a.cite('CTL change per week', signed(ramp, 1), '/analytics');
  a.say(`Weekly TSS: ${weeks.map((w) => `${coachDay(w.weekStart)} ${fmt(w.totalTss)}`).join(', ')}.`);
  a.cite('TSS this week', fmt(last.totalTss), '/analytics');
  if (ramp > COACH_RAMP_CAP)
    a.say(
      `That ramp is steep (over ${COACH_RAMP_CAP} CTL points a week): add an easier week soon to absorb it.`,
    );
  else if (ramp < -1)
    a.say(
      'Your fitness is dropping: if that is not a planned recovery week or taper, add some steady aerobic volume.',
    );
  else if (ramp > 0) a.say('A steady, sustainable build: 3 to 5 CTL points a week is the sweet spot.');
  else a.say('Your load is holding steady.');
  if (last.tsb < -30) a.say('Form below -30 means deep fatigue: take easy days before adding more.');
}

function missedAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, true) : null;
  const missed = pickWorkout(s, p, { day, past: !day, statuses: ['planned', 'skipped'] });
  if (!missed || missed.date > s.today) {
    a.say(
      day
        ? `I can’t find a planned session on ${coachDay(day)} that you missed.`
        : 'I can’t find a missed session in the last week. Name the day, for example “I missed Tuesday’s run”.',
    );
    if (day) a.cite(coachDay(day), 'nothing missed', calendarPath(day));
    return;
  }
  a.cite(`Missed ${coachDay(missed.date)}`, missed.title, calendarPath(missed.date));
  if (!isKey(missed)) {
    a.say(
      `${describe(missed)} on ${coachDay(missed.date)} was an easy session: let it go. Don’t stack it onto another day; one missed easy session changes nothing, and the rest of the week stays as planned.`,
    );
    if (missed.status === 'planned')
      a.propose({
        kind: 'skip',
        workoutId: missed.id,
        workoutTitle: missed.title,
        workoutDate: missed.date,
        summary: `Mark '${missed.title}' on ${coachDay(missed.date)} as skipped`,
        reason: 'Missed easy session: dropped rather than made up.',
        patch: { status: 'skipped' },
      });
    return;
  }
  const free = freeDays(s, safeAdd(s.today, -1)).filter((d) => {
    const before = workoutsOn(s, safeAdd(d, -1));
    const after = workoutsOn(s, safeAdd(d, 1));
    return !before.some(isKey) && !after.some(isKey);
  });
  const weekStart = weekStartOf(s.today, s.weekStart);
  const left = s.workouts
    .filter((w) => w.status === 'planned' && w.date >= s.today && w.date <= safeAdd(weekStart, 6))
    .reduce((t, w) => t + (w.durationMinutes ?? 0), 0);
  a.cite('Still planned this week', minutesText(left), calendarPath(s.today));
  if (free[0]) {
    a.say(
      `${describe(missed)} was a key session. ${coachDay(free[0])} is free with no key session either side, so you can make it up there; the ${minutesText(left)} still planned this week leaves room for it.`,
    );
    a.cite(coachDay(free[0]), 'free', calendarPath(free[0]));
    a.propose({
      kind: 'move',
      workoutId: missed.id,
      workoutTitle: missed.title,
      workoutDate: missed.date,
      summary: `Move '${missed.title}' from ${coachDay(missed.date)} to ${coachDay(free[0])}`,
      reason: `Missed key session made up on ${coachDay(free[0])}, a free day this week.`,
      patch: { workoutDate: free[0] },
    });
  } else {
    a.say(
      `${describe(missed)} was a key session, but no free day is left this week without a key session next to it. Let it go rather than cramming: the next key session will carry the work on.`,
    );
    if (missed.status === 'planned')
      a.propose({
        kind: 'skip',
        workoutId: missed.id,
        workoutTitle: missed.title,
        workoutDate: missed.date,
        summary: `Mark '${missed.title}' on ${coachDay(missed.date)} as skipped`,
        reason: 'Missed key session: no free day left this week, so dropped.',
        patch: { status: 'skipped' },
      });
  }
}

function changesAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, /\b(yesterday|last)\b/.test(p.normalized)) : null;
  let changes = s.changes.filter((c) => !c.undone);
  if (day) changes = changes.filter((c) => c.workoutDate === day);
  if (!changes.length) {
    a.say(
      day
        ? `Nothing was changed on ${coachDay(day)}: it is as planned.`
        : 'Nothing in your plan has been changed recently: your workouts are as planned.',
    );
    if (s.readiness) {
      a.say(`Your readiness today is ${fmt(s.readiness.score)} (${s.readiness.label}).`);
      citeReadiness(a, s);
    }
    return;
  }
  a.say(
    changes.length === 1
      ? 'One change to your plan:'
      : `The latest ${Math.min(changes.length, 5)} changes to your plan:`,
  );
  for (const c of changes.slice(0, 5)) {
    const who = c.source === 'coach' ? 'at your request' : 'by the daily adaptation';
    a.say(`• ${c.workoutDate ? `${coachDay(c.workoutDate)}: ` : ''}${c.reason} (${c.kind}, ${who})`);
    a.cite(
      c.workoutDate ? `Change on ${coachDay(c.workoutDate)}` : 'Plan change',
      c.kind,
      c.workoutDate ? calendarPath(c.workoutDate) : '/plan',
    );
  }
  a.say('Each change can be undone from the plan page if you prefer the original.');
}

function helpAnswer(a: Answer) {
  a.say('I’m your coach: I answer from your own data. You can ask me, for example:');
  for (const q of COACH_SUGGESTIONS) a.say(`• ${q}`);
  a.say(
    'I can also skip, swap or shorten a session (“swap today’s intervals for something easier”), or explain one (“explain Thursday’s workout”).',
  );
}

/**
 * The built-in coach's answer to `text` over `snapshot`. `parsed` is `parseMessage(text)` when the caller has read
 * the message already (the server reads it first to know which data to load), so it is not read twice.
 */
export function coachReply(
  snapshot: CoachSnapshot,
  text: string,
  parsed: ParsedMessage = parseMessage(text),
): CoachAnswer {
  const p = parsed;
  const a = new Answer(p.intent);
  try {
    switch (p.intent) {
      case 'readiness':
        readinessAnswer(snapshot, a);
        break;
      case 'today':
        todayAnswer(snapshot, p, a);
        break;
      case 'week':
        weekAnswer(snapshot, a);
        break;
      case 'move':
        moveAnswer(snapshot, p, a);
        break;
      case 'skip':
        skipAnswer(snapshot, p, a);
        break;
      case 'swap':
        swapAnswer(snapshot, p, a);
        break;
      case 'shorten':
        shortenAnswer(snapshot, p, a);
        break;
      case 'explain':
        explainAnswer(snapshot, p, a);
        break;
      case 'race_readiness':
        raceAnswer(snapshot, a);
        break;
      case 'load_trend':
        loadAnswer(snapshot, a);
        break;
      case 'missed':
        missedAnswer(snapshot, p, a);
        break;
      case 'changes':
        changesAnswer(snapshot, p, a);
        break;
      default:
        helpAnswer(a);
    }
  } catch {
    // A snapshot with impossible values must still get an answer.
    return {
      intent: p.intent,
      reply: 'Sorry, I could not work that out from your data.',
      citations: [],
      actions: [],
    };
  }
  return a.done();
}

export { resolveDay, weekdayOf };

export interface CoachActionRequest {
  kind: string;
  workoutId: string;
  /** move: the new day. */
  date?: string | null;
  /** shorten: the new duration. */
  minutes?: number | null;
}

/**
 * A proposed action built from a structured request (the language model's propose_action tool): the same
 * checks and the same easier session as the built-in coach's; a reason in words when it cannot be proposed.
 */
export function proposeCoachAction(
  s: CoachSnapshot,
  request: CoachActionRequest,
): { action: CoachProposedAction } | { error: string } {
  const w = s.workouts.find((x) => x.id === request.workoutId);
  if (!w)
    return { error: 'No such workout in the athlete’s calendar (use an id from get_week or get_workout).' };
  if (w.status !== 'planned')
    return { error: `That workout is ${w.status}; only planned workouts can change.` };
  const base = { workoutId: w.id, workoutTitle: w.title, workoutDate: w.date };
  switch (request.kind) {
    case 'move': {
      const to = request.date ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(to) || Number.isNaN(epochDay(to)))
        return { error: 'move needs a date YYYY-MM-DD.' };
      if (to < s.today) return { error: 'A session can only move to today or later.' };
      if (to === w.date) return { error: `It is already on ${coachDay(to)}.` };
      return {
        action: {
          kind: 'move',
          ...base,
          summary: `Move '${w.title}' from ${coachDay(w.date)} to ${coachDay(to)}`,
          reason: `Moved at your request from ${coachDay(w.date)} to ${coachDay(to)}.`,
          patch: { workoutDate: to },
        },
      };
    }
    case 'skip':
      return {
        action: {
          kind: 'skip',
          ...base,
          summary: `Skip '${w.title}' on ${coachDay(w.date)}`,
          reason: 'Skipped at your request.',
          patch: { status: 'skipped' },
        },
      };
    case 'swap': {
      const easy = easierVersion(w, s.readiness && w.date === s.today ? s.readiness.score : null);
      return {
        action: {
          kind: 'swap',
          ...base,
          summary: `Swap '${w.title}' on ${coachDay(w.date)} for '${easy.title}' (${easy.minutes} min Z${easy.zone})`,
          reason: 'Swapped at your request for an easier session.',
          patch: {
            title: easy.title,
            workoutLanguageText: easy.text,
            durationMinutes: easy.minutes,
            intensityZone: easy.zone,
          },
        },
      };
    }
    case 'shorten': {
      const current = w.durationMinutes ?? 60;
      const minutes = Math.max(
        COACH_MIN_MINUTES,
        Math.round(request.minutes && Number.isFinite(request.minutes) ? request.minutes : (current * 2) / 3),
      );
      if (minutes >= current) return { error: `It is already ${minutesText(current)}.` };
      return {
        action: {
          kind: 'shorten',
          ...base,
          summary: `Shorten '${w.title}' on ${coachDay(w.date)} from ${minutesText(current)} to ${minutesText(minutes)}`,
          reason: `Shortened at your request to ${minutesText(minutes)}.`,
          patch: { durationMinutes: minutes },
        },
      };
    }
    default:
      return { error: 'kind must be move, skip, swap or shorten.' };
  }
}
