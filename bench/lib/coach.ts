// The coach chat without a language model (issue: adaptation and coach §3): POST /api/coach/messages answered by
// the built-in coach for an athlete with a plan and two weeks of sessions, at 10 connections. Each request reads
// the athlete's snapshot through five services (from the read cache after the first answer of the day) and
// stores two messages. Budget: p95 <= 50 ms, computed from every answer's latency.
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { CONNECTIONS } from './api.ts';
import { isoDate } from './calendar.ts';
import { budgeted, type Figure, info } from './report.ts';
import type { StaminaServer } from './servers.ts';

const QUESTIONS = [
  'how ready am i to train today?',
  'How does my week look?',
  "move Saturday's long ride to Sunday",
  'how is my training load trending?',
  'am I ready for my race?',
];

async function post(url: string, token: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { data: { id: string } };
}

/** A plan and a session a day from a week back to a week ahead, through the real API. */
async function seedWeek(baseUrl: string, token: string): Promise<void> {
  const day = (offset: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + offset);
    return isoDate(d);
  };
  const plan = await post(`${baseUrl}/api/training/plans`, token, {
    title: 'Bench marathon',
    race_type: 'Marathon',
    start_date: day(-30),
    race_date: day(90),
  });
  for (let offset = -7; offset <= 7; offset++) {
    await post(`${baseUrl}/api/workout-planning/workouts`, token, {
      title: offset % 7 === 5 ? 'Long ride' : offset % 3 === 0 ? 'Threshold intervals' : 'Easy run',
      workout_date: day(offset),
      sport: offset % 7 === 5 ? 'bike' : 'run',
      duration_minutes: offset % 7 === 5 ? 180 : 50,
      intensity_zone: offset % 3 === 0 ? 4 : 2,
      plan_id: plan.data.id,
      ...(offset < 0 && offset % 2 === 0 ? { status: 'completed' } : {}),
    });
  }
}

/** The nearest-rank percentile `p` (0–1) of `values`. */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/** The server's environment for this figure: the per-athlete message limit out of the way of the load. */
export const COACH_BENCH_ENV = { COACH_RATE_LIMIT: '1000000' };

export async function benchCoach(stamina: StaminaServer, token: string, seconds: number): Promise<Figure[]> {
  await seedWeek(stamina.baseUrl, token);
  let next = 0;
  // Every response's latency, for the budget's own percentile (autocannon reports p90 and p97.5, no p95).
  let latencies: number[] = [];
  const run = (duration: number) => {
    latencies = [];
    const instance = autocannon({
      url: `${stamina.baseUrl}/api/coach/messages`,
      connections: CONNECTIONS,
      duration,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ text: QUESTIONS[next++ % QUESTIONS.length] }),
          }),
        },
      ],
    });
    // Without a callback autocannon answers its tracker (an event emitter that is also a promise).
    (instance as unknown as EventEmitter).on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
        latencies.push(responseTime),
    );
    return instance;
  };
  await run(2);
  const result = await run(seconds);
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `coach under load: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return [
    info({
      id: 'coach.rps',
      label: `POST /api/coach/messages, built-in coach (${CONNECTIONS} conn)`,
      value: result.requests.average,
      unit: 'req/s',
      note: `p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms`,
    }),
    budgeted(
      {
        id: 'coach.p95',
        label: `  coach answer, p95 (${latencies.length} answers)`,
        value: percentile(latencies, 0.95),
        unit: 'ms',
        digits: 1,
      },
      { max: 50, text: 'p95 <= 50 ms' },
    ),
  ];
}
