// The Analytics API on real data: three completed workouts over two Monday weeks, one skipped and one
// planned, checked against hand-computed figures; bad parameters, another athlete's id and an empty account.
import {
  ACHIEVEMENTS,
  addDays,
  READINESS_TEXTS,
  trainingReadinessFromForm,
  weekStartOf,
} from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let athleteId: string;
let other: { token: string; athleteId: string };
let empty: { token: string; athleteId: string };
const today = pinToday(); // test athletes live in UTC
const thisWeek = weekStartOf(today);
const lastWeek = addDays(thisWeek, -7);

beforeAll(async () => {
  t = await createTestApp();
  const { session } = await t.signUpAndConfirm();
  token = session.access_token;
  athleteId = session.user.athlete_id;
  const add = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workout-planning/workouts',
      headers: bearer(token),
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`workout not created: ${res.body}`);
  };
  // Last week: Monday an easy hour run (TSS 1 h × 0.75² × 100 = 56.3, 60 min Z2); Wednesday a 40-minute
  // ride, 20 min Z1 + 20 min Z4 (IF 0.5 × 0.55 + 0.5 × 0.95 = 0.75, TSS 2/3 h × 0.5625 × 100 = 37.5);
  // Friday a skipped 45-minute swim. This Monday (never after today): a 5 km Z2 run, parsed as 30 minutes
  // (TSS 0.5 × 56.25 = 28.1) and a planned 30-minute ride.
  await add({
    title: 'Easy hour',
    workout_date: lastWeek,
    sport: 'run',
    duration_minutes: 60,
    intensity_zone: 2,
    status: 'completed',
  });
  await add({
    title: 'Threshold',
    workout_date: addDays(lastWeek, 2),
    sport: 'bike',
    workout_language_text: '10 min Z1, 20 min Z4, 10 min Z1',
    status: 'completed',
  });
  await add({
    title: 'Swim',
    workout_date: addDays(lastWeek, 4),
    sport: 'swim',
    duration_minutes: 45,
    intensity_zone: 3,
    status: 'skipped',
  });
  await add({
    title: '5K',
    workout_date: thisWeek,
    sport: 'run',
    workout_language_text: '5 km Z2',
    status: 'completed',
  });
  await add({
    title: 'Spin',
    workout_date: thisWeek,
    sport: 'bike',
    duration_minutes: 30,
    intensity_zone: 2,
  });

  const b = (await t.signUpAndConfirm()).session;
  other = { token: b.access_token, athleteId: b.user.athlete_id };
  const c = (await t.signUpAndConfirm()).session;
  empty = { token: c.access_token, athleteId: c.user.athlete_id };
});
afterAll(() => t.close());

const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
const data = async (url: string, as = token) => {
  const res = await get(url, as);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

/** CTL and ATL after each day from `from` to `to`, by the model: load += (TSS − load) × (1 − e^(−1/N)). */
function model(tssByDay: Record<string, number>, from: string, to: string) {
  const k42 = 1 - Math.exp(-1 / 42);
  const k7 = 1 - Math.exp(-1 / 7);
  let ctl = 0;
  let atl = 0;
  const out: Record<string, { ctl: number; atl: number }> = {};
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const tss = tssByDay[d] ?? 0;
    ctl += (tss - ctl) * k42;
    atl += (tss - atl) * k7;
    out[d] = { ctl, atl };
  }
  return out;
}
const loads = model({ [lastWeek]: 56.3, [addDays(lastWeek, 2)]: 37.5, [thisWeek]: 28.1 }, lastWeek, today);
const round1 = (n: number) => Math.round(n * 10) / 10;

const PATHS = [
  'weekly-load',
  'zones',
  'detailed-zones',
  'polarized',
  'fitness-trends',
  'fitness-form',
  'load-balance',
  'consistency',
  'achievements',
  'performance-trends',
  'periodization',
  'race-readiness',
];

