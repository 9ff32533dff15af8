// Calendar-date helpers for the training maths. Dates are 'YYYY-MM-DD' strings in the athlete's own time
// zone (see ../dates.ts); arithmetic runs on UTC midnights so no daylight-saving shift can move a day.
import { addDays, civilDate, epochDay } from '../dates.ts';

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' ('2026-02-30' is not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || Number.isNaN(epochDay(value))) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return day <= daysInMonth(year, month);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1-12) of the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month !== 2) return MONTH_DAYS[month - 1] ?? 0;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). Both must be valid dates. */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
/** '01' to '31', made once: a long series would otherwise make a small string for every day. */
const DAY_TEXT = Array.from({ length: 32 }, (_, day) => pad2(day));

/** `count` dates from epoch day `first` on, stepping the calendar by hand rather than converting each day. */
export function consecutiveDates(first: number, count: number): string[] {
  const dates = new Array<string>(Math.max(0, count));
  let { year, month, day } = civilDate(first);
  let monthLength = daysInMonth(year, month);
  let prefix = `${String(year).padStart(4, '0')}-${pad2(month)}-`;
  for (let i = 0; i < count; i++) {
    dates[i] = prefix + DAY_TEXT[day];
    if (++day > monthLength) {
      day = 1;
      if (++month > 12) {
        month = 1;
        year++;
      }
      monthLength = daysInMonth(year, month);
      prefix = `${String(year).padStart(4, '0')}-${pad2(month)}-`;
    }
  }
  return dates;
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function dateRange(from: string, to: string): string[] {
  return consecutiveDates(epochDay(from), daysBetween(from, to) + 1);
}

/** Day of the week, 0 = Sunday … 6 = Saturday (as JavaScript and date-fns number them). */
export function dayOfWeek(date: string): number {
  // 1970-01-01 was a Thursday (4).
  return (((epochDay(date) + 4) % 7) + 7) % 7;
}

/**
 * The days a week may start on, the athlete's setting `weekStart` (Settings → Preferences): Monday by default
 * (ISO 8601 and the convention of training logs), Sunday or Saturday as calendars in some countries do. The
 * calendar, the dashboard's week, the weekly analytics, the coach and the plan all count weeks from it
 * (docs/training-load.md, "Weeks").
 */
export const WEEK_STARTS = ['monday', 'sunday', 'saturday'] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];
export const DEFAULT_WEEK_START: WeekStart = 'monday';

/** A week start as a day of the week, 0 = Sunday … 6 = Saturday (date-fns' `weekStartsOn`). */
export type WeekDayIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6;
const WEEK_START_DAYS: Record<WeekStart, WeekDayIndex> = { monday: 1, sunday: 0, saturday: 6 };

/** The day of the week (0 = Sunday) a week starts on under the setting; Monday when it is not set. */
export function weekStartsOnOf(weekStart: WeekStart | null | undefined): WeekDayIndex {
  return WEEK_START_DAYS[weekStart ?? DEFAULT_WEEK_START] ?? 1;
}

/**
 * First day of the week holding `date`. Weeks start on Monday unless told otherwise: pass the athlete's
 * setting (`'sunday'`) or a day of the week (0 = Sunday … 6 = Saturday).
 */
export function weekStartOf(date: string, weekStartsOn: number | WeekStart = 1): string {
  const day = typeof weekStartsOn === 'string' ? weekStartsOnOf(weekStartsOn) : weekStartsOn;
  const start = Number.isInteger(day) && day >= 0 && day <= 6 ? day : 1;
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
