// Cache misses: every first visit and every read after a write skips the per-athlete read cache
// (apps/server/src/lib/athlete-cache.ts), so its speed is the miss path's. A server of its own runs with the
// cache off (READ_CACHE_TTL_MS=0): every request below is a miss. One athlete with five years of workouts (about
// 1,800) and daily wellness; the five-week calendar and the dashboard summary at 1 connection (what one visitor's
// first read costs: the budget) and at 10 (misses queueing behind each other in one process: throughput, not
// budgeted), the bare Fastify route beside
// them in the same run. On PGlite, then on PostgreSQL when one answers (a fresh database, dropped
// afterwards; BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres).
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { CONNECTIONS, type LoadResult, load, signUpAndConfirm } from './api.ts';
import { isoDate, seedHistory } from './calendar.ts';
import { seedWellness } from './dashboard.ts';
import { budgeted, type Figure, info } from './report.ts';
import { type RunningServer, startStamina } from './servers.ts';

const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

function checked(name: string, result: LoadResult): LoadResult {
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${name} under load: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
}

/**
 * The CPU time a process has used, in ms (Linux /proc; null elsewhere). On a shared machine the wall-clock
 * figures move with whatever else runs; the server's CPU per request does not, and is what the changes move.
 */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux the bench runs on. */
const CLOCK_TICKS = 100;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database on the PostgreSQL server (`label` in its name: `stamina_bench_archive_…`), or null when none
 *  answers. */
export async function freshBenchDatabase(
  label?: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const name = `stamina_bench_${label ? `${label}_` : ''}${Date.now()}`;
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch {
    return null;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function benchCacheMisses(
  root: string,
  bare: RunningServer,
  seconds: number,
  database: 'pglite' | 'postgres',
  databaseUrl: string | null,
): Promise<Figure[]> {
  const stamina = await startStamina(root, {
    databaseUrl,
    env: { READ_CACHE_TTL_MS: '0', SEED_DEMO: 'false' },
  });
  try {
    const token = await signUpAndConfirm(stamina);
    const seedStarted = performance.now();
    const workouts = await seedHistory(stamina.baseUrl, token, { days: 1826, skipEvery: 60 });
    const days = await seedWellness(stamina.baseUrl, token);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const auth = { authorization: `Bearer ${token}` };
    const to = new Date();
    const from = new Date(to);
    from.setUTCDate(to.getUTCDate() - 34);
    const calendarUrl = `${stamina.baseUrl}/api/workout-planning/calendar?date_from=${isoDate(from)}&date_to=${isoDate(to)}`;
    const summaryUrl = `${stamina.baseUrl}/api/dashboard/summary`;
    checked('calendar', await load(calendarUrl, 2, auth));
    checked('summary', await load(summaryUrl, 2, auth));
    const serverCpu = new Map<LoadResult, number>();
    const measured = async (name: string, url: string, connections: number) => {
      const before = cpuMs(stamina.child.proc.pid);
      const result = checked(name, await load(url, seconds, auth, undefined, connections));
      const after = cpuMs(stamina.child.proc.pid);
      if (before !== null && after !== null && result.total > 0)
        serverCpu.set(result, (after - before) / result.total);
      return result;
    };
    const rps = (r: LoadResult) => {
      const cpu = serverCpu.get(r);
      const cpuText = cpu === undefined ? '' : `, server CPU ${cpu.toFixed(1)} ms/req`;
      return `${Math.round(r.requestsPerSecond)} req/s, p50 ${r.p50Ms} ms${cpuText}`;
    };
    const figures: Figure[] = [];
    for (const connections of [1, CONNECTIONS]) {
      const calendar = await measured('calendar (miss)', calendarUrl, connections);
      const summary = await measured('dashboard summary (miss)', summaryUrl, connections);
      const conn = `${connections} conn`;
      // The budget is for one miss (1 connection); ten at once queue in one process, so their p99 is about ten
      // times its time per miss and is reported as throughput (docs/performance.md, "Cached reads and what a miss costs").
      const figure = (what: string, label: string, result: LoadResult): Figure => {
        const shown = {
          id: `miss.${database}.${what}.c${connections}.p99`,
          label: `${database}: ${label}, miss, ${conn}, p99`,
          value: result.p99Ms,
          unit: 'ms',
          note: rps(result),
        };
        return connections === 1 ? budgeted(shown, { max: 10, text: '<= 10 ms' }) : info(shown);
      };
      figures.push(
        figure('calendar', 'calendar 5 weeks', calendar),
        figure('summary', 'dashboard summary', summary),
      );
    }
    const baseline = checked('bare', await load(bare.baseUrl, seconds));
    return [
      info({
        id: `miss.${database}.seeded`,
        label: `${database}: workouts + wellness days seeded`,
        value: workouts + days,
        unit: '',
        note: `${workouts} + ${days} in ${seedSeconds.toFixed(0)} s through the API`,
      }),
      ...figures,
      info({
        id: `miss.${database}.bare.p99`,
        label: `${database}: bare Fastify GET / p99 (same run)`,
        value: baseline.p99Ms,
        unit: 'ms',
        note: rps(baseline),
      }),
    ];
  } finally {
    await stamina.child.stop();
  }
}
