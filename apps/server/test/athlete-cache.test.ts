// Reads of training data are served from a per-athlete cache; every write to a workout or a plan must still
// show on the next read, in this process and, through Redis, in every other process sharing the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAthleteCache } from '../src/lib/athlete-cache.ts';
import { bearer, createTestApp, REDIS_URL, redisAvailable, type TestApp, twoProcesses } from './helpers.ts';

const workout = (title: string) => ({ title });

describe('athlete cache', () => {
  it('serves a range from memory until the athlete’s workouts change', async () => {
    const cache = createAthleteCache();
    let loads = 0;
    const load = async () => [workout(`load ${++loads}`)];
    expect(await cache.read('a1', '2026-01-01|2026-01-31', load)).toEqual([workout('load 1')]);
    expect(await cache.read('a1', '2026-01-01|2026-01-31', load)).toEqual([workout('load 1')]);
    // Another athlete's change leaves this athlete's ranges alone.
    cache.invalidate('a2');
    expect(await cache.read('a1', '2026-01-01|2026-01-31', load)).toEqual([workout('load 1')]);
    cache.invalidate('a1');
    expect(await cache.read('a1', '2026-01-01|2026-01-31', load)).toEqual([workout('load 2')]);
    expect(loads).toBe(2);
  });

  it('never keeps a read that raced a write', async () => {
    const cache = createAthleteCache();
    let release!: () => void;
    const slow = cache.read('a1', '2026-01-01|2026-01-07', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return [workout('before the write')];
    });
    await Promise.resolve();
    cache.invalidate('a1');
    release();
    expect(await slow).toEqual([workout('before the write')]);
    const next = await cache.read('a1', '2026-01-01|2026-01-07', async () => [workout('after the write')]);
    expect(next).toEqual([workout('after the write')]);
  });

  it('forgets entries after their TTL and stays within its size bound', async () => {
    const cache = createAthleteCache({ ttlMs: 40, maxEntries: 2 });
    let loads = 0;
    const load = async () => [workout(String(++loads))];
    await cache.read('a', '2026-01-01|2026-01-01', load);
    await cache.read('a', '2026-01-02|2026-01-02', load);
    await cache.read('a', '2026-01-03|2026-01-03', load);
    // The oldest range was dropped to make room.
    expect(await cache.read('a', '2026-01-01|2026-01-01', load)).toEqual([workout('4')]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.read('a', '2026-01-01|2026-01-01', load)).toEqual([workout('5')]);
  });

  it('with a TTL of 0 reads through every time', async () => {
    const cache = createAthleteCache({ ttlMs: 0 });
    let loads = 0;
    const load = async () => [workout(String(++loads))];
    await cache.read('a', '2026-01-01|2026-01-01', load);
    expect(await cache.read('a', '2026-01-01|2026-01-01', load)).toEqual([workout('2')]);
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

describe('training reads after every kind of write', () => {
  let t: TestApp;
  let token: string;
  let athleteId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { session } = await t.signUpAndConfirm();
    token = session.access_token;
    athleteId = session.user.athlete_id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const today = () => new Date().toISOString().slice(0, 10);

  it('shows a completed workout in fitness, weekly load and achievements at once', async () => {
    const fitness = `/api/training/form-fitness/${athleteId}?days=7`;
    const ctlToday = async () => (await call('GET', fitness)).json().data.at(-1).ctl;
    expect(await ctlToday()).toBe(0);
    expect((await call('GET', '/api/analytics/achievements')).json().data.earned_count).toBe(0);
    const created = await call('POST', '/api/workout-planning/workouts', {
      title: 'Tempo',
      workout_date: today(),
      sport: 'run',
      duration_minutes: 60,
      intensity_zone: 3,
    });
    // Planned only: nothing counts yet, and the cached answers are still right.
    expect(await ctlToday()).toBe(0);
    await call('POST', `/api/training/workouts/${created.json().data.id}/complete`);
    expect(await ctlToday()).toBeGreaterThan(0);
    expect((await call('GET', '/api/analytics/achievements')).json().data.earned_count).toBeGreaterThan(0);
    expect((await call('GET', '/api/analytics/weekly-load?weeks=1')).json().data[0].sessions).toBe(1);
    await call('DELETE', `/api/workout-planning/workouts/${created.json().data.id}`);
    expect(await ctlToday()).toBe(0);
  });

  it('shows a new, changed and deleted plan in race readiness and periodization at once', async () => {
    const race = async () => (await call('GET', '/api/analytics/race-readiness')).json().data.race;
    expect(await race()).toBeNull();
    const raceDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const plan = await call('POST', '/api/training/plans', {
      title: 'Spring 10K',
      race_type: '10K',
      race_date: raceDate,
    });
    expect(await race()).toMatchObject({ title: 'Spring 10K', race_date: raceDate });
    expect((await call('GET', '/api/analytics/periodization')).json().data.source).toBe('plan');
    await call('PUT', `/api/training/plans/${plan.json().data.id}`, { title: 'Summer 10K' });
    expect(await race()).toMatchObject({ title: 'Summer 10K' });
    await call('DELETE', `/api/training/plans/${plan.json().data.id}`);
    expect(await race()).toBeNull();
  });

  it('never answers one athlete with another athlete’s cached read', async () => {
    const other = (await t.signUpAndConfirm()).session.access_token;
    await call('POST', '/api/workout-planning/workouts', {
      title: 'Mine',
      workout_date: today(),
      sport: 'bike',
      duration_minutes: 90,
      status: 'completed',
    });
    const url = '/api/analytics/weekly-load?weeks=1';
    expect((await call('GET', url)).json().data[0].sessions).toBe(1);
    expect((await call('GET', url, undefined, other)).json().data[0].sessions).toBe(0);
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
