import { defineProject } from 'vitest/config';

// TEST_TODAY pins the day (scripts/test-weekdays.sh); a no-op otherwise.
// isolate: false: the files a worker runs share its module graph, so the package is imported once per worker, not
// once per file (docs/performance.md, "CI time"). Safe here: core tests mock no module and change no global; the
// one global a setup file may shift (Date) is put back before each file by test-support/today.setup.ts.
export default defineProject({
  test: {
    name: 'core',
    include: ['test/**/*.test.ts'],
    isolate: false,
    setupFiles: ['../../test-support/today.setup.ts'],
  },
});
