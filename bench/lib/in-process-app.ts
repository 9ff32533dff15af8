/// <reference path="../../apps/server/src/types/heic-decode.d.ts" />
// The app built in the bench's own process, for the benches that call services and jobs without HTTP (the daily
// adaptation, the Apple Health import's memory): no mail, no web files, no worker and no adaptation tick, so the
// bench runs the jobs itself (`app.jobs.runOnce()`), one after the other, as one worker would.
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { diskFileStore } from '../../apps/server/src/lib/file-store.ts';

/**
 * The app on `database`, ready, its uploaded files under `dir`/files. The caller closes it. `warmPool` starts the
 * CPU pool's worker with the app, as the server does (main.ts), so a measurement does not count its start.
 */
export async function buildInProcessApp(
  database: Database,
  dir: string,
  options: { warmPool?: boolean } = {},
) {
  const app = await buildApp({
    database,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    appUrl: 'http://localhost',
    mailer: { send: async () => {}, close: () => {} },
    version: 'bench',
    webDistDir: null,
    logger: false,
    fileStore: diskFileStore(join(dir, 'files')),
    jobs: { worker: false },
    adaptationTickMs: 0,
    ...(options.warmPool ? { cpuPool: { warm: true } } : {}),
  });
  await app.ready();
  return app;
}
