// TEST_TODAY=YYYY-MM-DD runs a suite as if today were that day (scripts/test-weekdays.sh runs the date-dependent
// suites on each weekday and on 29 February); the clock is faked as today.ts says. Without TEST_TODAY, nothing
// here: a date-dependent file pins its own day with `pinToday()`.
import { fakeToday } from './today.ts';

const today = process.env.TEST_TODAY;
if (today) fakeToday(today);
