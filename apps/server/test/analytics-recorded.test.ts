// Zone analytics of recorded training (issue 28, "Zone analytics disagree with themselves"): after real
// recordings with no planned workout, the totals and the per-sport figures come from one source, the daily
// load (docs/training-load.md, "The daily load table"): a run's minutes are in the run's zones, a recording of
// no sport in `other`, and the five add up to the totals. The week's TSS per sport is the activities' TSS.
import { addDays, weekStartOf } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, type TestApp, uploadAndSettle } from './helpers.ts';

let t: TestApp;
let token: string;
let athleteId: string;
const today = pinToday(); // test athletes live in UTC
const monday = weekStartOf(today);

/** The Garmin Connect run (fixtures/activities/SOURCES.md), moved to this week's Monday; typed or not. */
function gpxRun(typed: boolean): Buffer {
  let text = activityFixture('run-hr-garminconnect.gpx').toString('utf8');
  text = text.replaceAll(/<time>2012-10-24T/g, `<time>${monday}T`);
  if (typed) text = text.replace('<trk>', '<trk>\n    <type>running</type>');
  else text = text.replaceAll(/<time>([0-9-]+)T23:/g, '<time>$1T21:'); // two hours earlier: not a duplicate
  return Buffer.from(text);
}

async function importFile(name: string, content: Buffer) {
  const batch = await uploadAndSettle(t.app, token, '/api/activities/import', [{ name, content }], 30_000);
  expect(batch.files[0]!.status, JSON.stringify(batch)).toBe('imported');
  return batch.files[0]!.activity_id!;
}

async function data(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const ZONES = ['run', 'bike', 'swim', 'strength', 'other'] as const;
let run: { tss: number; moving_seconds: number };
let untyped: { tss: number };
let tenK: { distance_m: number; best_efforts: { pace?: Record<string, number> } };

beforeAll(async () => {
  t = await createTestApp();
  const { session } = await t.signUpAndConfirm();
  token = session.access_token;
  athleteId = session.user.athlete_id;
  run = await data(`/api/activities/${await importFile('run.gpx', gpxRun(true))}`);
  untyped = await data(`/api/activities/${await importFile('untyped.gpx', gpxRun(false))}`);
  // The Forerunner 15's 10 km run (shared fixtures, GPL: read, not copied), moved to last week.
  const tcx = activityFixture('run-fr15-10k.tcx')
    .toString('utf8')
    .replaceAll('2014-10-11T', `${addDays(monday, -7)}T`);
  tenK = await data(`/api/activities/${await importFile('10k.tcx', Buffer.from(tcx))}`);
});
afterAll(() => t.close());

describe('zones of recorded training, with no planned workout', () => {
  it('puts the run in the run zones and the untyped recording in other; the sports add up to the totals', async () => {
    const zones = await data('/api/analytics/zones?period=all');
    expect(run.tss).toBeGreaterThan(0);
    expect(zones.by_sport.run.total_time_minutes).toBeGreaterThan(10);
    expect(zones.by_sport.other.total_time_minutes).toBeGreaterThan(10);
    const sum = ZONES.reduce((a, sport) => a + zones.by_sport[sport].total_time_minutes, 0);
    expect(Math.abs(sum - zones.total_time_minutes)).toBeLessThanOrEqual(0.2);
    expect(zones.by_sport.bike.total_time_minutes).toBe(0);

    const detailed = await data('/api/analytics/detailed-zones');
    const total = detailed.zones.reduce((a: number, z: { minutes: number }) => a + z.minutes, 0);
    const runRow = detailed.by_sport.find((s: { sport: string }) => s.sport === 'run');
    expect(runRow.total_time_minutes ?? runRow.total_minutes).toBeCloseTo(
      zones.by_sport.run.total_time_minutes,
      0,
    );
    expect(total).toBeCloseTo(zones.total_time_minutes, 0);
  });

  it("gives the week's run TSS as the activity's, and the week's total as the daily load's", async () => {
    const [week] = await data('/api/analytics/weekly-load?weeks=1');
    expect(week.week_start_date).toBe(monday);
    expect(week.run_tss).toBeCloseTo(run.tss, 1);
    expect(week.total_tss).toBeCloseTo(run.tss + untyped.tss, 1);
    expect(week.run_hours).toBeGreaterThan(0);
  });

  it('re-derives days stored before per-sport figures were kept, on their first read', async () => {
    const before = await data('/api/analytics/zones?period=all');
    await t.db.execute(sql`update daily_load set sport_figures = null where athlete_id = ${athleteId}`);
    // A period not read yet (reads are cached): the days are re-derived, the run back in its zones.
    const year = await data('/api/analytics/zones?period=year');
    expect(year.by_sport.run.total_time_minutes).toBe(before.by_sport.run.total_time_minutes);
    const result = await t.db.execute(
      sql`select count(*)::int as n from daily_load where athlete_id = ${athleteId} and sport_figures is null`,
    );
    expect((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});

describe('achievements and race predictions of recorded runs, with no planned workout', () => {
  it('earns First 10K from the recorded 10 km run', async () => {
    expect(tenK.distance_m).toBeGreaterThan(10_000);
    const { achievements } = await data('/api/analytics/achievements?category=distance');
    const first10k = achievements.find((a: { id: string }) => a.id === 'first_10k_run');
    expect(first10k).toMatchObject({ earned: true });
  });

  it("predicts race times from the recording's best 5 km and 10 km", async () => {
    const readiness = await data('/api/analytics/race-readiness');
    const predictions = readiness.predicted_performance.predictions;
    expect(predictions.length).toBeGreaterThan(0);
    const efforts = tenK.best_efforts.pace!;
    const basedOn = predictions.map((p: { based_on: { time_seconds: number } }) => p.based_on.time_seconds);
    for (const seconds of basedOn) expect([efforts['5km'], efforts['10km']]).toContain(seconds);
  });
});
