// The dashboard (issue: wellness and dashboard §9): GET /api/dashboard/summary for an athlete with five years
// of workouts and daily wellness, at 10 connections beside the bare Fastify route in the same run.
import { CONNECTIONS, type LoadResult, load } from './api.ts';
import { isoDate } from './calendar.ts';
import { budgeted, type Figure, info } from './report.ts';
import type { RunningServer, StaminaServer } from './servers.ts';

/** Five years of plausible daily wellness as one CSV, imported through the real import call. */
export async function seedWellness(baseUrl: string, token: string, days = 1826): Promise<number> {
  const lines = ['date,hrv,resting_hr,sleep_hours,sleep_quality,readiness,fatigue'];
  const start = new Date();
  start.setUTCDate(start.getUTCDate() - (days - 1));
  for (let day = 0; day < days; day++) {
    const date = new Date(start);
    date.setUTCDate(start.getUTCDate() + day);
    // Weekly and monthly waves, as training blocks make them; fixed, so every run measures the same data.
    const wave = Math.sin(day / 3.5) + 0.5 * Math.sin(day / 14);
    const hrv = Math.round(58 + 8 * wave);
    const rhr = Math.round(50 - 3 * wave);
    const sleep = (7.4 + 0.6 * Math.sin(day / 2.3)).toFixed(1);
    const quality = 3 + Math.round(Math.sin(day / 5));
    lines.push(`${isoDate(date)},${hrv},${rhr},${sleep},${quality},${quality},${5 - Math.round(2 * wave)}`);
  }
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'wellness.csv');
  const res = await fetch(`${baseUrl}/api/metrics/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`wellness import answered ${res.status}: ${await res.text()}`);
  const report = (await res.json()) as { data: { imported: number } };
  return report.data.imported;
}

function checked(name: string, result: LoadResult): LoadResult {
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${name} under load: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
}

/** `token` is an athlete who already has five years of workouts (the training-load bench seeds them). */
export async function benchDashboard(
  stamina: StaminaServer,
  bare: RunningServer,
  token: string,
  seconds: number,
): Promise<Figure[]> {
  const imported = await seedWellness(stamina.baseUrl, token);
  const auth = { authorization: `Bearer ${token}` };
  const url = `${stamina.baseUrl}/api/dashboard/summary`;
  checked('summary', await load(url, 2, auth));
  const summary = checked('summary', await load(url, seconds, auth));
  const baseline = checked('bare', await load(bare.baseUrl, seconds));
  return [
    info({
      id: 'dashboard.wellness',
      label: 'wellness days imported (five years)',
      value: imported,
      unit: '',
    }),
    info({
      id: 'dashboard.summary.rps',
      label: `GET /api/dashboard/summary (${CONNECTIONS} conn)`,
      value: summary.requestsPerSecond,
      unit: 'req/s',
      note: `${((summary.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)} % of bare (${Math.round(baseline.requestsPerSecond)} req/s, p99 ${baseline.p99Ms} ms)`,
    }),
    budgeted(
      { id: 'dashboard.summary.p99', label: '  dashboard summary, p99', value: summary.p99Ms, unit: 'ms' },
      { max: 15, text: '<= 15 ms' },
    ),
  ];
}
