// Calendar dates (YYYY-MM-DD) as the athlete sees them, in their own time zone.

const formatters = new Map<string, Intl.DateTimeFormat>();
const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of `instant` in `timeZone` (an IANA name); falls back to UTC for an unknown zone. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      return instant.toISOString().slice(0, 10);
    }
    formatters.set(timeZone, formatter);
  }
  // en-CA formats as YYYY-MM-DD.
  return formatter.format(instant);
}

/** The hour (0-23) of `instant` in `timeZone`; the UTC hour for an unknown zone. */
export function localHour(instant: Date, timeZone: string): number {
  try {
    // One formatter a zone, kept: building one was most of the call (the daily schedule asks every athlete's).
    let formatter = hourFormatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone });
      hourFormatters.set(timeZone, formatter);
    }
    return Number(formatter.format(instant));
  } catch {
    return instant.getUTCHours();
  }
}

/**
 * The dates Stamina accepts from outside (requests, files, CSV rows): 1900-01-01 to 2100-12-31. Wider than any
 * training history or plan, and narrow enough that no stored date can be year 0 (which PostgreSQL refuses) or
 * make a per-day computation run for millennia. See docs/reliability rules in docs/RELIABILITY.md.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2100-12-31';

/** Whether a 'YYYY-MM-DD' text lies in the accepted range (compared as text, which orders such dates). */
export function isDateInRange(date: string): boolean {
  return date >= EARLIEST_DATE && date <= LATEST_DATE;
}

// Calendar arithmetic on whole days since 1970-01-01 (the "epoch day"), in the proleptic Gregorian calendar,
// with integer maths only: long series (ten years of daily training load) step through thousands of dates,
// and a Date object per day costs more than the model itself. The conversion counts 400-year eras of 146,097
// days from 0000-03-01, so that the leap day is the last day of each counted year.
const DAYS_PER_ERA = 146_097;
const EPOCH_SHIFT = 719_468; // days from 0000-03-01 to 1970-01-01

/** Days since 1970-01-01 of year, month (1-12) and day; a day past the month's end runs into the next. */
export function epochDayOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * DAYS_PER_ERA + dayOfEra - EPOCH_SHIFT;
}

/** Year, month (1-12) and day of an epoch day. */
export function civilDate(epochDay: number): { year: number; month: number; day: number } {
  const shifted = epochDay + EPOCH_SHIFT;
  const era = Math.floor(shifted / DAYS_PER_ERA);
  const dayOfEra = shifted - era * DAYS_PER_ERA;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 'YYYY-MM-DD' of an epoch day (years 0 to 9999). */
export function dateOfEpochDay(epochDay: number): string {
  const { year, month, day } = civilDate(epochDay);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/**
 * The epoch day of 'YYYY-MM-DD'; NaN when the text is not of that form. Like Date, it is lenient about a day
 * past the month's end ('2026-02-30' is 2026-03-02); use isIsoDate to refuse those.
 */
export function epochDay(date: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return Number.NaN;
  const year = digits(date, 0, 4);
  const month = digits(date, 5, 7);
  const day = digits(date, 8, 10);
  if (
    Number.isNaN(year) ||
    Number.isNaN(month) ||
    Number.isNaN(day) ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31
  ) {
    return Number.NaN;
  }
  return epochDayOf(year, month, day);
}

/** The decimal number written by characters [from, to) of `text`, NaN unless they are all digits. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return Number.NaN;
    value = value * 10 + code;
  }
  return value;
}

/** `date` (YYYY-MM-DD) moved by `days`; throws a RangeError for text that is not such a date. */
export function addDays(date: string, days: number): string {
  const day = epochDay(date);
  if (Number.isNaN(day)) throw new RangeError(`Invalid date: ${date}`);
  return dateOfEpochDay(day + days);
}
