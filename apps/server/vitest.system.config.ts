import { defineProject } from 'vitest/config';

// System suites: the real server as child processes (durability under SIGKILL, two processes behind a proxy).
// Not part of `npm test` (they take minutes and want PostgreSQL and Redis); `npm run test:system` and CI run them.
export default defineProject({
  test: {
    name: 'system',
    include: ['system/**/*.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
