// Issue 28 §1 on a real database: a new athlete's figures are marked as estimates while the thresholds are
// defaults; recordings estimate FTP, run threshold pace and LTHR (docs/zones.md, "Estimates from
// recordings"); accepting one writes a dated threshold that Settings, Metrics and the dashboard all read; the
// dashboard shows each score once, no invented target, and greets a first sign-in with "Welcome"
// (docs/dashboard.md); consistency counts recorded activities (docs/training-load.md, "Consistency").
import { addDays, encodeStream } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { activities, activityStreams } from '../src/db/schema/index.ts';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, multipartForm, type TestApp } from './helpers.ts';

const today = pinToday(); // test athletes live in UTC
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function data(token: string, url: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A recorded activity stored as an import stores it, with the best efforts given. */
async function recorded(
  athleteId: string,
  day: string,
  sport: 'bike' | 'run',
  bestEfforts: Record<string, Record<string, number>>,
  movingSeconds = 3600,
) {
  const [row] = await t.db
    .insert(activities)
    .values({
      athleteId,
      name: `${sport} ${day}`,
      sport,
      startTime: new Date(`${day}T07:00:00Z`),
      localDate: day,
      elapsedSeconds: movingSeconds,
      timerSeconds: movingSeconds,
      movingSeconds,
      bestEfforts,
    })
    .returning({ id: activities.id });
  return row!.id;
}

describe('a new athlete', () => {
  it('sees estimates marked, no stand-in scores, no invented session target, and "Welcome" once', async () => {
    const { session, email, password } = await t.signUpAndConfirm();
    const token = session.access_token;

    const estimates = await data(token, '/api/athletes/me/threshold-estimates');
    expect(estimates.estimated).toBe(true);
    expect(estimates.thresholds).toEqual([
      expect.objectContaining({
        key: 'ftp_watts',
        current: 250,
        threshold_source: 'default',
        estimate: null,
      }),
      expect.objectContaining({ key: 'threshold_pace_seconds_per_km', current: 300, estimated: true }),
      expect.objectContaining({ key: 'lthr', sport: 'running', current: null, recordings: 0, needed: 3 }),
      expect.objectContaining({ key: 'lthr', sport: 'cycling', current: null, recordings: 0, needed: 3 }),
    ]);

    const summary = await data(token, '/api/dashboard/summary');
    expect(summary.thresholds).toEqual({
      estimated: true,
      defaults: ['ftp_watts', 'threshold_pace_seconds_per_km', 'lthr'],
    });
    expect(summary.readiness_score).toBeNull();
    expect(summary.recovery_score).toBeNull();
    expect(summary.weekly_summary.planned_sessions).toBe(0);
    const widget = await data(token, '/api/dashboard/widgets/readiness');
    expect(widget.readiness).toBeNull();

    expect(await data(token, '/api/dashboard/welcome')).toEqual({ first_visit: true, greeting: 'Welcome' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const later = login.json().data.access_token as string;
    expect(await data(later, '/api/dashboard/welcome')).toEqual({
      first_visit: false,
      greeting: 'Welcome back',
    });
  });
});

describe('estimates from recordings', () => {
  it('offers FTP from three rides, and accepting it changes the FTP every screen reads', async () => {
    const { token, athleteId } = await t.athlete();
    await recorded(athleteId, addDays(today, -40), 'bike', { power: { '20min': 250 } });
    await recorded(athleteId, addDays(today, -20), 'bike', { power: { '20min': 290 } });
    // Two rides are not enough.
    let ftp = (await data(token, '/api/athletes/me/threshold-estimates')).thresholds[0];
    expect(ftp).toMatchObject({ key: 'ftp_watts', estimate: null, recordings: 2 });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/athletes/me/threshold-estimates/accept',
      headers: bearer(token),
      payload: { key: 'ftp_watts' },
    });
    expect(refused.statusCode).toBe(409);

    await recorded(athleteId, addDays(today, -5), 'bike', { power: { '20min': 270 } });
    // A ride older than 90 days does not count.
    await recorded(athleteId, addDays(today, -120), 'bike', { power: { '20min': 400 } });
    ftp = (await data(token, '/api/athletes/me/threshold-estimates')).thresholds[0];
    expect(ftp.estimate).toMatchObject({ value: 276, effort: 290, recordings: 3, date: addDays(today, -20) });

    const saved = await data(token, '/api/athletes/me/threshold-estimates/accept', 'POST', {
      key: 'ftp_watts',
    });
    expect(saved.cycling).toMatchObject({ effective_from: today, values: { ftp_watts: 276 } });

    // One store: Settings, Metrics and the dashboard agree, and the estimate mark is gone.
    expect((await data(token, '/api/athletes/me/sport-metrics')).cycling.values.ftp_watts).toBe(276);
    expect((await data(token, '/api/v1/metrics/current')).ftp).toEqual({ value: 276, date: today });
    const after = await data(token, '/api/athletes/me/threshold-estimates');
    expect(after.estimated).toBe(false);
    expect(after.thresholds[0]).toMatchObject({
      current: 276,
      threshold_source: 'athlete',
      estimated: false,
    });
    expect((await data(token, '/api/dashboard/summary')).thresholds).toEqual({
      estimated: false,
      defaults: ['threshold_pace_seconds_per_km', 'lthr'],
    });
  });

  it("estimates a run's threshold pace and LTHR, reading the streams of a run stored before the effort was kept", async () => {
    const { token, athleteId } = await t.athlete();
    await recorded(athleteId, addDays(today, -30), 'run', {
      threshold: { pace_30min: 270, lthr_30min: 168 },
    });
    await recorded(athleteId, addDays(today, -10), 'run', {
      threshold: { pace_30min: 290, lthr_30min: 160 },
    });
    // 40 minutes at 4 m/s (250 s/km) with HR 172, stored as streams only.
    const id = await recorded(athleteId, addDays(today, -3), 'run', { pace: { '1km': 250 } }, 2400);
    const distance = Array.from({ length: 2400 }, (_, i) => i * 4);
    const hr = Array.from({ length: 2400 }, () => 172);
    await t.db.insert(activityStreams).values([
      {
        activityId: id,
        athleteId,
        type: 'distance',
        sampleCount: 2400,
        data: encodeStream(distance, 'distance'),
      },
      {
        activityId: id,
        athleteId,
        type: 'heart_rate',
        sampleCount: 2400,
        data: encodeStream(hr, 'heart_rate'),
      },
    ]);

    const { thresholds } = await data(token, '/api/athletes/me/threshold-estimates');
    expect(thresholds[1]).toMatchObject({ key: 'threshold_pace_seconds_per_km', estimate: { value: 250 } });
    expect(thresholds[2]).toMatchObject({ key: 'lthr', estimate: { value: 172, activity_id: id } });
    // The effort is kept with the run's best efforts: read once.
    const detail = await data(token, `/api/activities/${id}`);
    expect(detail.best_efforts.threshold).toEqual({ pace_30min: 250, lthr_30min: 172 });

    const saved = await data(token, '/api/athletes/me/threshold-estimates/accept', 'POST', { key: 'lthr' });
    expect(saved.running.values).toMatchObject({ lthr: 172, threshold_pace_seconds_per_km: null });
  });
});

describe('ride LTHR from real recordings', () => {
  it("keeps each ride's 30-minute LTHR effort, estimates cycling's LTHR from them and accepts it for cycling", async () => {
    const { token, athleteId } = await t.athlete();
    const names = [
      'bike-hr-coros-pace2.fit',
      'bike-power-edge530-autopause.fit',
      'bike-power-edge810-vector.fit',
      'bike-power-wahoo-elemnt.fit',
    ];
    const form = multipartForm(
      names.map((name) => ({ name: 'file', value: activityFixture(name), filename: name })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activities/import',
      payload: form.payload,
      headers: { ...bearer(token), ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(202);
    const deadline = Date.now() + 60_000;
    let batch = res.json().data;
    while (!batch.done) {
      if (Date.now() > deadline) throw new Error(`batch not done: ${JSON.stringify(batch)}`);
      await new Promise((r) => setTimeout(r, 100));
      batch = await data(token, `/api/activities/imports/${batch.batch_id}`);
    }
    const ids: string[] = batch.files.map((f: { activity_id: string }) => f.activity_id);
    expect(ids.every(Boolean), JSON.stringify(batch)).toBe(true);
    const rides = await Promise.all(ids.map((id) => data(token, `/api/activities/${id}`)));
    const withHr = rides.filter((r) => r.avg_hr !== null && r.moving_seconds > 1800);
    expect(withHr.length).toBeGreaterThanOrEqual(3);
    for (const ride of withHr) {
      // The hardest half hour's last 20 minutes: above the ride's average HR, never above its maximum.
      const lthr = ride.best_efforts.threshold.lthr_30min;
      expect(lthr, ride.name).toBeGreaterThanOrEqual(ride.avg_hr);
      expect(lthr, ride.name).toBeLessThanOrEqual(ride.max_hr);
    }
    // The fixtures are years old: bring them into the 90-day window.
    await t.db.execute(
      sql`update activities set local_date = ${addDays(today, -7)} where athlete_id = ${athleteId}`,
    );
    const { thresholds } = await data(token, '/api/athletes/me/threshold-estimates');
    const cycling = thresholds.find(
      (e: { key: string; sport: string }) => e.key === 'lthr' && e.sport === 'cycling',
    );
    const best = Math.max(...withHr.map((r) => r.best_efforts.threshold.lthr_30min));
    expect(cycling).toMatchObject({ recordings: withHr.length, estimate: { value: best } });
    const running = thresholds.find(
      (e: { key: string; sport: string }) => e.key === 'lthr' && e.sport === 'running',
    );
    expect(running).toMatchObject({ recordings: 0, estimate: null });

    const saved = await data(token, '/api/athletes/me/threshold-estimates/accept', 'POST', {
      key: 'lthr',
      sport: 'cycling',
    });
    expect(saved.cycling.values.lthr).toBe(best);
    expect(saved.running.values.lthr).toBeNull();
    // Running's LTHR has no recordings: 409, not a write.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/athletes/me/threshold-estimates/accept',
      headers: bearer(token),
      payload: { key: 'lthr' },
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('the dated threshold store', () => {
  it('is what the Metrics page charts: a step at each dated entry', async () => {
    const { token } = await t.athlete();
    for (const [day, ftp] of [
      [addDays(today, -50), 240],
      [addDays(today, -12), 262],
    ] as const) {
      await data(token, '/api/athletes/me/sport-metrics', 'PUT', {
        sport: 'cycling',
        effective_from: day,
        values: { ftp_watts: ftp, max_hr: null, resting_hr: null, lthr: null, max_power_watts: null },
      });
    }
    const history = await data(token, '/api/v1/metrics/history?type=ftp&days=30');
    expect(history.points).toEqual([
      { date: addDays(today, -29), value: 240 },
      { date: addDays(today, -12), value: 262 },
    ]);
    expect((await data(token, '/api/v1/metrics/current')).ftp).toEqual({
      value: 262,
      date: addDays(today, -12),
    });
  });
});

describe('consistency', () => {
  it('counts a recorded activity that completes no workout as a session done', async () => {
    const { token, athleteId } = await t.athlete();
    await recorded(athleteId, addDays(today, -1), 'run', {}, 2700);
    const consistency = await data(token, '/api/analytics/consistency?days=7');
    const day = consistency.daily_data.find((d: { date: string }) => d.date === addDays(today, -1));
    expect(day).toMatchObject({ status: 'complete', completed_sessions: 1, completed_minutes: 45 });
    expect(consistency.summary.current_streak).toBe(1);
  });
});
