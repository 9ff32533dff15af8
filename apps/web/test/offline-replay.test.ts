// The replay of writes made offline against the API (api/offline/write-queue.ts): the conflict checks of each
// kind of write, and the Idempotency-Key a queued create keeps until it is sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXTS, queueWrite, sendOrQueue, writeQueue } from '../src/api/offline/write-queue.ts';
import { reportReachable } from '../src/lib/pwa.ts';
import { json } from './calendar-test-utils.tsx';
import { signInQueue } from './offline-fixtures.ts';

const USER = '00000000-0000-4000-8000-000000000000';
const WORKOUT = '00000000-0000-4000-8000-000000000001';

function workout(overrides: Record<string, unknown> = {}) {
  return {
    id: WORKOUT,
    title: 'Tempo',
    status: 'planned',
    updated_at: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
}

/** A fake server: answers by method and path, and records every request with its Idempotency-Key. */
function server(routes: Record<string, () => Response>) {
  const calls: {
    route: string;
    key: string | null;
    ifMatch: string | null;
    ifNoneMatch?: string;
  }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const route = `${init.method} ${new URL(url, 'http://x').pathname}`;
    const headers = init.headers as Record<string, string>;
    calls.push({
      route,
      key: headers['idempotency-key'] ?? null,
      ifMatch: headers['if-match'] ?? null,
      ...(headers['if-none-match'] ? { ifNoneMatch: headers['if-none-match'] } : {}),
    });
    const answer = routes[route];
    return answer ? answer() : json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  return calls;
}

function queueMarkDone(baseUpdatedAt: string) {
  return queueWrite({
    type: 'workout-done',
    endpoint: 'PUT /workout-planning/workouts/{workoutId}',
    params: { workoutId: WORKOUT },
    method: 'PUT',
    body: { status: 'completed' },
    label: 'Mark done: Tempo',
    baseUpdatedAt,
  });
}

beforeEach(async () => {
  await signInQueue(USER);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const conflict of writeQueue.get().conflicts) await writeQueue.dismissConflict(conflict.id);
});

const WORKOUT_PATH = `/api/workout-planning/workouts/${WORKOUT}`;

describe('replaying a workout marked done offline', () => {
  it('sends it when the workout is as the athlete saw it', async () => {
    await queueMarkDone('2026-11-26T08:00:00.000Z');
    const calls = server({
      [`GET ${WORKOUT_PATH}`]: () => json(200, { data: workout() }),
      [`PUT ${WORKOUT_PATH}`]: () => json(200, { data: workout({ status: 'completed' }) }),
    });
    const result = await writeQueue.replay();
    expect(calls.map((c) => c.route)).toEqual([`GET ${WORKOUT_PATH}`, `PUT ${WORKOUT_PATH}`]);
    expect(result.applied).toHaveLength(1);
    expect(writeQueue.get().pending).toEqual([]);
  });

  it('reports it, without sending, when the workout was changed on the server since', async () => {
    await queueMarkDone('2026-11-26T08:00:00.000Z');
    const calls = server({
      [`GET ${WORKOUT_PATH}`]: () => json(200, { data: workout({ updated_at: '2026-11-26T09:30:00.000Z' }) }),
    });
    await writeQueue.replay();
    expect(calls.map((c) => c.route)).toEqual([`GET ${WORKOUT_PATH}`]);
    expect(writeQueue.get().conflicts.map((c) => c.reason)).toEqual([OFFLINE_TEXTS.changedElsewhere]);
    expect(writeQueue.get().pending).toEqual([]);
  });

  it('sends the version it was made on, and lists a change made elsewhere meanwhile (412) as refused', async () => {
    await queueMarkDone('2026-11-26T08:00:00.000Z');
    const message =
      'This workout was changed after your copy of it, so your change was not applied. Reload it and try again.';
    const calls = server({
      [`GET ${WORKOUT_PATH}`]: () => json(200, { data: workout() }),
      [`PUT ${WORKOUT_PATH}`]: () => json(412, { message, code: 'PRECONDITION_FAILED' }),
    });
    await writeQueue.replay();
    expect(calls.find((c) => c.route === `PUT ${WORKOUT_PATH}`)?.ifMatch).toBe('"2026-11-26T08:00:00.000Z"');
    expect(writeQueue.get().conflicts.map((c) => c.reason)).toEqual([message]);
    expect(writeQueue.get().pending).toEqual([]);
  });

  it('reports it when the workout was deleted on the server', async () => {
    await queueMarkDone('2026-11-26T08:00:00.000Z');
    server({});
    await writeQueue.replay();
    expect(writeQueue.get().conflicts.map((c) => c.reason)).toEqual([OFFLINE_TEXTS.deletedElsewhere]);
  });
});

