import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { MAX_WORKERS } from './vitest.config.ts';

// The weekday pass (scripts/test-weekdays.sh): the server project once per date, each with TEST_TODAY set
// (test-support/today.setup.ts reads it), in one Vitest run, so the dates share one start, one module transform and
// one migrated database template instead of paying for them seven times. The script names the files (server suites
// only: the core suites it once ran pass their day as an argument); WEEKDAY_DATES (comma-separated) the dates.
const dates = (process.env.WEEKDAY_DATES ?? '').split(',').filter(Boolean);
if (dates.length === 0) throw new Error('WEEKDAY_DATES must list the dates, as YYYY-MM-DD,YYYY-MM-DD,…');

const projects: TestProjectInlineConfiguration[] = dates.map((day) => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: { name: `server ${day}`, env: { TEST_TODAY: day } },
}));

export default defineConfig({ test: { maxWorkers: MAX_WORKERS, projects } });
