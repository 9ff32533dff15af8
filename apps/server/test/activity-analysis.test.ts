// The analysis of an imported activity (docs/activities.md, "Analysis", "Intervals"): GET
// /api/activities/{id}/analysis on real recordings, with the body weight logged in wellness for W/kg; and the
// list's distance filter (GET /api/activities?min_distance_m&max_distance_m) beside its sport filter.

import { threadId } from 'node:worker_threads';
import type { ActivityAnalysis, ActivityDetail, ActivityList } from '@stamina/contract';
import { addDays } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, type TestApp, uploadAndSettle } from './helpers.ts';

const API = '/api/activities';

let t: TestApp;
let token: string;
let ride: ActivityDetail;
let run: ActivityDetail;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.athlete({ name: 'Ana' })).token;
  const batch = await uploadAndSettle(t.app, token, `${API}/import`, [
    { name: 'ride.fit', content: activityFixture('bike-power-edge810-vector.fit') },
    { name: 'run.tcx', content: activityFixture('run-hr-fr410.tcx') },
  ]);
  const [rideId, runId] = batch.files.map((f) => f.activity_id!);
  ride = (await get<ActivityDetail>(`${API}/${rideId}`)).data;
  run = (await get<ActivityDetail>(`${API}/${runId}`)).data;
}, 120_000);
afterAll(() => t.close());

async function get<T>(url: string, who = token): Promise<{ status: number; data: T; body: string }> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(who) });
  return { status: res.statusCode, data: res.json().data, body: res.body };
}

const analysisOf = async (id: string) => {
  const res = await get<ActivityAnalysis>(`${API}/${id}/analysis`);
  expect(res.status, res.body).toBe(200);
  return res.data;
};

describe('the analysis of a ride with power (Edge 810, Vector pedals)', () => {
  it('W/kg uses the latest weight on or before the day; none before it means no W/kg', async () => {
    const before = await analysisOf(ride.id);
    expect(before.weight_kg).toBeNull();
    expect(before.watts_per_kg).toBeNull();
    const log = (date: string, weight_kg: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/metrics',
        headers: bearer(token),
        payload: { date, weight_kg },
      });
    expect((await log(addDays(ride.local_date, -10), 72)).statusCode).toBeLessThan(300);
    expect((await log(addDays(ride.local_date, 3), 80)).statusCode).toBeLessThan(300);
    const after = await analysisOf(ride.id);
    expect(after.weight_kg).toBe(72);
    expect(after.weight_date).toBe(addDays(ride.local_date, -10));
    expect(after.watts_per_kg).toBeCloseTo(ride.avg_power! / 72, 2);
    expect(after.np_watts_per_kg).toBeCloseTo(ride.normalized_power! / 72, 2);
  });

  it('kJ, VI and EF agree with the activity’s own figures; decoupling is a percentage of the first half', async () => {
    const a = await analysisOf(ride.id);
    // Work: the device's average power over its timer time, within 2 %.
    const deviceKj = (ride.avg_power! * ride.timer_seconds) / 1000;
    expect(Math.abs(a.kilojoules! - deviceKj) / deviceKj).toBeLessThan(0.02);
    expect(a.variability_index).toBeCloseTo(ride.normalized_power! / ride.avg_power!, 2);
    expect(a.efficiency_basis).toBe('power');
    expect(a.efficiency_factor).toBeCloseTo(ride.normalized_power! / ride.avg_hr!, 2);
    expect(a.decoupling_percent).not.toBeNull();
    expect(a.decoupling_percent!).toBeCloseTo(
      ((a.first_half_ef! - a.second_half_ef!) / a.first_half_ef!) * 100,
      0,
    );
  });

  it('its power curve matches its stored best efforts, beside the athlete’s 42-day and all-time bests', async () => {
    const a = await analysisOf(ride.id);
    for (const key of ['5s', '1min', '5min', '20min', '60min']) {
      const point = a.curves.power.find((p) => p.key === key)!;
      expect(point, key).toBeDefined();
      // The only ride: the bests are its own.
      expect(point.best_all_time?.activity_id).toBe(ride.id);
      expect(point.best_42d?.value).toBe(point.best_all_time?.value);
      expect(Math.abs(point.value - ride.best_efforts.power![key]!)).toBeLessThanOrEqual(
        Math.max(2, ride.best_efforts.power![key]! * 0.02),
      );
    }
    // Points the store does not keep have no bests beside them.
    expect(a.curves.power.find((p) => p.key === '10min')?.best_all_time).toBeNull();
    expect(a.curves.heart_rate.length).toBeGreaterThan(5);
    expect(a.curves.pace).toEqual([]);
  });

  it('its intervals: every lap, then efforts above 88 % of FTP, each with its figures and zone', async () => {
    const a = await analysisOf(ride.id);
    const laps = a.intervals.filter((i) => i.kind === 'lap');
    expect(laps).toHaveLength(ride.laps.length);
    const efforts = a.intervals.filter((i) => i.kind === 'effort');
    expect(efforts.length).toBeGreaterThan(0);
    for (const e of efforts) {
      expect(e.duration_seconds).toBeGreaterThanOrEqual(30);
      expect(e.avg_power).not.toBeNull();
      expect(e.zone).toBeGreaterThanOrEqual(3);
      expect(e.zone_basis).toBe('power');
    }
    expect(a.effort_rule).toMatch(/88 % of FTP/);
    // Computed on the CPU pool, off the thread that answers requests.
    expect(t.app.cpuPool.stats().completed.analyseActivity).toBeGreaterThan(0);
    expect(t.app.cpuPool.stats().threadIds).not.toContain(threadId);
  });
});

