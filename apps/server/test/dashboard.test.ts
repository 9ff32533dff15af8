// The Dashboard API on real data: a month of completed sessions, today's planned run and an active plan
// towards a race; an empty account answers nulls and zeros; another athlete's id is a 404 on every read, bad
// parameters a 400; health with and without a database.
import { addDays, weekStartOf } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { loadTrends, percentChange } from '../src/modules/dashboard/service.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let owner: { token: string; athleteId: string };
let empty: { token: string; athleteId: string };
let todaysWorkoutId: string;
let planId: string;
const today = pinToday(); // test athletes live in UTC
const raceDate = addDays(today, 60);

const PATHS = [
  'summary',
  'recovery',
  'training-load',
  'widgets/readiness',
  'widgets/weekly-summary',
  'widgets/streak',
  'widgets/race-countdown',
];

beforeAll(async () => {
  t = await createTestApp();
  const a = (await t.signUpAndConfirm()).session;
  owner = { token: a.access_token, athleteId: a.user.athlete_id };
  const b = (await t.signUpAndConfirm()).session;
  empty = { token: b.access_token, athleteId: b.user.athlete_id };
  const add = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workout-planning/workouts',
      headers: bearer(owner.token),
      payload: { sport: 'run', duration_minutes: 60, intensity_zone: 2, ...payload },
    });
    if (res.statusCode !== 201) throw new Error(`workout not created: ${res.body}`);
    return res.json().data.id as string;
  };
  // Every day of the last 4 weeks but today: an hour's easy run, completed (a 27-day streak up to yesterday).
  for (let i = 27; i >= 1; i--) {
    await add({ title: `Run ${i}`, workout_date: addDays(today, -i), status: 'completed' });
  }
  await add({ title: 'Skipped swim', workout_date: today, sport: 'swim', status: 'skipped' });
  todaysWorkoutId = await add({
    title: 'Tempo',
    workout_date: today,
    intensity_zone: 3,
    duration_minutes: 50,
  });
  await add({ title: 'Evening spin', workout_date: today, sport: 'bike' });
  const plan = await t.app.inject({
    method: 'POST',
    url: '/api/training/plans',
    headers: bearer(owner.token),
    payload: { title: 'Autumn marathon', race_type: 'Marathon', race_date: raceDate, target_time: '3:30:00' },
  });
  if (plan.statusCode !== 201) throw new Error(`plan not created: ${plan.body}`);
  planId = plan.json().data.id;
});
afterAll(() => t.close());

const get = (url: string, token = owner.token) =>
  t.app.inject({ method: 'GET', url: `/api/dashboard/${url}`, headers: bearer(token) });
