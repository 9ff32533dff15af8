// The Metrics API through app.inject: the wellness store (upsert, edit, delete, ranges), hand-computed recovery
// and readiness, trends, histories, current values and the summary; another athlete's ids and empty accounts.
import { addDays } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { createMetricsService } from '../src/modules/metrics/service.ts';
import { createThresholdService } from '../src/modules/thresholds/service.ts';
import { createTrainingLoadService } from '../src/modules/training-load/service.ts';
import { createWorkoutService } from '../src/modules/workouts/service.ts';
import type { AuthContext } from '../src/plugins/authenticate.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let athleteId: string;
let other: { token: string; athleteId: string };
let empty: { token: string; athleteId: string };
const today = pinToday(); // test athletes live in UTC
const yesterday = addDays(today, -1);

beforeAll(async () => {
  t = await createTestApp();
  const a = (await t.signUpAndConfirm()).session;
  token = a.access_token;
  athleteId = a.user.athlete_id;
  const b = (await t.signUpAndConfirm()).session;
  other = { token: b.access_token, athleteId: b.user.athlete_id };
  const c = (await t.signUpAndConfirm()).session;
  empty = { token: c.access_token, athleteId: c.user.athlete_id };
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
const data = async (url: string, as = token) => {
  const res = await call('GET', url, undefined, as);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

describe('POST /api/metrics', () => {
  it('creates a day (201), then updates only the fields sent (200)', async () => {
    const created = await call('POST', '/api/metrics', {
      date: yesterday,
      hrv: 25,
      sleep_hours: 4.5,
      mood: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const day = created.json().data;
    // HRV (25 − 45) / 45 × 250 → −50 × .25 = −12.5; sleep 4.5 h: 50 − 62.5 = −12.5 × .2 = −2.5 → 35.
    expect(day).toMatchObject({
      date: yesterday,
      hrv: 25,
      sleep_hours: 4.5,
      mood: 2,
      resting_hr: null,
      recovery_score: 35,
    });

    const updated = await call('POST', '/api/metrics', { date: yesterday, notes: 'rough night', mood: null });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      id: day.id,
      hrv: 25,
      sleep_hours: 4.5,
      mood: null,
      notes: 'rough night',
    });
  });

  it('answers 400 naming each out-of-range field and writes nothing', async () => {
    const cases: [string, unknown][] = [
      ['hrv', 4],
      ['hrv', 301],
      ['resting_hr', 24],
      ['resting_hr', 60.5],
      ['sleep_hours', 25],
      ['sleep_quality', 6],
      ['readiness', 0],
      ['fatigue_level', 11],
      ['soreness', 0],
      ['mood', 6],
      ['weight_kg', 20],
      ['vo2max', 101],
      ['threshold_pace_seconds_per_km', 100],
      ['ftp_watts', 2001],
      ['hrv', 'high'],
    ];
    const date = addDays(today, -200);
    for (const [field, value] of cases) {
      const res = await call('POST', '/api/metrics', { date, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect((await call('POST', '/api/metrics', { date: '2026-02-30', hrv: 50 })).statusCode).toBe(400);
    expect((await call('POST', '/api/metrics', { date, unknown: 1 })).statusCode).toBe(400);
    expect(await data(`/api/metrics?start_date=${date}&end_date=${date}`)).toEqual([]);
  });

  it('answers 400 to an entry with no value at all, and writes nothing, on a new day or an existing one', async () => {
    const allNull = {
      hrv: null,
      hrv_sdnn: null,
      resting_hr: null,
      sleep_hours: null,
      sleep_quality: null,
      readiness: null,
      fatigue_level: null,
      soreness: null,
      mood: null,
      weight_kg: null,
      vo2max: null,
      threshold_pace_seconds_per_km: null,
      ftp_watts: null,
      notes: null,
    };
    const fresh = addDays(today, -300);
    for (const body of [{}, allNull, { hrv: null }, { notes: '   ' }, { ...allNull, notes: '' }]) {
      const res = await call('POST', '/api/metrics', { date: fresh, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().message).toContain('Enter at least one value');
    }
    expect(await data(`/api/metrics?start_date=${fresh}&end_date=${fresh}`)).toEqual([]);

    // On a day with an entry, an all-null POST does not empty it: clearing goes through PUT (or DELETE).
    const kept = addDays(today, -301);
    const day = (await call('POST', '/api/metrics', { date: kept, hrv: 60 })).json().data;
    const refused = await call('POST', '/api/metrics', { date: kept, ...allNull });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await data(`/api/metrics?start_date=${kept}&end_date=${kept}`))[0]).toMatchObject({ hrv: 60 });
    const cleared = await call('PUT', `/api/metrics/${day.id}`, { hrv: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.hrv).toBeNull();
    // A null beside a value still clears that field.
    const mixed = await call('POST', '/api/metrics', { date: kept, hrv: null, notes: 'travel day' });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().data).toMatchObject({ hrv: null, notes: 'travel day' });
    expect((await call('DELETE', `/api/metrics/${day.id}`)).statusCode).toBe(200);
  });
});

describe('GET, PUT and DELETE /api/metrics', () => {
  it('lists the last 30 days by default, and a range', async () => {
    const list = await data('/api/metrics');
    expect(list.map((d: { date: string }) => d.date)).toEqual([yesterday]);
    expect(await data(`/api/metrics?start_date=${today}&end_date=${today}`)).toEqual([]);
  });

  it('validates the range', async () => {
    for (const url of [
      '/api/metrics?start_date=yesterday',
      `/api/metrics?start_date=${today}&end_date=${yesterday}`,
      `/api/metrics?start_date=2000-01-01&end_date=2020-01-01`,
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/start_date|end_date/);
    }
  });

  it('edits, moves (409 onto a day with an entry) and deletes; another athlete gets 404', async () => {
    const a = (await call('POST', '/api/metrics', { date: addDays(today, -10), resting_hr: 50 })).json().data;
    const b = (await call('POST', '/api/metrics', { date: addDays(today, -11), resting_hr: 52 })).json().data;
    const put = await call('PUT', `/api/metrics/${a.id}`, { resting_hr: 49, vo2max: 52 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ resting_hr: 49, vo2max: 52 });
    const clash = await call('PUT', `/api/metrics/${a.id}`, { date: b.date });
    expect(clash.statusCode).toBe(409);
    const moved = await call('PUT', `/api/metrics/${a.id}`, { date: addDays(today, -12) });
    expect(moved.json().data.date).toBe(addDays(today, -12));
    expect((await call('PUT', `/api/metrics/${a.id}`, {})).statusCode).toBe(400);
    expect((await call('PUT', `/api/metrics/${a.id}`, { hrv: 999 })).statusCode).toBe(400);

    expect((await call('PUT', `/api/metrics/${a.id}`, { hrv: 50 }, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/metrics/${a.id}`, undefined, other.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/metrics/${a.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/metrics/not-a-uuid')).statusCode).toBe(400);

    const del = await call('DELETE', `/api/metrics/${b.id}`);
    expect(del.json().data).toEqual({ id: b.id, deleted: true });
    expect((await call('DELETE', `/api/metrics/${b.id}`)).statusCode).toBe(404);
    const left = await data(`/api/metrics?start_date=${addDays(today, -12)}&end_date=${addDays(today, -10)}`);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: a.id, resting_hr: 49, vo2max: 52 });
  });
});

describe('conditional day writes (docs/offline.md, "Conflicts")', () => {
  const post = (body: object, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/metrics',
      headers: { ...bearer(token), ...headers },
      payload: body,
    });
  const put = (id: string, body: object, headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/metrics/${id}`,
      headers: { ...bearer(token), ...headers },
      payload: body,
    });
  const dayOn = async (date: string) => (await data(`/api/metrics?start_date=${date}&end_date=${date}`))[0];

  it('POST with If-Match applies while the day is that version, and answers 412 with nothing written once it changed', async () => {
    const date = addDays(today, -40);
    const first = (await call('POST', '/api/metrics', { date, hrv: 50, sleep_hours: 7 })).json().data;

    const ok = await post({ date, hrv: 52 }, { 'if-match': `"${first.updated_at}"` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ id: first.id, hrv: 52, sleep_hours: 7 });
    const second = ok.json().data;
    expect(second.updated_at).not.toBe(first.updated_at);

    // A replay made on the first version: the day changed since, so it is refused and the day stays as it is.
    const stale = await post({ date, hrv: 40, sleep_hours: 5 }, { 'if-match': `"${first.updated_at}"` });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({
      code: 'PRECONDITION_FAILED',
      detail: { updated_at: second.updated_at },
    });
    expect(stale.json().message).toContain('changed after your copy');
    expect(await dayOn(date)).toMatchObject({ hrv: 52, sleep_hours: 7, updated_at: second.updated_at });

    // A bare (unquoted) version works too; one that names no time matches nothing.
    expect((await post({ date, mood: 3 }, { 'if-match': second.updated_at })).statusCode).toBe(200);
    const garbage = await post({ date, mood: 4 }, { 'if-match': '"yesterday"' });
    expect(garbage.statusCode).toBe(412);
    expect((await dayOn(date)).mood).toBe(3);

    // Deleted elsewhere: If-Match names a version that no longer exists.
    const current = await dayOn(date);
    await call('DELETE', `/api/metrics/${current.id}`);
    const gone = await post({ date, hrv: 60 }, { 'if-match': `"${current.updated_at}"` });
    expect(gone.statusCode, gone.body).toBe(412);
    expect(gone.json().detail).toEqual({ updated_at: null });
    expect(await dayOn(date)).toBeUndefined();
  });

  it('If-Match: * writes a day while it has an entry, whatever its version, and is a 412 when it has none', async () => {
    const date = addDays(today, -45);
    const first = (await call('POST', '/api/metrics', { date, hrv: 50 })).json().data;
    const any = await post({ date, hrv: 51 }, { 'if-match': '*' });
    expect(any.statusCode, any.body).toBe(200);
    expect(any.json().data).toMatchObject({ id: first.id, hrv: 51 });
    const edited = await put(first.id, { hrv: 53 }, { 'if-match': '*' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.hrv).toBe(53);
    await call('DELETE', `/api/metrics/${first.id}`);
    const none = await post({ date, hrv: 60 }, { 'if-match': '*' });
    expect(none.statusCode, none.body).toBe(412);
    expect(await dayOn(date)).toBeUndefined();
    expect((await put(first.id, { hrv: 60 }, { 'if-match': '*' })).statusCode).toBe(412);
  });

  it('POST with If-None-Match: * creates the day only while it has no entry', async () => {
    const date = addDays(today, -41);
    const created = await post({ date, resting_hr: 50 }, { 'if-none-match': '*' });
    expect(created.statusCode, created.body).toBe(201);
    const again = await post({ date, resting_hr: 70 }, { 'if-none-match': '*' });
    expect(again.statusCode, again.body).toBe(412);
    expect(again.json().detail).toEqual({ updated_at: created.json().data.updated_at });
    expect((await dayOn(date)).resting_hr).toBe(50);
    expect((await post({ date, resting_hr: 70 }, { 'if-none-match': '"abc"' })).statusCode).toBe(400);
    const both = await post(
      { date, resting_hr: 70 },
      { 'if-none-match': '*', 'if-match': `"${created.json().data.updated_at}"` },
    );
    expect(both.statusCode).toBe(400);
    expect((await dayOn(date)).resting_hr).toBe(50);
  });

  it('without a precondition, POST and PUT behave as before; PUT takes If-Match too', async () => {
    const date = addDays(today, -42);
    const day = (await call('POST', '/api/metrics', { date, hrv: 50 })).json().data;
    expect((await call('POST', '/api/metrics', { date, hrv: 51 })).statusCode).toBe(200);
    const stale = await put(day.id, { hrv: 30 }, { 'if-match': `"${day.updated_at}"` });
    expect(stale.statusCode, stale.body).toBe(412);
    expect((await dayOn(date)).hrv).toBe(51);
    const current = await dayOn(date);
    const ok = await put(day.id, { hrv: 30 }, { 'if-match': `"${current.updated_at}"` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.hrv).toBe(30);
    // Another athlete's day is still a 404, with or without If-Match.
    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/api/metrics/${day.id}`,
      headers: { ...bearer(other.token), 'if-match': `"${current.updated_at}"` },
      payload: { hrv: 40 },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('recovery and readiness', () => {
  it('GET /api/v1/metrics/recovery scores a known day by hand, null without data', async () => {
    const recovery = await data(`/api/v1/metrics/recovery?date=${yesterday}`);
    expect(recovery).toMatchObject({
      date: yesterday,
      score: 35,
      label: 'Need Recovery',
      band: 'low',
      confidence: 0.45,
      baselines: { hrv: 45, resting_hr: 50, sleep_hours: 7.5, source: 'default' },
    });
    expect(recovery.factors.hrv).toEqual({ value: 25, baseline: 45, weight: 0.25, points: -12.5 });
    expect(recovery.factors.training_load.value).toBeNull();
    expect(recovery.recommendations[1]).toBe(
      'HRV 25 ms is 44% below the typical baseline of 45 ms: keep today easy or rest.',
    );
    expect(await data('/api/v1/metrics/recovery')).toBeNull();
    expect((await call('GET', '/api/v1/metrics/recovery?date=soon')).json().message).toContain('date');
  });

  it('POST calculate-readiness and calculate-recovery, for the caller or their own id only', async () => {
    const res = await call('POST', '/api/metrics/calculate-readiness', { date: yesterday });
    expect(res.statusCode, res.body).toBe(200);
    // No training load: form 77 (TSB 0), load 80. 0.6 × 35 + 0.25 × 77 + 0.15 × 80 = 52.25 → 52.
    expect(res.json().data).toMatchObject({
      date: yesterday,
      score: 52,
      label: 'Take It Easy',
      confidence: 0.67,
    });
    const own = await call('POST', `/api/metrics/calculate-readiness/${athleteId}`, {});
    expect(own.json().data).toMatchObject({ date: today, score: 78, confidence: 0.4 });
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/metrics/calculate-readiness',
      headers: bearer(token),
    });
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect((await call('POST', `/api/metrics/calculate-readiness/${other.athleteId}`, {})).statusCode).toBe(
      404,
    );

    const recovery = await call('POST', `/api/metrics/calculate-recovery/${athleteId}`, { date: yesterday });
    expect(recovery.json().data.score).toBe(35);
    expect((await call('POST', `/api/metrics/calculate-recovery/${other.athleteId}`, {})).statusCode).toBe(
      404,
    );
  });

  it('trends, analysis and recommendations', async () => {
    const trends = await data('/api/metrics/recovery-trends?days=3');
    expect(trends.days).toEqual([
      { date: addDays(today, -2), score: null },
      { date: yesterday, score: 35 },
      { date: today, score: null },
    ]);
    expect(trends.average).toBe(35);
    const readiness = await data(`/api/metrics/readiness-trends/${athleteId}?days=2`);
    // Today has neither a recovery score nor any training load: nothing to score.
    expect(readiness.days.map((d: { score: number }) => d.score)).toEqual([52, null]);
    const analysis = await data('/api/v1/metrics/recovery-analysis');
    expect(analysis).toMatchObject({
      overall_score: 35,
      factors: { hrv_average: 25, sleep_hours_average: 4.5 },
    });
    expect(analysis.daily_scores).toHaveLength(1);
    const recs = await data('/api/metrics/recovery-recommendations');
    expect(recs[0]).toMatch(/^Log this morning/);
    for (const url of [
      '/api/metrics/recovery-trends',
      '/api/v1/metrics/recovery-analysis',
      '/api/metrics/readiness-trends',
      '/api/metrics/recovery-recommendations',
    ])
      expect((await call('GET', `${url}/${other.athleteId}`)).statusCode, url).toBe(404);
    expect((await call('GET', '/api/metrics/recovery-trends?days=0')).json().message).toContain('days');
  });

  it('an empty account gets nulls and empty lists, never a 500', async () => {
    const as = empty.token;
    expect(await data('/api/v1/metrics/recovery', as)).toBeNull();
    expect(await data('/api/v1/metrics/recovery-analysis', as)).toMatchObject({
      overall_score: null,
      daily_scores: [],
    });
    expect((await data('/api/metrics/recovery-trends', as)).average).toBeNull();
    expect(Object.values(await data('/api/v1/metrics/current', as)).every((v) => v === null)).toBe(true);
    expect((await data('/api/v1/metrics/hrv', as)).points).toEqual([]);
    const summary = await data('/api/v1/metrics/summary', as);
    expect(summary.metrics.every((m: { count: number }) => m.count === 0)).toBe(true);
  });
});

describe('histories, current and summary', () => {
  it('GET /api/v1/metrics/history and the shortcuts leave out days without the metric', async () => {
    expect(await data('/api/v1/metrics/history?type=hrv')).toEqual({
      type: 'hrv',
      unit: 'ms',
      points: [{ date: yesterday, value: 25 }],
    });
    expect((await data('/api/v1/metrics/history?type=recovery_score&days=7')).points).toEqual([
      { date: yesterday, value: 35 },
    ]);
    expect((await data('/api/v1/metrics/sleep')).points).toEqual([{ date: yesterday, value: 4.5 }]);
    expect((await data('/api/v1/metrics/resting-hr?days=30')).points).toEqual([
      { date: addDays(today, -12), value: 49 },
    ]);
    expect(await data('/api/v1/metrics/vo2max')).toMatchObject({
      type: 'vo2max',
      unit: 'ml/kg/min',
      points: [{ value: 52 }],
    });
    expect((await data('/api/v1/metrics/hrv?days=1')).points).toEqual([]);
    expect((await call('GET', '/api/v1/metrics/history?type=steps')).json().message).toContain('type');
    expect((await call('GET', '/api/v1/metrics/history')).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/metrics/vo2max?days=4000')).json().message).toContain('days');
  });

  it('GET /api/v1/metrics/current and summary', async () => {
    const current = await data('/api/v1/metrics/current');
    expect(current).toMatchObject({
      hrv: { value: 25, date: yesterday },
      resting_hr: { value: 49, date: addDays(today, -12) },
      recovery_score: { value: 35, date: yesterday },
      ftp: null,
    });
    const summary = await data('/api/v1/metrics/summary?period=week');
    expect(summary).toMatchObject({ period: 'week', start_date: addDays(today, -6), end_date: today });
    expect(summary.metrics.find((m: { type: string }) => m.type === 'hrv')).toMatchObject({
      latest: 25,
      average: 25,
      count: 1,
    });
    expect((await call('GET', '/api/v1/metrics/summary?period=year')).json().message).toContain('period');
    expect((await call('GET', '/api/v1/metrics/current')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/metrics/current' })).statusCode).toBe(401);
  });

  it('a wellness write shows at once in reads made before it (which the athlete cache keeps)', async () => {
    const as = (await t.signUpAndConfirm()).session.access_token;
    expect((await data('/api/v1/metrics/current', as)).hrv).toBeNull();
    expect((await data('/api/v1/metrics/hrv', as)).points).toEqual([]);
    // Read twice, so the body is stored in the athlete cache before the write.
    expect((await data('/api/v1/metrics/current', as)).hrv).toBeNull();
    const posted = await call('POST', '/api/metrics', { date: today, hrv: 61 }, as);
    expect(posted.statusCode, posted.body).toBeLessThan(300);
    expect((await data('/api/v1/metrics/current', as)).hrv).toEqual({ value: 61, date: today });
    expect((await data('/api/v1/metrics/hrv', as)).points).toEqual([{ date: today, value: 61 }]);
  });
});

describe('HRV as SDNN (Apple Health) is a metric of its own', () => {
  it('has its own history, current value and summary line, and never feeds rMSSD HRV or recovery', async () => {
    const as = (await t.signUpAndConfirm()).session.access_token;
    for (const [date, hrv_sdnn] of [
      [addDays(today, -2), 48],
      [yesterday, 52.5],
    ] as const) {
      const res = await call('POST', '/api/metrics', { date, hrv_sdnn }, as);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await data('/api/v1/metrics/history?type=hrv_sdnn&days=7', as)).toEqual({
      type: 'hrv_sdnn',
      unit: 'ms',
      points: [
        { date: addDays(today, -2), value: 48 },
        { date: yesterday, value: 52.5 },
      ],
    });
    expect((await data('/api/v1/metrics/history?type=hrv', as)).points).toEqual([]);
    expect((await data('/api/v1/metrics/history?type=recovery_score', as)).points).toEqual([]);
    expect(await data('/api/v1/metrics/current', as)).toMatchObject({
      hrv_sdnn: { value: 52.5, date: yesterday },
      hrv: null,
      recovery_score: null,
    });
    const summary = await data('/api/v1/metrics/summary?period=week', as);
    expect(summary.metrics.find((m: { type: string }) => m.type === 'hrv_sdnn')).toMatchObject({
      unit: 'ms',
      latest: 52.5,
      min: 48,
      max: 52.5,
      count: 2,
      trend: expect.any(String),
    });
    expect(summary.metrics.find((m: { type: string }) => m.type === 'hrv')).toMatchObject({ count: 0 });
  });
});

describe('the recovery hook', () => {
  it('runs after each write with the new score, and a failing hook never fails the write', async () => {
    const calls: [string, string, number][] = [];
    const auth = { athleteId: other.athleteId, timezone: 'UTC' } as AuthContext;
    const workouts = createWorkoutService(t.db);
    const thresholds = createThresholdService(t.db, { workouts });
    const service = createMetricsService(t.db, createTrainingLoadService(t.db, workouts), thresholds, {
      onRecoveryScored: async (id, date, score) => {
        calls.push([id, date, score]);
        throw new Error('hook down');
      },
    });
    const { created } = await service.upsert(auth, { date: yesterday, hrv: 25, sleep_hours: 4.5 });
    expect(created).toBe(true);
    expect(calls).toEqual([[other.athleteId, yesterday, 35]]);
    // A day without recovery inputs has no score: no call.
    await service.upsert(auth, { date: today, weight_kg: 70 });
    expect(calls).toHaveLength(1);
  });
});
