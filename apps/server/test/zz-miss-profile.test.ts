// THROWAWAY profiling of the cache-miss path (deleted after use).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, multipartForm } from './helpers.ts';

const SPORTS = ['run', 'bike', 'swim', 'strength'] as const;
const TEXTS: Record<(typeof SPORTS)[number], string[]> = {
  run: ['Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min', '45min Z2', '10min Z1, 6x 400m @ Z5 with 90s rest, 10min Z1'],
  bike: ['Warmup: 15min Z2\nMain: 3x 12min sweet spot with 4min easy\nCooldown: 10min Z1', '2h endurance', '4x 8min @ 95% FTP w/ 4min Z1'],
  swim: ['Warmup: 300m easy\nMain: 8x 100m Z4 with 20s rest\nCooldown: 200m easy', '10x 100m threshold, 15s rest'],
  strength: ['Warmup: 10min easy\nMain: 4x 8min Z3 with 2min rest\nCooldown: 5min easy'],
};
const iso = (d: Date) => d.toISOString().slice(0, 10);
const DAYS = Number(process.env.PROF_DAYS ?? 1826);

let t: Awaited<ReturnType<typeof createTestApp>>;
let token = '';
const timings: { sql: string; ms: number; args: unknown[] }[] = [];
// biome-ignore lint/suspicious/noExplicitAny: profiling
let rawQuery: any;
let recording = false;

beforeAll(async () => {
  t = await createTestApp({ readCacheTtlMs: 0 });
  // biome-ignore lint/suspicious/noExplicitAny: profiling
  const db = t.database.db as any;
  const client = db.$client ?? db.session?.client;
  const kind = t.database.kind;
  const orig = client.query.bind(client);
  rawQuery = orig;
  client.query = async (...args: unknown[]) => {
    const s = performance.now();
    try {
      return await orig(...args);
    } finally {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      if (recording) timings.push({ sql: text, ms: performance.now() - s, args });
    }
  };
  console.log('db kind', kind);
  const { session } = await t.signUpAndConfirm();
  token = session.access_token;
  const start = new Date();
  start.setUTCDate(start.getUTCDate() - DAYS);
  const bodies: unknown[] = [];
  for (let day = 0; day < DAYS; day++) {
    if (day % 60 === 0) continue;
    const date = new Date(start);
    date.setUTCDate(start.getUTCDate() + day);
    const sport = SPORTS[day % SPORTS.length]!;
    const texts = TEXTS[sport];
    bodies.push({ title: `${sport} ${day}`, workout_date: iso(date), sport, workout_language_text: texts[day % texts.length], status: day % 7 === 3 ? 'skipped' : 'completed' });
  }
  for (let i = 0; i < bodies.length; i += 10) {
    const rs = await Promise.all(bodies.slice(i, i + 10).map((payload) => t.app.inject({ method: 'POST', url: '/api/workout-planning/workouts', headers: bearer(token), payload: payload as object })));
    for (const r of rs) if (r.statusCode !== 201) throw new Error(r.body);
  }
  const lines = ['date,hrv,resting_hr,sleep_hours,sleep_quality,readiness,fatigue'];
  const ws = new Date();
  ws.setUTCDate(ws.getUTCDate() - (DAYS - 1));
  for (let day = 0; day < DAYS; day++) {
    const date = new Date(ws);
    date.setUTCDate(ws.getUTCDate() + day);
    const wave = Math.sin(day / 3.5) + 0.5 * Math.sin(day / 14);
    const quality = 3 + Math.round(Math.sin(day / 5));
    lines.push(`${iso(date)},${Math.round(58 + 8 * wave)},${Math.round(50 - 3 * wave)},${(7.4 + 0.6 * Math.sin(day / 2.3)).toFixed(1)},${quality},${quality},${5 - Math.round(2 * wave)}`);
  }
  const form = multipartForm([{ name: 'file', value: `${lines.join('\n')}\n`, filename: 'w.csv' }]);
  const r = await t.app.inject({ method: 'POST', url: '/api/metrics/import', headers: { ...bearer(token), ...form.headers }, payload: form.payload });
  expect(r.statusCode).toBe(200);
}, 600_000);
afterAll(async () => t?.close());

