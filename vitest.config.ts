import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One worker per core. Vitest's default in a run is one fewer (its main process gets the last core), which on this
 * 2-core CI machine ran every test file one after another while the main process, which mostly waits, left a core
 * idle (docs/RELIABILITY.md, "CI time").
 */
export const MAX_WORKERS = availableParallelism();

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    projects: ['packages/core', 'packages/contract', 'apps/server', 'apps/web'],
  },
});
