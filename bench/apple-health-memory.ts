/// <reference path="../apps/server/src/types/heic-decode.d.ts" />
// Peak memory of an Apple Health import (docs/devices.md, "Apple Health"; figure in docs/RELIABILITY.md, "Apple Health import memory").
// `npx tsx bench/apple-health-memory.ts [xml MB]` first writes a synthetic export.zip (default export.xml of
// 1024 MB) to a temporary folder in a child process, then, in another fresh process, builds the app on an
// embedded PGlite (or a fresh database on BENCH_DATABASE_URL), streams the zip through the Apple Health upload into the file store and runs its job, sampling
// RSS every 50 ms. It prints the RSS of the idle app, the peak during upload and job, and what was imported.
// The export is deleted afterwards; it is never committed.
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';

const MB = 1024 * 1024;
/** The measuring process runs with its heap capped here: an import that held the export would die. */
const HEAP_MB = Number(process.env.BENCH_APPLE_HEAP_MB ?? 128);
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

async function generate(path: string, xmlMb: number) {
  const { writeAppleHealthExport } = await import('./lib/apple-health-export.ts');
  const started = performance.now();
  const result = await writeAppleHealthExport(path, xmlMb * MB);
  const size = (await stat(path)).size;
  console.log(
    `generated export.zip ${mb(size)} (export.xml ${mb(result.xmlBytes)}, ${result.days} days, ${result.workouts} workouts with routes) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function measure(path: string) {
  const { buildInProcessApp } = await import('./lib/in-process-app.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const dir = await mkdtemp(join(tmpdir(), 'stamina-bench-apple-'));
  // With BENCH_DATABASE_URL (a PostgreSQL server), a fresh database there: the process then holds only the
  // app, so its RSS is the import's and not an embedded database's cache.
  const server = process.env.BENCH_DATABASE_URL;
  let drop = async () => {};
  let target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string } = {
    kind: 'pglite',
    dataDir: join(dir, 'pglite'),
  };
  if (server) {
    const { createPostgresDatabase } = await import('../apps/server/test/services.ts');
    const created = await createPostgresDatabase(server, 'bench_apple');
    drop = created.drop;
    target = { kind: 'postgres', url: created.url };
  }
  console.log(`database: ${target.kind}`);
  const database = await openDatabase(target);
  await database.migrate();
  const { db } = database;
  const app = await buildInProcessApp(database, dir);
  try {
    const rows = (await db.execute(sql`
      with u as (
        insert into users (email, password_hash, name, email_confirmed_at)
        values ('apple@bench.test', 'x', 'Apple Bench', now()) returning id
      )
      insert into athletes (auth_user_id, widget_config) select id, '[]'::jsonb from u returning id`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    const athleteId = rows.rows[0]!.id;
    global.gc?.();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const auth = { athleteId, userId: athleteId, email: 'apple@bench.test', sessionId: '', timezone: 'UTC' };
    const batch = await app.appleHealth.upload(
      auth as never,
      { fileName: 'export.zip', stream: createReadStream(path, { highWaterMark: 64 * 1024 }) },
      async () => false,
    );
    const uploaded = performance.now();
    while (await app.jobs.runOnce()) {}
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const seconds = (performance.now() - started) / 1000;
    const file = (await db.execute(
      sql`select status, message from import_files where batch_id = ${batch!.batch_id}`,
    )) as unknown as { rows: Array<{ status: string; message: string | null }> };
    console.log(`import: ${file.rows[0]?.status}: ${file.rows[0]?.message}`);
    console.log(
      `upload streamed in ${((uploaded - started) / 1000).toFixed(1)} s; upload + job ${seconds.toFixed(1)} s`,
    );
    console.log(
      `RSS idle app ${mb(idle)}, peak during upload and job ${mb(peak)} (+${mb(peak - idle)}); V8 old space capped at ${HEAP_MB} MB`,
    );
  } finally {
    await app.close();
    await database.close();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const [mode, arg] = process.argv.slice(2);
if (mode === '--generate') await generate(arg!, Number(process.argv[4] ?? 1024));
else if (mode === '--measure') await measure(arg!);
else {
  const xmlMb = Number(mode ?? 1024);
  const dir = await mkdtemp(join(tmpdir(), 'stamina-apple-export-'));
  const path = join(dir, 'export.zip');
  try {
    const run = (node: string[], ...args: string[]) =>
      execFileSync(process.execPath, [...node, '--import', 'tsx', import.meta.filename, ...args], {
        stdio: 'inherit',
      });
    run([], '--generate', path, String(xmlMb));
    run([`--max-old-space-size=${HEAP_MB}`], '--measure', path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