describe('a wellness entry made offline', () => {
  async function queueWellness(entry = { date: '2026-11-26', hrv: 50 }) {
    reportReachable(false);
    const outcome = await sendOrQueue(
      {
        type: 'wellness',
        endpoint: 'POST /metrics',
        params: {},
        method: 'POST',
        body: entry,
        label: 'Wellness',
        idempotencyKey: 'wellness-key',
      },
      async () => {
        throw new Error('not sent while offline');
      },
    );
    expect(outcome).toEqual({ queued: true });
    reportReachable(true);
  }

  it('is sent with the version of the day it was checked against (If-Match)', async () => {
    await queueWellness();
    const seen = '2026-11-26T06:00:00.000Z';
    const calls = server({
      'GET /api/metrics': () => json(200, { data: [{ date: '2026-11-26', updated_at: seen }] }),
      'POST /api/metrics': () => json(200, { data: { date: '2026-11-26', hrv: 50 } }),
    });
    const result = await writeQueue.replay();
    expect(calls).toEqual([
      { route: 'GET /api/metrics', key: null, ifMatch: null },
      { route: 'POST /api/metrics', key: 'wellness-key', ifMatch: `"${seen}"` },
    ]);
    expect(result.applied).toHaveLength(1);
    expect(writeQueue.get().conflicts).toEqual([]);
  });

  it('is sent only while the day still has no entry (If-None-Match: *) when it had none', async () => {
    await queueWellness();
    const calls = server({
      'GET /api/metrics': () => json(200, { data: [] }),
      'POST /api/metrics': () => json(201, { data: { date: '2026-11-26', hrv: 50 } }),
    });
    await writeQueue.replay();
    expect(calls[1]).toEqual({
      route: 'POST /api/metrics',
      key: 'wellness-key',
      ifMatch: null,
      ifNoneMatch: '*',
    });
    expect(writeQueue.get().pending).toEqual([]);
  });

  it('lists a day written elsewhere between the check and the send (412) as refused, never overwriting it', async () => {
    await queueWellness();
    const message =
      'This wellness day was changed after your copy of it, so your entry was not saved. Reload it and try again.';
    server({
      'GET /api/metrics': () =>
        json(200, { data: [{ date: '2026-11-26', updated_at: '2026-11-26T06:00:00.000Z' }] }),
      'POST /api/metrics': () => json(412, { message, code: 'PRECONDITION_FAILED' }),
    });
    const result = await writeQueue.replay();
    expect(result.applied).toEqual([]);
    expect(result.conflicts.map((c) => c.reason)).toEqual([message]);
    expect(writeQueue.get().conflicts.map((c) => [c.write.label, c.reason])).toEqual([['Wellness', message]]);
    expect(writeQueue.get().pending).toEqual([]);
  });

  it('is reported when the day was written on the server after it was made', async () => {
    await queueWellness();
    const later = new Date(Date.now() + 60_000).toISOString();
    const calls = server({
      'GET /api/metrics': () => json(200, { data: [{ date: '2026-11-26', updated_at: later }] }),
    });
    await writeQueue.replay();
    expect(calls.map((c) => c.route)).toEqual(['GET /api/metrics']);
    expect(writeQueue.get().conflicts.map((c) => c.write.label)).toEqual(['Wellness']);
  });
});

describe('a workout created offline', () => {
  it('is sent on reconnect with the Idempotency-Key it was given when made', async () => {
    reportReachable(false);
    await sendOrQueue(
      {
        type: 'workout-create',
        endpoint: 'POST /workout-planning/workouts',
        params: {},
        method: 'POST',
        body: { title: 'Easy', workout_date: '2026-11-27', sport: 'run' },
        label: 'New workout: Easy',
        idempotencyKey: 'key-made-offline',
      },
      async () => {
        throw new Error('not sent while offline');
      },
    );
    expect(writeQueue.get().pending).toHaveLength(1);
    reportReachable(true);
    const calls = server({
      'POST /api/workout-planning/workouts': () => json(201, { data: workout() }),
    });
    await writeQueue.replay();
    expect(calls).toEqual([
      { route: 'POST /api/workout-planning/workouts', key: 'key-made-offline', ifMatch: null },
    ]);
    expect(writeQueue.get().pending).toEqual([]);
  });

  it('is kept and sent again with backoff while the server says an earlier send with its key is in progress (409)', async () => {
    reportReachable(false);
    await sendOrQueue(
      {
        type: 'workout-create',
        endpoint: 'POST /workout-planning/workouts',
        params: {},
        method: 'POST',
        body: { title: 'Easy', workout_date: '2026-11-27', sport: 'run' },
        label: 'New workout: Easy',
        idempotencyKey: 'key-cut-off',
      },
      async () => {
        throw new Error('not sent while offline');
      },
    );
    reportReachable(true);
    let busy = 2;
    const calls = server({
      'POST /api/workout-planning/workouts': () =>
        busy-- > 0
          ? json(409, {
              message: 'A request with this Idempotency-Key is still being processed: retry in a moment',
              code: 'CONFLICT',
              detail: { in_progress: true, lease_seconds: 120 },
            })
          : json(201, { data: workout() }),
    });
    const first = await writeQueue.replay();
    expect(first).toMatchObject({ remaining: 1, retryInMs: 2_000, conflicts: [] });
    const second = await writeQueue.replay();
    expect(second).toMatchObject({ remaining: 1, retryInMs: 4_000, conflicts: [] });
    expect(writeQueue.get().pending).toHaveLength(1);
    const third = await writeQueue.replay();
    expect(third).toMatchObject({ remaining: 0, retryInMs: null });
    expect(third.applied.map((w) => w.label)).toEqual(['New workout: Easy']);
    expect(new Set(calls.map((c) => c.key))).toEqual(new Set(['key-cut-off']));
    expect(writeQueue.get().conflicts).toEqual([]);
  });
});
