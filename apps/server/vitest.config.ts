import { defineProject } from 'vitest/config';

// Integration tests through app.inject against a real database: in-memory PGlite, or a PostgreSQL server
// when TEST_DATABASE_URL is set. Each file copies a PGlite template migrated once by global-setup.ts.
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // TEST_TODAY pins the day (scripts/test-weekdays.sh); a no-op otherwise.
    setupFiles: ['../../test-support/today.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