describe('GET /api/analytics/weekly-load', () => {
  it('answers Monday weeks with hours and TSS per sport, sessions, end-of-week load and completion', async () => {
    const weeks = await data('/api/analytics/weekly-load?weeks=2');
    expect(weeks).toHaveLength(2);
    const sunday = loads[addDays(lastWeek, 6)]!;
    expect(weeks[0]).toEqual({
      week: 1,
      week_start_date: lastWeek,
      swim_hours: 0,
      bike_hours: 0.67,
      run_hours: 1,
      strength_hours: 0,
      swim_tss: 0,
      bike_tss: 37.5,
      run_tss: 56.3,
      strength_tss: 0,
      total_hours: 1.67,
      total_tss: 93.8,
      sessions: 2,
      acute_load: round1(sunday.atl),
      chronic_load: round1(sunday.ctl),
      training_stress_balance: round1(sunday.ctl - sunday.atl),
      // 60 + 40 + 45 scheduled minutes, 100 of them done: 68.97 %.
      planned_hours: 2.42,
      completion_rate: 69,
    });
    const now = loads[today]!;
    expect(weeks[1]).toMatchObject({
      week: 2,
      week_start_date: thisWeek,
      run_hours: 0.5,
      run_tss: 28.1,
      total_tss: 28.1,
      sessions: 1,
      acute_load: round1(now.atl),
      chronic_load: round1(now.ctl),
      planned_hours: 1,
      completion_rate: 50,
    });
  });

  it('defaults to 12 weeks, goes to 520 quickly, and has null completion without a plan', async () => {
    const weeks = await data(`/api/analytics/weekly-load/${athleteId}`);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toMatchObject({ week: 1, planned_hours: 0, completion_rate: null, total_tss: 0 });
    const started = Date.now();
    expect(await data('/api/analytics/weekly-load?weeks=520')).toHaveLength(520);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('GET /api/analytics/zones and /api/training/zones-distribution', () => {
  // Z1 20 min (ride), Z2 60 + 30 min (runs), Z4 20 min (ride): 130 minutes.
  const month = {
    period: 'month',
    start_date: addDays(today, -27),
    end_date: today,
    zone_1_percentage: 15.4,
    zone_2_percentage: 69.2,
    zone_3_percentage: 0,
    zone_4_percentage: 15.4,
    zone_5_percentage: 0,
    zone_1_2_percentage: 84.6,
    zone_4_5_percentage: 15.4,
    total_time_minutes: 130,
    targets: { zone_1_2: 80, zone_3: 5, zone_4_5: 15 },
  };

  it('sums the daily zones of the period, per sport from the workouts', async () => {
    const zones = await data('/api/analytics/zones');
    expect(zones).toMatchObject(month);
    expect(zones.by_sport.run).toMatchObject({ zone_2_percentage: 100, total_time_minutes: 90 });
    expect(zones.by_sport.bike).toMatchObject({
      zone_1_percentage: 50,
      zone_4_percentage: 50,
      total_time_minutes: 40,
    });
    expect(zones.by_sport.swim).toMatchObject({ zone_1_percentage: 0, total_time_minutes: 0 });
    expect(await data('/api/training/zones-distribution')).toEqual(zones);
    expect(await data(`/api/analytics/zones/${athleteId}?period=month`)).toEqual(zones);
  });

  it("starts 'all' at the first stored day and takes every period", async () => {
    expect(await data('/api/analytics/zones?period=all')).toMatchObject({
      ...month,
      period: 'all',
      start_date: lastWeek,
    });
    expect(await data('/api/analytics/zones?period=3months')).toMatchObject({
      start_date: addDays(today, -90),
      total_time_minutes: 130,
    });
    expect((await data('/api/analytics/zones?period=week')).start_date).toBe(addDays(today, -6));
    expect((await data('/api/analytics/zones?period=year')).start_date).toBe(addDays(today, -363));
  });
});

describe('GET /api/analytics/polarized', () => {
  it('scores 84.6/0/15.4 as polarized: distance (4.6 + 5 + 0.4) / 2 = 5 → 100 × (1 − 5/95) = 94.7', async () => {
    expect(await data('/api/analytics/polarized?period=month')).toMatchObject({
      period: 'month',
      current_distribution: { low: 84.6, moderate: 0, high: 15.4 },
      ideal_distribution: { low: 80, moderate: 5, high: 15 },
      polarization_score: 94.7,
      is_polarized: true,
      total_time_minutes: 130,
    });
  });
});

describe('GET /api/analytics/detailed-zones', () => {
  it('names each zone, splits by sport and by the four Monday weeks', async () => {
    const detail = await data('/api/analytics/detailed-zones');
    expect(detail.start_date).toBe(addDays(today, -27));
    expect(detail.zones.map((z: { name: string }) => z.name)).toEqual([
      'Recovery',
      'Aerobic (Base)',
      'Tempo',
      'Threshold',
      'VO2 Max',
    ]);
    expect(detail.zones[0]).toMatchObject({ zone: 1, color: '#10B981', minutes: 20, percentage: 15.4 });
    expect(detail.zones[1]).toMatchObject({ color: '#3B82F6', minutes: 90, percentage: 69.2 });
    expect(detail.by_sport).toContainEqual({
      sport: 'bike',
      total_minutes: 40,
      zone_minutes: [20, 0, 0, 20, 0],
    });
    expect(detail.weekly).toEqual([
      { week_start: addDays(thisWeek, -21), zone_minutes: [0, 0, 0, 0, 0] },
      { week_start: addDays(thisWeek, -14), zone_minutes: [0, 0, 0, 0, 0] },
      { week_start: lastWeek, zone_minutes: [20, 60, 0, 20, 0] },
      { week_start: thisWeek, zone_minutes: [0, 30, 0, 0, 0] },
    ]);
  });
});

describe('GET /api/analytics/fitness-trends and fitness-form', () => {
  it('adds the readiness implied by form to each daily record, with ramp rate and trends', async () => {
    const trends = await data('/api/analytics/fitness-trends');
    expect(trends.records).toHaveLength(90);
    const last = trends.records.at(-1);
    expect(last).toMatchObject({
      date: today,
      ctl: round1(loads[today]!.ctl),
      atl: round1(loads[today]!.atl),
      recovery_score: null,
      training_readiness: trainingReadinessFromForm(last.tsb),
    });
    expect(trends.records[0]).toMatchObject({ tsb: 0, training_readiness: 77 });
    expect(trends.trends.fitness).toBe('improving');
    expect(trends.trends.fatigue).toBe('declining');
    expect(trends.ramp_rate).toBeGreaterThan(0);
    const form = await data(`/api/analytics/fitness-form/${athleteId}`);
    expect(form.records).toHaveLength(42);
    expect(form.records.at(-1)).toEqual(last);
  });
});

describe('GET /api/analytics/fitness-trends: recovery', () => {
  it("gives each day with wellness the metrics service's recovery score, null elsewhere, and follows a new log", async () => {
    const fresh = (await t.signUpAndConfirm()).session;
    const as = fresh.access_token;
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(as) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const before = await get('/api/analytics/fitness-trends?days=7');
    expect(before.records.map((r: { recovery_score: number | null }) => r.recovery_score)).toEqual(
      Array(7).fill(null),
    );

    const yesterday = addDays(today, -1);
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/metrics',
      headers: bearer(as),
      payload: { date: yesterday, hrv: 25, sleep_hours: 4.5 },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    // HRV (25 − 45) / 45 × 250 → −50 × .25 = −12.5; sleep 4.5 h: 50 − 62.5 = −12.5 × .2 = −2.5 → 35.
    const history = await get('/api/v1/metrics/history?type=recovery_score&days=7');
    expect(history.points).toEqual([{ date: yesterday, value: 35 }]);

    // The cached read is dropped by the wellness write.
    const after = await get('/api/analytics/fitness-trends?days=7');
    const byDate = new Map(
      after.records.map((r: { date: string; recovery_score: number | null }) => [r.date, r.recovery_score]),
    );
    expect(byDate.get(yesterday)).toBe(35);
    expect(byDate.get(today)).toBeNull();
    expect([...byDate.values()].filter((v) => v !== null)).toEqual([35]);
  });
});

describe('GET /api/analytics/load-balance', () => {
  it('divides ATL by CTL at each week end and shares the hours by sport', async () => {
    const balance = await data('/api/analytics/load-balance?weeks=2');
    const sunday = loads[addDays(lastWeek, 6)]!;
    const ratio = Math.round((sunday.atl / sunday.ctl) * 100) / 100;
    expect(balance.weeks[0]).toMatchObject({
      week_start: lastWeek,
      acwr: ratio,
      status: 'very_high',
      run_hours: 1,
      bike_hours: 0.67,
    });
    expect(balance.current_acwr).toBe(balance.weeks[1].acwr);
    // 90 run minutes and 40 bike minutes of 130.
    expect(balance.sport_share).toEqual({ swim: 0, bike: 30.8, run: 69.2, strength: 0 });
    const early = await data('/api/analytics/load-balance?weeks=4');
    expect(early.weeks[0]).toMatchObject({ acwr: null, status: null, chronic_load: 0 });
  });
});

describe('GET /api/analytics/consistency', () => {
  it("is the Training API's consistency", async () => {
    expect(await data('/api/analytics/consistency?days=14')).toEqual(
      await data(`/api/training/consistency/${athleteId}?days=14`),
    );
  });
});

describe('GET /api/analytics/achievements', () => {
  it('evaluates every achievement over the completed workouts, distances from the structure', async () => {
    const all = await data('/api/analytics/achievements');
    expect(all.total_count).toBe(ACHIEVEMENTS.length);
    const byId = (id: string) => all.achievements.find((a: { id: string }) => a.id === id);
    expect(byId('first_workout')).toMatchObject({ earned: true, earned_date: lastWeek });
    expect(byId('first_5k_run')).toMatchObject({ earned: true, earned_date: thisWeek, current_value: 5 });
    expect(byId('workouts_50')).toMatchObject({ earned: false, current_value: 3, progress_percentage: 6 });
    expect(all.earned_count).toBe(all.achievements.filter((a: { earned: boolean }) => a.earned).length);
    const distance = await data('/api/analytics/achievements?category=distance');
    expect(distance.achievements.every((a: { category: string }) => a.category === 'distance')).toBe(true);
    expect(distance.total_count).toBe(ACHIEVEMENTS.filter((a) => a.category === 'distance').length);
  });
});

describe('GET /api/analytics/performance-trends', () => {
  it('answers 12 Monday weeks of runs: volume, distance, TSS, intensity factor and pace', async () => {
    const runs = await data('/api/analytics/performance-trends?sport=run');
    expect(runs.sport).toBe('run');
    expect(runs.weeks).toHaveLength(12);
    // IF = √(TSS / (hours × 100)): √(56.3 / 100) = 0.75; √(28.1 / 50) = 0.75. Pace: 30 min over 5 km = 6:00.
    expect(runs.weeks[10]).toEqual({
      week_start: lastWeek,
      sessions: 1,
      hours: 1,
      distance_km: 0,
      tss: 56.3,
      average_intensity_factor: 0.75,
      average_pace_per_km_seconds: null,
    });
    expect(runs.weeks[11]).toEqual({
      week_start: thisWeek,
      sessions: 1,
      hours: 0.5,
      distance_km: 5,
      tss: 28.1,
      average_intensity_factor: 0.75,
      average_pace_per_km_seconds: 360,
    });
    expect(runs.weeks[0]).toMatchObject({ sessions: 0, average_intensity_factor: null });
    expect(runs.trends.volume).toBe('improving');
    const all = await data('/api/analytics/performance-trends');
    expect(all.sport).toBeNull();
    expect(all.weeks[10]).toMatchObject({
      sessions: 2,
      hours: 1.67,
      tss: 93.8,
      average_pace_per_km_seconds: null,
    });
  });
});

describe('GET /api/analytics/periodization and race-readiness', () => {
  it('infers the phase without a plan, and predicts from the 5 km run', async () => {
    const period = await data('/api/analytics/periodization');
    expect(period).toMatchObject({ source: 'inferred', plan_id: null, focus: null });
    expect(period.load_progression).toHaveLength(16);
    expect(period.load_progression.at(-2)).toMatchObject({ week_start: lastWeek, total_tss: 93.8 });

    const ready = await data('/api/analytics/race-readiness');
    expect(ready).toMatchObject({
      race: null,
      days_until_race: null,
      taper_recommendation: READINESS_TEXTS.noRace,
    });
    const fiveK = ready.predicted_performance.predictions.find((p: { name: string }) => p.name === '5K');
    expect(fiveK).toMatchObject({ predicted_time_seconds: 1800, predicted_time: '30:00' });
  });

  it('predicts only from continuous runs, never from the reps of an interval session', async () => {
    const runner = (await t.signUpAndConfirm()).session.access_token;
    for (const [title, text] of [
      ['Track', '10min Z1, 6x 400m @ Z5 with 90s rest, 10min Z1'],
      ['Reps', '5x 1km @ 4:00/km, 2min rest'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/workout-planning/workouts',
        headers: bearer(runner),
        payload: {
          title,
          workout_date: thisWeek,
          sport: 'run',
          workout_language_text: text,
          status: 'completed',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const ready = await data('/api/analytics/race-readiness', runner);
    expect(ready.predicted_performance.predictions).toEqual([]);
    expect(ready.areas_to_focus.join(' ')).toMatch(/best effort/i);
  });

  it("uses the active plan's phases and race, or the plan named by race_id", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/training/plans',
      headers: bearer(token),
      payload: {
        title: 'Spring 10K',
        race_type: '10K',
        race_date: addDays(today, 30),
        start_date: addDays(today, -10),
        phases: [
          {
            name: 'build',
            label: 'Build',
            start_date: addDays(today, -10),
            end_date: addDays(today, 9),
            focus: 'Speed',
          },
          {
            name: 'taper',
            label: 'Taper',
            start_date: addDays(today, 10),
            end_date: addDays(today, 30),
            focus: null,
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json().data as { id: string };
    const period = await data('/api/analytics/periodization?weeks=4');
    expect(period).toMatchObject({
      current_phase: 'build',
      source: 'plan',
      focus: 'Speed',
      plan_id: plan.id,
      next_phase_date: addDays(today, 10),
      // Day 11 of 20.
      phase_progress: 55,
    });
    expect(period.load_progression).toHaveLength(4);

    const ready = await data(`/api/analytics/race-readiness?race_id=${plan.id}`);
    expect(ready.race).toEqual({
      plan_id: plan.id,
      title: 'Spring 10K',
      race_type: '10K',
      race_date: addDays(today, 30),
    });
    expect(ready.days_until_race).toBe(30);
    expect(ready.predicted_performance.predictions).toHaveLength(1);
    expect(ready.predicted_performance.predictions[0]).toMatchObject({ distance_meters: 10000 });
    expect(await data('/api/analytics/race-readiness')).toEqual(ready);

    const foreign = await get(`/api/analytics/race-readiness?race_id=${plan.id}`, other.token);
    expect(foreign.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/training/plans/${plan.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe('GET /api/analytics/health', () => {
  it('answers ok with the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', service: 'analytics', database: 'ok' } });
  });
});

describe('parameters, ownership and empty accounts', () => {
  it('refuses every parameter out of range with 400 naming it', async () => {
    const bad: [string, RegExp][] = [
      ['weekly-load?weeks=0', /weeks/],
      ['weekly-load?weeks=521', /weeks/],
      ['zones?period=decade', /period/],
      ['polarized?period=1', /period/],
      ['fitness-trends?days=0', /days/],
      ['fitness-form?days=3651', /days/],
      ['load-balance?weeks=x', /weeks/],
      ['consistency?days=2.5', /days/],
      ['achievements?category=speed', /category/],
      ['performance-trends?sport=ski', /sport/],
      ['periodization?weeks=521', /weeks/],
      ['race-readiness?race_id=abc', /race_id/],
    ];
    for (const [path, message] of bad) {
      for (const url of [`/api/analytics/${path}`, `/api/analytics/${path.replace('?', `/${athleteId}?`)}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toMatch(message);
      }
    }
  });

  it("answers 404 for another athlete's id on every read, and 401 without a session", async () => {
    for (const path of PATHS) {
      const res = await get(`/api/analytics/${path}/${athleteId}`, other.token);
      expect(res.statusCode, path).toBe(404);
      expect((await get(`/api/analytics/${path}/${other.athleteId}`, other.token)).statusCode, path).toBe(
        200,
      );
      expect((await t.app.inject({ method: 'GET', url: `/api/analytics/${path}` })).statusCode, path).toBe(
        401,
      );
    }
  });

  it('answers an empty account with zeros and empty figures, never an error', async () => {
    for (const path of PATHS) {
      const res = await get(`/api/analytics/${path}?${path === 'zones' ? 'period=all' : ''}`, empty.token);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
    const as = empty.token;
    const weeks = await data('/api/analytics/weekly-load', as);
    expect(weeks.every((w: { total_tss: number; completion_rate: null }) => w.total_tss === 0)).toBe(true);
    expect(await data('/api/analytics/zones?period=all', as)).toMatchObject({
      start_date: today,
      zone_1_percentage: 0,
      total_time_minutes: 0,
    });
    expect(await data('/api/analytics/polarized', as)).toMatchObject({
      polarization_score: 0,
      is_polarized: false,
    });
    expect((await data('/api/analytics/achievements', as)).earned_count).toBe(0);
    expect(await data('/api/analytics/load-balance', as)).toMatchObject({
      current_acwr: null,
      current_status: null,
    });
    expect((await data('/api/analytics/race-readiness', as)).predicted_performance.predictions).toEqual([]);
    expect(await data(`/api/training/analytics/${empty.athleteId}?period=all`, as)).toMatchObject({
      total_sessions: 0,
      total_hours: 0,
      training_quality_score: 0,
      training_quality: 'poor',
    });
  });
});
