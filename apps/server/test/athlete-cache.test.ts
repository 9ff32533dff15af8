// The calendar is served from a cache; every write to a workout must still show on the next read, in this
// process and, through Redis, in every other process sharing the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarCache } from '../src/modules/workouts/calendar-cache.ts';
import { bearer, createTestApp, REDIS_URL, redisAvailable, type TestApp, twoProcesses } from './helpers.ts';

const workout = (title: string) => ({ title });

describe('calendar cache', () => {
  it('serves a range from memory until the athlete’s workouts change', async () => {
    const cache = createCalendarCache();
    let loads = 0;
    const load = async () => [workout(`load ${++loads}`)];
    expect(await cache.read('a1', '2026-01-01', '2026-01-31', load)).toEqual([workout('load 1')]);
    expect(await cache.read('a1', '2026-01-01', '2026-01-31', load)).toEqual([workout('load 1')]);
    // Another athlete's change leaves this athlete's ranges alone.
    cache.invalidate('a2');
    expect(await cache.read('a1', '2026-01-01', '2026-01-31', load)).toEqual([workout('load 1')]);
    cache.invalidate('a1');
    expect(await cache.read('a1', '2026-01-01', '2026-01-31', load)).toEqual([workout('load 2')]);
    expect(loads).toBe(2);
  });

  it('never keeps a read that raced a write', async () => {
    const cache = createCalendarCache();
    let release!: () => void;
    const slow = cache.read('a1', '2026-01-01', '2026-01-07', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return [workout('before the write')];
    });
    await Promise.resolve();
    cache.invalidate('a1');
    release();
    expect(await slow).toEqual([workout('before the write')]);
    const next = await cache.read('a1', '2026-01-01', '2026-01-07', async () => [workout('after the write')]);
    expect(next).toEqual([workout('after the write')]);
  });

  it('forgets entries after their TTL and stays within its size bound', async () => {
    const cache = createCalendarCache({ ttlMs: 40, maxEntries: 2 });
    let loads = 0;
    const load = async () => [workout(String(++loads))];
    await cache.read('a', '2026-01-01', '2026-01-01', load);
    await cache.read('a', '2026-01-02', '2026-01-02', load);
    await cache.read('a', '2026-01-03', '2026-01-03', load);
    // The oldest range was dropped to make room.
    expect(await cache.read('a', '2026-01-01', '2026-01-01', load)).toEqual([workout('4')]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.read('a', '2026-01-01', '2026-01-01', load)).toEqual([workout('5')]);
  });

  it('with a TTL of 0 reads through every time', async () => {
    const cache = createCalendarCache({ ttlMs: 0 });
    let loads = 0;
    const load = async () => [workout(String(++loads))];
    await cache.read('a', '2026-01-01', '2026-01-01', load);
    expect(await cache.read('a', '2026-01-01', '2026-01-01', load)).toEqual([workout('2')]);
  });
});

const RANGE = '/api/workout-planning/calendar?date_from=2026-03-01&date_to=2026-03-31';
const titles = (res: {
  json(): { data: { calendar_events: Array<{ title: string; event_date: string }> } };
}) => res.json().data.calendar_events.map((event) => `${event.event_date} ${event.title}`);

describe('the calendar call after every kind of write', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signUpAndConfirm()).session.access_token;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('shows creates, moves, completions and deletes at once, through either API', async () => {
    expect(titles(await call('GET', RANGE))).toEqual([]);
    const created = await call('POST', '/api/workout-planning/workouts', {
      title: 'Tempo',
      workout_date: '2026-03-10',
      sport: 'run',
    });
    const id = created.json().data.id;
    expect(titles(await call('GET', RANGE))).toEqual(['2026-03-10 Tempo']);

    await call('PUT', `/api/workout-planning/workouts/${id}`, { workout_date: '2026-03-11' });
    expect(titles(await call('GET', RANGE))).toEqual(['2026-03-11 Tempo']);

    await call('POST', `/api/training/workouts/${id}/complete`);
    expect((await call('GET', RANGE)).json().data.calendar_events[0].status).toBe('completed');

    await call('POST', '/api/training/workouts', {
      title: 'Spin',
      sport: 'bike',
      workout_date: '2026-03-12',
    });
    expect(titles(await call('GET', RANGE))).toEqual(['2026-03-11 Tempo', '2026-03-12 Spin']);

    await call('DELETE', `/api/workout-planning/workouts/${id}`);
    expect(titles(await call('GET', RANGE))).toEqual(['2026-03-12 Spin']);
  });
});

describe.runIf(await redisAvailable(REDIS_URL))('two app processes sharing one database and Redis', () => {
  const processes = twoProcesses();

  it('a workout moved on one process shows moved on the other', async () => {
    const { session } = await processes.first().signUpAndConfirm();
    const headers = bearer(session.access_token);
    const created = await processes.first().app.inject({
      method: 'POST',
      url: '/api/workout-planning/workouts',
      headers,
      payload: { title: 'Long run', workout_date: '2026-03-14', sport: 'run' },
    });
    const read = () => processes.second().inject({ method: 'GET', url: RANGE, headers });
    expect(titles(await read())).toEqual(['2026-03-14 Long run']);
    await processes.first().app.inject({
      method: 'PUT',
      url: `/api/workout-planning/workouts/${created.json().data.id}`,
      headers,
      payload: { workout_date: '2026-03-15' },
    });
    await expect
      .poll(async () => titles(await read()), { timeout: 2000, interval: 20 })
      .toEqual(['2026-03-15 Long run']);
  });
});
