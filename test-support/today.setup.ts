// TEST_TODAY=YYYY-MM-DD runs a suite as if today were that day (scripts/test-weekdays.sh runs the date-dependent
// suites on each weekday and on 29 February); the clock is faked as today.ts says. Without TEST_TODAY, nothing
// here: a date-dependent file pins its own day with `pinToday()`. Either way a file starts from the real clock,
// not from the day the file before it in the same worker pinned.
import { fakeToday, restoreRealDate } from './today.ts';

restoreRealDate();
const today = process.env.TEST_TODAY;
if (today) fakeToday(today);
