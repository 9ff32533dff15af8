// SIGKILL during an Apple Health import (issue 29; docs/RELIABILITY.md, "Durability"): the real server imports
// a large export and is killed mid-job. Afterwards nothing is half-imported (every workout stored is whole,
// with its route's streams; the days' wellness is written in one statement at the end, so all or none), and
// once the job's lease has passed the restarted server fails the job cleanly with the reason shown (a job whose
// process died running it is not run into the same crash again). Sending the export again imports the rest,
// the stored workouts counted as already stored. On PGlite, and on PostgreSQL when a server answers.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { exportXml, exportZip, routeGpx, workoutXml } from '../test/apple-health-export.ts';
import {
  freshPostgresDatabase,
  postgresAvailable,
  type ServerProcess,
  signIn,
  startServer,
} from './server-process.ts';

const WORKOUTS = 400;

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

function bigExport(): Buffer {
  const workouts: string[] = [];
  const routes: Record<string, string> = {};
  for (let i = 0; i < WORKOUTS; i++) {
    const start = Date.UTC(2019, 0, 1, 7) + i * 86_400_000;
    const apple = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' +0000');
    workouts.push(
      workoutXml({
        type: 'Running',
        start: apple(start),
        end: apple(start + 30 * 60_000),
        durationMinutes: 30,
        distanceKm: 5,
        route: `route_${i}.gpx`,
      }),
    );
    routes[`route_${i}.gpx`] = routeGpx(start, 180);
  }
  return exportZip(exportXml(workouts), routes);
}

async function upload(server: ServerProcess, token: string, content: Buffer): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([content]), 'export.zip');
  const res = await fetch(`${server.url}/api/activities/import/apple-health`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(202);
  return ((await res.json()) as { data: { batch_id: string } }).data.batch_id;
}

async function batchFile(server: ServerProcess, token: string, batchId: string) {
  const res = await fetch(`${server.url}/api/activities/imports/${batchId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const batch = (
    (await res.json()) as {
      data: { done: boolean; files: Array<{ status: string; message: string | null }> };
    }
  ).data;
  return { done: batch.done, ...batch.files[0]! };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 240_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every Apple Health activity is whole: it has its streams (each workout here has a route). */
async function expectNothingHalfImported(query: Query): Promise<number> {
  const rows = await query(`
    select count(*)::int as activities,
      count(*) filter (where not exists (select 1 from activity_streams s where s.activity_id = a.id))::int as bare
    from activities a where a.source = 'apple-health'`);
  expect(Number(rows[0]!.bare)).toBe(0);
  return Number(rows[0]!.activities);
}

async function crashDuringImport(
  start: () => Promise<ServerProcess>,
  open: () => Promise<{ query: Query; close(): Promise<void> }>,
) {
  const content = bigExport();
  let server = await start();
  let token = await signIn(server.url);
  const total = async () => {
    const res = await fetch(`${server.url}/api/activities`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: { total: number } }).data.total;
  };
  const before = await total();
  const batchId = await upload(server, token, content);
  // Kill it once the job has stored some workouts but not all.
  await until('the import to be under way', async () => {
    const file = await batchFile(server, token, batchId);
    if (file.done) throw new Error('the import finished before the kill: make the export larger');
    return (await total()) > before ? true : undefined;
  });
  await server.kill();

  // While it is down: what is stored is whole; then time passes beyond the job's lease.
  const db = await open();
  let stored: number;
  try {
    stored = await expectNothingHalfImported(db.query);
    expect(stored).toBeLessThan(WORKOUTS);
    await db.query(`update jobs set lease_until = now() - interval '1 second' where status = 'running'`);
  } finally {
    await db.close();
  }

  server = await start();
  try {
    token = await signIn(server.url);
    const failed = await until('the crashed job to settle', async () => {
      const file = await batchFile(server, token, batchId);
      return file.done ? file : undefined;
    });
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/server stopped while processing it/);
    // Sent again, the export imports the rest; what was stored before counts as already stored.
    const again = await upload(server, token, content);
    const done = await until('the second import', async () => {
      const file = await batchFile(server, token, again);
      return file.done ? file : undefined;
    });
    expect(done.status, done.message ?? '').toBe('imported');
    expect(done.message).toContain(`${WORKOUTS - stored} workouts imported, ${stored} already stored`);
  } finally {
    await server.stop();
  }
  const after = await open();
  try {
    expect(await expectNothingHalfImported(after.query)).toBe(WORKOUTS);
  } finally {
    await after.close();
  }
  console.info(
    `apple health crash: killed after ${stored} of ${WORKOUTS} workouts; job failed cleanly, re-import completed`,
  );
}

// The read cache off: an import stores its workouts quietly and tells the cached reads once at the end
// (activities/service.ts, `quiet`), so with the cache on the activity count the test watches stayed at its old
// value until the job was done, and the kill never landed mid-import.
const UNCACHED = { READ_CACHE_TTL_MS: '0' };

describe('SIGKILL during an Apple Health import', () => {
  it('leaves nothing half-imported and fails the job cleanly on PGlite', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'stamina-apple-crash-'));
    try {
      await crashDuringImport(
        () => startServer({ dataDir, env: UNCACHED }),
        async () => {
          const db = new PGlite(join(dataDir, 'pglite'));
          return {
            query: async (text) => (await db.query<Record<string, unknown>>(text)).rows,
            close: () => db.close(),
          };
        },
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 600_000);

  it('leaves nothing half-imported and fails the job cleanly on PostgreSQL', async (context) => {
    if (!(await postgresAvailable())) context.skip();
    const dataDir = await mkdtemp(join(tmpdir(), 'stamina-apple-crash-pg-'));
    const database = await freshPostgresDatabase();
    try {
      await crashDuringImport(
        () => startServer({ dataDir, databaseUrl: database.url, env: UNCACHED }),
        async () => {
          const client = new pg.Client({ connectionString: database.url });
          await client.connect();
          return { query: async (text) => (await client.query(text)).rows, close: () => client.end() };
        },
      );
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});
