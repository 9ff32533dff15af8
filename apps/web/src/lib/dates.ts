// Calendar dates as the browser sees them (its own time zone), in the API's YYYY-MM-DD form, and those days
// written for people (formatDay).
import { format } from 'date-fns';

/** The local calendar day of `date`. */
export const isoDate = (date: Date): string => format(date, 'yyyy-MM-dd');

/** Today in the browser's time zone. */
export const todayIso = (): string => isoDate(new Date());

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A day's UTC midnight: a calendar date formatted in UTC, so no time zone shifts it. */
function utcMidnight(day: string | Date): Date {
  const [year, month, date] = (typeof day === 'string' ? day : isoDate(day))
    .slice(0, 10)
    .split('-')
    .map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}

/** The day styles, by what they show in en-US. */
const DAY_STYLES = {
  /** 'November 28, 2026' */
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  /** 'Nov 28, 2026' */
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  /** 'Sat, Nov 28' */
  short: { weekday: 'short', month: 'short', day: 'numeric' },
  /** 'Sat, Nov 28, 2026' */
  'short-year': { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' },
  /** 'Saturday, November 28' */
  weekday: { weekday: 'long', month: 'long', day: 'numeric' },
  /** 'Saturday, November 28, 2026' */
  'weekday-year': { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  /** 'Nov 28' */
  'day-month': { month: 'short', day: 'numeric' },
  /** 'November 28' */
  'day-month-long': { month: 'long', day: 'numeric' },
  /** 'November 2026' */
  'month-year': { year: 'numeric', month: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DayStyle = keyof typeof DAY_STYLES;

/**
 * A day as athletes read it, in their browser's locale ('November 28, 2026', '28 November 2026'): the one place
 * the web app turns days into words, so no page shows `2026-11-28` or an English-only date to a person
 * (docs/screens.md, "Dates"). `day` is YYYY-MM-DD (or a timestamp starting with one) or a local Date.
 */
export function formatDay(day: string | Date, style: DayStyle = 'medium', locale?: string): string {
  const key = `${locale ?? ''}|${style}`;
  let formatter = dayFormats.get(key);
  if (!formatter) {
    // The day is a calendar date, not an instant: format its UTC midnight in UTC so no zone shifts it.
    formatter = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...DAY_STYLES[style] });
    dayFormats.set(key, formatter);
  }
  return formatter.format(utcMidnight(day));
}

/** 'Sat': a day's weekday, abbreviated in the browser's locale. */
export const weekdayName = (day: Date, locale?: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(day);

/** An instant with its local time of day ('Saturday, November 28, 2026 at 7:36 PM' in en-US). */
export const formatDateTime = (instant: Date, locale?: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(instant);

/**
 * Two days as one range in the browser's locale, sharing what they share ('Nov 16 – 22, 2025',
 * 'Nov 30 – Dec 6, 2025', 'Dec 28, 2025 – Jan 3, 2026' in en-US). Spaces are plain, whatever the locale's data.
 */
export function formatDayRange(start: string | Date, end: string | Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...DAY_STYLES.medium })
    .formatRange(utcMidnight(start), utcMidnight(end))
    .replace(/[\u2009\u202f]/g, ' ');
}
