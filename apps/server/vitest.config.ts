import { defineProject } from 'vitest/config';

// Integration tests through app.inject against a real database: in-memory PGlite, or a PostgreSQL server
// when TEST_DATABASE_URL is set. Each file copies a database template migrated once by global-setup.ts.
// isolate: false: the files a worker runs share its module graph, so the app's modules are imported once per worker
// rather than once per file (on six small files: about a third less CPU, the import phase a quarter of what it
// was). Each file still builds its own app on its own database; no test mocks modules (vi.mock), which sharing
// would leak.
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    // TEST_TODAY pins the day (scripts/test-weekdays.sh); a no-op otherwise.
    setupFiles: ['../../test-support/today.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
