// Training load (issue: training load §5): the core fitness/fatigue/form series over ten years of daily data,
// in process; and two API reads for an athlete with five years of history (about 1,800 workouts), each at 10
// connections beside the bare Fastify route in the same run.
import { performance } from 'node:perf_hooks';
import { addDays, loadSeries } from '@stamina/core';
import { CONNECTIONS, type LoadResult, load } from './api.ts';
import { seedHistory } from './calendar.ts';
import { budgeted, type Figure, info } from './report.ts';
import type { RunningServer, StaminaServer } from './servers.ts';

const PMC_DAYS = 3650;
const PMC_ROUNDS = 300;

export interface PmcBench {
  days: number;
  rounds: number;
  /** Total time over the calls / calls: garbage collection included, spread over the calls that cause it. */
  meanMs: number;
  medianMs: number;
  p99Ms: number;
}

/** loadSeries over 3,650 days of varied TSS (some rest days), timed per call after a warm-up. */
export function measurePmc(): PmcBench {
  const first = '2016-01-01';
  const entries = Array.from({ length: PMC_DAYS }, (_, i) => ({
    date: addDays(first, i),
    tss: i % 7 === 6 ? 0 : 40 + ((i * 37) % 90),
  }));
  for (let i = 0; i < 30; i++) loadSeries(entries);
  const times: number[] = [];
  for (let i = 0; i < PMC_ROUNDS; i++) {
    const started = performance.now();
    const series = loadSeries(entries);
    times.push(performance.now() - started);
    if (series.length !== PMC_DAYS) throw new Error(`loadSeries gave ${series.length} days, not ${PMC_DAYS}`);
  }
  const meanMs = times.reduce((sum, t) => sum + t, 0) / times.length;
  times.sort((a, b) => a - b);
  return {
    days: PMC_DAYS,
    rounds: PMC_ROUNDS,
    meanMs,
    medianMs: times[Math.floor(times.length / 2)]!,
    p99Ms: times[Math.floor(times.length * 0.99)]!,
  };
}

export function pmcFigures(result: PmcBench): Figure[] {
  return [
    budgeted(
      {
        id: 'pmc.mean',
        label: `core CTL/ATL/TSB, ${result.days} days, per call`,
        value: result.meanMs,
        unit: 'ms',
        digits: 2,
        note: `mean of ${result.rounds} calls, GC included; median ${result.medianMs.toFixed(2)} ms`,
      },
      { max: 2, text: '<= 2 ms' },
    ),
    // The slowest calls are the ones a young-generation collection lands in (each call builds 3,650 points).
    info({
      id: 'pmc.p99',
      label: '  core CTL/ATL/TSB, p99',
      value: result.p99Ms,
      unit: 'ms',
      digits: 2,
    }),
  ];
}

function checked(name: string, result: LoadResult): LoadResult {
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${name} under load: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
}

export async function benchTrainingLoad(
  stamina: StaminaServer,
  bare: RunningServer,
  token: string,
  seconds: number,
): Promise<Figure[]> {
  // Five years, about 1,800 workouts.
  const seedStarted = performance.now();
  const count = await seedHistory(stamina.baseUrl, token, { days: 1826, skipEvery: 60 });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const auth = { authorization: `Bearer ${token}` };
  const me = await fetch(`${stamina.baseUrl}/api/auth/me`, { headers: auth });
  const athleteId = ((await me.json()) as { data: { athlete_id: string } }).data.athlete_id;

  const routes = [
    { id: 'form-fitness', path: `/api/training/form-fitness/${athleteId}?days=42` },
    { id: 'weekly-load', path: '/api/analytics/weekly-load?weeks=12' },
  ];
  const figures: Figure[] = [
    info({
      id: 'training.seeded',
      label: 'workouts seeded (five years)',
      value: count,
      unit: '',
      note: `in ${seedSeconds.toFixed(0)} s through the API`,
    }),
  ];
  for (const route of routes) {
    const url = `${stamina.baseUrl}${route.path}`;
    checked(route.id, await load(url, 2, auth));
    const result = checked(route.id, await load(url, seconds, auth));
    const baseline = checked('bare', await load(bare.baseUrl, seconds));
    figures.push(
      info({
        id: `training.${route.id}.rps`,
        label: `GET ${route.path.split('?')[0]!.replace(athleteId, '{id}')} (${CONNECTIONS} conn)`,
        value: result.requestsPerSecond,
        unit: 'req/s',
        note: `${((result.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)} % of bare (${Math.round(baseline.requestsPerSecond)} req/s, p99 ${baseline.p99Ms} ms)`,
      }),
      budgeted(
        { id: `training.${route.id}.p99`, label: `  ${route.id}, p99`, value: result.p99Ms, unit: 'ms' },
        { max: 15, text: '<= 15 ms' },
      ),
    );
  }
  return figures;
}
