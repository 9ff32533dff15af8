// Runs once per test run: migrates one PGlite data directory that every test file copies (initdb costs
// seconds; a copy costs a fraction of one). Not needed when the suite runs against a PostgreSQL server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplateDir', null);
    return;
  }
  const root = await mkdtemp(join(tmpdir(), 'stamina-pglite-template-'));
  const dir = join(root, 'pglite');
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.migrate();
  await database.close();
  project.provide('pgliteTemplateDir', dir);
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
