// Training API calculations: local TSS (one, many, for an athlete) and a CTL/ATL/TSB series from given TSS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let athleteId: string;
beforeAll(async () => {
  t = await createTestApp();
  const { session } = await t.signUpAndConfirm();
  token = session.access_token;
  athleteId = session.user.athlete_id;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, as = token) =>
  t.app.inject({ method: 'POST', url, headers: bearer(as), payload: payload as object });

describe('POST /api/training/calculate-tss', () => {
  it('scores an hour at FTP as 100 from power, with its method and confidence', async () => {
    const res = await post('/api/training/calculate-tss', {
      sport: 'bike',
      duration_minutes: 60,
      intensity_data: { avg_power: 250 / 1.05 },
      athlete_zones: { power_ftp: 250 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      tss: 100,
      intensity_factor: 1,
      calculation_method: 'power',
      confidence: 0.95,
    });
  });

  it('falls back down the spec order: zone distribution, then RPE, then the default', async () => {
    const zones = await post('/api/training/calculate-tss', {
      sport: 'run',
      duration_minutes: 60,
      zone_distribution: { zone_2: 100 },
      intensity_data: { rpe: 9 },
    });
    expect(zones.json().data).toMatchObject({ tss: 56.3, calculation_method: 'zone_distribution' });
    const rpe = await post('/api/training/calculate-tss', {
      sport: 'strength',
      duration_minutes: 60,
      intensity_data: { rpe: 5 },
    });
    // 1 h × 0.8² × 100 × strength factor 0.8
    expect(rpe.json().data).toMatchObject({ tss: 51.2, calculation_method: 'rpe', confidence: 0.6 });
    const none = await post('/api/training/calculate-tss', { sport: 'swim', duration_minutes: 30 });
    expect(none.json().data).toMatchObject({
      tss: 12.5,
      intensity_factor: 0.5,
      calculation_method: 'default',
    });
  });

  it.each([
    ['an unknown sport', { sport: 'chess', duration_minutes: 60 }, /sport/],
    ['a negative duration', { sport: 'run', duration_minutes: -5 }, /duration_minutes/],
    ['a duration as text', { sport: 'run', duration_minutes: 'long' }, /duration_minutes/],
    ['an RPE of 11', { sport: 'run', duration_minutes: 60, intensity_data: { rpe: 11 } }, /rpe/],
    ['an unknown field', { sport: 'run', duration_minutes: 60, watts: 200 }, /watts|unrecognized/i],
  ])('refuses %s with 400', async (_label, payload, message) => {
    const res = await post('/api/training/calculate-tss', payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(message);
  });

  it("takes the caller's own athlete id, and answers 404 for another", async () => {
    const body = { sport: 'run', duration_minutes: 60 };
    expect((await post(`/api/training/calculate-tss/${athleteId}`, body)).statusCode).toBe(200);
    const other = (await t.signUpAndConfirm()).session;
    expect(
      (await post(`/api/training/calculate-tss/${athleteId}`, body, other.access_token)).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/training/calculate-bulk-tss', () => {
  it('scores every workout in order', async () => {
    const res = await post('/api/training/calculate-bulk-tss', {
      workouts: [
        { sport: 'run', duration_minutes: 60, zone_distribution: { zone_2: 100 } },
        { sport: 'swim', duration_minutes: 30 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { tss: number }) => r.tss)).toEqual([56.3, 12.5]);
  });

  it('refuses an empty list and a bad item, naming it', async () => {
    expect((await post('/api/training/calculate-bulk-tss', { workouts: [] })).statusCode).toBe(400);
    const bad = await post('/api/training/calculate-bulk-tss', { workouts: [{ sport: 'run' }] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/duration_minutes/);
  });
});

describe('POST /api/training/calculate-ctl-atl-tsb/{id}', () => {
  it('runs the series day by day from the first date to the last, filling missing days with 0', async () => {
    const res = await post(`/api/training/calculate-ctl-atl-tsb/${athleteId}`, {
      tss_data: [
        { date: '2026-01-03', tss: 100 },
        { date: '2026-01-01', tss: 100 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const days = res.json().data;
    expect(days.map((d: { date: string }) => d.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    const k42 = 1 - Math.exp(-1 / 42);
    const k7 = 1 - Math.exp(-1 / 7);
    expect(days[0].ctl).toBeCloseTo(100 * k42, 1);
    expect(days[0].atl).toBeCloseTo(100 * k7, 1);
    expect(days[1]).toMatchObject({ tss: 0 });
    expect(days[2].form_level).toBe('tired');
  });

  it('starts from given CTL and ATL, refuses spans over ten years and other ids', async () => {
    const seeded = await post(`/api/training/calculate-ctl-atl-tsb/${athleteId}`, {
      tss_data: [{ date: '2026-01-01', tss: 50 }],
      initial_ctl: 50,
      initial_atl: 50,
    });
    expect(seeded.json().data[0]).toMatchObject({ ctl: 50, atl: 50, tsb: 0 });
    const long = await post(`/api/training/calculate-ctl-atl-tsb/${athleteId}`, {
      tss_data: [
        { date: '2000-01-01', tss: 50 },
        { date: '2026-01-01', tss: 50 },
      ],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/3650 days/);
    const other = (await t.signUpAndConfirm()).session;
    const res = await post(
      `/api/training/calculate-ctl-atl-tsb/${athleteId}`,
      { tss_data: [{ date: '2026-01-01', tss: 50 }] },
      other.access_token,
    );
    expect(res.statusCode).toBe(404);
  });
});
