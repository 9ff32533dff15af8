// Calendar dates as the browser sees them (its own time zone), in the API's YYYY-MM-DD form, and those days
// written for people (formatDay).
import { format } from 'date-fns';

/** The local calendar day of `date`. */
export const isoDate = (date: Date): string => format(date, 'yyyy-MM-dd');

/** Today in the browser's time zone. */
export const todayIso = (): string => isoDate(new Date());

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A YYYY-MM-DD day as athletes read it, in their browser's locale ('November 28, 2026', '28 November 2026'):
 * the one place the web app turns ISO days into words, so no page shows `2026-11-28` to a person.
 * `long` spells the month, `medium` abbreviates it, `short` adds the weekday to a medium day.
 */
export function formatDay(
  iso: string,
  style: 'long' | 'medium' | 'short' = 'medium',
  locale?: string,
): string {
  const key = `${locale ?? ''}|${style}`;
  let formatter = dayFormats.get(key);
  if (!formatter) {
    // The day is a calendar date, not an instant: format its UTC midnight in UTC so no zone shifts it.
    formatter = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      ...(style === 'short'
        ? { weekday: 'short', month: 'short', day: 'numeric' }
        : { year: 'numeric', month: style === 'long' ? 'long' : 'short', day: 'numeric' }),
    });
    dayFormats.set(key, formatter);
  }
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return formatter.format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
}
