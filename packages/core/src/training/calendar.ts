// Calendar-date helpers for the training maths. Dates are 'YYYY-MM-DD' strings in the athlete's own time
// zone (see ../dates.ts); arithmetic runs on UTC midnights so no daylight-saving shift can move a day.
import { addDays } from '../dates.ts';

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function utcMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' ('2026-02-30' is not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const time = utcMidnight(value);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). Both must be valid dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function dateRange(from: string, to: string): string[] {
  const days: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(date);
  return days;
}

/** Day of the week, 0 = Sunday … 6 = Saturday (as JavaScript and date-fns number them). */
export function dayOfWeek(date: string): number {
  return new Date(utcMidnight(date)).getUTCDay();
}

/**
 * First day of the week holding `date`. Training weeks start on Monday (`weekStartsOn` 1, ISO 8601 and the
 * convention of training logs); pass 0 for weeks that start on Sunday like the calendar's date-fns default.
 */
export function weekStartOf(date: string, weekStartsOn: number = 1): string {
  const start = Number.isInteger(weekStartsOn) && weekStartsOn >= 0 && weekStartsOn <= 6 ? weekStartsOn : 1;
  return addDays(date, -((dayOfWeek(date) - start + 7) % 7));
}

/** 'YYYY-MM' of a date: the calendar month it falls in. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The ISO 8601 week number (1..53) of a date: weeks start on Monday, and week 1 holds the year's first Thursday. */
export function isoWeekNumber(date: string): number {
  const thursday = addDays(date, 3 - ((dayOfWeek(date) + 6) % 7));
  const januaryFirst = `${thursday.slice(0, 4)}-01-01`;
  return Math.floor(daysBetween(januaryFirst, thursday) / 7) + 1;
}
