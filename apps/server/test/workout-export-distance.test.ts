// Run and swim exports a watch can follow (issue 28 §2; docs/workout-files.md): distance steps stay distances,
// paces become speed ranges from the athlete's threshold pace on the workout's day, swims are pool lengths and
// timed rests. Each file is decoded with the FIT SDK (or our own readers) and imported again.
import { fromZwo, type Interval, paceZoneTable } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFitWorkout, encodeFitWorkout } from '../src/modules/workouts/fit.ts';
import { bearer, createTestApp, multipartForm as form, type TestApp } from './helpers.ts';

let t: TestApp;
let ana: string;
let noPace: string;
const API = '/api/workout-planning';
const TRACK = 'WU 10min, 10x400m @ 5k pace, 200m jog, CD 10min';
const SWIM = 'WU 400m easy, 10x100m @ 1:40/100m RI 20s, CD 200m';

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function create(token: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await call(token, 'POST', `${API}/workouts`, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

const exportFile = (id: string, query: string, token = ana) =>
  call(token, 'GET', `${API}/workouts/${id}/export?${query}`);

async function steps(id: string, token = ana): Promise<Interval[]> {
  const s = (await call(token, 'GET', `${API}/workouts/${id}`)).json().data.workout_structure;
  return [...s.warmup_intervals, ...s.main_intervals, ...s.cooldown_intervals];
}

/** The speed range (m/s) of a zone in the derived pace table of a threshold (seconds per `metres`). */
function zoneSpeed(threshold: number, zone: number, metres = 1000) {
  const z = paceZoneTable(threshold).find((r) => r.zone === zone)!;
  return { low: metres / z.max, high: metres / z.min };
}

const ids: Record<string, string> = {};

/** Exports a workout as .fit and imports the file again; the new workout's id. */
async function reimport(id: string, day: string, query = ''): Promise<string> {
  const exported = await exportFile(id, `format=fit${query}`);
  const body = form([
    { name: 'workout_date', value: day },
    { name: 'file', value: exported.rawPayload, filename: 'again.fit' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/workouts/import`,
    headers: { ...bearer(ana), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = (await t.signUpAndConfirm({ name: 'Ana' })).session.access_token;
  noPace = (await t.signUpAndConfirm({ name: 'Noa' })).session.access_token;
  // Ana's threshold pace is 4:30/km through 2026, 4:00/km from 2027; her CSS 1:40/100 m.
  for (const [day, pace] of [
    ['2026-01-01', 270],
    ['2027-01-01', 240],
  ] as const) {
    const res = await call(ana, 'PUT', '/api/athletes/me/sport-metrics', {
      sport: 'running',
      effective_from: day,
      values: { threshold_pace_seconds_per_km: pace, max_hr: null, resting_hr: null, lthr: null },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const css = await call(ana, 'PUT', '/api/athletes/me/sport-metrics', {
    sport: 'swimming',
    effective_from: '2026-01-01',
    values: { css_seconds_per_100m: 100, threshold_100_seconds: null, max_hr: null },
  });
  expect(css.statusCode, css.body).toBe(200);
  const run = { title: 'Track 10×400', sport: 'run', workout_language_text: TRACK };
  ids.track2026 = (await create(ana, { ...run, workout_date: '2026-12-01' })).id;
  ids.track2027 = (await create(ana, { ...run, workout_date: '2027-02-01' })).id;
  ids.trackNoPace = (await create(noPace, { ...run, workout_date: '2026-12-01' })).id;
  ids.km = (
    await create(ana, {
      title: 'Kilometres',
      sport: 'run',
      workout_date: '2026-12-02',
      workout_language_text: '5x 1km @ 4:00/km, 2min rest',
    })
  ).id;
  ids.swim = (
    await create(ana, {
      title: 'Pool',
      sport: 'swim',
      workout_date: '2026-12-03',
      workout_language_text: SWIM,
    })
  ).id;
});
afterAll(() => t.close());

describe('GET /workouts/{id}/export?format=fit: runs', () => {
  it('keeps 400 m repeats and 200 m jogs as distances, zone 5 as a speed range from the threshold pace', async () => {
    const res = await exportFile(ids.track2026!, 'format=fit');
    expect(res.statusCode).toBe(200);
    const fit = decodeFitWorkout(res.rawPayload);
    expect(fit.sport).toBe('running');
    const [wu, rep, jog] = fit.steps;
    expect(wu).toMatchObject({ durationType: 'time', durationSeconds: 600, intensity: 'warmup' });
    expect(rep).toMatchObject({ durationType: 'distance', durationMeters: 400, targetType: 'speed' });
    const z5 = zoneSpeed(270, 5);
    expect(rep!.targetLow).toBeCloseTo(z5.low, 2);
    expect(rep!.targetHigh).toBeCloseTo(z5.high, 2);
    // 4:30/km threshold: zone 5 is faster than 4:27/km (3.74 m/s), up to 85 % of the threshold time.
    expect(rep!.targetLow).toBeGreaterThan(1000 / 270);
    expect(jog).toMatchObject({ durationType: 'distance', durationMeters: 200, intensity: 'rest' });
    expect(jog!.targetType).toBe('open');
    const distances = fit.steps.filter((s) => s.durationType === 'distance').map((s) => s.durationMeters);
    expect(distances).toEqual(Array.from({ length: 10 }, () => [400, 200]).flat());
  });

  it("uses the threshold pace in force on the workout's day", async () => {
    const later = decodeFitWorkout((await exportFile(ids.track2027!, 'format=fit')).rawPayload).steps[1]!;
    const z5 = zoneSpeed(240, 5);
    expect(later.targetLow).toBeCloseTo(z5.low, 2);
    expect(later.targetHigh).toBeCloseTo(z5.high, 2);
  });

  it('writes a written pace as its speed ±2.5 %, and a timed rest as time', async () => {
    const fit = decodeFitWorkout((await exportFile(ids.km!, 'format=fit')).rawPayload);
    const [rep, rest] = fit.steps;
    expect(rep).toMatchObject({ durationType: 'distance', durationMeters: 1000, targetType: 'speed' });
    expect(rep!.targetLow).toBeCloseTo((1000 / 240) * 0.975, 2);
    expect(rep!.targetHigh).toBeCloseTo((1000 / 240) * 1.025, 2);
    expect(rest).toMatchObject({ durationType: 'time', durationSeconds: 120, intensity: 'rest' });
  });

  it('without a threshold pace of the athlete, keeps the distances and invents no pace (heart-rate zone)', async () => {
    const res = await exportFile(ids.trackNoPace!, 'format=fit', noPace);
    const rep = decodeFitWorkout(res.rawPayload).steps[1]!;
    expect(rep).toMatchObject({ durationType: 'distance', durationMeters: 400, targetType: 'heartRate' });
    expect(rep.targetZone).toBe(5);
  });

  it('round trip: the .fit imported again keeps every distance, and the paces it carried', async () => {
    const back = await steps(await reimport(ids.km!, '2026-12-02'));
    const before = await steps(ids.km!);
    const view = (s: Interval) => ({
      metres: s.distance_meters ?? null,
      seconds: Math.round(s.duration_seconds),
      rest: s.isRest,
      zone: s.zone,
    });
    expect(back.map(view)).toEqual(before.map(view));
    expect(back.filter((s) => !s.isRest).map((s) => s.targets.pace_per_km_seconds)).toEqual(
      Array.from({ length: 5 }, () => 240),
    );
  });
});

describe('GET /workouts/{id}/export?format=fit: swims', () => {
  it('writes the pool length, swim steps as whole lengths with CSS-based speed, rests as time', async () => {
    const res = await exportFile(ids.swim!, 'format=fit&pool_length_m=50');
    expect(res.statusCode).toBe(200);
    const fit = decodeFitWorkout(res.rawPayload);
    expect(fit).toMatchObject({ sport: 'swimming', poolLengthMeters: 50 });
    const [wu, rep, rest] = fit.steps;
    expect(wu).toMatchObject({ durationType: 'distance', durationMeters: 400, intensity: 'warmup' });
    // Easy (zone 2) from the athlete's CSS 1:40/100 m.
    const z2 = zoneSpeed(100, 2, 100);
    expect(wu!.targetLow).toBeCloseTo(z2.low, 2);
    expect(wu!.targetHigh).toBeCloseTo(z2.high, 2);
    expect(rep).toMatchObject({ durationType: 'distance', durationMeters: 100, targetType: 'speed' });
    expect(rep!.targetLow).toBeCloseTo(0.975, 2);
    expect(rest).toMatchObject({
      durationType: 'time',
      durationSeconds: 20,
      intensity: 'rest',
      targetType: 'open',
    });
    expect(fit.steps.at(-1)).toMatchObject({ durationMeters: 200, intensity: 'cooldown' });
    for (const s of fit.steps) if (s.durationMeters !== undefined) expect(s.durationMeters % 50).toBe(0);
  });

  it('round trip: the swim imported again keeps its distances, rests and zones', async () => {
    const back = await steps(await reimport(ids.swim!, '2026-12-03'));
    const before = await steps(ids.swim!);
    const view = (s: Interval) => ({ metres: s.distance_meters ?? null, rest: s.isRest, zone: s.zone });
    expect(back.map(view)).toEqual(before.map(view));
    expect(back.filter((s) => s.isRest).map((s) => s.duration_seconds)).toEqual(
      Array.from({ length: 10 }, () => 20),
    );
  });

  it('defaults to a 25 m pool and refuses a pool length out of range', async () => {
    const fit = decodeFitWorkout((await exportFile(ids.swim!, 'format=fit')).rawPayload);
    expect(fit.poolLengthMeters).toBe(25);
    expect((await exportFile(ids.swim!, 'format=fit&pool_length_m=5')).statusCode).toBe(400);
  });

  it('a distance that is not whole lengths is rounded to whole lengths, at least one', () => {
    const step = (metres: number): Interval => ({
      name: 'Swim',
      duration_seconds: metres,
      distance_meters: metres,
      repetitions: 1,
      rest_duration_seconds: 0,
      zone: 3,
      targets: {},
      isRest: false,
      phase: 'main',
    });
    const bytes = encodeFitWorkout({
      title: 'Odd',
      sport: 'swim',
      intervals: [step(60), step(10), step(110)],
      poolLengthMeters: 25,
    });
    expect(decodeFitWorkout(bytes).steps.map((s) => s.durationMeters)).toEqual([50, 25, 100]);
  });
});

describe('other formats with runs and swims', () => {
  it('zwo: a run with distance steps keeps each step as its time and zone (Zwift steps are timed)', async () => {
    const res = await exportFile(ids.track2026!, 'format=zwo');
    expect(res.statusCode).toBe(200);
    const back = fromZwo(res.body).intervals;
    const before = await steps(ids.track2026!);
    const view = (s: Interval) => ({ seconds: Math.round(s.duration_seconds), rest: s.isRest });
    expect(back.map(view)).toEqual(before.map(view));
  });

  it('mrc, erg and zwo refuse what they cannot carry: runs on .mrc/.erg, swims on all three', async () => {
    for (const format of ['mrc', 'erg']) {
      const res = await exportFile(ids.track2026!, `format=${format}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('bike');
    }
    for (const format of ['zwo', 'mrc', 'erg']) {
      expect((await exportFile(ids.swim!, `format=${format}`)).statusCode).toBe(400);
    }
  });
});
