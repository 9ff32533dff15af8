// The notifications an athlete reads: each event's title, body, link and data, written here in TypeScript so
// that every user-facing text lives in one place (the database only stores them). Pure functions. Days are
// written 'Sat 28 Nov' (coachDay), never as YYYY-MM-DD.
import { coachDay, type NotificationKind, roundTo } from '@stamina/core';

/** The athlete's switch (`notification_preferences`) that allows a kind of notification. */
type NotificationPreference = 'missedSession' | 'newWeekPlan' | 'recoveryWarning';

export interface NotificationEvent {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  data: Record<string, unknown>;
  /** One notification per athlete and key, whichever request or process notices the event first. */
  dedupeKey: string;
  preference: NotificationPreference;
}

/** A planned workout of yesterday still not marked done. */
export function missedSession(workout: { id: string; title: string; date: string }): NotificationEvent {
  return {
    kind: 'missed_session',
    title: `Missed session: ${workout.title}`,
    body: `Planned for ${coachDay(workout.date)} and not marked done. Reschedule it or log it on the calendar.`,
    link: '/calendar',
    data: { workout_id: workout.id, date: workout.date },
    dedupeKey: `missed:${workout.id}`,
    preference: 'missedSession',
  };
}

/** The Monday week's plan: its sessions (skipped ones not counted) and their hours. */
export function weekPlan(week: { monday: string; sunday: string; sessions: number; minutes: number }) {
  const hours = roundTo(week.minutes / 60, 1);
  return {
    kind: 'new_week_plan',
    title: `Your week: ${week.sessions} ${week.sessions === 1 ? 'session' : 'sessions'}, ${hours} h planned`,
    body: `From ${coachDay(week.monday)} to ${coachDay(week.sunday)}. See it on the calendar.`,
    link: '/calendar',
    data: { week_start: week.monday, sessions: week.sessions, minutes: week.minutes },
    dedupeKey: `week:${week.monday}`,
    preference: 'newWeekPlan',
  } satisfies NotificationEvent;
}

/** A recent day's recovery in the low band, with the day's top recommendation when there is one. */
export function recoveryWarning(date: string, score: number, recommendation: string | undefined) {
  const rounded = Math.round(score);
  const advice = recommendation ? ` ${recommendation}` : '';
  return {
    kind: 'recovery_warning',
    title: 'Recovery warning',
    body: `Recovery ${rounded}/100 on ${coachDay(date)}.${advice}`,
    link: '/metrics',
    data: { date, score: rounded },
    dedupeKey: `recovery:${date}`,
    preference: 'recoveryWarning',
  } satisfies NotificationEvent;
}

/**
 * A change the adaptation made to the plan (docs/adaptation.md, "Every change is recorded"): its reason is the
 * body. Under the 'new week plan' switch, as news of the plan.
 */
export function planChange(change: { id: string; kind: string; date: string; reason: string }) {
  const what: Record<string, string> = {
    swap: 'Session swapped',
    rest: 'Rest day',
    move: 'Session moved',
    drop: 'Session dropped',
    ease: 'Session eased',
    skip: 'Session skipped',
    shorten: 'Session shortened',
    rebuild: 'Plan rebuilt',
  };
  return {
    kind: 'new_week_plan',
    title: `Plan adapted: ${(what[change.kind] ?? 'Session changed').toLowerCase()} on ${coachDay(change.date)}`,
    body: change.reason,
    link: '/calendar',
    data: { plan_change_id: change.id, date: change.date, kind: change.kind },
    dedupeKey: `change:${change.id}`,
    preference: 'newWeekPlan',
  } satisfies NotificationEvent;
}
