// The built-in coach's answers that change the plan on request (docs/coach.md, "Actions"): move, skip, swap,
// shorten and a missed session, and the same actions built from a language model's structured request. Each is
// proposed with its reason; nothing is applied here.
import { epochDay } from '../dates.ts';
import { workoutTss } from '../training/tss.ts';
import type { Sport } from '../workouts/types.ts';
import {
  type Answer,
  COACH_EASE_BELOW,
  COACH_MIN_MINUTES,
  calendarPath,
  citeReadiness,
  coachDay,
  describe,
  easierVersion,
  fmt,
  freeDays,
  isHard,
  isKey,
  matchesSport,
  minutesText,
  pickWorkout,
  RACE_WEEK_DAYS,
  raceAhead,
  raceWhen,
  resolveDay,
  restAction,
  SPORT_NOUN,
  safeAdd,
  sessionTss,
  targetFor,
  weekStartOf,
  workoutsOn,
  zoneName,
} from './common.ts';
import type { DayRef, ParsedMessage, SportWord } from './intents.ts';
import type { CoachProposedAction, CoachSnapshot, CoachWorkout } from './types.ts';

/**
 * The day a move's target means for a session on `from` (docs/coach.md, "Days"): "the day after" and "back a
 * day" count from the session's own day; a plain weekday is that day of the session's week (the next one when
 * it has passed); "the weekend" is its first day without a key session.
 */
function targetDay(p: ParsedMessage, s: CoachSnapshot, from: string, ref: DayRef | null): string | null {
  if (p.shift) return safeAdd(from, p.shift);
  if (!ref) return /\bnext week\b/.test(p.normalized) ? safeAdd(from, 7) : null;
  if (ref.kind === 'weekend') {
    const saturday = resolveDay(ref, from > s.today ? from : s.today, false);
    const days = [saturday, safeAdd(saturday, 1)].filter((d) => d >= s.today && d !== from);
    return days.find((d) => !workoutsOn(s, d).some(isKey)) ?? days[0] ?? saturday;
  }
  if (ref.kind === 'weekday' && !ref.next && !ref.last && !ref.nextWeek) {
    const inWeek = safeAdd(weekStartOf(from), (ref.day + 6) % 7);
    return inWeek >= s.today ? inWeek : safeAdd(inWeek, 7);
  }
  return resolveDay(ref, s.today, false);
}

