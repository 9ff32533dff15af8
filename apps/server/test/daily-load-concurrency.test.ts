// Concurrent workout writes for one athlete: every answer is a 2xx, and afterwards the daily load table is
// exactly what the workouts add up to. On PostgreSQL (TEST_DATABASE_URL) the writes really run in parallel
// on a pool of connections; that is where interleaved re-derivations once failed with duplicate keys.
import { loadSeries } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/api/workout-planning/workouts';

interface StoredDay {
  date: string;
  tss: number;
  ctl: number;
  sessions: number;
}

async function athleteIdOf(token: string): Promise<string> {
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  return me.json().data.athlete_id;
}

async function storedDays(athleteId: string): Promise<StoredDay[]> {
  const result = await t.db.execute(sql`
    select to_char(date, 'YYYY-MM-DD') as date, tss, ctl, sessions from daily_load
    where athlete_id = ${athleteId} and sessions > 0 order by date`);
  return (result as unknown as { rows: StoredDay[] }).rows.map((row) => ({
    date: row.date,
    tss: Number(row.tss),
    ctl: Number(row.ctl),
    sessions: Number(row.sessions),
  }));
}

/** What the table must hold: the completed workouts summed per day, with CTL run over every day between. */
async function expectedDays(athleteId: string): Promise<StoredDay[]> {
  const result = await t.db.execute(sql`
    select to_char(workout_date, 'YYYY-MM-DD') as date, sum(tss) as tss, count(*) as sessions from workouts
    where athlete_id = ${athleteId} and status = 'completed' group by workout_date order by workout_date`);
  const rows = (result as unknown as { rows: { date: string; tss: string; sessions: string }[] }).rows;
  const series = loadSeries(rows.map((row) => ({ date: row.date, tss: Number(row.tss) })));
  const ctlByDate = new Map(series.map((point) => [point.date, point.ctl]));
  return rows.map((row) => ({
    date: row.date,
    tss: Number(row.tss),
    ctl: ctlByDate.get(row.date) ?? Number.NaN,
    sessions: Number(row.sessions),
  }));
}

function expectSameDays(stored: StoredDay[], expected: StoredDay[]) {
  expect(stored.map((d) => [d.date, d.sessions])).toEqual(expected.map((d) => [d.date, d.sessions]));
  for (let i = 0; i < expected.length; i++) {
    expect(stored[i]!.tss).toBeCloseTo(expected[i]!.tss, 6);
    expect(stored[i]!.ctl).toBeCloseTo(expected[i]!.ctl, 6);
  }
}

describe('daily load under concurrent writes', () => {
  it('answers 2xx to 20 parallel writers and keeps the table equal to the workouts', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    const athleteId = await athleteIdOf(token);
    const day = (i: number) => `2026-0${1 + (i % 3)}-${String(1 + ((i * 7) % 27)).padStart(2, '0')}`;
    const create = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: API,
        headers: bearer(token),
        payload: {
          title: `Session ${i}`,
          workout_date: day(i),
          sport: i % 2 ? 'run' : 'bike',
          duration_minutes: 30 + i,
          intensity_zone: 1 + (i % 5),
          status: 'completed',
        },
      });

    // Round 1: 20 creates at once, several on the same day.
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => create(i)));
    expect(created.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expectSameDays(await storedDays(athleteId), await expectedDays(athleteId));

    // Round 2: 20 mixed writers at once: moves, un-completes, deletes and new sessions.
    const ids: string[] = created.map((r) => r.json().data.id);
    const mixed = await Promise.all(
      ids.map((id, i) => {
        if (i % 4 === 0)
          return t.app.inject({ method: 'DELETE', url: `${API}/${id}`, headers: bearer(token) });
        if (i % 4 === 1) return create(100 + i);
        const payload = i % 4 === 2 ? { workout_date: day(i + 5) } : { status: 'planned' };
        return t.app.inject({ method: 'PUT', url: `${API}/${id}`, headers: bearer(token), payload });
      }),
    );
    for (const res of mixed) expect([200, 201, 204]).toContain(res.statusCode);
    expectSameDays(await storedDays(athleteId), await expectedDays(athleteId));
  });

  it('ten completed creates on one day all land, in the sessions count and the TSS', async () => {
    const token = (await t.signUpAndConfirm()).session.access_token;
    const athleteId = await athleteIdOf(token);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: API,
          headers: bearer(token),
          payload: {
            title: `Same day ${i}`,
            workout_date: '2026-05-05',
            sport: 'run',
            duration_minutes: 40 + i,
            intensity_zone: 3,
            status: 'completed',
          },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const tss = answers.reduce((sum, r) => sum + r.json().data.tss, 0);
    const [stored] = await storedDays(athleteId);
    expect(stored).toMatchObject({ date: '2026-05-05', sessions: 10 });
    expect(stored!.tss).toBeCloseTo(tss, 6);
  });
});
