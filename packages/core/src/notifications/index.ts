// When notifications leave the app (docs/notifications.md): the rules of time, pure, so the server's tick and
// its tests share them.
import { addDays, dateInTimeZone, localHour } from '../dates.ts';

/** The kinds of in-app notification: the contract's enum and the `notifications_kind_check` constraint. */
export const NOTIFICATION_KINDS = ['missed_session', 'recovery_warning', 'new_week_plan'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The daily e-mail goes from 06:00 local time (docs/notifications.md, "The daily e-mail")... */
export const DAILY_EMAIL_FROM_HOUR = 6;
/** ...until noon: a morning mail that could not go by then (the server was down) is not sent late. */
export const DAILY_EMAIL_UNTIL_HOUR = 12;

/**
 * The athlete's local day whose morning e-mail is due at `now`, or null outside the morning window
 * (06:00 to 12:00 in `timeZone`).
 */
export function dailyEmailDay(now: Date, timeZone: string): string | null {
  const hour = localHour(now, timeZone);
  if (hour < DAILY_EMAIL_FROM_HOUR || hour >= DAILY_EMAIL_UNTIL_HOUR) return null;
  return dateInTimeZone(now, timeZone);
}

/**
 * The local day whose key sessions count as missed at `now` (docs/notifications.md, "Web Push"): the day that
 * ended at the athlete's last local midnight, i.e. yesterday in `timeZone`. A key session still planned on it
 * was not done by the end of its day.
 */
export function missedKeySessionDay(now: Date, timeZone: string): string {
  return addDays(dateInTimeZone(now, timeZone), -1);
}
