// The coach's answers to life getting in the way (docs/coach.md, "Travel and weather"): days away move the key
// sessions out of the trip, and bad weather takes a ride indoors or moves a key session to a better day.
import {
  type Answer,
  byDate,
  calendarPath,
  coachDay,
  describe,
  isKey,
  RACE_TAPER_DAYS,
  raceAhead,
  resolveDay,
  safeAdd,
  weekdayOf,
  weekStartOf,
  workoutsOn,
} from './common.ts';
import type { ParsedMessage } from './intents.ts';
import { isHeat } from './situations.ts';
import type { CoachProposedAction, CoachSnapshot, CoachWorkout } from './types.ts';

/** How far either side of the trip (or the bad day) a key session may go. */
const MOVE_REACH_DAYS = 7;

function moveAction(w: CoachWorkout, to: string, reason: string): CoachProposedAction {
  return {
    kind: 'move',
    workoutId: w.id,
    workoutTitle: w.title,
    workoutDate: w.date,
    summary: `Move '${w.title}' from ${coachDay(w.date)} to ${coachDay(to)}`,
    reason,
    patch: { workoutDate: to },
  };
}

/**
 * The nearest day outside [from, to], from today on, that is free (nothing else on it, nothing moved there
 * already) and has no key session either side; earlier days first at the same distance.
 */
function nearestFreeDay(
  s: CoachSnapshot,
  w: CoachWorkout,
  from: string,
  to: string,
  taken: Map<string, CoachWorkout>,
): string | null {
  const moved = new Set([...taken.values()].map((x) => x.id));
  const busy = (d: string) => workoutsOn(s, d).some((x) => x.id !== w.id && !moved.has(x.id)) || taken.has(d);
  const keyOn = (d: string) => {
    const there = taken.get(d);
    return (
      workoutsOn(s, d).some((x) => x.id !== w.id && !moved.has(x.id) && isKey(x)) ||
      (there !== undefined && isKey(there))
    );
  };
  // Never onto or past the race: a session missed in race week is let go (docs/coach.md, "Close to the race").
  const race = raceAhead(s)?.date;
  const ok = (d: string) =>
    d >= s.today &&
    (!race || w.date >= race || d < race) &&
    !busy(d) &&
    (!isKey(w) || (!keyOn(safeAdd(d, -1)) && !keyOn(safeAdd(d, 1))));
  for (let i = 1; i <= MOVE_REACH_DAYS; i++) {
    const before = safeAdd(from, -i);
    if (ok(before)) return before;
    const after = safeAdd(to, i);
    if (ok(after)) return after;
  }
  return null;
}

/**
 * The days of the trip (docs/coach.md, "Travel and weather"): "Thursday to Sunday", "wed-fri", "this weekend",
 * "until Sunday", "today and tomorrow", "next week", "for a week". Two weekdays are a range in order: the end is
 * the next such day from today, the start the last such day on or before it, so "wed-fri" asked on a Thursday is
 * the trip under way (from today), not from next Wednesday; the trip never starts before today.
 */
function tripDays(s: CoachSnapshot, p: ParsedMessage): [string, string] {
  const t = p.normalized;
  const weekEnd = safeAdd(weekStartOf(s.today, s.weekStart), 6);
  if (!p.days.length) {
    if (/\bnext week\b/.test(t)) return [safeAdd(weekEnd, 1), safeAdd(weekEnd, 7)];
    const weeks = t.match(/\b(?:for|over) (a|one|1|two|2|three|3) weeks?\b/);
    if (weeks) {
      const n = weeks[1] === 'two' || weeks[1] === '2' ? 2 : weeks[1] === 'three' || weeks[1] === '3' ? 3 : 1;
      return [s.today, safeAdd(s.today, 7 * n - 1)];
    }
    if (/\b(this week|rest of the week)\b/.test(t)) return [s.today, weekEnd];
    return [s.today, s.today];
  }
  const days = p.days.map((d) => resolveDay(d, s.today, false));
  const first = days[0]!;
  if (days.length === 1) {
    if (p.days[0]!.kind === 'weekend') return [first, safeAdd(first, 1)];
    if (/\b(until|till|til|through|to)\b/.test(t)) return [s.today, first];
    return [first, first];
  }
  const startRef = p.days[0]!;
  const endRef = p.days.at(-1)!;
  const last = days.at(-1)!;
  const end = endRef.kind === 'weekend' ? safeAdd(last, 1) : last;
  if (startRef.kind === 'weekday' && !startRef.next && !startRef.nextWeek && !startRef.last) {
    const back = (weekdayOf(end) - startRef.day + 7) % 7;
    const start = safeAdd(end, -back);
    return [start > s.today ? start : s.today, end];
  }
  return first <= end ? [first, end] : [end, first];
}

