// TEST_TODAY=YYYY-MM-DD runs a suite as if today were that day (scripts/test-weekdays.sh runs the date-dependent
// suites on each weekday and on 29 February). Only `Date` is faked, and it moves on with real time from 10:00
// UTC that day, so timers, timeouts and the database's own clock keep working. Without TEST_TODAY, nothing.
import { vi } from 'vitest';

const today = process.env.TEST_TODAY;
if (today) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T10:00:00Z`))) {
    throw new Error(`TEST_TODAY must be a date as YYYY-MM-DD, not "${today}"`);
  }
  // advanceTimeDelta 1: the clock moves every millisecond, as the real one does (the default, 20 ms, gives rows
  // written one after the other the same created_at, and their order to chance).
  vi.useFakeTimers({
    toFake: ['Date'],
    shouldAdvanceTime: true,
    advanceTimeDelta: 1,
    now: new Date(`${today}T10:00:00Z`),
  });
}
