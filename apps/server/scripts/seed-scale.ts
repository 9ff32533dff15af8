// `npm run seed:scale -- --athletes N --years Y [--seed S] [--streams-share 0.02] [--today YYYY-MM-DD]`:
// a large, realistic database on DATABASE_URL (PostgreSQL only), written by COPY, the same from the same seed
// and day (docs/scale.md, "The seed"). Migrates first; refuses a database that already has accounts. Every
// athlete signs in as athlete<i>@scale.stamina.test with the password `scale-password`. Prints, at the end,
// rows and bytes per table and per athlete-year.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { dateInTimeZone, generateDemoAthlete, parseWorkout, workoutTss } from '@stamina/core';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { athleteSeed, idMaker, SessionMemo, writeAthlete } from './scale/athlete.ts';
import { deferIndexes, restoreIndexes } from './scale/bulk-load.ts';
import { copyText } from './scale/copy.ts';
import { type Buffers, createBuffers, LEVELS, TABLE_NAMES } from './scale/tables.ts';

export const SCALE_PASSWORD = 'scale-password';
const BATCH = 100;

function options() {
  const { values } = parseArgs({
    options: {
      athletes: { type: 'string', default: '1000' },
      years: { type: 'string', default: '2' },
      seed: { type: 'string', default: '1' },
      'streams-share': { type: 'string', default: '0.02' },
      today: { type: 'string' },
    },
  });
  const number = (name: string, raw: string, min: number, max: number) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new Error(`--${name} must be between ${min} and ${max}`);
    return n;
  };
  return {
    athletes: Math.round(number('athletes', values.athletes, 1, 10_000_000)),
    years: number('years', values.years, 0.1, 20),
    seed: Math.round(number('seed', values.seed, 0, 2 ** 31)),
    streamsShare: number('streams-share', values['streams-share'], 0, 1),
    today: values.today ?? dateInTimeZone(new Date(), 'UTC'),
  };
}

/** Shared Workout Bank templates (the library other athletes favourite, rate and view), from demo sessions. */
function writeTemplates(out: Buffers, seed: number, today: string): string[] {
  const id = idMaker(seed, -1);
  const demo = generateDemoAthlete({ today, seed, historyDays: 365 });
  const unique = new Map(demo.workouts.map((w) => [`${w.sport}|${w.workout_language_text}`, w]));
  const ids: string[] = [];
  for (const [n, w] of [...unique.values()].entries()) {
    const parsed = parseWorkout(w.workout_language_text, { sport: w.sport });
    const z = parsed.zone_distribution;
    const total = Object.values(z).reduce((a, b) => a + b, 0) || 1;
    const templateId = id();
    ids.push(templateId);
    const minutes = Math.max(1, Math.ceil(parsed.total_duration_estimated / 60));
    out.workoutTemplates.add({
      id: templateId,
      slug: `scale-${n}`,
      name: `${w.title} ${n + 1}`,
      description: `A ${w.title.toLowerCase()} from the scale seed's library.`,
      keyFocus: w.title,
      discipline: w.sport,
      sport: w.sport,
      difficultyLevel: 1 + (n % 5),
      primaryTarget: 'endurance',
      intensity: 'moderate',
      tags: [w.sport, 'scale'],
      structureText: w.workout_language_text,
      estimatedDurationMinutes: minutes,
      zone1Percentage: (100 * z.zone_1) / total,
      zone2Percentage: (100 * z.zone_2) / total,
      zone3Percentage: (100 * z.zone_3) / total,
      zone4Percentage: (100 * z.zone_4) / total,
      zone5Percentage: (100 * z.zone_5) / total,
      estimatedTss: workoutTss({
        sport: w.sport,
        duration_minutes: minutes,
        intensity_zone: null,
        zone_distribution: z,
      }),
      isVerified: true,
      isPublic: true,
    });
  }
  return ids;
}

/** Copies every buffered row of a batch, level by level (each level's tables in parallel). */
async function flush(pool: pg.Pool, out: Buffers): Promise<void> {
  for (const level of LEVELS) {
    await Promise.all(
      level.map(async (key) => {
        const taken = out[key].take();
        if (!taken) return;
        const client = await pool.connect();
        try {
          await copyText(client, taken.sql, taken.text);
        } finally {
          client.release();
        }
      }),
    );
  }
}

