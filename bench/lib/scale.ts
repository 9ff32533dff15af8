// `npm run bench -- scale` (docs/scale.md, "What grows, measured"): the per-athlete reads on the seeded scale
// database (BENCH_SCALE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/stamina_scale, made by
// `npm run seed:scale`) beside the same reads on a 1-athlete database seeded the same way in the same run. The
// seed's athlete 0 has the same rows in both (same seed, same day), so only the size of the tables around it
// differs. Budget: every read's p99 at N athletes within 1.5× its 1-athlete p99 (plus 2 ms, autocannon's
// millisecond resolution on a shared machine, plus the 1-athlete side's p99 − p50 as the noise margin), and its
// p50 within 1.5× + 2 ms of the 1-athlete p50. Then a FIT import and an account export of that athlete on both,
// and the daily adaptation over every athlete of the scale database (≤ 60 s per 10,000). The reads run with
// the read cache off (READ_CACHE_TTL_MS=0: every read is a miss, the path the database's size matters to); the
// Workout Bank search runs cold (cache off) and warm (cache on).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { fourHourRide, importOnce } from './activity-import.ts';
import { freshBenchDatabase } from './cache-miss.ts';
import { isoDate } from './calendar.ts';
import { buildInProcessApp } from './in-process-app.ts';
import { budgeted, errorFigure, type Figure, info } from './report.ts';
import { type StaminaServer, startStamina } from './servers.ts';

const SCALE_URL = process.env.BENCH_SCALE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/stamina_scale';
const RATIO = 1.5;
const SLACK_MS = 2;
const ADAPTATION_SECONDS_PER_10K = 60;
const EMAIL = 'athlete0@scale.stamina.test';
const PASSWORD = 'scale-password';