describe('heart-rate and swim pace curves beside the bests', () => {
  it("sets each heart-rate point beside the athlete's best: the highest of the ride's and the run's kept curves", async () => {
    const a = await analysisOf(ride.id);
    expect(a.curves.heart_rate.length).toBeGreaterThan(5);
    for (const point of a.curves.heart_rate) {
      const own = ride.best_efforts.heart_rate?.[point.key];
      expect(own, point.key).toBe(point.value);
      const other = run.best_efforts.heart_rate?.[point.key];
      const best = Math.max(own!, other ?? 0);
      expect(point.best_all_time?.value, point.key).toBe(best);
      expect(point.best_all_time?.activity_id).toBe(best === own ? ride.id : run.id);
    }
  });

  it("sets a swim's pace curve beside the swims' bests, never the runs' (Fenix 3 pool swim)", async () => {
    const who = await t.athlete({ name: 'Swimmer' });
    const batch = await uploadAndSettle(t.app, who.token, `${API}/import`, [
      { name: 'swim.fit', content: activityFixture('swim-pool-fenix3-hr.fit') },
      { name: 'run.tcx', content: activityFixture('run-hr-fr410.tcx') },
    ]);
    const swimId = batch.files[0]!.activity_id!;
    const swim = (await get<ActivityDetail>(`${API}/${swimId}`, who.token)).data;
    const a = (await get<ActivityAnalysis>(`${API}/${swimId}/analysis`, who.token)).data;
    expect(a.curves.pace.length).toBeGreaterThan(0);
    for (const point of a.curves.pace) {
      expect(swim.best_efforts.swim_pace?.[point.key], point.key).toBe(point.value);
      // The run's 400 m is far faster than a swim's: the swim's own best stands.
      expect(point.best_all_time).toMatchObject({ activity_id: swimId, value: point.value });
      expect(point.best_42d?.value).toBe(point.value);
    }
    expect(swim.best_efforts.pace).toBeUndefined();
  });
});

describe('the analysis of a run (Forerunner 410, TCX)', () => {
  it('pace curve by distance, EF on speed, Pa:HR decoupling', async () => {
    const a = await analysisOf(run.id);
    expect(a.curves.power).toEqual([]);
    const km = a.curves.pace.find((p) => p.key === '1km')!;
    expect(km.value).toBe(run.best_efforts.pace!['1km']);
    expect(km.best_all_time?.activity_id).toBe(run.id);
    expect(a.efficiency_basis).toBe('speed');
    expect(a.efficiency_factor).toBeGreaterThan(0.5);
    expect(a.decoupling_percent).not.toBeNull();
    expect(a.kilojoules).toBeNull();
  });

  it("another athlete's activity is a 404", async () => {
    const bob = await t.athlete({ name: 'Bob' });
    expect((await get(`${API}/${run.id}/analysis`, bob.token)).status).toBe(404);
  });
});

describe('the list filters by distance and sport, on the server', () => {
  const list = (query: string) => get<ActivityList>(`${API}?${query}`);

  it('a distance range keeps what lies inside it, both ends included', async () => {
    // The ride is 41.3 km, the run 4.7 km.
    const long = await list('min_distance_m=10000');
    expect(long.data.items.map((i) => i.id)).toEqual([ride.id]);
    const short = await list(`max_distance_m=${run.distance_m}`);
    expect(short.data.items.map((i) => i.id)).toEqual([run.id]);
    expect(short.data.total).toBe(1);
    const both = await list(`min_distance_m=${run.distance_m}&max_distance_m=${ride.distance_m}`);
    expect(both.data.total).toBe(2);
  });

  it('sport and distance together; a range whose minimum is above its maximum is a 400', async () => {
    expect((await list('sport=run&min_distance_m=10000')).data.total).toBe(0);
    expect((await list('sport=bike&min_distance_m=10000')).data.total).toBe(1);
    expect((await list('min_distance_m=5000&max_distance_m=1000')).status).toBe(400);
    expect((await list('min_distance_m=-1')).status).toBe(400);
  });
});