export function travelAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const [from, to] = tripDays(s, p);
  const during = s.workouts
    .filter((w) => w.status === 'planned' && w.date >= from && w.date <= to)
    .sort(byDate);
  const span = from === to ? coachDay(from) : `${coachDay(from)} to ${coachDay(to)}`;
  a.cite('Away', span, calendarPath(from));
  if (!during.length) {
    a.say(`Nothing is planned while you’re away (${span}): enjoy the trip.`);
    return;
  }
  const taken = new Map<string, CoachWorkout>();
  const kept: CoachWorkout[] = [];
  for (const w of during) {
    if (!isKey(w)) {
      kept.push(w);
      continue;
    }
    const day = nearestFreeDay(s, w, from, to, taken);
    a.cite(coachDay(w.date), w.title, calendarPath(w.date));
    if (day) {
      taken.set(day, w);
      a.propose(
        moveAction(
          w,
          day,
          `Away ${span}: the key session moved to ${coachDay(day)}, before or after the trip.`,
        ),
      );
    } else
      a.propose({
        kind: 'skip',
        workoutId: w.id,
        workoutTitle: w.title,
        workoutDate: w.date,
        summary: `Skip '${w.title}' on ${coachDay(w.date)}`,
        reason: `Away ${span}, and no free day near the trip without a key session beside it.`,
        patch: { status: 'skipped' },
      });
  }
  a.say(
    a.actions.some((x) => x.kind === 'move')
      ? `You’re away ${span}. The key sessions matter most, so I’d move them out of the trip:`
      : `You’re away ${span}, and no free day near the trip${(raceAhead(s)?.days ?? Infinity) <= RACE_TAPER_DAYS ? ' and before your race' : ''} can take the key sessions, so let them go:`,
  );
  for (const action of a.actions) a.say(`• ${action.summary}`);
  if (kept.length)
    a.say(
      `Keep the easy ones if you can: ${kept.map((w) => `${describe(w)} on ${coachDay(w.date)}`).join(', ')}. A short run fits anywhere; if there’s no time, they are fine to drop.`,
    );
  if (a.actions.length) a.say('Confirm below to apply them.');
}

export function weatherAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const day = p.days[0] ? resolveDay(p.days[0], s.today, false) : s.today;
  const sessions = workoutsOn(s, day)
    .filter((w) => w.status === 'planned')
    .filter((w) => !p.sport || w.sport === p.sport || (p.sport === 'bike' && w.sport === 'brick'));
  const label = day === s.today ? 'today' : `on ${coachDay(day)}`;
  if (!sessions.length) {
    a.say(`Nothing is planned ${label}, so the weather costs you nothing.`);
    return;
  }
  const heat = isHeat(p.normalized);
  for (const w of sessions) {
    a.cite(coachDay(w.date), w.title, calendarPath(w.date));
    if (w.sport === 'bike' || w.sport === 'brick') {
      a.say(
        heat
          ? `Ride ${describe(w)} in the cool of the early morning, or indoors on the trainer with a fan: same time and zone, and drink more than usual.`
          : `Take ${describe(w)} indoors on the trainer: same time and zone, and it is safer than wet or icy roads.`,
      );
      a.propose({
        kind: 'swap',
        workoutId: w.id,
        workoutTitle: w.title,
        workoutDate: w.date,
        summary: `Ride '${w.title}' on ${coachDay(w.date)} indoors`,
        reason: `Weather ${label}: the ride moved indoors, same time and zone.`,
        patch: { title: /indoor/i.test(w.title) ? w.title : `Indoor ${w.title.toLowerCase()}` },
      });
      continue;
    }
    if (w.sport === 'swim' || !isKey(w)) {
      a.say(
        `${describe(w)} can go ahead with care${heat ? ': go early, drink more and let the pace drift' : ': dress for it, or use a treadmill'}.`,
      );
      continue;
    }
    const free = nearestFreeDay(s, w, day, day, new Map());
    if (free && free > day) {
      a.say(
        `${describe(w)} is a key session: rather than do it badly ${heat ? 'in the heat' : 'in this weather'}, move it to ${coachDay(free)}, or do it on a treadmill.`,
      );
      a.propose(moveAction(w, free, `Weather ${label}: the key session moved to ${coachDay(free)}.`));
    } else
      a.say(
        `${describe(w)} is a key session with no good day to move it to: do it on a treadmill, or outside at an easy effort.`,
      );
  }
  if (a.actions.length) a.say('Confirm below to apply it.');
}
