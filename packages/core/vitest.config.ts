import { defineProject } from 'vitest/config';

// TEST_TODAY pins the day (scripts/test-weekdays.sh); a no-op otherwise.
export default defineProject({
  test: { name: 'core', include: ['test/**/*.test.ts'], setupFiles: ['../../test-support/today.setup.ts'] },
});