async function profile(name: string, url: string, n = 300) {
  for (let i = 0; i < 30; i++) await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  timings.length = 0;
  const totals: number[] = [];
  recording = true;
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    const r = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    totals.push(performance.now() - s);
    bytes = r.body.length;
    if (r.statusCode !== 200) throw new Error(r.body);
  }
  recording = false;
  totals.sort((a, b) => a - b);
  const by = new Map<string, { n: number; ms: number }>();
  for (const q of timings) {
    const k = q.sql.replace(/\s+/g, ' ').slice(0, 160);
    const e = by.get(k) ?? { n: 0, ms: 0 };
    e.n++;
    e.ms += q.ms;
    by.set(k, e);
  }
  const dbMs = timings.reduce((a, q) => a + q.ms, 0) / n;
  console.log(`\n== ${name}: ${bytes} bytes, p50 ${totals[n / 2]!.toFixed(2)} p90 ${totals[Math.floor(n * 0.9)]!.toFixed(2)} p99 ${totals[Math.floor(n * 0.99)]!.toFixed(2)} ms; queries/req ${(timings.length / n).toFixed(1)}, db ms/req (sum) ${dbMs.toFixed(2)}`);
  for (const [k, e] of [...by.entries()].sort((a, b) => b[1].ms - a[1].ms)) console.log(`  ${(e.ms / n).toFixed(3)} ms/req  x${(e.n / n).toFixed(1)}  ${k}`);
  // Replay the queries of one request alone, sequentially: intrinsic cost (min and median wall, cpu).
  const perReq = timings.length / n;
  const one = timings.slice(0, perReq);
  for (const q of one) {
    const walls: number[] = [];
    const c0 = process.cpuUsage();
    for (let i = 0; i < 40; i++) {
      const s = performance.now();
      await rawQuery(...q.args);
      walls.push(performance.now() - s);
    }
    const c = process.cpuUsage(c0);
    walls.sort((a, b) => a - b);
    if (process.env.PROF_EXPLAIN) {
      const a0 = q.args[0];
      const ex = typeof a0 === 'string' ? [`explain analyze ${a0}`, q.args[1]] : [{ text: `explain analyze ${(a0 as { text: string }).text}`, values: (a0 as { values: unknown[] }).values }];
      // biome-ignore lint/suspicious/noExplicitAny: profiling
      const r: any = await rawQuery(...ex);
      console.log(r.rows.map((x: Record<string, string>) => Object.values(x)[0]).join('\n'));
    }
    console.log(`  alone: min ${walls[0]!.toFixed(3)} med ${walls[20]!.toFixed(3)} cpu ${((c.user + c.system) / 40000).toFixed(3)} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 90)}`);
  }
  // Whole request cpu and min wall
  const c0 = process.cpuUsage();
  const walls: number[] = [];
  for (let i = 0; i < 100; i++) {
    const s = performance.now();
    await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    walls.push(performance.now() - s);
  }
  const c = process.cpuUsage(c0);
  walls.sort((a, b) => a - b);
  console.log(`  request: min ${walls[0]!.toFixed(3)} med ${walls[50]!.toFixed(3)} cpu ${((c.user + c.system) / 100000).toFixed(3)} ms`);
}

it('profiles', async () => {
  const to = new Date();
  const from = new Date(to);
  from.setUTCDate(to.getUTCDate() - 34);
  await profile('calendar', `/api/workout-planning/calendar?date_from=${iso(from)}&date_to=${iso(to)}`);
  await profile('summary', '/api/dashboard/summary');
  await profile('auth/me', '/api/auth/me');
}, 600_000);
