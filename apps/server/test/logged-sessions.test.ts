// "Mark done" without a recording, with what was actually done (docs/training-load.md, "Logged sessions"): the
// logged duration, distance, RPE and note are kept on the workout, and its load (the daily load table, the
// figures every screen reads) counts them instead of the plan. Also the sports scored by effort: a yoga session
// is planned, done and scored by RPE. On the real database of the test app.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Day {
  date: string;
  tss: number;
  sessions: number;
  run_minutes: number;
}

async function days(token: string): Promise<Day[]> {
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const result = await t.db.execute(sql`
    select to_char(d.date, 'YYYY-MM-DD') as date, d.tss, d.sessions, d.run_minutes
    from daily_load d join athletes a on a.id = d.athlete_id
    where a.auth_user_id = ${me.json().data.id} order by d.date`);
  return (result as unknown as { rows: Day[] }).rows.map((row) => ({
    ...row,
    tss: Number(row.tss),
    run_minutes: Number(row.run_minutes),
  }));
}

const plan = async (token: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workout-planning/workouts',
    headers: bearer(token),
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; tss: number };
};
const complete = (token: string, id: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/training/workouts/${id}/complete`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
const put = (token: string, id: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/workout-planning/workouts/${id}`,
    headers: bearer(token),
    payload,
  });

const EASY_HOUR = {
  title: 'Easy hour',
  workout_date: '2026-01-05',
  sport: 'run',
  duration_minutes: 60,
  intensity_zone: 2,
};

describe('mark done with what was done', () => {
  it('without a body, the planned figures count (60 min in zone 2: TSS 56.3)', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    const workout = await plan(token, EASY_HOUR);
    const res = await complete(token, workout.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'completed', rpe: null, actual_tss: null });
    expect(await days(token)).toMatchObject([{ date: '2026-01-05', tss: 56.3, run_minutes: 60 }]);
  });

  it('the logged duration and RPE, not the plan, feed the load: 30 min at RPE 8 is TSS 45.1', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    const workout = await plan(token, EASY_HOUR);
    const res = await complete(token, workout.id, {
      actual_duration_minutes: 30,
      actual_distance_meters: 6200,
      rpe: 8,
      note: 'Legs heavy, cut it short',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 0.5 h × IF(RPE 8) 0.95² × 100 = 45.1
    expect(res.json().data).toMatchObject({
      status: 'completed',
      duration: 60,
      actual_duration_minutes: 30,
      actual_distance_meters: 6200,
      actual_tss: 45.1,
      rpe: 8,
      note: 'Legs heavy, cut it short',
    });
    expect(await days(token)).toMatchObject([
      { date: '2026-01-05', tss: 45.1, sessions: 1, run_minutes: 30 },
    ]);

    // The same figures on the workout as the calendar and the planning API read it.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/workout-planning/workouts/${workout.id}`,
      headers: bearer(token),
    });
    expect(read.json().data).toMatchObject({
      tss: 56.3,
      actual_tss: 45.1,
      rpe: 8,
      actual_duration_minutes: 30,
    });
  });

  it('only a duration: the planned intensity over the minutes done (40 min in zone 2: TSS 37.5)', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    const workout = await plan(token, EASY_HOUR);
    await complete(token, workout.id, { actual_duration_minutes: 40 });
    expect(await days(token)).toMatchObject([{ tss: 37.5, run_minutes: 40 }]);
  });

  it('an RPE logged later on the completed workout moves the load; set back to planned, the figures go', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    const workout = await plan(token, EASY_HOUR);
    await complete(token, workout.id);
    const logged = await put(token, workout.id, { rpe: 9, note: 'Harder than planned' });
    expect(logged.statusCode, logged.body).toBe(200);
    // 1 h × IF(RPE 9) 1.05² × 100 = 110.3
    expect(logged.json().data).toMatchObject({ actual_tss: 110.3, rpe: 9, note: 'Harder than planned' });
    expect(await days(token)).toMatchObject([{ tss: 110.3 }]);

    const undone = await put(token, workout.id, { status: 'planned' });
    expect(undone.json().data).toMatchObject({ status: 'planned', rpe: null, actual_tss: null });
    expect(await days(token)).toEqual([]);
  });

  it('refuses an RPE outside 1-10, a duration of 0 and unknown fields (400)', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    const workout = await plan(token, EASY_HOUR);
    for (const body of [
      { rpe: 11 },
      { rpe: 0 },
      { rpe: 5.5 },
      { actual_duration_minutes: 0 },
      { feel: 'ok' },
    ]) {
      const res = await complete(token, workout.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await days(token)).toEqual([]);
  });
});

describe('sports scored by effort', () => {
  it('plans a yoga session, lists it on the calendar, and scores it by RPE once done', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    const yoga = await plan(token, {
      title: 'Evening yoga',
      workout_date: '2026-01-06',
      sport: 'yoga',
      duration_minutes: 60,
    });
    // No zone and no RPE yet: the default IF 0.5, 1 h → 25.
    expect(yoga.tss).toBe(25);
    const calendar = await t.app.inject({
      method: 'GET',
      url: '/api/workout-planning/calendar?date_from=2026-01-05&date_to=2026-01-11',
      headers: bearer(token),
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.json().data.calendar_events).toMatchObject([{ title: 'Evening yoga', sport: 'yoga' }]);

    await complete(token, yoga.id, { rpe: 3 });
    // 1 h × IF(RPE 3) 0.6² × 100 = 36
    expect(await days(token)).toMatchObject([{ date: '2026-01-06', tss: 36, sessions: 1, run_minutes: 0 }]);
  });

  it('takes every sport of the list, and refuses one outside it (400)', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    for (const sport of ['rowing', 'hiking', 'xc_ski', 'other']) {
      await plan(token, { title: sport, workout_date: '2026-01-07', sport, duration_minutes: 30 });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workout-planning/workouts',
      headers: bearer(token),
      payload: { title: 'Curling', workout_date: '2026-01-07', sport: 'curling' },
    });
    expect(res.statusCode).toBe(400);
  });
});