/** utime + stime of a local PostgreSQL backend, from /proc (0 when it cannot be read: a remote server). */
function backendCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function report(pool: pg.Pool, athletes: number, years: number, seconds: number) {
  const { rows } = await pool.query<{ name: string; rows: string; bytes: string }>(
    `select c.relname as name, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) as bytes
       from pg_class c where c.relname = any($1) order by pg_total_relation_size(c.oid) desc`,
    [TABLE_NAMES],
  );
  const athleteYears = athletes * years;
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  console.log(`\n${athletes} athletes × ${years} years seeded in ${seconds.toFixed(0)} s`);
  console.log('table                      rows        MB   rows/athlete-yr  kB/athlete-yr');
  let total = 0;
  for (const r of rows) {
    const bytes = Number(r.bytes);
    total += bytes;
    console.log(
      `${r.name.padEnd(24)} ${String(r.rows).padStart(10)} ${mb(bytes).padStart(9)} ${(Number(r.rows) / athleteYears).toFixed(1).padStart(16)} ${(bytes / 1024 / athleteYears).toFixed(1).padStart(14)}`,
    );
  }
  console.log(
    `${'total'.padEnd(24)} ${''.padStart(10)} ${mb(total).padStart(9)} ${''.padStart(16)} ${(total / 1024 / athleteYears).toFixed(1).padStart(14)}`,
  );
}

async function main() {
  const o = options();
  const url = process.env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(url)) {
    console.error(
      'seed:scale writes to PostgreSQL only: set DATABASE_URL=postgres://… to a database made for it (PGlite is not supported: it would take hours and gigabytes of memory).',
    );
    process.exit(2);
  }
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  await database.close();

  // The seed's own sessions: no wait for the WAL flush at each COPY's commit (a throwaway database is seeded
  // again if the machine dies) and room to sort in memory when the indexes are re-created (docs/scale.md,
  // "The seed"). Nothing outside these sessions changes.
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    options: '-c synchronous_commit=off -c maintenance_work_mem=512MB',
    // Kept open to the end, so that their backends' CPU can be read (a closed backend's CPU is gone from /proc;
    // with the default 10 s idle timeout most of the COPY work went uncounted).
    idleTimeoutMillis: 0,
  });
  // The CPU the seed costs, its own and its PostgreSQL backends', beside the wall time: on a machine shared
  // with other work the wall time says little, the CPU seconds say what an idle machine would take.
  const backends = new Set<number>();
  pool.on('connect', (client) => {
    const pid = (client as unknown as { processID?: number }).processID;
    if (pid) backends.add(pid);
  });
  const { rows: existing } = await pool.query('select 1 from users limit 1');
  if (existing.length > 0) {
    console.error('seed:scale: the database already has accounts; give it an empty database (createdb …).');
    process.exit(2);
  }
  const started = performance.now();
  const deferred = await deferIndexes(pool, TABLE_NAMES);
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const historyDays = Math.round(o.years * 365);
  const memo = new SessionMemo(
    generateDemoAthlete({ today: o.today, seed: athleteSeed(o.seed, 0), historyDays }).thresholds,
  );
  let out = createBuffers();
  const templateIds = writeTemplates(out, o.seed, o.today);
  let pending: Promise<void> = Promise.resolve();
  let workouts = 0;
  let activities = 0;
  for (let index = 0; index < o.athletes; index++) {
    const counts = writeAthlete(out, {
      index,
      seed: o.seed,
      today: o.today,
      historyDays,
      streamsShare: o.streamsShare,
      passwordHash,
      templateIds,
      memo,
    });
    // Lets the batch in flight's COPY writes go out between athletes.
    await new Promise((resolve) => setImmediate(resolve));
    workouts += counts.workouts;
    activities += counts.activities;
    if ((index + 1) % BATCH === 0 || index + 1 === o.athletes) {
      // The previous batch's COPY runs while this one was generated; one batch in flight at a time.
      await pending;
      const batch = out;
      out = createBuffers();
      pending = flush(pool, batch);
      if ((index + 1) % (BATCH * 10) === 0 || index + 1 === o.athletes)
        console.log(
          `${index + 1} athletes, ${workouts} workouts, ${activities} activities, ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
    }
  }
  await pending;
  // What was seeded, for the scale bench (bench/lib/scale.ts), which seeds a 1-athlete twin the same way.
  const seeded = JSON.stringify({ ...o, kind: 'stamina-scale-seed' });
  await pool
    .query(`select format('comment on database %I is %L', current_database(), $1::text) as sql`, [seeded])
    .then(({ rows }) => pool.query(rows[0].sql));
  const copied = (performance.now() - started) / 1000;
  await restoreIndexes(pool, deferred);
  const indexed = (performance.now() - started) / 1000;
  await pool.query('analyze');
  console.log(`COPY done at ${copied.toFixed(0)} s, indexes and foreign keys at ${indexed.toFixed(0)} s`);
  const seconds = (performance.now() - started) / 1000;
  const node = process.cpuUsage();
  const nodeCpu = (node.user + node.system) / 1e6;
  const pgCpu = [...backends].reduce((sum, pid) => sum + backendCpuSeconds(pid), 0);
  console.log(
    `CPU: seed process ${nodeCpu.toFixed(0)} s, PostgreSQL backends ${pgCpu.toFixed(0)} s (load average now ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
  await report(pool, o.athletes, o.years, seconds);
  await pool.end();
}

await main();
