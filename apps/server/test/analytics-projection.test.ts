// GET /api/analytics/fitness-projection on real data (docs/training-load.md, "Projection"): today's CTL and ATL
// carried forward with the planned workouts' TSS, to the last planned session, then to the active plan's race.
import { addDays, loadSeries } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
const today = pinToday(); // test athletes live in UTC

async function add(payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workout-planning/workouts',
    headers: bearer(token),
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`workout not created: ${res.body}`);
  return res.json().data as { tss: number };
}

const projection = async (auth = token) =>
  t.app.inject({ method: 'GET', url: '/api/analytics/fitness-projection', headers: bearer(auth) });

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUpAndConfirm()).session.access_token;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/analytics/fitness-projection', () => {
  it('is empty with nothing planned ahead', async () => {
    const res = await projection();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ end_date: null, ends_at: null, race_date: null, records: [] });
  });

  it('starts at today with the history and runs the planned TSS to the last planned session', async () => {
    // An hour at Z2 done today (TSS 56.3), and two planned sessions; a skipped one in between counts nothing.
    const done = await add({
      title: 'Done',
      workout_date: today,
      sport: 'run',
      duration_minutes: 60,
      intensity_zone: 2,
      status: 'completed',
    });
    const first = await add({
      title: 'Plan A',
      workout_date: addDays(today, 2),
      sport: 'run',
      duration_minutes: 60,
      intensity_zone: 3,
    });
    await add({
      title: 'Skipped',
      workout_date: addDays(today, 3),
      sport: 'bike',
      duration_minutes: 90,
      intensity_zone: 4,
      status: 'skipped',
    });
    const last = await add({
      title: 'Plan B',
      workout_date: addDays(today, 5),
      sport: 'bike',
      duration_minutes: 45,
      intensity_zone: 2,
    });

    const res = await projection();
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.ends_at).toBe('last_planned_session');
    expect(body.end_date).toBe(addDays(today, 5));
    expect(body.records.map((r: { date: string }) => r.date)).toEqual(
      [0, 1, 2, 3, 4, 5].map((d) => addDays(today, d)),
    );

    // Continuity: today's point is the history's today.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/fitness-trends?days=1',
      headers: bearer(token),
    });
    const now = history.json().data.records.at(-1);
    expect(body.records[0]).toMatchObject({ date: today, ctl: now.ctl, atl: now.atl, tsb: now.tsb });

    // The projection is the model run on with the planned TSS (rounded to 0.1 as the API answers).
    const seed = loadSeries([{ date: today, tss: done.tss }]).at(-1)!;
    const expected = loadSeries(
      [
        { date: addDays(today, 2), tss: first.tss },
        { date: addDays(today, 5), tss: last.tss },
      ],
      { from: addDays(today, 1), to: addDays(today, 5), seed },
    );
    expect(body.records.slice(1).map((r: { tss: number }) => r.tss)).toEqual([
      0,
      Math.round(first.tss * 10) / 10,
      0,
      0,
      Math.round(last.tss * 10) / 10,
    ]);
    expect(body.records.at(-1).ctl).toBeCloseTo(expected.at(-1)!.ctl, 1);
    expect(body.records.at(-1).atl).toBeCloseTo(expected.at(-1)!.atl, 1);
  });

  it("runs to the active plan's race day when it lies ahead, past the last planned session", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/training/plans',
      headers: bearer(token),
      payload: { title: 'Spring 10K', race_type: '10K', race_date: addDays(today, 20), start_date: today },
    });
    expect(created.statusCode).toBe(201);
    const body = (await projection()).json().data;
    expect(body).toMatchObject({
      ends_at: 'race',
      end_date: addDays(today, 20),
      race_date: addDays(today, 20),
    });
    expect(body.records).toHaveLength(21);
    // After the last planned session only rest: CTL and ATL fall day by day.
    const rest = body.records.slice(6);
    for (let i = 1; i < rest.length; i++) expect(rest[i].atl).toBeLessThanOrEqual(rest[i - 1].atl);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/fitness-projection' });
    expect(res.statusCode).toBe(401);
  });
});