interface Seeded {
  athletes: number;
  years: number;
  seed: number;
  streamsShare: number;
  today: string;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The seed's parameters, kept on the database by `seed:scale`. */
async function seededWith(url: string): Promise<Seeded> {
  const rows = await query<{ comment: string | null }>(
    url,
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = current_database()`,
  );
  const comment = rows[0]?.comment;
  if (!comment?.includes('stamina-scale-seed'))
    throw new Error(`${url} was not made by npm run seed:scale (no seed parameters on it)`);
  return JSON.parse(comment) as Seeded;
}

function seed(root: string, url: string, s: Seeded, athletes: number): void {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'apps/server/scripts/seed-scale.ts'),
      ...['--athletes', String(athletes), '--years', String(s.years), '--seed', String(s.seed)],
      ...['--streams-share', String(s.streamsShare), '--today', s.today],
    ],
    { cwd: join(root, 'apps/server'), env: { ...process.env, DATABASE_URL: url }, stdio: 'ignore' },
  );
}

interface Side {
  name: string;
  url: string;
  cold: StaminaServer;
  warm: StaminaServer;
  /** Each server signs its own tokens: one for the cold server, one for the warm. */
  token: string;
  warmToken: string;
  activityId: string;
}

async function signIn(server: StaminaServer): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function side(root: string, name: string, url: string): Promise<Side> {
  const env = { SEED_DEMO: 'false' };
  const [cold, warm] = await Promise.all([
    startStamina(root, { databaseUrl: url, env: { ...env, READ_CACHE_TTL_MS: '0' } }),
    startStamina(root, { databaseUrl: url, env }),
  ]);
  // Athlete 0's activity with streams (the same one on both sides), else its latest.
  const [activity] = await query<{ id: string }>(
    url,
    `select a.id from activities a join users u on u.email = $1 join athletes t on t.auth_user_id = u.id
      where a.athlete_id = t.id
      order by exists (select 1 from activity_streams s where s.activity_id = a.id) desc, a.start_time desc
      limit 1`,
    [EMAIL],
  );
  if (!activity) throw new Error(`${name}: athlete 0 has no activity`);
  return {
    name,
    url,
    cold,
    warm,
    token: await signIn(cold),
    warmToken: await signIn(warm),
    activityId: activity.id,
  };
}

/** The reads, each a path on the cold server (or the warm one). */
function reads(
  s: Seeded,
  activityId: string,
): Array<{ id: string; label: string; path: string; warm?: boolean }> {
  const to = new Date(`${s.today}T00:00:00Z`);
  const from = new Date(to);
  from.setUTCDate(to.getUTCDate() - 34);
  const search = '/api/v1/workout-bank/templates?search_query=intervals&sort_by=rating';
  return [
    { id: 'summary', label: 'dashboard summary', path: '/api/dashboard/summary' },
    {
      id: 'calendar',
      label: 'calendar, 5 weeks',
      path: `/api/workout-planning/calendar?date_from=${isoDate(from)}&date_to=${isoDate(to)}`,
    },
    { id: 'activities', label: 'activity list', path: '/api/activities/' },
    { id: 'activity', label: 'one activity', path: `/api/activities/${activityId}` },
    { id: 'streams', label: 'its streams', path: `/api/activities/${activityId}/streams` },
    { id: 'zones', label: 'analytics zones', path: '/api/analytics/zones' },
    { id: 'pmc', label: 'analytics PMC (fitness-form)', path: '/api/analytics/fitness-form' },
    { id: 'bank.cold', label: 'Workout Bank search, cold', path: search },
    { id: 'bank.warm', label: 'Workout Bank search, warm', path: search, warm: true },
  ];
}

interface Target {
  server: StaminaServer;
  token: string;
  path: string;
}

async function timed(t: Target): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${t.server.baseUrl}${t.path}`, {
    headers: { authorization: `Bearer ${t.token}` },
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`${t.path} answered ${res.status}: ${body.slice(0, 200)}`);
  return performance.now() - started;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/**
 * `samples` requests to each side, one at a time, alternating (which goes first too): on a machine shared with
 * other work, both sides see the same load, so their ratio means something where two separate runs would not.
 */
async function sampleBoth(a: Target, b: Target, samples: number) {
  for (let i = 0; i < 5; i++) await Promise.all([timed(a), timed(b)]);
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < samples; i++) {
    if (i % 2 === 0) {
      times[0].push(await timed(a));
      times[1].push(await timed(b));
    } else {
      times[1].push(await timed(b));
      times[0].push(await timed(a));
    }
  }
  return times.map((list) => {
    const sorted = [...list].sort((x, y) => x - y);
    return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
  }) as [{ p50: number; p99: number }, { p50: number; p99: number }];
}

/** An account export of athlete 0, from the request to its zip being ready; ms. */
async function exportOnce(server: StaminaServer, token: string): Promise<{ ms: number; bytes: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/athletes/me/exports`, { method: 'POST', headers });
  if (res.status !== 202) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  const id = ((await res.json()) as { data: { id: string } }).data.id;
  for (;;) {
    const poll = await fetch(`${server.baseUrl}/api/athletes/me/exports/${id}`, { headers });
    const status = ((await poll.json()) as { data: { status: string; size_bytes: number | null } }).data;
    if (status.status === 'ready') return { ms: performance.now() - started, bytes: status.size_bytes ?? 0 };
    if (status.status === 'failed') throw new Error('export failed');
    if (performance.now() - started > 600_000) throw new Error('export not ready after 10 min');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The daily adaptation over every athlete of `url`, in process, as one worker runs it; seconds. */
async function adaptation(url: string, today: string): Promise<{ seconds: number; queued: number }> {
  const database = await openDatabase({ kind: 'postgres', url });
  const dir = await mkdtemp(join(tmpdir(), 'stamina-bench-scale-'));
  try {
    const app = await buildInProcessApp(database, dir);
    try {
      const started = performance.now();
      const queued = await app.adaptation.scheduleDue(new Date(`${today}T12:00:00Z`));
      while (await app.jobs.runOnce()) {}
      return { seconds: (performance.now() - started) / 1000, queued };
    } finally {
      await app.close();
    }
  } finally {
    await database.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

/** The daily adaptation's figure on the seeded database, with its budget (≤ 60 s per 10,000 athletes). */
function adaptationFigure(s: Seeded, run: { seconds: number; queued: number }): Figure {
  const max = (ADAPTATION_SECONDS_PER_10K * s.athletes) / 10_000;
  return budgeted(
    {
      id: 'scale.adaptation',
      label: `daily adaptation, ${s.athletes.toLocaleString('en-US')} athletes × ${s.years} y (${run.queued} queued)`,
      value: run.seconds,
      unit: 's',
      digits: 1,
      note: `${((run.seconds * 1000) / Math.max(1, s.athletes)).toFixed(2)} ms per athlete, ${((run.seconds * 10_000) / Math.max(1, s.athletes)).toFixed(0)} s per 10,000`,
    },
    { max, text: `≤ ${ADAPTATION_SECONDS_PER_10K} s per 10,000` },
  );
}

/**
 * `npm run bench -- scale-adaptation`: only the daily adaptation over every athlete of the seeded database, on a
 * copy of it (`CREATE DATABASE … TEMPLATE`, dropped after), so that it can run again on the same seed (a run
 * claims the day of every athlete it adapts). The copy needs no other session on the seeded database.
 */
export async function benchScaleAdaptation(): Promise<Figure[]> {
  const s = await seededWith(SCALE_URL);
  const source = new URL(SCALE_URL);
  const name = source.pathname.slice(1);
  const copy = `${name}_adapt_${process.pid}`;
  const admin = new URL(SCALE_URL);
  admin.pathname = '/postgres';
  await query(admin.toString(), `create database "${copy}" template "${name}"`);
  const target = new URL(SCALE_URL);
  target.pathname = `/${copy}`;
  try {
    return [adaptationFigure(s, await adaptation(target.toString(), s.today))];
  } finally {
    await query(admin.toString(), `drop database if exists "${copy}"`).catch(() => {});
  }
}

export async function benchScale(root: string, samples: number): Promise<Figure[]> {
  const s = await seededWith(SCALE_URL);
  const oneDb = await freshBenchDatabase();
  if (!oneDb) throw new Error('no PostgreSQL server for the 1-athlete database (BENCH_PG_URL)');
  const figures: Figure[] = [];
  const sides: Side[] = [];
  try {
    seed(root, oneDb.url, s, 1);
    // The daily adaptation first, in process: the servers below would run it themselves on start.
    const twin = await adaptation(oneDb.url, s.today);
    figures.push(
      info({
        id: 'scale.adaptation.one',
        label: 'daily adaptation, 1 athlete',
        value: twin.seconds * 1000,
        unit: 'ms',
      }),
    );
    figures.push(adaptationFigure(s, await adaptation(SCALE_URL, s.today)));
    sides.push(
      await side(root, '1 athlete', oneDb.url),
      await side(root, `${s.athletes} athletes`, SCALE_URL),
    );
    const [one, many] = sides as [Side, Side];
    const n = s.athletes.toLocaleString('en-US');
    for (const read of reads(s, one.activityId)) {
      // The same activity on both sides (same seed); measured one side then the other, back to back.
      const pathMany = read.path.replace(one.activityId, many.activityId);
      const measure = () =>
        sampleBoth(
          {
            server: read.warm ? one.warm : one.cold,
            token: read.warm ? one.warmToken : one.token,
            path: read.path,
          },
          {
            server: read.warm ? many.warm : many.cold,
            token: read.warm ? many.warmToken : many.token,
            path: pathMany,
          },
          samples,
        );
      const budgetOf = (x: { p50: number; p99: number }) => x.p99 * RATIO + SLACK_MS + (x.p99 - x.p50);
      let a: { p50: number; p99: number };
      let b: { p50: number; p99: number };
      let again = '';
      try {
        [a, b] = await measure();
        // The p99's noise margin (docs/scale.md, "CI"): the 1-athlete side's own spread (p99 − p50) in this run,
        // so that one slow request in 100 on a loaded 2-core machine does not decide the budget. The p50, which a
        // shared machine moves far less, carries the plain 1.5× + 2 ms budget. A p99 past its budget is measured
        // once more, both sides again, and the second measurement stands, with the first named beside it: of 100
        // samples the p99 is the second-slowest, and one pause of the machine's (a GC, a vacuum) made it 34 ms
        // against a p50 of 5.5 ms, the same p50 as the 1-athlete side's.
        if (b.p99 > budgetOf(a)) {
          again = `; measured again, first p99 ${b.p99.toFixed(1)} ms`;
          [a, b] = await measure();
        }
      } catch (err) {
        figures.push(errorFigure(`scale.${read.id}`, read.label, err));
        continue;
      }
      const max = budgetOf(a);
      const maxP50 = a.p50 * RATIO + SLACK_MS;
      figures.push(
        info({
          id: `scale.${read.id}.one.p99`,
          label: `${read.label}, 1 athlete, p99`,
          value: a.p99,
          unit: 'ms',
          digits: 1,
          note: `p50 ${a.p50.toFixed(1)} ms`,
        }),
        budgeted(
          {
            id: `scale.${read.id}.p99`,
            label: `${read.label}, ${n} athletes, p99`,
            value: b.p99,
            unit: 'ms',
            digits: 1,
            note: `p50 ${b.p50.toFixed(1)} ms${again}`,
          },
          { max, text: `≤ 1.5× + 2 + (p99 − p50 of 1 athlete) = ${max.toFixed(0)} ms` },
        ),
        budgeted(
          {
            id: `scale.${read.id}.p50`,
            label: `${read.label}, ${n} athletes, p50`,
            value: b.p50,
            unit: 'ms',
            digits: 1,
          },
          { max: maxP50, text: `≤ 1.5× + 2 = ${maxP50.toFixed(0)} ms` },
        ),
      );
    }
    const ride = fourHourRide(new Date(`${s.today}T06:00:00Z`));
    for (const x of sides) {
      const ms = await importOnce(x.cold, x.token, ride, 0);
      figures.push(
        info({
          id: `scale.import.${x === one ? 'one' : 'many'}`,
          label: `FIT import (4 h ride), ${x.name}`,
          value: ms,
          unit: 'ms',
        }),
      );
    }
    for (const x of sides) {
      const done = await exportOnce(x.cold, x.token);
      figures.push(
        info({
          id: `scale.export.${x === one ? 'one' : 'many'}`,
          label: `account export of athlete 0, ${x.name}`,
          value: done.ms,
          unit: 'ms',
          note: `${(done.bytes / 1024 / 1024).toFixed(1)} MB zip`,
        }),
      );
    }
  } finally {
    await Promise.all(sides.flatMap((x) => [x.cold.child.stop(), x.warm.child.stop()]));
    await oneDb.drop().catch(() => {});
  }
  return figures;
}
