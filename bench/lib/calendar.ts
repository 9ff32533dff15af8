// The calendar call for a five-week range, for an athlete with two years of workouts (about 700),
// measured beside the bare Fastify route in the same run (issue: workouts §6).
import { CONNECTIONS, load } from './api.ts';
import { budgeted, type Figure, info } from './report.ts';
import type { RunningServer, StaminaServer } from './servers.ts';

const SPORTS = ['run', 'bike', 'swim', 'strength'] as const;
const TEXTS: Record<(typeof SPORTS)[number], string[]> = {
  run: [
    'Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min',
    '45min Z2',
    '10min Z1, 6x 400m @ Z5 with 90s rest, 10min Z1',
  ],
  bike: [
    'Warmup: 15min Z2\nMain: 3x 12min sweet spot with 4min easy\nCooldown: 10min Z1',
    '2h endurance',
    '4x 8min @ 95% FTP w/ 4min Z1',
  ],
  swim: [
    'Warmup: 300m easy\nMain: 8x 100m Z4 with 20s rest\nCooldown: 200m easy',
    '10x 100m threshold, 15s rest',
  ],
  strength: ['Warmup: 10min easy\nMain: 4x 8min Z3 with 2min rest\nCooldown: 5min easy'],
};

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Creates one workout a day over the `days` days before today, leaving out every `skipEvery`-th day; every
 * seventh day's is skipped, the rest completed. Posted in date order, ten at a time, through the real API, so
 * the daily load table is kept exactly as for a real athlete.
 */
export async function seedHistory(
  baseUrl: string,
  token: string,
  { days, skipEvery }: { days: number; skipEvery: number },
): Promise<number> {
  const start = new Date();
  start.setUTCDate(start.getUTCDate() - days);
  const bodies: unknown[] = [];
  for (let day = 0; day < days; day++) {
    if (day % skipEvery === 0) continue;
    const date = new Date(start);
    date.setUTCDate(start.getUTCDate() + day);
    const sport = SPORTS[day % SPORTS.length]!;
    const texts = TEXTS[sport];
    bodies.push({
      title: `${sport} ${day}`,
      workout_date: isoDate(date),
      sport,
      workout_language_text: texts[day % texts.length],
      status: day % 7 === 3 ? 'skipped' : 'completed',
    });
  }
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  for (let i = 0; i < bodies.length; i += 10) {
    const batch = bodies.slice(i, i + 10);
    const results = await Promise.all(
      batch.map((body) =>
        fetch(`${baseUrl}/api/workout-planning/workouts`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        }),
      ),
    );
    const failed = results.find((r) => r.status !== 201);
    if (failed) throw new Error(`seeding workouts failed: ${failed.status} ${await failed.text()}`);
  }
  return bodies.length;
}

export async function benchCalendar(
  stamina: StaminaServer,
  bare: RunningServer,
  token: string,
  seconds: number,
): Promise<Figure[]> {
  // Two years, about 700 workouts.
  const count = await seedHistory(stamina.baseUrl, token, { days: 730, skipEvery: 25 });
  const path = (daysBack: number, days: number) => {
    const to = new Date();
    to.setUTCDate(to.getUTCDate() - daysBack);
    const from = new Date(to);
    from.setUTCDate(to.getUTCDate() - (days - 1));
    return `/api/workout-planning/calendar?date_from=${isoDate(from)}&date_to=${isoDate(to)}`;
  };
  const url = `${stamina.baseUrl}${path(0, 35)}`;
  const auth = { authorization: `Bearer ${token}` };
  await load(url, 2, auth);
  const calendar = await load(url, seconds, auth);
  const baseline = await load(bare.baseUrl, seconds);
  // Every request a different five-to-six-week range of the two years: almost all miss the cache.
  const cold = await load(url, seconds, auth, () =>
    path(Math.floor(Math.random() * 690), 35 + Math.floor(Math.random() * 7)),
  );
  for (const [name, result] of [
    ['calendar', calendar],
    ['varying ranges', cold],
  ] as const) {
    if (result.non2xx || result.errors)
      throw new Error(`${name} under load: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return [
    info({ id: 'calendar.seeded', label: 'workouts seeded (two years)', value: count, unit: '' }),
    info({
      id: 'calendar.rps',
      label: `GET calendar, 5 weeks (${CONNECTIONS} conn, ${seconds} s)`,
      value: calendar.requestsPerSecond,
      unit: 'req/s',
    }),
    budgeted(
      { id: 'calendar.p99', label: 'GET calendar, 5 weeks, p99', value: calendar.p99Ms, unit: 'ms' },
      { max: 10, text: '<= 10 ms' },
    ),
    info({
      id: 'calendar.cold.p99',
      label: 'GET calendar, varying 5-6 week ranges (cache misses), p99',
      value: cold.p99Ms,
      unit: 'ms',
      note: `${Math.round(cold.requestsPerSecond)} req/s`,
    }),
    info({
      id: 'calendar.bare.p99',
      label: 'bare Fastify GET / p99 (same run)',
      value: baseline.p99Ms,
      unit: 'ms',
      note: `${Math.round(baseline.requestsPerSecond)} req/s`,
    }),
  ];
}
