// One dated store of thresholds (docs/zones.md, "One store"): an FTP or threshold pace set on any screen or API
// (a wellness day, its edit, the wellness CSV import, Settings) is the one every other read shows: Settings'
// sport metrics, the Metrics page's current values, history chart and summary, the wellness day itself, the
// threshold estimates and the dashboard's threshold flags.
import { addDays } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { bearer, createTestApp, multipartForm, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
const today = pinToday();
const d = (n: number) => addDays(today, -n);

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUpAndConfirm()).session.access_token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const data = async (url: string) => {
  const res = await call('GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

/** Every read of the FTP and threshold pace in force today. */
async function everyRead() {
  const [settings, current, ftpHistory, paceHistory, summary, estimates] = await Promise.all([
    data('/api/athletes/me/sport-metrics'),
    data('/api/v1/metrics/current'),
    data('/api/v1/metrics/history?type=ftp&days=30'),
    data('/api/v1/metrics/history?type=threshold_pace&days=30'),
    data('/api/v1/metrics/summary?period=month'),
    data('/api/athletes/me/threshold-estimates'),
  ]);
  const metric = (type: string) => summary.metrics.find((m: { type: string }) => m.type === type);
  const estimate = (key: string) => estimates.thresholds.find((e: { key: string }) => e.key === key);
  return {
    ftp: [
      settings.cycling.values.ftp_watts,
      settings.triathlon.values.ftp_watts,
      current.ftp?.value,
      ftpHistory.points.at(-1)?.value,
      metric('ftp').latest,
      estimate('ftp_watts').current,
    ],
    pace: [
      settings.running.values.threshold_pace_seconds_per_km,
      settings.triathlon.values.run_threshold_pace_seconds_per_km,
      current.threshold_pace?.value,
      paceHistory.points.at(-1)?.value,
      metric('threshold_pace').latest,
      estimate('threshold_pace_seconds_per_km').current,
    ],
  };
}

describe('one dated threshold store', () => {
  it('an FTP and threshold pace logged on a wellness day are what every screen shows', async () => {
    const res = await call('POST', '/api/metrics', {
      date: d(10),
      hrv: 50,
      ftp_watts: 262,
      threshold_pace_seconds_per_km: 255,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      date: d(10),
      hrv: 50,
      ftp_watts: 262,
      threshold_pace_seconds_per_km: 255,
    });
    expect(await everyRead()).toEqual({ ftp: Array(6).fill(262), pace: Array(6).fill(255) });
    const settings = await data('/api/athletes/me/sport-metrics');
    expect(settings.cycling.effective_from).toBe(d(10));
    // Known now, so no longer a default: the dashboard stops flagging it.
    const estimates = await data('/api/athletes/me/threshold-estimates');
    expect(estimates.thresholds.find((e: { key: string }) => e.key === 'ftp_watts').threshold_source).toBe(
      'athlete',
    );
  });

  it('a value set in Settings is the one the Metrics page shows, and its chart keeps the history', async () => {
    const saved = await call('PUT', '/api/athletes/me/sport-metrics', {
      sport: 'cycling',
      values: { ftp_watts: 281, max_hr: null, resting_hr: null, lthr: null, max_power_watts: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reads = await everyRead();
    expect(reads.ftp).toEqual(Array(6).fill(281));
    const history = await data('/api/v1/metrics/history?type=ftp&days=30');
    // The first entry also reaches back over the days before it (docs/zones.md, "Dated history").
    expect(history.points).toEqual([
      { date: d(29), value: 262 },
      { date: d(10), value: 262 },
      { date: today, value: 281 },
    ]);
    // The wellness day keeps what was logged that day.
    const [day] = await data(`/api/metrics?start_date=${d(10)}&end_date=${d(10)}`);
    expect(day.ftp_watts).toBe(262);
  });

  it('an edit of a wellness day moves its threshold in the one store too', async () => {
    const [day] = await data(`/api/metrics?start_date=${d(10)}&end_date=${d(10)}`);
    const res = await call('PUT', `/api/metrics/${day.id}`, { threshold_pace_seconds_per_km: 248 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.threshold_pace_seconds_per_km).toBe(248);
    expect((await everyRead()).pace).toEqual(Array(6).fill(248));
    const settings = await data('/api/athletes/me/sport-metrics');
    const running = settings.history.filter((e: { sport: string }) => e.sport === 'running');
    // One entry for that day, not a second copy.
    expect(running).toEqual([
      expect.objectContaining({
        effective_from: d(10),
        values: expect.objectContaining({ threshold_pace_seconds_per_km: 248 }),
      }),
    ]);
  });

  it('the wellness CSV import writes its FTP column to the same store, a repeated value only once', async () => {
    const csv = ['date,hrv,ftp_watts', `${d(8)},51,281`, `${d(7)},52,290`, `${d(6)},53,290`].join('\n');
    const body = multipartForm([{ name: 'file', value: csv, filename: 'wellness.csv' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/metrics/import',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const settings = await data('/api/athletes/me/sport-metrics');
    const cycling = settings.history
      .filter((e: { sport: string }) => e.sport === 'cycling')
      .map((e: { effective_from: string; values: { ftp_watts: number } }) => [
        e.effective_from,
        e.values.ftp_watts,
      ]);
    // d(8): 281 differs from the 262 in force then, a new entry; d(6) repeats d(7)'s 290, no entry.
    expect(cycling).toEqual([
      [today, 281],
      [d(7), 290],
      [d(8), 281],
      [d(10), 262],
    ]);
    // Today's Settings entry is still the one in force.
    expect((await everyRead()).ftp).toEqual(Array(6).fill(281));
  });

  it('a write that fails writes no threshold either', async () => {
    const res = await call('PUT', '/api/metrics/00000000-0000-4000-8000-000000000000', {
      date: d(3),
      ftp_watts: 333,
    });
    expect(res.statusCode).toBe(404);
    const settings = await data('/api/athletes/me/sport-metrics');
    expect(settings.history.some((e: { effective_from: string }) => e.effective_from === d(3))).toBe(false);
  });
});
