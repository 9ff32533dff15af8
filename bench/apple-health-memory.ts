/// <reference path="../apps/server/src/types/heic-decode.d.ts" />
// Peak memory of an Apple Health import (docs/devices.md, "Apple Health"; figure in docs/RELIABILITY.md, "Apple Health import memory").
// `npx tsx bench/apple-health-memory.ts [xml MB]` first writes a synthetic export.zip (default export.xml of
// 1024 MB) to a temporary folder in a child process, then, in another fresh process, builds the app on an
// embedded PGlite (or a fresh database on BENCH_DATABASE_URL), streams the zip through the Apple Health upload into the file store and runs its job, sampling
// RSS every 50 ms. It prints the RSS of the idle app, the peak during upload and job, and what was imported;
// then the peak of the upload and read apart from the writes', and PGlite's WebAssembly memory (docs/RELIABILITY.md,
// "The largest export, read and writes apart").
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
  // The server starts its CPU pool's worker with the app (main.ts, `cpuPool: { warm: true }`), so its start is
  // not part of an upload; BENCH_APPLE_COLD_POOL=1 measures with the worker started inside the window instead.
  const warmPool = process.env.BENCH_APPLE_COLD_POOL !== '1';
  const app = await buildInProcessApp(database, dir, { warmPool });
  if (warmPool) await app.cpuPool.run('routePoints', { bytes: new Uint8Array() });
  // PGlite's WebAssembly memory (it only grows): how much of the import's RSS is the embedded database's.
  const wasm = () =>
    (db as unknown as { $client?: { mod?: { HEAPU8?: Uint8Array } } }).$client?.mod?.HEAPU8?.byteLength ?? 0;
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
    const idleWasm = wasm();
    let peak = idle;
    const started = performance.now();
    // What the main thread's memory was made of at the peak: V8's heap, memory outside it (Buffers, PGlite's
    // WebAssembly memory), and the rest (the worker's heap, native allocations).
    const idleUsage = process.memoryUsage();
    let atPeak = idleUsage;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      if (usage.rss > peak) {
        peak = usage.rss;
        atPeak = usage;
      }
    }, 50);
    // The two sides apart: the peak until the worker has read export.xml (upload and read), then the writes.
    let readPeak: number | null = null;
    let readWasm = 0;
    const run = app.cpuPool.run.bind(app.cpuPool);
    app.cpuPool.run = (async (...args: Parameters<typeof run>) => {
      const output = await run(...args);
      if (args[0] === 'readAppleExport') {
        readPeak = Math.max(peak, process.memoryUsage().rss);
        readWasm = wasm();
        peak = process.memoryUsage().rss;
        console.log(`read done at ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      return output;
    }) as typeof run;
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
      `RSS idle app ${mb(idle)}, peak during upload and job ${mb(Math.max(peak, readPeak ?? 0))} (+${mb(Math.max(peak, readPeak ?? 0) - idle)}); V8 old space capped at ${HEAP_MB} MB; worker ${warmPool ? 'warm' : 'cold'}`,
    );
    console.log(
      `at the last peak, over the idle app: V8 heap committed +${mb(atPeak.heapTotal - idleUsage.heapTotal)} (used +${mb(atPeak.heapUsed - idleUsage.heapUsed)}), external +${mb(atPeak.external - idleUsage.external)} (ArrayBuffers +${mb(atPeak.arrayBuffers - idleUsage.arrayBuffers)}), the rest +${mb(atPeak.rss - atPeak.heapTotal - atPeak.external - (idleUsage.rss - idleUsage.heapTotal - idleUsage.external))}`,
    );
    if (readPeak !== null) {
      console.log(
        `upload and read: peak +${mb(readPeak - idle)}; writes: peak +${mb(peak - idle)} over the idle app`,
      );
    }
    if (target.kind === 'pglite') {
      console.log(
        `PGlite WebAssembly memory: idle ${mb(idleWasm)}, after the read ${mb(readWasm)}, at the end ${mb(wasm())}`,
      );
    }
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
