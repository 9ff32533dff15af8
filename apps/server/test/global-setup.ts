// Runs once per test run: migrates one database that every test file copies, so no file pays for initdb and the
// migrations. On PGlite a data directory each file copies (initdb costs seconds; a copy a fraction of one); on a
// PostgreSQL server (TEST_DATABASE_URL) a template database each file's database is created from.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { createPostgresDatabase } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string | null;
    postgresTemplate: string | null;
  }
}

async function postgresTemplate(serverUrl: string) {
  const created = await createPostgresDatabase(serverUrl, 'stamina_template');
  const database = await openDatabase({ kind: 'postgres', url: created.url });
  try {
    await database.migrate();
  } finally {
    // A template must have no connection left when it is copied.
    await database.close();
  }
  return created;
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await postgresTemplate(serverUrl);
    project.provide('pgliteTemplateDir', null);
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const root = await mkdtemp(join(tmpdir(), 'stamina-pglite-template-'));
  const dir = join(root, 'pglite');
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.migrate();
  await database.close();
  project.provide('pgliteTemplateDir', dir);
  project.provide('postgresTemplate', null);
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
