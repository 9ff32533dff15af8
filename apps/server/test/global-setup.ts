// Runs once per test run: migrates one database that every test file copies, so no file pays for initdb and the
// migrations. On PGlite a data directory each file copies (initdb costs seconds; a copy a fraction of one); on a
// PostgreSQL server (TEST_DATABASE_URL) a template database each file's database is created from. The weekday
// pass runs this project once per date in one run (vitest.weekdays.config.ts): they share one template.
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

interface Template {
  pgliteTemplateDir: string | null;
  postgresTemplate: string | null;
  remove: () => Promise<void>;
}

async function postgresTemplate(serverUrl: string): Promise<Template> {
  const created = await createPostgresDatabase(serverUrl, 'stamina_template');
  const database = await openDatabase({ kind: 'postgres', url: created.url });
  try {
    await database.migrate();
  } finally {
    // A template must have no connection left when it is copied.
    await database.close();
  }
  return { pgliteTemplateDir: null, postgresTemplate: created.name, remove: created.drop };
}

async function pgliteTemplate(): Promise<Template> {
  const root = await mkdtemp(join(tmpdir(), 'stamina-pglite-template-'));
  const dir = join(root, 'pglite');
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await database.migrate();
  await database.close();
  return {
    pgliteTemplateDir: dir,
    postgresTemplate: null,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

// Projects of one run share this process (the global setup runs in Vitest's main process), not this module.
const shared = globalThis as { staminaTestTemplate?: { template: Promise<Template>; users: number } };

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  shared.staminaTestTemplate ??= {
    template: serverUrl ? postgresTemplate(serverUrl) : pgliteTemplate(),
    users: 0,
  };
  const entry = shared.staminaTestTemplate;
  entry.users += 1;
  const template = await entry.template;
  project.provide('pgliteTemplateDir', template.pgliteTemplateDir);
  project.provide('postgresTemplate', template.postgresTemplate);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.staminaTestTemplate = undefined;
    await template.remove();
  };
}
