// Training API load calls: fitness and form, weekly load, streak and the weekly summary, on real data.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, weekStartOf } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let athleteId: string;
const today = pinToday(); // test athletes live in UTC

beforeAll(async () => {
  t = await createTestApp();
  const { session } = await t.signUpAndConfirm();
  token = session.access_token;
  athleteId = session.user.athlete_id;
  const add = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/workout-planning/workouts', headers: bearer(token), payload });
  // One easy hour yesterday and today (TSS 1 h × 0.75² × 100 = 56.3 each), one skipped, one still planned.
  for (const date of [addDays(today, -1), today]) {
    await add({
      title: 'Easy',
      workout_date: date,
      sport: 'run',
      duration_minutes: 60,
      intensity_zone: 2,
      status: 'completed',
    });
  }
  await add({
    title: 'Skipped',
    workout_date: today,
    sport: 'bike',
    duration_minutes: 90,
    status: 'skipped',
  });
  await add({ title: 'Later', workout_date: addDays(today, 1), sport: 'swim', duration_minutes: 45 });
});
afterAll(() => t.close());

const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });

describe('GET /api/training/form-fitness/{id}', () => {
  it('answers 42 days ending today, with the hand-computed load of two easy hours and its levels', async () => {
    const res = await get(`/api/training/form-fitness/${athleteId}`);
    expect(res.statusCode).toBe(200);
    const days = res.json().data;
    expect(days).toHaveLength(42);
    expect(days.at(-1).date).toBe(today);
    expect(days[0].date).toBe(addDays(today, -41));
    // Day 1: CTL = 56.3 × (1 − e^(−1/42)), ATL = 56.3 × (1 − e^(−1/7)); day 2 adds 56.3 again.
    const k42 = 1 - Math.exp(-1 / 42);
    const k7 = 1 - Math.exp(-1 / 7);
    const ctl1 = 56.3 * k42;
    const atl1 = 56.3 * k7;
    const ctl2 = ctl1 + (56.3 - ctl1) * k42;
    const atl2 = atl1 + (56.3 - atl1) * k7;
    expect(days.at(-2)).toMatchObject({ tss: 56.3, ctl: 1.3, atl: 7.5 });
    expect(days.at(-1).ctl).toBeCloseTo(ctl2, 1);
    expect(days.at(-1).atl).toBeCloseTo(atl2, 1);
    expect(days.at(-1).tsb).toBeCloseTo(ctl2 - atl2, 1);
    expect(days.at(-1)).toMatchObject({ fitness_level: 'low', fatigue_level: 'low', form_level: 'tired' });
    expect(days[0]).toMatchObject({ tss: 0, ctl: 0, atl: 0, tsb: 0, form_level: 'neutral' });
  });

  it('takes days from 1 to 3650 and refuses anything else with 400', async () => {
    expect((await get(`/api/training/form-fitness/${athleteId}?days=1`)).json().data).toHaveLength(1);
    for (const days of ['0', '3651', 'abc', '2.5']) {
      const res = await get(`/api/training/form-fitness/${athleteId}?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().message).toMatch(/days/);
    }
  });

  it("answers 404 for another athlete's id, or the account id, and never shows their data", async () => {
    const other = (await t.signUpAndConfirm()).session;
    const res = await get(`/api/training/form-fitness/${athleteId}`, other.access_token);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('56.3');
    expect((await get(`/api/training/form-fitness/${other.user.id}`, other.access_token)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/api/training/form-fitness/${other.user.athlete_id}`, other.access_token)).statusCode,
    ).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/training/form-fitness/${athleteId}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/training/load-trends/{id}', () => {
  it("answers 12 Monday weeks by default, this week closing on today's fitness", async () => {
    const res = await get(`/api/training/load-trends/${athleteId}`);
    expect(res.statusCode).toBe(200);
    const weeks = res.json().data;
    expect(weeks).toHaveLength(12);
    const last = weeks.at(-1);
    expect(last.week_start).toBe(weekStartOf(today));
    expect(last.week_number).toBeGreaterThanOrEqual(1);
    const form = (await get(`/api/training/form-fitness/${athleteId}?days=1`)).json().data[0];
    expect(last).toMatchObject({ ctl: form.ctl, atl: form.atl, tsb: form.tsb });
    const total = weeks.reduce((sum: number, w: { total_tss: number }) => sum + w.total_tss, 0);
    expect(total).toBeCloseTo(112.6, 1);
  });

  it('validates weeks and answers 404 for another id', async () => {
    expect((await get(`/api/training/load-trends/${athleteId}?weeks=521`)).statusCode).toBe(400);
    const other = (await t.signUpAndConfirm()).session;
    expect((await get(`/api/training/load-trends/${athleteId}`, other.access_token)).statusCode).toBe(404);
  });
});

describe('GET /api/training/consistency/{id}', () => {
  it('marks the last 28 days rest, complete, partial or missed', async () => {
    const res = await get(`/api/training/consistency/${athleteId}`);
    expect(res.statusCode).toBe(200);
    const { daily_data, summary } = res.json().data;
    expect(daily_data).toHaveLength(28);
    expect(daily_data.at(-1).date).toBe(today);
    expect(daily_data.at(-2)).toMatchObject({ status: 'complete', completion: 1, completed_minutes: 60 });
    // Today: 60 of 150 scheduled minutes done so far (the ride was skipped).
    expect(daily_data.at(-1)).toMatchObject({ planned_minutes: 150, completed_minutes: 60 });
    expect(daily_data[0]).toMatchObject({ status: 'rest', completion: 0 });
    expect(summary.total_days).toBe(28);
    expect(summary.complete_days).toBeGreaterThanOrEqual(1);
  });

  it('validates days and answers 404 for another id', async () => {
    expect((await get(`/api/training/consistency/${athleteId}?days=0`)).statusCode).toBe(400);
    const other = (await t.signUpAndConfirm()).session;
    expect((await get(`/api/training/consistency/${athleteId}`, other.access_token)).statusCode).toBe(404);
  });
});

describe('GET /api/training/weekly-load', () => {
  it('answers 12 Monday weeks by default, the last holding this week day by day', async () => {
    const res = await get('/api/training/weekly-load');
    expect(res.statusCode).toBe(200);
    const weeks = res.json().data;
    expect(weeks).toHaveLength(12);
    const thisWeek = weeks.at(-1);
    expect(thisWeek.week_start).toBe(weekStartOf(today));
    expect(thisWeek.daily_tss).toHaveLength(7);
    const sum = weeks.slice(-2).reduce((s: number, w: { total_tss: number }) => s + w.total_tss, 0);
    expect(sum).toBeCloseTo(112.6, 1);
    expect(weeks[0]).toMatchObject({ total_tss: 0, weekly_average: 0, load_trend: 'stable' });
  });

  it('takes weeks from 1 to 520', async () => {
    expect((await get('/api/training/weekly-load?weeks=1')).json().data).toHaveLength(1);
    expect((await get('/api/training/weekly-load?weeks=0')).statusCode).toBe(400);
    expect((await get('/api/training/weekly-load?weeks=521')).statusCode).toBe(400);
  });
});

describe('GET /api/training/streak', () => {
  it('counts yesterday and today', async () => {
    const res = await get('/api/training/streak');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ currentStreak: 2, longestStreak: 2 });
  });
});

