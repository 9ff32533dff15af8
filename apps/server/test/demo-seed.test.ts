import type { Session } from '@stamina/contract';
import { addDays, daysBetween } from '@stamina/core';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, seedDemoEnabled } from '../src/config.ts';
import { dailyLoad, users, wellnessDaily, workouts } from '../src/db/schema/index.ts';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  type DemoSeedSummary,
  seedDemoAthlete,
} from '../src/modules/demo/seed.ts';
import { rederiveDailyLoad } from '../src/modules/training-load/upkeep.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

const NOW = new Date('2025-06-18T09:30:00Z');
const TODAY = '2025-06-18';

describe('the demo account on an empty database', () => {
  let t: TestApp;
  let summary: DemoSeedSummary | null;
  let seedMs: number;
  let session: Session;

  beforeAll(async () => {
    t = await createTestApp();
    const started = performance.now();
    summary = await seedDemoAthlete(t.db, NOW);
    seedMs = performance.now() - started;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    session = (res.json() as { data: Session }).data;
  }, 60_000);
  afterAll(() => t.close());

  it('is a confirmed account that signs in with the published credentials', () => {
    expect(summary?.email).toBe(DEMO_EMAIL);
    expect(session.user.email).toBe(DEMO_EMAIL);
    expect(session.user.email_confirmed_at).not.toBeNull();
    expect(session.user.user_metadata.goalEvent).toBe('Half Ironman');
    // A generous bound for a loaded CI machine; a normal first start takes a second or two.
    expect(seedMs).toBeLessThan(20_000);
  });

  it("has a runner's and a cyclist's thresholds, so that its tempo runs read as zone 3", async () => {
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/api/athletes/me/sport-metrics',
      headers: bearer(session.access_token),
    });
    const data = metrics.json().data;
    expect(data.running.values).toMatchObject({ threshold_pace_seconds_per_km: 250, max_hr: 188, lthr: 170 });
    expect(data.cycling.values.ftp_watts).toBe(265);
    expect(data.swimming.values.css_seconds_per_100m).toBe(100);
    const tempo = await t.db
      .select({ zone: workouts.intensityZone })
      .from(workouts)
      .where(sql`${workouts.athleteId} = ${session.user.athlete_id} and ${workouts.title} = 'Tempo run'`);
    expect(tempo.length).toBeGreaterThan(0);
    expect(new Set(tempo.map((w) => w.zone))).toEqual(new Set([3]));
  });

  it('holds about six months of workouts across four sports, done and planned', async () => {
    const athleteId = session.user.athlete_id;
    const rows = await t.db
      .select({
        date: workouts.workoutDate,
        sport: workouts.sport,
        status: workouts.status,
        tss: workouts.tss,
      })
      .from(workouts)
      .where(eq(workouts.athleteId, athleteId))
      .orderBy(workouts.workoutDate);
    expect(rows.length).toBe(summary!.workouts.total);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((r) => r.sport))).toEqual(new Set(['swim', 'bike', 'run', 'strength']));
    expect(daysBetween(rows[0]!.date, TODAY)).toBeGreaterThanOrEqual(180);
    expect(rows.at(-1)!.date > addDays(TODAY, 10)).toBe(true);
    const completed = rows.filter((r) => r.status === 'completed');
    expect(completed.length).toBeGreaterThan(120);
    expect(rows.filter((r) => r.status === 'skipped').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.status === 'planned').every((r) => r.date >= TODAY)).toBe(true);
    // Stored through the workout service: parsed and scored.
    expect(completed.every((r) => (r.tss ?? 0) > 0)).toBe(true);

    // The calendar reads them like any athlete's.
    const res = await t.app.inject({
      url: `/api/workout-planning/calendar?date_from=${addDays(TODAY, -6)}&date_to=${addDays(TODAY, 13)}`,
      headers: bearer(session.access_token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json() as { data: { calendar_events: unknown[] } }).data.calendar_events.length,
    ).toBeGreaterThan(10);
  });

  it('keeps a daily load series with fitness built up', async () => {
    const rows = await t.db
      .select({ date: dailyLoad.date, tss: dailyLoad.tss, ctl: dailyLoad.ctl })
      .from(dailyLoad)
      .where(eq(dailyLoad.athleteId, session.user.athlete_id))
      .orderBy(dailyLoad.date);
    // One row per day with sessions: six months of training, five or six days a week.
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.reduce((sum, r) => sum + r.tss, 0)).toBeGreaterThan(0);
    expect(rows.at(-1)!.ctl).toBeGreaterThan(30);
    // The bulk write derived the series once: it equals a derivation from scratch, day by day.
    await t.db.transaction((tx) => rederiveDailyLoad(tx, session.user.athlete_id, rows[0]!.date));
    const again = await t.db
      .select({ date: dailyLoad.date, tss: dailyLoad.tss, ctl: dailyLoad.ctl })
      .from(dailyLoad)
      .where(eq(dailyLoad.athleteId, session.user.athlete_id))
      .orderBy(dailyLoad.date);
    expect(again).toEqual(rows);
    const res = await t.app.inject({
      url: '/api/analytics/weekly-load',
      headers: bearer(session.access_token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('logs wellness nearly every day of the six months, which the Metrics API reads', async () => {
    const rows = await t.db
      .select({ date: wellnessDaily.date, hrv: wellnessDaily.hrv, sleep: wellnessDaily.sleepHours })
      .from(wellnessDaily)
      .where(eq(wellnessDaily.athleteId, session.user.athlete_id))
      .orderBy(wellnessDaily.date);
    expect(rows.length).toBe(summary!.wellnessDays);
    expect(rows.length).toBeGreaterThan(160);
    expect(rows.at(-1)!.date <= TODAY).toBe(true);
    expect(rows.every((r) => r.hrv !== null && r.sleep !== null)).toBe(true);
    const res = await t.app.inject({
      url: `/api/metrics?start_date=${addDays(TODAY, -30)}&end_date=${TODAY}`,
      headers: bearer(session.access_token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: unknown[] }).data.length).toBeGreaterThan(20);
  });

  it('has an active Half Ironman plan that the coming sessions belong to', async () => {
    const res = await t.app.inject({
      url: '/api/training/plans/active',
      headers: bearer(session.access_token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = (
      res.json() as { data: { id: string; race_type: string; race_date: string; phases: unknown[] } }
    ).data;
    expect(plan.id).toBe(summary!.planId);
    expect(plan.race_type).toBe('Half Ironman');
    expect(daysBetween(TODAY, plan.race_date)).toBeGreaterThanOrEqual(70);
    expect(plan.phases.length).toBeGreaterThan(0);
    const [linked] = await t.db
      .select({ n: count() })
      .from(workouts)
      .where(sql`${workouts.planId} = ${plan.id} and ${workouts.status} = 'planned'`);
    expect(linked!.n).toBe(summary!.workouts.planned);
  });

  it('has finished onboarding, so signing in does not offer it', async () => {
    const res = await t.app.inject({ url: '/api/onboarding/status', headers: bearer(session.access_token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ step: 'completed', onboarding_complete: true });
  });

  it('never seeds twice: a second run finds a user and writes nothing', async () => {
    expect(await seedDemoAthlete(t.db, NOW)).toBeNull();
    const [users_] = await t.db.select({ n: count() }).from(users);
    expect(users_!.n).toBe(1);
  });
});

describe('the demo on a database that already has accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes nothing', async () => {
    await t.signUp();
    expect(await seedDemoAthlete(t.db, NOW)).toBeNull();
    const [row] = await t.db.select({ n: count() }).from(workouts);
    expect(row!.n).toBe(0);
  });
});

describe('two processes starting at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('create one demo: the second waits for the first and then finds its account', async () => {
    const results = await Promise.all([seedDemoAthlete(t.db, NOW), seedDemoAthlete(t.db, NOW)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const [row] = await t.db.select({ n: count() }).from(users);
    expect(row!.n).toBe(1);
  }, 60_000);
});

describe('SEED_DEMO', () => {
  const POSTGRES = 'postgres://u:p@db:5432/stamina';

  it('defaults to on for the embedded database and off with DATABASE_URL', () => {
    expect(seedDemoEnabled(parseEnv({}))).toBe(true);
    expect(seedDemoEnabled(parseEnv({ DATABASE_URL: POSTGRES }))).toBe(false);
  });

  it('is honoured either way when set', () => {
    expect(seedDemoEnabled(parseEnv({ SEED_DEMO: 'false' }))).toBe(false);
    expect(seedDemoEnabled(parseEnv({ SEED_DEMO: '0' }))).toBe(false);
    expect(seedDemoEnabled(parseEnv({ SEED_DEMO: 'true', DATABASE_URL: POSTGRES }))).toBe(true);
    // Empty counts as unset, like every other variable.
    expect(seedDemoEnabled(parseEnv({ SEED_DEMO: '' }))).toBe(true);
  });

  it('rejects anything else with a message naming the variable and the value', () => {
    expect(() => parseEnv({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO: must be true or false.*\(got "yes"\)/);
  });
});
