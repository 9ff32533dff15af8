// Durability: the real server takes a stream of writes (workouts, wellness days, a CSV import, a workout file
// import, plans), is killed with SIGKILL mid-stream, and restarted on the same data. Every write it answered
// with a 2xx must be there afterwards, and the daily load must equal the workouts. On PGlite, and on
// PostgreSQL when a server answers. Figures: docs/RELIABILITY.md, "Durability".
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { expectLoadMatchesWorkouts } from './load-consistency.ts';
import {
  freshPostgresDatabase,
  postgresAvailable,
  type ServerProcess,
  signIn,
  startServer,
} from './server-process.ts';

const CRASHES = Number(process.env.DURABILITY_CRASHES ?? 3);
const WRITERS = 4;

interface Acknowledged {
  workouts: Set<string>;
  plans: Set<string>;
  wellnessDates: Set<string>;
}

/** Day n after 2015-01-01, so each wellness write has a date of its own, away from the demo's. */
const dayNumber = (n: number) => new Date(Date.UTC(2015, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

const ZWO =
  '<workout_file><name>Over-unders</name><sportType>bike</sportType><workout><SteadyState Duration="300" Power="0.9"/><SteadyState Duration="120" Power="1.05"/></workout></workout_file>';

/** Writes as fast as the server takes them until `stop` is set; records what it acknowledged. */
async function writeUntilStopped(
  server: ServerProcess,
  token: string,
  acked: Acknowledged,
  next: () => number,
  stop: { now: boolean },
): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const json = { ...headers, 'content-type': 'application/json' };
  let sent = 0;
  while (!stop.now) {
    const n = next();
    sent++;
    try {
      switch (n % 5) {
        case 0: {
          const res = await fetch(`${server.url}/api/workout-planning/workouts`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({
              title: `Durable ${n}`,
              workout_date: dayNumber(3_000 + (n % 400)),
              sport: 'run',
              duration_minutes: 30 + (n % 60),
              intensity_zone: 1 + (n % 5),
              status: 'completed',
            }),
          });
          if (res.status === 201)
            acked.workouts.add(((await res.json()) as { data: { id: string } }).data.id);
          break;
        }
        case 1: {
          const date = dayNumber(n % 3_500);
          const res = await fetch(`${server.url}/api/metrics`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ date, hrv: 40 + (n % 30), resting_hr: 45 + (n % 10) }),
          });
          if (res.status === 200 || res.status === 201) acked.wellnessDates.add(date);
          break;
        }
        case 2: {
          const dates = [dayNumber((2 * n) % 3_500), dayNumber((2 * n + 1) % 3_500)];
          const form = new FormData();
          form.set(
            'file',
            new Blob([`date,hrv,rhr\n${dates.map((d) => `${d},50,48`).join('\n')}\n`]),
            'w.csv',
          );
          const res = await fetch(`${server.url}/api/metrics/import`, {
            method: 'POST',
            headers,
            body: form,
          });
          if (res.status === 200) for (const d of dates) acked.wellnessDates.add(d);
          break;
        }
        case 3: {
          const form = new FormData();
          form.set('workout_date', dayNumber(3_000 + (n % 400)));
          form.set('file', new Blob([ZWO]), 'over-unders.zwo');
          const res = await fetch(`${server.url}/api/workout-planning/workouts/import`, {
            method: 'POST',
            headers,
            body: form,
          });
          if (res.status === 201)
            acked.workouts.add(((await res.json()) as { data: { id: string } }).data.id);
          break;
        }
        default: {
          const res = await fetch(`${server.url}/api/training/plans`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ title: `Plan ${n}`, start_date: '2027-01-04', race_date: '2027-06-06' }),
          });
          if (res.status === 201) acked.plans.add(((await res.json()) as { data: { id: string } }).data.id);
        }
      }
    } catch {
      // The connection died with the process: this write was never acknowledged.
    }
  }
  return sent;
}

/** Every acknowledged write, read back through the API of the restarted server. */
async function expectAllPresent(server: ServerProcess, acked: Acknowledged) {
  const token = await signIn(server.url);
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, path).toBe(200);
    return ((await res.json()) as { data: unknown }).data;
  };
  const missing: string[] = [];
  const ids = [...acked.workouts];
  for (let i = 0; i < ids.length; i += 20) {
    await Promise.all(
      ids.slice(i, i + 20).map(async (id) => {
        const res = await fetch(`${server.url}/api/workout-planning/workouts/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.status !== 200) missing.push(`${id}: ${res.status}`);
      }),
    );
  }
  expect(missing).toEqual([]);
  const plans = (await get('/api/training/plans')) as { id: string }[];
  const planIds = new Set(plans.map((p) => p.id));
  expect([...acked.plans].filter((id) => !planIds.has(id))).toEqual([]);
  const wellness = (await get('/api/metrics?start_date=2015-01-01&end_date=2024-06-30')) as {
    date: string;
  }[];
  const dates = new Set(wellness.map((w) => w.date));
  expect([...acked.wellnessDates].filter((d) => !dates.has(d))).toEqual([]);
}

async function crashCycles(start: () => Promise<ServerProcess>) {
  const acked: Acknowledged = { workouts: new Set(), plans: new Set(), wellnessDates: new Set() };
  let counter = 0;
  let sent = 0;
  for (let crash = 0; crash < CRASHES; crash++) {
    const server = await start();
    const token = await signIn(server.url);
    const stop = { now: false };
    const writers = Array.from({ length: WRITERS }, () =>
      writeUntilStopped(server, token, acked, () => counter++, stop),
    );
    // Let the stream run, then pull the plug mid-write.
    await new Promise((resolve) => setTimeout(resolve, 1_500 + crash * 700));
    await server.kill();
    stop.now = true;
    sent += (await Promise.all(writers)).reduce((a, b) => a + b, 0);
  }
  const server = await start();
  try {
    await expectAllPresent(server, acked);
  } finally {
    await server.stop();
  }
  const total = acked.workouts.size + acked.plans.size + acked.wellnessDates.size;
  console.info(
    `durability: ${CRASHES} SIGKILLs, ${sent} writes sent, ${total} acknowledged (${acked.workouts.size} workouts, ${acked.plans.size} plans, ${acked.wellnessDates.size} wellness days), 0 lost`,
  );
  expect(acked.workouts.size).toBeGreaterThan(0);
  expect(acked.wellnessDates.size).toBeGreaterThan(0);
}

describe('durability under SIGKILL', () => {
  it('keeps every acknowledged write on PGlite', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'stamina-durability-'));
    try {
      await crashCycles(() => startServer({ dataDir }));
      const db = new PGlite(join(dataDir, 'pglite'));
      try {
        await expectLoadMatchesWorkouts(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
      } finally {
        await db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('keeps every acknowledged write on PostgreSQL', async (context) => {
    if (!(await postgresAvailable())) context.skip();
    const dataDir = await mkdtemp(join(tmpdir(), 'stamina-durability-pg-'));
    const database = await freshPostgresDatabase();
    try {
      await crashCycles(() => startServer({ dataDir, databaseUrl: database.url }));
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await expectLoadMatchesWorkouts(async (text) => (await client.query(text)).rows);
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
