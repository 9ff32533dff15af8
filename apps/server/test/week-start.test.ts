// The athlete's week start (docs/training-load.md, "Weeks"): the setting round-trips through the profile, and
// the weekly reads (analytics, the dashboard's week, training load) cut their weeks on it, the cached reads too.
// The clock is pinned to Wednesday 25 November 2026, noon UTC (test athletes live in UTC).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const SUNDAY = '2026-11-22';

let t: TestApp;
let token: string;

// Only the date is pinned (timers run), from before the account exists so its tokens are of that day.
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  token = (await t.athlete()).token;
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const setWeekStart = (weekStart: string) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload: { weekStart } });

describe("the athlete's week start", () => {
  it('is Monday for a new account, and a change round-trips through the profile', async () => {
    expect((await get('/api/auth/me')).user_metadata.weekStart).toBe('monday');
    const res = await setWeekStart('sunday');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user_metadata.weekStart).toBe('sunday');
    expect((await get('/api/auth/me')).user_metadata.weekStart).toBe('sunday');
    expect((await setWeekStart('monday')).statusCode).toBe(200);
    expect((await get('/api/auth/me')).user_metadata.weekStart).toBe('monday');
  });

  it('refuses a day that is not offered, with a 400 naming the field, and keeps the setting', async () => {
    const res = await setWeekStart('tuesday');
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/weekStart/);
    expect((await get('/api/auth/me')).user_metadata.weekStart).toBe('monday');
  });

  it("moves Sunday's session from last week to this week when the week starts on Sunday", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/workout-planning/workouts',
      headers: bearer(token),
      payload: {
        title: 'Sunday long run',
        workout_date: SUNDAY,
        sport: 'run',
        duration_minutes: 60,
        intensity_zone: 2,
        status: 'completed',
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    // Monday weeks: the Sunday closes the week of Monday 16th; this week (from the 23rd) holds nothing.
    const mondayWeeks = await get('/api/analytics/weekly-load?weeks=2');
    expect(mondayWeeks.map((w: { week_start_date: string }) => w.week_start_date)).toEqual([
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(mondayWeeks.map((w: { run_hours: number }) => w.run_hours)).toEqual([1, 0]);
    expect(mondayWeeks.map((w: { sessions: number }) => w.sessions)).toEqual([1, 0]);
    const mondaySummary = await get('/api/dashboard/widgets/weekly-summary');
    expect(mondaySummary).toMatchObject({ week_start: '2026-11-23', completed_sessions: 0 });

    expect((await setWeekStart('sunday')).statusCode).toBe(200);

    // Sunday weeks: the same session opens this week (from the 22nd). The same URLs, read again, are not
    // answered from the cache of the Monday weeks.
    const sundayWeeks = await get('/api/analytics/weekly-load?weeks=2');
    expect(sundayWeeks.map((w: { week_start_date: string }) => w.week_start_date)).toEqual([
      '2026-11-15',
      SUNDAY,
    ]);
    expect(sundayWeeks.map((w: { run_hours: number }) => w.run_hours)).toEqual([0, 1]);
    expect(sundayWeeks.map((w: { run_tss: number }) => w.run_tss > 0)).toEqual([false, true]);
    const sundaySummary = await get('/api/dashboard/widgets/weekly-summary');
    expect(sundaySummary).toMatchObject({
      week_start: SUNDAY,
      completed_sessions: 1,
      total_duration_hours: 1,
    });
    const trends = await get('/api/analytics/performance-trends?sport=run');
    expect(trends.weeks.at(-1)).toMatchObject({ week_start: SUNDAY, sessions: 1, hours: 1 });
    const zones = await get('/api/analytics/detailed-zones');
    expect(zones.weekly.at(-1).week_start).toBe(SUNDAY);
    expect(zones.weekly.at(-1).zone_minutes[1]).toBeGreaterThan(0);

    // Saturday weeks: this week began on the 21st and still holds the Sunday.
    expect((await setWeekStart('saturday')).statusCode).toBe(200);
    const saturdayWeeks = await get('/api/analytics/weekly-load?weeks=1');
    expect(saturdayWeeks[0]).toMatchObject({ week_start_date: '2026-11-21', run_hours: 1 });
    expect((await setWeekStart('monday')).statusCode).toBe(200);
  });
});
