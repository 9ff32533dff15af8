// The daily load table follows every workout write in the same transaction: completed work only, re-derived
// from the changed day on, each athlete on their own.
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
  ctl: number;
  atl: number;
  tsb: number;
  sessions: number;
  run_minutes: number;
  bike_minutes: number;
}

async function days(token: string): Promise<Day[]> {
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const result = await t.db.execute(sql`
    select to_char(d.date, 'YYYY-MM-DD') as date, d.tss, d.ctl, d.atl, d.tsb, d.sessions, d.run_minutes, d.bike_minutes
    from daily_load d join athletes a on a.id = d.athlete_id
    where a.auth_user_id = ${me.json().data.id} order by d.date`);
  return (result as unknown as { rows: Day[] }).rows.map((row) => ({
    ...row,
    tss: Number(row.tss),
    ctl: Number(row.ctl),
    atl: Number(row.atl),
    tsb: Number(row.tsb),
    run_minutes: Number(row.run_minutes),
    bike_minutes: Number(row.bike_minutes),
  }));
}

const post = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/workout-planning/workouts', headers: bearer(token), payload });
const put = (token: string, id: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/workout-planning/workouts/${id}`,
    headers: bearer(token),
    payload,
  });

describe('daily load upkeep', () => {
  it('counts completed work only, with its TSS and minutes, a row per day with sessions', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    await post(token, { title: 'Planned', workout_date: '2026-01-05', sport: 'run', duration_minutes: 60 });
    expect(await days(token)).toEqual([]);

    const done = await post(token, {
      title: 'Easy hour',
      workout_date: '2026-01-05',
      sport: 'run',
      duration_minutes: 60,
      intensity_zone: 2,
      status: 'completed',
    });
    expect(done.json().data.tss).toBeGreaterThan(0);
    await post(token, {
      title: 'Ride',
      workout_date: '2026-01-08',
      sport: 'bike',
      duration_minutes: 90,
      intensity_zone: 2,
      status: 'completed',
    });
    const rows = await days(token);
    // Only days with sessions are stored; fitness decays across the two empty days between them.
    expect(rows.map((d) => d.date)).toEqual(['2026-01-05', '2026-01-08']);
    expect(rows[0]).toMatchObject({ sessions: 1, run_minutes: 60, bike_minutes: 0 });
    expect(rows[1]).toMatchObject({ sessions: 1, bike_minutes: 90 });
    expect(rows[0]!.tss).toBeCloseTo(done.json().data.tss, 5);
    expect(rows[0]!.ctl).toBeGreaterThan(0);
    const ctlGain = 1 - Math.exp(-1 / 42);
    const rested = rows[0]!.ctl * (1 - ctlGain) ** 2;
    expect(rows[1]!.ctl).toBeCloseTo(rested + (rows[1]!.tss - rested) * ctlGain, 6);
    for (const day of rows) expect(day.tsb).toBeCloseTo(day.ctl - day.atl, 5);
  });

  it('re-derives every later day when an old workout changes, is moved or is deleted', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    const early = (
      await post(token, {
        title: 'Early',
        workout_date: '2026-02-01',
        sport: 'run',
        duration_minutes: 60,
        intensity_zone: 3,
        status: 'completed',
      })
    ).json().data;
    await post(token, {
      title: 'Late',
      workout_date: '2026-02-10',
      sport: 'run',
      duration_minutes: 45,
      intensity_zone: 2,
      status: 'completed',
    });
    const before = await days(token);
    expect(before.map((d) => d.date)).toEqual(['2026-02-01', '2026-02-10']);

    await put(token, early.id, { duration_minutes: 120 });
    const harder = await days(token);
    expect(harder.at(-1)!.ctl).toBeGreaterThan(before.at(-1)!.ctl);

    await put(token, early.id, { workout_date: '2026-02-05' });
    const moved = await days(token);
    expect(moved.map((d) => d.date)).toEqual(['2026-02-05', '2026-02-10']);
    expect(moved.at(-1)!.ctl).toBeGreaterThan(harder.at(-1)!.ctl);

    await put(token, early.id, { status: 'skipped' });
    expect((await days(token)).map((d) => d.date)).toEqual(['2026-02-10']);

    const late = (
      await t.app.inject({ method: 'GET', url: '/api/workout-planning/workouts', headers: bearer(token) })
    )
      .json()
      .data.find((w: { title: string }) => w.title === 'Late');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/workout-planning/workouts/${late.id}`,
      headers: bearer(token),
    });
    expect(await days(token)).toEqual([]);
  });

  it('keeps each athlete to their own days', async () => {
    const ana = (await t.signUpAndConfirm()).session.access_token;
    const ben = (await t.signUpAndConfirm()).session.access_token;
    await post(ana, {
      title: 'Ana',
      workout_date: '2026-03-01',
      sport: 'swim',
      duration_minutes: 40,
      status: 'completed',
    });
    expect(await days(ben)).toEqual([]);
    expect(await days(ana)).toHaveLength(1);
  });
});
