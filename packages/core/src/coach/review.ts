// "How was my week?" (docs/coach.md, "Week review"): planned against done (time, load, key sessions hit or
// missed), how fitness, fatigue and form moved, and the one thing to do next.
import {
  type Answer,
  byDate,
  COACH_RAMP_CAP,
  calendarPath,
  coachDay,
  describe,
  fmt,
  isKey,
  minutesText,
  safeAdd,
  sessionTss,
  signed,
  weekdayOf,
  weekStartOf,
} from './common.ts';
import type { ParsedMessage } from './intents.ts';
import type { CoachSnapshot, CoachWorkout } from './types.ts';

/** Done under this share of the planned time is a week short of its plan. */
const SHORT_WEEK_SHARE = 0.7;
/** Form (TSB) below this is deep fatigue. */
const DEEP_FATIGUE_TSB = -25;

const loadOf = (w: CoachWorkout) => sessionTss(w);

export function weekReviewAnswer(s: CoachSnapshot, p: ParsedMessage, a: Answer) {
  const current = weekStartOf(s.today, s.weekStart);
  // On the week's first day there is nothing to look back on in it yet: the week before is meant.
  const last = /\blast week\b/.test(p.normalized) || weekdayOf(s.today) === weekdayOf(current);
  const start = last ? safeAdd(current, -7) : current;
  const end = safeAdd(start, 6);
  const week = s.workouts.filter((w) => w.date >= start && w.date <= end).sort(byDate);
  const due = week.filter((w) => w.date < s.today || w.status === 'completed');
  const done = due.filter((w) => w.status === 'completed');
  const name = last ? 'Last week' : 'This week so far';
  const span = `${coachDay(start)} to ${coachDay(last ? end : s.today)}`;
  if (!due.length) {
    a.say(`${name} (${span}) had no sessions planned or done, so there is nothing to assess yet.`);
    return;
  }
  const plannedMinutes = due.reduce((t, w) => t + (w.durationMinutes ?? 0), 0);
  const doneMinutes = done.reduce((t, w) => t + (w.durationMinutes ?? 0), 0);
  const trendIndex = s.loadTrend.findIndex((x) => x.weekStart === start);
  const trend = trendIndex >= 0 ? s.loadTrend[trendIndex]! : null;
  const before = trendIndex > 0 ? s.loadTrend[trendIndex - 1]! : null;
  const plannedTss = due.reduce((t, w) => t + loadOf(w), 0);
  const doneTss = trend ? trend.totalTss : done.reduce((t, w) => t + loadOf(w), 0);
  a.say(
    `${name} (${span}): ${done.length} of ${due.length} sessions done, ${minutesText(doneMinutes)} of ${minutesText(plannedMinutes)} planned, and ${fmt(doneTss)} of ${fmt(plannedTss)} TSS.`,
  );
  a.cite('Sessions done', `${done.length} of ${due.length}`, calendarPath(start));
  a.cite(
    'Time done / planned',
    `${minutesText(doneMinutes)} / ${minutesText(plannedMinutes)}`,
    calendarPath(start),
  );
  a.cite('TSS done / planned', `${fmt(doneTss)} / ${fmt(plannedTss)}`, '/analytics');

  const keys = due.filter(isKey);
  const hit = keys.filter((w) => w.status === 'completed');
  const missed = keys.filter((w) => w.status !== 'completed');
  if (keys.length) {
    a.say(`Key sessions: ${hit.length} of ${keys.length} done.`);
    for (const w of hit) a.say(`• ✓ ${describe(w)} on ${coachDay(w.date)}`);
    for (const w of missed)
      a.say(
        `• ✗ ${describe(w)} on ${coachDay(w.date)}${w.status === 'skipped' ? ' (skipped)' : ' (missed)'}`,
      );
    a.cite('Key sessions done', `${hit.length} of ${keys.length}`, calendarPath(start));
  } else a.say('There was no key session in it: an easy, aerobic week.');

  if (trend && before) {
    a.say(
      `Fitness (CTL) went from ${fmt(before.ctl, 1)} to ${fmt(trend.ctl, 1)} (${signed(trend.ctl - before.ctl, 1)}), fatigue (ATL) from ${fmt(before.atl, 1)} to ${fmt(trend.atl, 1)}, and form (TSB) from ${signed(before.tsb, 1)} to ${signed(trend.tsb, 1)}.`,
    );
    a.cite('Fitness (CTL)', `${fmt(before.ctl, 1)} → ${fmt(trend.ctl, 1)}`, '/analytics');
    a.cite('Fatigue (ATL)', `${fmt(before.atl, 1)} → ${fmt(trend.atl, 1)}`, '/analytics');
    a.cite('Form (TSB)', `${signed(before.tsb, 1)} → ${signed(trend.tsb, 1)}`, '/analytics');
  } else if (trend)
    a.say(
      `Fitness (CTL) is ${fmt(trend.ctl, 1)}, fatigue (ATL) ${fmt(trend.atl, 1)} and form (TSB) ${signed(trend.tsb, 1)}.`,
    );

  const nextKey = s.workouts
    .filter((w) => w.status === 'planned' && w.date >= s.today && isKey(w))
    .sort(byDate)[0];
  const ramp = trend && before ? trend.ctl - before.ctl : 0;
  let next: string;
  if (missed.length)
    next = nextKey
      ? `protect the next key session, ${describe(nextKey)} on ${coachDay(nextKey.date)}: go into it rested, and don’t add the missed one on top.`
      : 'let the missed key session go rather than cramming it in, and start next week fresh.';
  else if (plannedMinutes > 0 && doneMinutes < plannedMinutes * SHORT_WEEK_SHARE)
    next =
      'do the easy sessions too: steady, consistent volume builds more fitness than any single hard day.';
  else if (trend && trend.tsb < DEEP_FATIGUE_TSB)
    next = `your form is ${signed(trend.tsb, 1)}, deep fatigue: make the next easy day truly easy, and sleep more.`;
  else if (ramp > COACH_RAMP_CAP)
    next = `fitness rose ${fmt(ramp, 1)} points, a steep ramp: hold next week’s load level rather than adding more.`;
  else
    next = nextKey
      ? `keep it going: next up is ${describe(nextKey)} on ${coachDay(nextKey.date)}.`
      : 'keep it going, with the same steady routine.';
  a.say(`One thing to do next: ${next}`);
  if (nextKey) a.cite('Next key session', nextKey.title, calendarPath(nextKey.date));
}
