// Recorded yoga, rowing, hiking and cross-country skiing (docs/activities.md, "Decoding"; docs/training-load.md,
// "Sports scored by effort"): the device's sport maps to ours (FIT rowing, hiking, cross_country_skiing,
// training/yoga; GPX and TCX words), an import keeps it, it is scored by heart rate (never by the bike's FTP,
// even with a rowing erg's power), it completes a planned workout of its sport, and analytics counts its
// minutes in the zones' 'other' and in the week's total hours.
import type { ActivityDetail, ImportBatch } from '@stamina/contract';
import { weekStartOf } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { mapSport } from '../src/modules/activities/decode/sport.ts';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, multipartForm, type TestApp } from './helpers.ts';

const today = pinToday();
const monday = weekStartOf(today);
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUpAndConfirm()).session.access_token;
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

async function importOne(name: string, content: Buffer): Promise<ActivityDetail> {
  const form = multipartForm([{ name: 'file', value: content, filename: name }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/activities/import',
    payload: form.payload,
    headers: { ...bearer(token), ...form.headers },
  });
  expect(res.statusCode, res.body).toBe(202);
  const deadline = Date.now() + 30_000;
  let batch: ImportBatch = res.json().data;
  while (!batch.done) {
    if (Date.now() > deadline) throw new Error(`batch not done: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 50));
    batch = await call('GET', `/api/activities/imports/${batch.batch_id}`);
  }
  expect(batch.files[0]!.status, JSON.stringify(batch)).toBe('imported');
  return call('GET', `/api/activities/${batch.files[0]!.activity_id}`);
}

describe('the device sport', () => {
  it('maps FIT, GPX and TCX names of the effort-scored sports to ours', () => {
    expect(mapSport('rowing')).toBe('rowing');
    expect(mapSport('rowing', 'indoor_rowing')).toBe('rowing');
    expect(mapSport('hiking')).toBe('hiking');
    expect(mapSport('cross_country_skiing', 'skate_skiing')).toBe('xc_ski');
    expect(mapSport('training', 'yoga')).toBe('yoga');
    expect(mapSport('training', 'strength_training')).toBe('strength');
    // Strava's GPX types.
    expect(mapSport('Hike')).toBe('hiking');
    expect(mapSport('Rowing')).toBe('rowing');
    expect(mapSport('NordicSki')).toBe('xc_ski');
    expect(mapSport('Yoga')).toBe('yoga');
    expect(mapSport('walking')).toBe('other');
  });
});

describe('a recorded hike and a rowing session', () => {
  let hike: ActivityDetail;

  beforeAll(async () => {
    // The Garmin Connect recording (fixtures/activities/SOURCES.md) as a hike on this week's Monday.
    const text = activityFixture('run-hr-garminconnect.gpx')
      .toString('utf8')
      .replaceAll(/<time>2012-10-24T/g, `<time>${monday}T`)
      .replace('<trk>', '<trk>\n    <type>hiking</type>');
    hike = await importOne('hike.gpx', Buffer.from(text));
  });

  it('imports a hike as hiking, scored by heart rate, and counts its minutes in other and the week', async () => {
    expect(hike.sport).toBe('hiking');
    expect(hike.device_sport).toBe('hiking');
    expect(hike.tss_method).toMatch(/^hr_/);
    expect(hike.tss).toBeGreaterThan(0);
    const minutes = hike.moving_seconds / 60;
    const zones = await call('GET', '/api/analytics/zones?period=all');
    expect(zones.by_sport.run.total_time_minutes).toBe(0);
    expect(zones.by_sport.other.total_time_minutes).toBeGreaterThan(minutes * 0.9);
    expect(zones.total_time_minutes).toBeCloseTo(zones.by_sport.other.total_time_minutes, 1);
    const [week] = await call('GET', '/api/analytics/weekly-load?weeks=1');
    expect(week.week_start_date).toBe(monday);
    expect(week.total_tss).toBeCloseTo(hike.tss!, 1);
    // Its minutes are in the week's total hours though it has no column of its own.
    expect(week.total_hours).toBeCloseTo(minutes / 60, 2);
    expect(week.run_hours).toBe(0);
  });

  it("scores a ride's recording changed to rowing by heart rate, not the FTP, and completes the planned row", async () => {
    const ride = await importOne('ride.fit', activityFixture('bike-power-edge810-vector.fit'));
    expect(ride.tss_method).toBe('power');
    const row = await call('POST', '/api/workout-planning/workouts', {
      title: 'Erg steady',
      workout_date: ride.local_date,
      sport: 'rowing',
      duration_minutes: Math.round(ride.moving_seconds / 60),
    });
    const rowed: ActivityDetail = await call('PUT', `/api/activities/${ride.id}`, { sport: 'rowing' });
    expect(rowed.sport).toBe('rowing');
    expect(rowed.tss_method).toMatch(/^hr_/);
    expect(rowed.zone_seconds.power).toBeUndefined();
    expect(rowed.best_efforts.power).toBeUndefined();
    expect(rowed.zone_seconds.hr?.length).toBe(5);
    expect(rowed.workout_id).toBe(row.id);
    expect((await call('GET', `/api/workout-planning/workouts/${row.id}`)).status).toBe('completed');
  });
});