describe('the streak kept with each stored day', () => {
  const streakOf = async (as: string) => (await get('/api/training/streak', as)).json().data;
  const storedFacts = async (id: string) =>
    (
      (await t.db.execute(sql`
        select to_char(date, 'YYYY-MM-DD') as date, streak_days, longest_streak from daily_load
        where athlete_id = ${id} order by date`)) as unknown as { rows: unknown[] }
    ).rows;

  it('follows writes out of order, joins and splits runs, ignores future days, and matches the migration', async () => {
    const { session } = await t.signUpAndConfirm();
    const as = session.access_token;
    const ran = async (offset: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/workout-planning/workouts',
        headers: bearer(as),
        payload: {
          title: `Run ${offset}`,
          workout_date: addDays(today, offset),
          sport: 'run',
          duration_minutes: 30,
          status: 'completed',
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.id as string;
    };
    for (const offset of [-10, -9, -8, -5, -4]) await ran(offset);
    expect(await streakOf(as)).toEqual({ currentStreak: 0, longestStreak: 3 });
    // Two older days filled in afterwards join the runs: -10 to -4.
    const bridge = await ran(-7);
    await ran(-6);
    expect(await streakOf(as)).toEqual({ currentStreak: 0, longestStreak: 7 });
    // Yesterday counts as current; tomorrow's completed run is not counted yet.
    await ran(-1);
    await ran(1);
    expect(await streakOf(as)).toEqual({ currentStreak: 1, longestStreak: 7 });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/workout-planning/workouts/${bridge}`,
      headers: bearer(as),
    });
    expect(removed.statusCode).toBe(200);
    expect(await streakOf(as)).toEqual({ currentStreak: 1, longestStreak: 3 });
    await ran(0);
    expect(await streakOf(as)).toEqual({ currentStreak: 2, longestStreak: 3 });

    // The migration's backfill writes the same facts as the re-derivation did.
    const id = session.user.athlete_id;
    const written = await storedFacts(id);
    await t.db.execute(
      sql`update daily_load set streak_days = 0, longest_streak = 0 where athlete_id = ${id}`,
    );
    const migration = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '../drizzle/0008_daily_load_streaks.sql'),
      'utf8',
    );
    await t.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    expect(await storedFacts(id)).toEqual(written);
  });
});

describe('GET /api/training/summary/week', () => {
  it("sums this week's completed work and counts every scheduled session", async () => {
    const week = weekStartOf(today);
    const res = await get('/api/training/summary/week');
    expect(res.statusCode).toBe(200);
    const inWeek = (date: string) => date >= week && date <= addDays(week, 6);
    const completed = [addDays(today, -1), today].filter(inWeek).length;
    const scheduled = completed + 1 + (inWeek(addDays(today, 1)) ? 1 : 0);
    expect(res.json().data).toEqual({
      week_start: week,
      completed_sessions: completed,
      planned_sessions: scheduled,
      total_sessions: scheduled,
      total_duration_hours: completed,
      weekly_tss: Math.round(completed * 563) / 10,
    });
  });

  it('counts no planned sessions for an empty week (no invented target), and refuses a bad start date', async () => {
    const res = await get('/api/training/summary/week?start=2020-01-08');
    expect(res.json().data).toMatchObject({
      week_start: '2020-01-06',
      planned_sessions: 0,
      total_sessions: 0,
    });
    expect((await get('/api/training/summary/week?start=2020-13-01')).statusCode).toBe(400);
  });
});

describe('GET /api/training/zones-distribution', () => {
  it('puts the two easy hours in zone 2, in total and for running', async () => {
    const res = await get('/api/training/zones-distribution?period=week');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      period: 'week',
      start_date: addDays(today, -6),
      end_date: today,
      zone_2_percentage: 100,
      zone_1_2_percentage: 100,
      zone_4_5_percentage: 0,
      total_time_minutes: 120,
      targets: { zone_1_2: 80, zone_3: 5, zone_4_5: 15 },
    });
    expect(res.json().data.by_sport.run).toMatchObject({ zone_2_percentage: 100, total_time_minutes: 120 });
    expect(res.json().data.by_sport.bike.total_time_minutes).toBe(0);
    const bad = await get('/api/training/zones-distribution?period=decade');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/period/);
  });
});

describe('GET /api/training/load/{id}', () => {
  it('answers the week holding week_start (default this week) as weekly-load does', async () => {
    const week = (await get(`/api/training/load/${athleteId}`)).json().data;
    expect(week).toEqual((await get('/api/training/weekly-load?weeks=1')).json().data[0]);
    expect(week.week_start).toBe(weekStartOf(today));
    const old = await get(`/api/training/load/${athleteId}?week_start=2020-01-08`);
    expect(old.json().data).toMatchObject({
      week_start: '2020-01-06',
      total_tss: 0,
      daily_tss: [0, 0, 0, 0, 0, 0, 0],
    });
    expect((await get(`/api/training/load/${athleteId}?week_start=2020-02-30`)).statusCode).toBe(400);
    const other = (await t.signUpAndConfirm()).session;
    expect((await get(`/api/training/load/${athleteId}`, other.access_token)).statusCode).toBe(404);
  });
});

describe('GET /api/training/analytics/{id}', () => {
  it('sums the period and scores its quality from consistency and polarization', async () => {
    const res = await get(`/api/training/analytics/${athleteId}?period=week`);
    expect(res.statusCode).toBe(200);
    const summary = res.json().data;
    const form = (await get(`/api/training/form-fitness/${athleteId}?days=1`)).json().data[0];
    const consistency = (await get(`/api/training/consistency/${athleteId}?days=7`)).json().data.summary;
    // All easy: distance to 80/5/15 is (20 + 5 + 15) / 2 = 20 → 100 × (1 − 20/95) = 78.9.
    const score = Math.round(0.5 * consistency.completion_percentage + 0.5 * 78.9);
    expect(summary).toMatchObject({
      period: 'week',
      start_date: addDays(today, -6),
      end_date: today,
      total_sessions: 2,
      total_hours: 2,
      total_tss: 112.6,
      average_weekly_hours: 2,
      zone_distribution: { zone_2_percentage: 100, total_time_minutes: 120 },
      polarization: { period: 'week', polarization_score: 78.9, is_polarized: false },
      current_form: form,
      consistency,
      training_quality_score: score,
    });
    expect((await get(`/api/training/analytics/${athleteId}?period=x`)).statusCode).toBe(400);
    const other = (await t.signUpAndConfirm()).session;
    expect((await get(`/api/training/analytics/${athleteId}`, other.access_token)).statusCode).toBe(404);
  });
});