export function moveAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const t = p.normalized;
  // One day named right after "to", or before "instead", or with "rather"/"prefer", is the target; the source is then the next matching
  // planned session. With "the day after" or "a day earlier", a single named day is the source.
  const onlyTarget =
    p.days.length === 1 &&
    !p.shift &&
    (/\b(to|till|until|onto|for|on) (next |this |the )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today|weekend|day after tomorrow)\b/.test(
      t,
    ) ||
      /\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|weekend) instead\b/.test(t) ||
      // "would rather run the intervals Friday": the day preferred.
      /\b(rather|prefer)\b/.test(t)) &&
    !/\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today) s\b/.test(t);
  // "the tempo on Friday instead of (rather than) Thursday": the day after it is where the session is now.
  const reversed =
    p.days.length >= 2 &&
    /\b(instead of|rather than) (on )?(the |this )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today)\b/.test(
      t,
    );
  const sourceRef = reversed ? p.days.at(-1)! : p.days[0];
  const sourceDay =
    p.days.length >= 2 || (p.days.length === 1 && !onlyTarget)
      ? resolveDay(sourceRef!, s.today, false)
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
  const targetRef = reversed ? p.days[0]! : p.days.length >= 2 || onlyTarget ? (p.days.at(-1) ?? null) : null;
  const target = targetDay(p, s, workout.date, targetRef);
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
  const race = raceAhead(s);
  if (race && workout.date < race.date && target >= race.date) {
    a.say(
      `${coachDay(target)} is ${target === race.date ? 'your race day' : 'after your race'} (${race.title}, ${coachDay(race.date)}). A session before the race is not moved onto or past it: if it does not fit before, let it go; the fitness is already built.`,
    );
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

export function skipAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const w = targetFor(s, p);
  if (!w) {
    a.say(
      'I can’t find a planned session like that to skip. Name the day or the session, for example “skip tomorrow’s run”.',
    );
    return;
  }
  // "Not doing the swim today" on a day without a swim: say so rather than skip the day's other session.
  if (p.sport && !matchesSport(w, p.sport)) {
    a.cite(coachDay(w.date), w.title, calendarPath(w.date));
    a.say(
      `There is no ${SPORT_NOUN[p.sport] ?? p.sport} planned on ${coachDay(w.date)}: the day holds ${describe(w)}, so there is nothing to skip. Tell me if you meant that one.`,
    );
    return;
  }
  a.cite(coachDay(w.date), w.title, calendarPath(w.date));
  const load = sessionTss(w);
  a.say(`Skipping ${describe(w)} on ${coachDay(w.date)} takes ${fmt(load)} TSS off your week.`);
  a.cite('TSS of the session', fmt(load), calendarPath(w.date));
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

export function swapAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const w = targetFor(s, p);
  if (!w) {
    a.say(
      'I can’t find a planned session like that to swap. Name the day or the session, for example “swap today’s intervals for something easier”.',
    );
    return;
  }
  if (p.crossSport) {
    crossSportSwap(w, p.crossSport.to, a);
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
  proposeSwap(
    w,
    { sport: w.sport, ...easy },
    `Swapped at your request for an easier session${readiness !== null ? ` (readiness ${fmt(readiness)})` : ''}.`,
    a,
  );
}

/** A session in place of `w`: its load before and after, and the swap proposed with the reason given. */
function proposeSwap(
  w: CoachWorkout,
  next: { sport: string; title: string; text: string; minutes: number; zone: number },
  reason: string,
  a: Answer,
) {
  const before = sessionTss(w);
  const after =
    workoutTss({ sport: next.sport, duration_minutes: next.minutes, intensity_zone: next.zone }) ?? 0;
  a.say(`The session's load goes from ${fmt(before)} to ${fmt(after)} TSS. Confirm below to apply it.`);
  a.cite('TSS before → after', `${fmt(before)} → ${fmt(after)}`, calendarPath(w.date));
  a.propose({
    kind: 'swap',
    workoutId: w.id,
    workoutTitle: w.title,
    workoutDate: w.date,
    summary: `Swap '${w.title}' on ${coachDay(w.date)} for '${next.title}' (${next.minutes} min Z${next.zone})`,
    reason,
    patch: {
      // The sport only when it changes, as the adaptation's patches carry it.
      ...(next.sport !== w.sport && { sport: next.sport as Sport }),
      title: next.title,
      workoutLanguageText: next.text,
      durationMinutes: next.minutes,
      intensityZone: next.zone,
    },
  });
}

/**
 * The session done in another sport (docs/coach.md, "Swap to another sport"): the same time, at most 90 min, as
 * steady aerobic work (zone 2, zone 1 when it was a recovery session). An aerobic session's time carries over
 * between sports, while a hard session's intensity belongs to its own sport (Friel, cross-training), so intervals
 * become aerobic time rather than the same intervals on other muscles.
 */
function crossSportSwap(w: CoachWorkout, to: SportWord, a: Answer) {
  if (w.sport === to) {
    a.say(`${describe(w)} on ${coachDay(w.date)} is already a ${SPORT_NOUN[to] ?? to}.`);
    return;
  }
  const zone = Math.min(w.intensityZone ?? 2, 2);
  const minutes = Math.max(COACH_MIN_MINUTES, Math.min(w.durationMinutes ?? 45, 90));
  const noun = SPORT_NOUN[to] ?? to;
  const title = `${zone === 1 ? 'Recovery' : 'Easy'} ${noun}`;
  a.cite(coachDay(w.date), w.title, calendarPath(w.date));
  a.say(
    `I can swap ${describe(w)} on ${coachDay(w.date)} for '${title}': ${minutes} min in ${zoneName(zone)} (Z${zone}).`,
  );
  if ((w.intensityZone ?? 2) > 2)
    a.say(
      'The hard part of the session belongs to its own sport, so in its place you get steady aerobic time; the next key session keeps the intensity.',
    );
  proposeSwap(
    w,
    { sport: to, title, text: `${minutes}min Z${zone}`, minutes, zone },
    `Swapped at your request for a ${noun}.`,
    a,
  );
}

export function shortenAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
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

export function missedAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
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
  /** The missed session marked skipped, when it is still planned. */
  const letGo = (reason: string) => {
    if (missed.status === 'planned')
      a.propose({
        kind: 'skip',
        workoutId: missed.id,
        workoutTitle: missed.title,
        workoutDate: missed.date,
        summary: `Mark '${missed.title}' on ${coachDay(missed.date)} as skipped`,
        reason,
        patch: { status: 'skipped' },
      });
  };
  if (!isKey(missed)) {
    a.say(
      `${describe(missed)} on ${coachDay(missed.date)} was an easy session: let it go. Don’t stack it onto another day; one missed easy session changes nothing, and the rest of the week stays as planned.`,
    );
    letGo('Missed easy session: dropped rather than made up.');
    return;
  }
  // In race week a missed key session is let go: the taper's fitness is built, and cramming costs freshness.
  const race = raceAhead(s);
  if (race && race.days <= RACE_WEEK_DAYS) {
    a.say(
      `${describe(missed)} was a key session, but ${race.title} is ${raceWhen(race)}: let it go. The fitness is already built, and making it up now would cost the freshness the taper is for.`,
    );
    letGo('Missed in race week: let go, not made up.');
    return;
  }
  const free = freeDays(s, safeAdd(s.today, -1)).filter((d) => {
    const before = workoutsOn(s, safeAdd(d, -1));
    const after = workoutsOn(s, safeAdd(d, 1));
    return (!race || d < race.date) && !before.some(isKey) && !after.some(isKey);
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
    case 'rest':
      return { action: restAction(w, 'A rest day, as the coach advised.') };
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
      return { error: 'kind must be move, skip, swap, shorten or rest.' };
  }
}
