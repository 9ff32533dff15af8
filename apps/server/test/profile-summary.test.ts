// GET /api/athletes/me/profile-summary (docs/profile.md, "The profile page"): a new athlete's empty figures;
// This Year from completed workouts until the year has a recorded activity, then from activities only;
// personal records from continuous runs until an activity has a best effort; the active plan as the goal; and
// one athlete's figures never in another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { bearer, createTestApp, type TestApp, uploadAndSettle } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = pinToday();
const year = Number(today.slice(0, 4));
/** A day of this year before today (1 January when today is 1 or 2 January). */
const earlier = today.slice(5) <= '01-02' ? `${year}-01-01` : `${year}-01-02`;

const account = async () => (await t.signUpAndConfirm()).session.access_token;
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const summary = async (token: string) => {
  const res = await call(token, 'GET', '/api/athletes/me/profile-summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function completedRun(token: string, date: string, text: string, durationMinutes: number) {
  const res = await call(token, 'POST', '/api/workout-planning/workouts', {
    title: 'Run',
    workout_date: date,
    sport: 'run',
    workout_language_text: text,
    duration_minutes: durationMinutes,
  });
  expect(res.statusCode, res.body).toBe(201);
  const done = await call(token, 'PUT', `/api/workout-planning/workouts/${res.json().data.id}`, {
    status: 'completed',
  });
  expect(done.statusCode, done.body).toBe(200);
}

/** A GPX run of `seconds` at 4 m/s (north along a meridian), starting at noon UTC on `date`. */
function gpxRun(date: string, seconds: number): string {
  const start = Date.parse(`${date}T12:00:00Z`);
  const points = Array.from({ length: seconds + 1 }, (_, i) => {
    const lat = (52.5 + (i * 4) / 111_195).toFixed(7);
    return `<trkpt lat="${lat}" lon="13.4"><ele>35</ele><time>${new Date(start + i * 1000).toISOString()}</time></trkpt>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Stamina test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Run</name><type>running</type><trkseg>',
    ...points,
    '</trkseg></trk></gpx>',
  ].join('\n');
}

async function importRun(token: string, date: string, seconds: number) {
  const batch = await uploadAndSettle(
    t.app,
    token,
    '/api/activities/import',
    [{ name: 'run.gpx', content: Buffer.from(gpxRun(date, seconds)) }],
    30_000,
  );
  expect(batch.files[0]!.status, JSON.stringify(batch)).toBe('imported');
}

describe('profile summary', () => {
  it('a new athlete: zeros, no goal, no records, every source none', async () => {
    const token = await account();
    expect(await summary(token)).toEqual({
      this_year: { year, source: 'none', workouts: 0, total_seconds: 0, distance_meters: 0 },
      current_goal: null,
      personal_records: { source: 'none', records: [] },
    });
  });

  it('counts completed workouts until an activity is recorded this year, then activities only', async () => {
    const token = await account();
    await completedRun(token, earlier, '5km @ 5:00/km', 25);
    await completedRun(token, earlier, '45min easy', 45);
    // Last year's and planned sessions do not count.
    await completedRun(token, `${year - 1}-12-30`, '30min easy', 30);
    await call(token, 'POST', '/api/workout-planning/workouts', {
      title: 'Later',
      workout_date: today,
      sport: 'run',
      workout_language_text: '60min easy',
    });

    const before = await summary(token);
    expect(before.this_year).toEqual({
      year,
      source: 'workouts',
      workouts: 2,
      total_seconds: 70 * 60,
      distance_meters: 5000,
    });
    expect(before.personal_records).toEqual({
      source: 'workouts',
      records: [
        {
          key: '5k',
          label: '5K',
          distance_meters: 5000,
          duration_seconds: 1500,
          date: earlier,
          source: 'workout',
          activity_id: null,
        },
      ],
    });

    // A 22-minute run at 4 m/s: 5.28 km, with a 5 km best effort of 1250 s.
    await importRun(token, earlier, 22 * 60);
    const after = await summary(token);
    expect(after.this_year.source).toBe('activities');
    expect(after.this_year.workouts).toBe(1);
    expect(after.this_year.total_seconds).toBeGreaterThan(21 * 60);
    expect(after.this_year.distance_meters).toBeGreaterThan(5200);
    expect(after.this_year.distance_meters).toBeLessThan(5400);
    expect(after.personal_records.source).toBe('activities');
    const [fiveK] = after.personal_records.records;
    expect(fiveK).toMatchObject({ key: '5k', label: '5K', source: 'activity', date: earlier });
    expect(fiveK.activity_id).toEqual(expect.any(String));
    expect(fiveK.duration_seconds).toBeGreaterThan(1200);
    expect(fiveK.duration_seconds).toBeLessThan(1300);
  });

  it("the active plan's race and target are the current goal; another athlete sees none of it", async () => {
    const token = await account();
    const raceDate = `${year + 1}-10-15`;
    const plan = await call(token, 'POST', '/api/training/plans', {
      title: 'Autumn 70.3',
      race_type: 'Half Ironman',
      race_date: raceDate,
      target_time: '5:30:00',
    });
    expect(plan.statusCode, plan.body).toBe(201);
    await completedRun(token, earlier, '10km @ 5:00/km', 50);
    const mine = await summary(token);
    expect(mine.current_goal).toMatchObject({
      plan_id: plan.json().data.id,
      title: 'Autumn 70.3',
      race_type: 'Half Ironman',
      race_date: raceDate,
      target_time: '5:30:00',
    });
    expect(mine.current_goal.days_until).toBeGreaterThan(0);

    const other = await account();
    expect(await summary(other)).toMatchObject({
      this_year: { source: 'none', workouts: 0 },
      current_goal: null,
      personal_records: { records: [] },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/athletes/me/profile-summary' })).statusCode).toBe(
      401,
    );
  });
});