const data = async (url: string, token = owner.token) => {
  const res = await get(url, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

describe('GET /api/dashboard/summary', () => {
  it('answers from the real data', async () => {
    const summary = await data('summary');
    expect(summary).toMatchObject({
      athlete_id: owner.athleteId,
      date: today,
      todays_workout: {
        id: todaysWorkoutId,
        title: 'Tempo',
        description: null,
        sport: 'run',
        intensity: 3,
        duration: 50,
        status: 'planned',
        workout_date: today,
        plan_id: null,
      },
      current_training_streak: 27,
      longest_training_streak: 27,
      primary_race: {
        plan_id: planId,
        name: 'Autumn marathon',
        race_type: 'Marathon',
        date: raceDate,
        days_until: 60,
        target_time: '3:30:00',
      },
      active_plan: { id: planId, title: 'Autumn marathon' },
      recovery_insights: [],
    });
    expect(summary.fitness_score).toBeGreaterThan(10);
    expect(summary.fatigue_score).toBeGreaterThan(summary.fitness_score);
    expect(summary.form_score).toBeCloseTo(summary.fitness_score - summary.fatigue_score, 0);
    expect(summary.active_plan.progress_percentage).toBeGreaterThan(0);
    expect(summary.active_plan.progress_percentage).toBeLessThan(5);
    expect(summary.weekly_summary.week_start).toBe(weekStartOf(today));
    // Training every day for 4 weeks against nothing before: volume is up.
    expect(summary.trends.volume_trend).toBe('improving');
    // The trend badge is the daily readiness series' last 7 days against the 7 before.
    const series = await t.app.inject({
      method: 'GET',
      url: '/api/metrics/readiness-trends?days=14',
      headers: bearer(owner.token),
    });
    const scores: number[] = series.json().data.days.map((d: { score: number }) => d.score);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const expected = ((mean(scores.slice(7)) - mean(scores.slice(0, 7))) / mean(scores.slice(0, 7))) * 100;
    expect(scores.every((score) => typeof score === 'number')).toBe(true);
    expect(summary.trends.readiness_trend).toBeCloseTo(expected, 0);
    expect(summary.trends.readiness_trend).not.toBe(0);
    expect((await data('widgets/readiness')).trends.readiness_trend).toBe(summary.trends.readiness_trend);
    // The sweep ran: this week's plan was announced.
    expect(summary.unread_notifications).toBeGreaterThanOrEqual(1);
  });

  it('scores readiness, recovery and their trend as the separate reads do, though it reads each day once', async () => {
    const s = (await t.signUpAndConfirm()).session;
    const token = s.access_token;
    // Two weeks of wellness and of training: every number the summary shares between its parts is in play.
    for (let i = 13; i >= 0; i--) {
      const day = addDays(today, -i);
      const wellness = await t.app.inject({
        method: 'POST',
        url: '/api/metrics',
        headers: bearer(token),
        payload: {
          date: day,
          hrv: 50 + (i % 5) * 3,
          resting_hr: 50 + (i % 3),
          sleep_hours: 6 + (i % 4) * 0.5,
        },
      });
      expect(wellness.statusCode, wellness.body).toBeLessThan(300);
      const workout = await t.app.inject({
        method: 'POST',
        url: '/api/workout-planning/workouts',
        headers: bearer(token),
        payload: {
          title: `Ride ${i}`,
          sport: 'bike',
          workout_date: day,
          duration_minutes: 30 + i * 5,
          intensity_zone: 3,
          status: 'completed',
        },
      });
      expect(workout.statusCode, workout.body).toBe(201);
    }
    const summary = await data('summary', token);
    const widget = await data('widgets/readiness', token);
    const recovery = await data('recovery', token);
    const load = await data('training-load', token);
    expect(summary.recovery_score).toEqual(expect.any(Number));
    expect(summary.recovery_score).toBe(recovery.today.score);
    expect(summary.readiness_score).toBe(widget.readiness);
    expect(summary.trends.readiness_trend).toBe(widget.trends.readiness_trend);
    expect([summary.fitness_score, summary.fatigue_score, summary.form_score]).toEqual([
      load.ctl,
      load.atl,
      load.tsb,
    ]);
  });

  it('shows a wellness entry at once: recovery, readiness and at most 3 insights, and a recovery warning', async () => {
    const { athleteId, token } = await (async () => {
      const s = (await t.signUpAndConfirm()).session;
      return { athleteId: s.user.athlete_id, token: s.access_token };
    })();
    const before = await data('summary', token);
    expect(before.recovery_score).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/metrics',
      headers: bearer(token),
      payload: { date: today, hrv: 20, resting_hr: 70, sleep_hours: 3, sleep_quality: 1, readiness: 1 },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // The summary read before was cached; the new score must not be hidden by it.
    const after = await data(`summary/${athleteId}`, token);
    expect(after.recovery_score).toBeLessThan(40);
    expect(after.readiness_score).toEqual(expect.any(Number));
    expect(after.recovery_insights.length).toBeGreaterThan(0);
    expect(after.recovery_insights.length).toBeLessThanOrEqual(3);
    expect(after.unread_notifications).toBe(before.unread_notifications + 1);
    const recovery = await data('recovery', token);
    expect(recovery.today.score).toBe(after.recovery_score);
    expect(recovery.analysis.daily_scores).toHaveLength(1);

    // Deleting the entry leaves no score to report: the cached summary must not keep the old one.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/metrics/${res.json().data.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await data('summary', token)).recovery_score).toBeNull();
    expect((await data('recovery', token)).today).toBeNull();
  });

  it('answers nulls and zeros for an empty account, never an error', async () => {
    const summary = await data('summary', empty.token);
    expect(summary).toEqual({
      athlete_id: empty.athleteId,
      date: today,
      readiness_score: null,
      recovery_score: null,
      // A new athlete's load figures rest on the default thresholds (docs/zones.md, "Estimates from recordings").
      thresholds: { estimated: true, defaults: ['ftp_watts', 'threshold_pace_seconds_per_km', 'lthr'] },
      fitness_score: 0,
      fatigue_score: 0,
      form_score: 0,
      todays_workout: null,
      weekly_summary: {
        week_start: weekStartOf(today),
        completed_sessions: 0,
        // Nothing planned is no target: 0, never an invented 5.
        planned_sessions: 0,
        total_sessions: 0,
        total_duration_hours: 0,
        weekly_tss: 0,
      },
      current_training_streak: 0,
      longest_training_streak: 0,
      primary_race: null,
      active_plan: null,
      trends: { readiness_trend: 0, volume_trend: 'stable', intensity_trend: 'stable' },
      recovery_insights: [],
      unread_notifications: 0,
    });
  });
});

describe('widget and detail reads', () => {
  it('answers the streak, race countdown, weekly summary and training load', async () => {
    expect(await data('widgets/streak')).toEqual({
      current_streak: 27,
      longest_streak: 27,
      streak_type: 'training_days',
    });
    expect(await data('widgets/race-countdown')).toMatchObject({ plan_id: planId, days_until: 60 });
    const lastWeek = await data(`widgets/weekly-summary?week_start=${addDays(weekStartOf(today), -7)}`);
    expect(lastWeek).toMatchObject({ completed_sessions: 7, total_duration_hours: 7 });
    const load = await data('training-load');
    expect(load.week_start).toBe(weekStartOf(today));
    expect(load.daily_tss).toHaveLength(7);
    expect(load.ctl).toBeGreaterThan(0);
    expect(['poor', 'tired', 'neutral', 'fresh', 'very_fresh']).toContain(load.form_level);
  });

  it('answers the readiness widget with form, race, streak and week', async () => {
    const widget = await data('widgets/readiness');
    expect(widget).toMatchObject({
      primaryRace: { name: 'Autumn marathon', days_until: 60 },
      currentStreak: 27,
      recoveryFactors: { sleep_duration: null, hrv: null },
      readinessTrends: { hrv: 'stable' },
    });
    expect(widget.fitnessMetrics.ctl).toBeGreaterThan(0);
    expect(widget.fitnessMetrics.trainingReadiness).toBeGreaterThanOrEqual(0);
    expect(widget.weekSummary.planned_sessions).toBeGreaterThan(0);
  });

  it('answers the recovery read without wellness data as empty, never an error', async () => {
    const recovery = await data('recovery?days=14', empty.token);
    expect(recovery.analysis).toMatchObject({ overall_score: null, daily_scores: [] });
  });

  it('answers zeros and nulls on every read of an empty account', async () => {
    for (const path of PATHS) await data(path, empty.token);
    expect(await data('widgets/race-countdown', empty.token)).toBeNull();
    expect(await data('widgets/streak', empty.token)).toEqual({
      current_streak: 0,
      longest_streak: 0,
      streak_type: 'training_days',
    });
    expect(await data('widgets/readiness', empty.token)).toMatchObject({
      readiness: null,
      readinessConfidence: 0,
      primaryRace: null,
      currentStreak: 0,
      recoveryRecommendations: [],
    });
  });
});

describe('ownership and input', () => {
  it("answers at /{id} for the caller's own athlete id and 404 for any other", async () => {
    for (const path of PATHS) {
      const [base, query] = path.split('?');
      expect((await get(`${base}/${owner.athleteId}${query ? `?${query}` : ''}`)).statusCode, path).toBe(200);
      const res = await get(`${base}/${empty.athleteId}`);
      expect(res.statusCode, path).toBe(404);
      expect((await get(`${base}/not-an-athlete`)).statusCode, path).toBe(404);
    }
  });

  it('refuses bad parameters with 400 and a missing session with 401', async () => {
    for (const path of ['recovery?days=0', 'recovery?days=abc', 'widgets/weekly-summary?week_start=monday']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toMatch(/days|week_start/);
    }
    for (const path of PATHS) {
      expect((await t.app.inject({ method: 'GET', url: `/api/dashboard/${path}` })).statusCode).toBe(401);
    }
  });
});

describe('trend rules', () => {
  it('readiness trend: percent change of the last 7 against the 7 before, 0 without data', () => {
    expect(percentChange([...Array(7).fill(50), ...Array(7).fill(60)], 7)).toBe(20);
    expect(percentChange([...Array(7).fill(null), ...Array(7).fill(60)], 7)).toBe(0);
    expect(percentChange([], 7)).toBe(0);
  });

  it('volume and intensity: the last 4 rolling weeks against the 4 before', () => {
    const row = (date: string, minutes: number, tss: number) => ({
      athleteId: 'x',
      date,
      tss,
      ctl: 0,
      atl: 0,
      tsb: 0,
      sessions: 1,
      runMinutes: minutes,
      bikeMinutes: 0,
      swimMinutes: 0,
      strengthMinutes: 0,
      zoneSeconds: [0, 0, 0, 0, 0],
    });
    const rows = Array.from({ length: 56 }, (_, i) => {
      const date = addDays(today, -55 + i);
      // Less time in the later 4 weeks, but harder: TSS per hour doubles.
      return i < 28 ? row(date, 60, 50) : row(date, 30, 50);
    });
    expect(loadTrends(rows as never, today)).toEqual({
      volume_trend: 'declining',
      intensity_trend: 'improving',
    });
  });
});

describe('GET /api/dashboard/health', () => {
  it('answers ok without a session, and 503 when the database does not answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ok', service: 'dashboard', database: 'ok' });
    // Last in the file: it closes the file's own database rather than paying for a second app and database
    // (docs/performance.md, "CI time"); afterAll's close() allows a closed database.
    await t.database.close();
    const failed = await t.app.inject({ method: 'GET', url: '/api/dashboard/health' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe('Dashboard service unavailable');
  });
});
