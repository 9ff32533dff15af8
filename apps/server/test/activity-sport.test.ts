// Changing a recorded activity's sport (docs/activities.md, "Changing the sport"): a GPX without a <type>
// imports as 'other'; PUT /api/activities/{id} with a sport scores the same recording again exactly as an
// import of the file with that sport would, moves the planned-workout match and re-derives the day's load.
// Refused: bad bodies (400), another athlete's activity (404), an activity without an original file and a
// change that would make it a duplicate (409).
import type { ActivityDetail, ImportBatch } from '@stamina/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, type TestApp, uploadAndSettle } from './helpers.ts';

const API = '/api/activities';
/** A real Garmin Connect export without a <type> (fixtures/activities/SOURCES.md). */
const GPX = activityFixture('run-hr-garminconnect.gpx');
/** The same recording, saying it is a run. */
const GPX_RUN = Buffer.from(GPX.toString('utf8').replace('<trk>', '<trk>\n    <type>running</type>'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Athlete {
  token: string;
  athleteId: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function importFile(who: Athlete, name: string, content: Buffer): Promise<ImportBatch> {
  return uploadAndSettle(t.app, who.token, `${API}/import`, [{ name, content }]);
}

async function importedId(who: Athlete, name: string, content: Buffer): Promise<string> {
  const batch = await importFile(who, name, content);
  expect(batch.files[0]!.status, JSON.stringify(batch)).toBe('imported');
  return batch.files[0]!.activity_id!;
}

async function detailOf(who: Athlete, id: string): Promise<ActivityDetail> {
  const res = await t.app.inject({ method: 'GET', url: `${API}/${id}`, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const update = (who: Athlete, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `${API}/${id}`,
    headers: bearer(who.token),
    payload: payload as object,
  });

async function dayLoad(athleteId: string, date: string): Promise<number | null> {
  const result = await t.db.execute(
    sql`select tss from daily_load where athlete_id = ${athleteId} and date = ${date}`,
  );
  return rowsOf<{ tss: number }>(result)[0]?.tss ?? null;
}

async function workoutStatus(id: string) {
  const result = await t.db.execute(sql`select status, actual_tss from workouts where id = ${id}`);
  return rowsOf<{ status: string; actual_tss: number | null }>(result)[0]!;
}

async function createWorkout(who: Athlete, body: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workout-planning/workouts',
    headers: bearer(who.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** What scores an activity: everything a sport change recomputes. */
const scoring = (d: ActivityDetail) => ({
  sport: d.sport,
  moving_seconds: d.moving_seconds,
  tss: d.tss,
  tss_method: d.tss_method,
  intensity_factor: d.intensity_factor,
  normalized_power: d.normalized_power,
  zone_seconds: d.zone_seconds,
  best_efforts: d.best_efforts,
  thresholds: d.thresholds,
  stream_types: d.stream_types,
});

describe('a GPX without a type, changed to a run', () => {
  let ana: Athlete;
  let asRun: ActivityDetail;
  let id: string;
  let other: ActivityDetail;

  beforeAll(async () => {
    ana = await t.athlete({ name: 'Ana' });
    const bob = await t.athlete({ name: 'Bob' });
    asRun = await detailOf(bob, await importedId(bob, 'run.gpx', GPX_RUN));
    expect(asRun.sport).toBe('run');
    id = await importedId(ana, 'untyped.gpx', GPX);
    other = await detailOf(ana, id);
  });

  it('imports as other, then scores as the same file saying running would, and completes the planned run', async () => {
    expect(other.sport).toBe('other');
    expect(other.local_date).toBe(asRun.local_date);
    expect(other.tss_method).not.toBe(asRun.tss_method);
    const day = other.local_date;
    const run = await createWorkout(ana, {
      title: 'Easy run',
      workout_date: day,
      sport: 'run',
      duration_minutes: Math.round(other.moving_seconds / 60),
    });
    const ride = await createWorkout(ana, { title: 'Ride', workout_date: day, sport: 'bike' });
    expect(await dayLoad(ana.athleteId, day)).toBeCloseTo(other.tss!, 1);

    const res = await update(ana, id, { sport: 'run' });
    expect(res.statusCode, res.body).toBe(200);
    const changed: ActivityDetail = res.json().data;
    expect(scoring(changed)).toEqual(scoring(asRun));
    expect(changed.tss_method).toBe('run_pace');
    expect(changed.device_sport).toBe(other.device_sport);
    expect(changed.name).toBe(other.name);
    expect(changed.workout_id).toBe(run);
    expect(changed.matched_workout?.actual_tss).toBeCloseTo(asRun.tss!, 1);
    expect(await workoutStatus(run)).toMatchObject({ status: 'completed' });
    expect((await workoutStatus(ride)).status).toBe('planned');
    expect(await dayLoad(ana.athleteId, day)).toBeCloseTo(asRun.tss!, 1);
    expect(await dayLoad(ana.athleteId, day)).not.toBeCloseTo(other.tss!, 1);

    // The detail, the list and the streams read the new sport (the cached reads were told).
    expect(scoring(await detailOf(ana, id))).toEqual(scoring(asRun));
    const list = await t.app.inject({ method: 'GET', url: `${API}?sport=run`, headers: bearer(ana.token) });
    expect(list.json().data.items.map((a: { id: string }) => a.id)).toContain(id);
    const streams = await t.app.inject({
      method: 'GET',
      url: `${API}/${id}/streams?types=heart_rate`,
      headers: bearer(ana.token),
    });
    expect(streams.statusCode).toBe(200);
    expect(streams.json().data.streams.heart_rate.length).toBeGreaterThan(0);

    // Back to other: the run it completed is planned again, the figures and the load are the import's.
    const back = await update(ana, id, { sport: 'other' });
    expect(back.statusCode, back.body).toBe(200);
    expect(scoring(back.json().data)).toEqual(scoring(other));
    expect(back.json().data.workout_id).toBeNull();
    expect(await workoutStatus(run)).toMatchObject({ status: 'planned', actual_tss: null });
    expect(await dayLoad(ana.athleteId, day)).toBeCloseTo(other.tss!, 1);
  });

  it("queues a run of the plan's adaptation, as an import does, and a rename does not", async () => {
    const cleo = await t.athlete({ name: 'Cleo' });
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/training/plans',
      headers: bearer(cleo.token),
      payload: { title: 'Autumn 10K', race_type: '10K', race_date: '2027-03-01', start_date: '2026-01-01' },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const activity = await importedId(cleo, 'untyped.gpx', GPX);
    const runs = async () =>
      rowsOf<{ n: number }>(
        await t.db.execute(
          sql`select count(*)::int as n from jobs where kind = 'adaptation.run' and payload->>'athleteId' = ${cleo.athleteId}`,
        ),
      )[0]!.n;
    // The file reads as imported once its rows commit; the import's job queues the adaptation run just after.
    await expect.poll(runs).toBeGreaterThan(0);
    const afterImport = await runs();
    expect((await update(cleo, activity, { name: 'Renamed' })).statusCode).toBe(200);
    expect(await runs()).toBe(afterImport);
    expect((await update(cleo, activity, { sport: 'run' })).statusCode).toBe(200);
    await expect.poll(runs).toBe(afterImport + 1);
  });

  it('renames alone without scoring again, and takes a name and a sport together', async () => {
    const renamed = await update(ana, id, { name: 'Track session' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Track session', sport: 'other' });
    const both = await update(ana, id, { name: 'Tempo', sport: 'bike' });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data).toMatchObject({ name: 'Tempo', sport: 'bike' });
    // The same sport again changes nothing.
    const same = await update(ana, id, { sport: 'bike' });
    expect(same.statusCode).toBe(200);
    expect(scoring(same.json().data)).toEqual(scoring(both.json().data));
    expect((await update(ana, id, { sport: 'other' })).statusCode).toBe(200);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    for (const payload of [
      {},
      { sport: 'brick' },
      { sport: 'ski' },
      { sport: null },
      { name: '' },
      { name: 'x', sport: 'Run' },
    ]) {
      const res = await update(ana, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await detailOf(ana, id)).sport).toBe('other');
  });

  it("answers 404 for another athlete's activity, and changes nothing", async () => {
    const eve = await t.athlete({ name: 'Eve' });
    const res = await update(eve, id, { sport: 'run' });
    expect(res.statusCode).toBe(404);
    expect((await detailOf(ana, id)).sport).toBe('other');
  });

  it('refuses a change that makes it the duplicate of a stored activity (409)', async () => {
    const twin = await importedId(ana, 'typed.gpx', GPX_RUN);
    const res = await update(ana, id, { sport: 'run' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/same session recorded twice/);
    expect((await detailOf(ana, id)).sport).toBe('other');
    await t.app.inject({ method: 'DELETE', url: `${API}/${twin}`, headers: bearer(ana.token) });
  });

  it('two changes at once leave one whole scoring, and the load agrees with it', async () => {
    const [a, b] = await Promise.all([update(ana, id, { sport: 'run' }), update(ana, id, { sport: 'swim' })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const final = await detailOf(ana, id);
    expect(['run', 'swim']).toContain(final.sport);
    if (final.sport === 'run') expect(scoring(final)).toEqual(scoring(asRun));
    else expect(final.tss_method).toBe('swim_css');
    expect(await dayLoad(ana.athleteId, final.local_date)).toBeCloseTo(final.tss!, 1);
  });
});

describe('names, legs and activities without an original', () => {
  let cy: Athlete;
  beforeAll(async () => {
    cy = await t.athlete({ name: 'Cy' });
  });

  it("an import's default name follows the new sport; a leg of a multisport file changes alone", async () => {
    const run = await detailOf(cy, await importedId(cy, 'run.fit', activityFixture('run-hr-fenix2.fit')));
    expect(run.name).toMatch(/ Run$/);
    const ride = await update(cy, run.id, { sport: 'bike' });
    expect(ride.statusCode, ride.body).toBe(200);
    expect(ride.json().data.name).toBe(run.name.replace(/Run$/, 'Ride'));

    const batch = await importFile(cy, 'tri.fit', activityFixture('triathlon-fr920xt-chained.fit'));
    const legs = await Promise.all(batch.files[0]!.activity_ids.map((legId) => detailOf(cy, legId)));
    const transition = legs.find((leg) => leg.sport === 'other')!;
    const res = await update(cy, transition.id, { sport: 'run' });
    expect(res.statusCode, res.body).toBe(200);
    const changed: ActivityDetail = res.json().data;
    expect(changed).toMatchObject({
      sport: 'run',
      multisport_group_id: transition.multisport_group_id,
      leg_index: transition.leg_index,
      start_time: transition.start_time,
      moving_seconds: transition.moving_seconds,
    });
    expect(changed.name).toBe(transition.name.replace(/Activity$/, 'Run'));
    for (const leg of legs.filter((l) => l.id !== transition.id)) {
      expect((await detailOf(cy, leg.id)).sport).toBe(leg.sport);
    }
  });

  it('refuses an activity without an original file (409), and one whose original is gone', async () => {
    const inserted = await t.db.execute(sql`
      insert into activities (athlete_id, name, sport, start_time, local_date, elapsed_seconds, timer_seconds, moving_seconds, source)
      values (${cy.athleteId}, 'Watch walk', 'other', now(), current_date, 600, 600, 600, 'apple_health')
      returning id`);
    const id = rowsOf<{ id: string }>(inserted)[0]!.id;
    const res = await update(cy, id, { sport: 'run' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/not imported from a file/);
    expect((await update(cy, id, { name: 'Walk' })).statusCode).toBe(200);

    const gpx = await importedId(cy, 'walk.gpx', activityFixture('track-etrex20x.gpx'));
    await t.db.execute(
      sql`update activity_files set storage_key = 'originals/missing.gpx' where id = (select file_id from activities where id = ${gpx})`,
    );
    const gone = await update(cy, gpx, { sport: 'run' });
    expect(gone.statusCode, gone.body).toBe(409);
    expect(gone.json().message).toMatch(/no longer stored/);
  });
});

// How it felt (docs/training-load.md, "Logged sessions"): an RPE and a note on any activity; the RPE scores a
// recording that no sensor scores (a GPS track without heart rate), and its day's load follows.
describe('RPE and note on an activity', () => {
  it('scores a track without sensors by its RPE, and keeps a sensor-scored one as it is', async () => {
    const di = await t.athlete({ name: 'Di' });
    const walk = await importedId(di, 'walk.gpx', activityFixture('track-etrex20x.gpx'));
    const before = await detailOf(di, walk);
    expect(before).toMatchObject({ tss: null, tss_method: 'none', rpe: null, note: null });

    const logged = await update(di, walk, { rpe: 4, note: 'Hilly, carried a pack' });
    expect(logged.statusCode, logged.body).toBe(200);
    const hours = before.moving_seconds / 3600;
    // hours × IF(RPE 4) 0.7² × 100
    const expected = Math.round(hours * 0.49 * 1000) / 10;
    expect(logged.json().data).toMatchObject({ rpe: 4, note: 'Hilly, carried a pack', tss_method: 'rpe' });
    expect(logged.json().data.tss).toBeCloseTo(expected, 1);
    expect(await dayLoad(di.athleteId, before.local_date)).toBeCloseTo(expected, 1);

    const cleared = await update(di, walk, { rpe: null });
    expect(cleared.json().data).toMatchObject({
      rpe: null,
      tss: null,
      tss_method: 'none',
      note: 'Hilly, carried a pack',
    });
    expect(await dayLoad(di.athleteId, before.local_date)).toBe(0);

    const run = await importedId(di, 'run.gpx', GPX);
    const hr = await detailOf(di, run);
    const felt = await update(di, run, { rpe: 9 });
    expect(felt.json().data).toMatchObject({ rpe: 9, tss: hr.tss, tss_method: hr.tss_method });
    expect((await update(di, run, { rpe: 11 })).statusCode).toBe(400);
  });
});
