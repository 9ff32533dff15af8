// The test clock (docs/RELIABILITY.md, "Tests and the calendar"). `fakeToday(day)` makes `Date` say `day`, from
// 10:00 UTC, moving on with real time: only `Date` is shifted, so timers, timeouts and the database's own clock
// keep working. `pinToday()`, at the top of a date-dependent test file before anything reads the clock, runs that file
// on PINNED_TODAY, unless TEST_TODAY already pinned another day (scripts/test-weekdays.sh, today.setup.ts): a
// test then never depends on the day it runs, and the weekday pass still moves it through the week.

/**
 * The day a pinned file runs on: a Wednesday in the middle of a month, in the future, so the database's own
 * clock (now()) stays behind it, as a client's clock may be ahead of the server's.
 */
export const PINNED_TODAY = '2027-03-10';

/** The real Date, kept the first time this module is read in a worker, before any file shifts it. */
const REAL_DATE_KEY = Symbol.for('stamina.realDate');
const store = globalThis as unknown as Record<symbol, DateConstructor | undefined>;
if (!store[REAL_DATE_KEY]) store[REAL_DATE_KEY] = Date;
const REAL_DATE: DateConstructor = store[REAL_DATE_KEY];

/**
 * Puts the real Date back. The server files share a worker's globals (isolate: false), so a shift made by one file
 * would otherwise run on into the next: a plan ending in 2027 was over for a file that never pinned a day.
 * today.setup.ts calls it before each file.
 */
export function restoreRealDate(): void {
  globalThis.Date = REAL_DATE;
}

export function fakeToday(day: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T10:00:00Z`))) {
    throw new Error(`TEST_TODAY must be a date as YYYY-MM-DD, not "${day}"`);
  }
  // The real clock shifted, not a fake one that ticks: Vitest's fake Date (shouldAdvanceTime) only moves when a
  // timer turn comes, so two stamps taken a few awaits apart could be equal or out of order (a coach answer
  // stamped a millisecond after its question sorted after the next question; rows written one after the other
  // shared created_at).
  const RealDate = REAL_DATE;
  const offset = RealDate.parse(`${day}T10:00:00Z`) - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

/** Pins the file's today (TEST_TODAY first, else PINNED_TODAY) and answers it as YYYY-MM-DD (UTC). */
export function pinToday(): string {
  const day = process.env.TEST_TODAY || PINNED_TODAY;
  if (!process.env.TEST_TODAY) fakeToday(day);
  return day;
}
