// Activities through the API (docs/activities.md): uploads of every format, gzip copies and zips, processed by
// the job queue; duplicates; matching to planned workouts and the daily load that follows; the limits (413 with
// nothing written); a restart in the middle of a batch; and another athlete's activity as 404 on every route.
// The recordings are the real device files in the shared fixtures folder.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ActivityDetail, ImportBatch } from '@stamina/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityFixture } from './activity-fixtures.ts';
import {
  bearer,
  buildSecondApp,
  createTestApp,
  multipartForm,
  settledBatch,
  type TestApp,
  uploadAndSettle,
} from './helpers.ts';
import { zipArchive } from './zip-writer.ts';

/** Real recordings (FIT, GPX, TCX) with their sources: fixtures/activities/SOURCES.md. */
const fixture = activityFixture;
const API = '/api/activities';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Athlete {
  token: string;
  athleteId: string;
}

const athlete = (name: string): Promise<Athlete> => t.athlete({ name });

type Upload = { name: string; content: Buffer };

function uploadRequest(app: TestApp['app'], who: Athlete, files: readonly Upload[], headers = {}) {
  const form = multipartForm(files.map((f) => ({ name: 'file', value: f.content, filename: f.name })));
  return app.inject({
    method: 'POST',
    url: `${API}/import`,
    payload: form.payload,
    headers: { ...bearer(who.token), ...form.headers, ...headers },
  });
}

/** Polls the batch until no file is queued or processing (helpers.ts, settledBatch). */
const settled = (who: Athlete, batchId: string, app: TestApp['app'] = t.app) =>
  settledBatch(app, who.token, batchId, 30_000);

const importFiles = (who: Athlete, files: readonly Upload[]) =>
  uploadAndSettle(t.app, who.token, `${API}/import`, files, 30_000);

async function get<T>(who: Athlete, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function count(table: string, athleteId: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where athlete_id = ${athleteId}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

async function jobCount(): Promise<number> {
  return rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from jobs`))[0]!.n;
}

async function dayLoad(athleteId: string, date: string): Promise<number | null> {
  const result = await t.db.execute(
    sql`select tss from daily_load where athlete_id = ${athleteId} and date = ${date}`,
  );
  return rowsOf<{ tss: number }>(result)[0]?.tss ?? null;
}

/** Retries `check` until it passes (for what happens just after a batch reports done), at most 5 s. */
async function eventually(check: () => unknown | Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** Every file the file store holds under `dir` (relative paths). */
function storedFiles(dir = t.filesDir): string[] {
  let out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(storedFiles(path).map((p) => join(name, p)));
    else out.push(name);
  }
  return out;
}

async function createWorkout(who: Athlete, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workout-planning/workouts',
    headers: bearer(who.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function workoutRow(id: string) {
  const result = await t.db.execute(
    sql`select status, actual_duration_seconds, actual_tss, compliance from workouts where id = ${id}`,
  );
  return rowsOf<{
    status: string;
    actual_duration_seconds: number | null;
    actual_tss: number | null;
    compliance: { durationPercent: number | null; tssPercent: number | null; percent: number } | null;
  }>(result)[0]!;
}

describe('upload of each format', () => {
  let ana: Athlete;
  beforeAll(async () => {
    ana = await athlete('Ana');
  });

  it('imports a FIT ride with its figures and streams', async () => {
    const res = await uploadRequest(t.app, ana, [
      { name: 'bike-power-edge810-vector.fit', content: fixture('bike-power-edge810-vector.fit') },
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const accepted: ImportBatch = res.json().data;
    expect(accepted.files).toHaveLength(1);
    expect(accepted.files[0]).toMatchObject({ name: 'bike-power-edge810-vector.fit' });
    expect(['queued', 'processing', 'imported']).toContain(accepted.files[0]!.status);

    const batch = await settled(ana, accepted.batch_id);
    expect(batch.files[0]).toMatchObject({ status: 'imported', message: null });
    const id = batch.files[0]!.activity_id!;
    expect(batch.files[0]!.activity_ids).toEqual([id]);

    const detail = await get<ActivityDetail>(ana, `${API}/${id}`);
    expect(detail.sport).toBe('bike');
    expect(detail.elapsed_seconds).toBeGreaterThan(0);
    expect(detail.avg_power).toBeGreaterThan(0);
    expect(detail.tss).toBeGreaterThan(0);
    expect(detail.stream_types).toContain('power');
    expect(detail.thresholds.defaults_used).toContain('ftp_watts');

    const streams = await get<{ sample_count: number; streams: Record<string, unknown[]> }>(
      ana,
      `${API}/${id}/streams?types=power,time`,
    );
    expect(Object.keys(streams.streams).sort()).toEqual(['power', 'time']);
    expect(streams.streams.power).toHaveLength(streams.sample_count);
    expect(streams.sample_count).toBeGreaterThan(60);
    const time = await get<{ sample_count: number; streams: Record<string, number[]> }>(
      ana,
      `${API}/${id}/streams?types=time`,
    );
    expect(time.sample_count).toBe(streams.sample_count);
    expect(time.streams.time!.at(-1)).toBe(streams.sample_count - 1);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${API}/${id}/streams?types=power,watts`,
      headers: bearer(ana.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/watts/);

    const list = await get<{ items: Array<{ id: string }>; total: number }>(ana, `${API}?sport=bike`);
    expect(list.items.map((a) => a.id)).toContain(id);
    const none = await get<{ total: number }>(ana, `${API}?sport=swim`);
    expect(none.total).toBe(0);
  });

  it('imports GPX and TCX files in one upload', async () => {
    const batch = await importFiles(ana, [
      { name: 'run-hr-garminconnect.gpx', content: fixture('run-hr-garminconnect.gpx') },
      { name: 'run-hr-fr410.tcx', content: fixture('run-hr-fr410.tcx') },
    ]);
    expect(batch.files.map((f) => f.status)).toEqual(['imported', 'imported']);
    const [gpx, tcx] = await Promise.all(
      batch.files.map((file) => get<ActivityDetail>(ana, `${API}/${file.activity_id}`)),
    );
    // A GPX track names no sport unless its <type> does (this one does not); the TCX says Running.
    expect(gpx!.stream_types).toContain('lat');
    expect(gpx!.avg_hr).toBeGreaterThan(60);
    expect(tcx!.sport).toBe('run');
    expect(tcx!.avg_hr).toBeGreaterThan(60);
  });

  it('imports a .fit.gz copy, keeping the gzip original once', async () => {
    const batch = await importFiles(ana, [
      { name: '12345.fit.gz', content: gzipSync(fixture('run-fr15-10k.fit')) },
    ]);
    expect(batch.files[0]).toMatchObject({ status: 'imported' });
    expect(
      storedFiles().filter((f) => f.startsWith(join('originals', ana.athleteId)) && f.endsWith('.fit.gz')),
    ).toHaveLength(1);
    // The staged copy goes once its outcome is recorded.
    await eventually(() => expect(storedFiles().filter((f) => f.startsWith('staging'))).toEqual([]));
  });

  it('imports a zip with one corrupt member: that member fails with its reason, the others import', async () => {
    const good = fixture('run-hr-fenix2.fit');
    const corrupt = Buffer.concat([good.subarray(0, 14), Buffer.alloc(400, 0xab)]);
    const batch = await importFiles(ana, [
      {
        name: 'export.zip',
        content: zipArchive([
          { name: 'activities/fenix.fit', content: good },
          { name: 'activities/broken.fit', content: corrupt },
          { name: 'activities.csv', content: Buffer.from('id,name\n1,run\n') },
        ]),
      },
    ]);
    expect(batch.files.map((f) => [f.name, f.status])).toEqual([
      ['export.zip/activities/fenix.fit', 'imported'],
      ['export.zip/activities/broken.fit', 'failed'],
    ]);
    expect(batch.files[1]!.message).toMatch(/\w/);
    expect(batch.files[1]!.activity_id).toBeNull();
  });

  it('refuses an upload with nothing it can import (400, nothing written)', async () => {
    const before = await count('import_files', ana.athleteId);
    const res = await uploadRequest(t.app, ana, [{ name: 'notes.txt', content: Buffer.from('hello') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/FIT, GPX or TCX/);
    expect(await count('import_files', ana.athleteId)).toBe(before);
  });

  it('answers a retried upload with the same Idempotency-Key with the same batch', async () => {
    const files = [{ name: 'track.gpx', content: fixture('track-etrex20x.gpx') }];
    const headers = { 'idempotency-key': 'upload-once-1' };
    const first = await uploadRequest(t.app, ana, files, headers);
    const second = await uploadRequest(t.app, ana, files, headers);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json().data.batch_id).toBe(first.json().data.batch_id);
    await settled(ana, first.json().data.batch_id);
  });
});

describe('duplicates', () => {
  let ben: Athlete;
  beforeAll(async () => {
    ben = await athlete('Ben');
  });

  it('the same file twice makes one activity: the second is a duplicate naming it', async () => {
    const file = { name: 'ride.fit', content: fixture('bike-power-indoor-edge800.fit') };
    const first = await importFiles(ben, [file]);
    const again = await importFiles(ben, [{ ...file, name: 'ride-copy.fit' }]);
    expect(again.files[0]).toMatchObject({
      status: 'duplicate',
      activity_id: first.files[0]!.activity_id,
    });
    expect(again.files[0]!.message).toMatch(/already imported/);
    expect(await count('activities', ben.athleteId)).toBe(1);
    expect(await count('activity_files', ben.athleteId)).toBe(1);
  });

  it('another file of the same sport starting within 60 s is a duplicate', async () => {
    const gpx = fixture('run-hr-garminconnect.gpx').toString('utf8');
    const first = await importFiles(ben, [{ name: 'run.gpx', content: Buffer.from(gpx) }]);
    // The same run exported again with another name: other bytes, same start.
    const renamed = gpx.replace(/<name>[^<]*<\/name>/, '<name>Run, exported again</name>');
    const edited = renamed === gpx ? gpx.replace('<trk>', '<trk><!-- again -->') : renamed;
    const second = await importFiles(ben, [{ name: 'run-again.gpx', content: Buffer.from(edited) }]);
    expect(second.files[0]).toMatchObject({
      status: 'duplicate',
      activity_id: first.files[0]!.activity_id,
    });
    expect(second.files[0]!.message).toMatch(/within 60 s/);
  });

  it('a deleted activity can be imported again', async () => {
    const file = { name: 'swim.fit', content: fixture('swim-pool-fenix3-hr.fit') };
    const first = await importFiles(ben, [file]);
    const id = first.files[0]!.activity_id!;
    const del = await t.app.inject({ method: 'DELETE', url: `${API}/${id}`, headers: bearer(ben.token) });
    expect(del.statusCode).toBe(200);
    const again = await importFiles(ben, [file]);
    expect(again.files[0]!.status).toBe('imported');
  });
});

describe('matching and daily load', () => {
  let cleo: Athlete;
  let day: string;
  let activityTss: number;
  let moving: number;
  const file = { name: 'ride.fit', content: fixture('bike-power-edge530-autopause.fit') };

  beforeAll(async () => {
    cleo = await athlete('Cleo');
    // Learn the ride's local day and figures, then remove it so the planned workouts exist before the import.
    const probe = await importFiles(cleo, [file]);
    const detail = await get<ActivityDetail>(cleo, `${API}/${probe.files[0]!.activity_id}`);
    day = detail.local_date;
    activityTss = detail.tss!;
    moving = detail.moving_seconds;
    await t.app.inject({ method: 'DELETE', url: `${API}/${detail.id}`, headers: bearer(cleo.token) });
    expect(await dayLoad(cleo.athleteId, day)).toBeNull();
  });

  it('matches the planned workout of that day and sport nearest in duration, and counts the load once', async () => {
    const near = await createWorkout(cleo, {
      title: 'Endurance ride',
      workout_date: day,
      sport: 'bike',
      duration_minutes: Math.max(1, Math.round(moving / 60) + 5),
      intensity_zone: 2,
    });
    const far = await createWorkout(cleo, {
      title: 'Long ride',
      workout_date: day,
      sport: 'bike',
      duration_minutes: Math.round(moving / 60) + 120,
      intensity_zone: 2,
    });
    const run = await createWorkout(cleo, {
      title: 'Easy run',
      workout_date: day,
      sport: 'run',
      duration_minutes: Math.round(moving / 60),
      intensity_zone: 2,
    });
    const batch = await importFiles(cleo, [file]);
    const id = batch.files[0]!.activity_id!;
    const detail = await get<ActivityDetail>(cleo, `${API}/${id}`);
    expect(detail.workout_id).toBe(near.id);
    expect(detail.matched_workout).toMatchObject({ id: near.id, actual_duration_seconds: moving });
    expect(detail.matched_workout!.compliance.duration_percent).toBeGreaterThan(50);

    const matched = await workoutRow(near.id);
    expect(matched.status).toBe('completed');
    expect(matched.actual_tss).toBeCloseTo(activityTss, 1);
    expect(matched.compliance?.percent).toBeGreaterThan(0);
    expect((await workoutRow(far.id)).status).toBe('planned');
    expect((await workoutRow(run.id)).status).toBe('planned');
    // The matched workout's load is its activity's, counted once.
    expect(await dayLoad(cleo.athleteId, day)).toBeCloseTo(activityTss, 1);

    const calendar = await get<{ calendar_events: Array<{ id: string; activity_id: string | null }> }>(
      cleo,
      `/api/workout-planning/calendar?date_from=${day}&date_to=${day}`,
    );
    expect(calendar.calendar_events.find((e) => e.id === near.id)?.activity_id).toBe(id);
    expect(calendar.calendar_events.find((e) => e.id === far.id)?.activity_id).toBeNull();

    // Unmatch: the workout is planned again; the activity still counts as training.
    const unmatch = await t.app.inject({
      method: 'PUT',
      url: `${API}/${id}/match`,
      headers: bearer(cleo.token),
      payload: { workout_id: null },
    });
    expect(unmatch.statusCode, unmatch.body).toBe(200);
    expect(unmatch.json().data.matched_workout).toBeNull();
    expect((await workoutRow(near.id)).status).toBe('planned');
    expect((await workoutRow(near.id)).actual_tss).toBeNull();
    expect(await dayLoad(cleo.athleteId, day)).toBeCloseTo(activityTss, 1);

    // A workout completed by hand counts on its own; matched to the activity, only the activity counts.
    await t.app.inject({
      method: 'PUT',
      url: `/api/workout-planning/workouts/${far.id}`,
      headers: bearer(cleo.token),
      payload: { status: 'completed' },
    });
    const withManual = (await dayLoad(cleo.athleteId, day))!;
    expect(withManual).toBeGreaterThan(activityTss);
    const rematch = await t.app.inject({
      method: 'PUT',
      url: `${API}/${id}/match`,
      headers: bearer(cleo.token),
      payload: { workout_id: far.id },
    });
    expect(rematch.statusCode, rematch.body).toBe(200);
    expect(rematch.json().data.matched_workout.id).toBe(far.id);
    expect(await dayLoad(cleo.athleteId, day)).toBeCloseTo(activityTss, 1);

    // Deleting the activity puts its workout back to planned and takes its load away.
    const del = await t.app.inject({ method: 'DELETE', url: `${API}/${id}`, headers: bearer(cleo.token) });
    expect(del.statusCode).toBe(200);
    expect((await workoutRow(far.id)).status).toBe('planned');
    expect(await dayLoad(cleo.athleteId, day)).toBeNull();
  });

  it('refuses to match a workout another activity already completes (409)', async () => {
    const workout = await createWorkout(cleo, {
      title: 'Ride',
      workout_date: day,
      sport: 'bike',
      duration_minutes: 60,
    });
    const a = (await importFiles(cleo, [file])).files[0]!.activity_id!;
    const b = (
      await importFiles(cleo, [{ name: 'other.fit', content: fixture('bike-power-wahoo-elemnt.fit') }])
    ).files[0]!.activity_id!;
    const first = await t.app.inject({
      method: 'PUT',
      url: `${API}/${a}/match`,
      headers: bearer(cleo.token),
      payload: { workout_id: workout.id },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.app.inject({
      method: 'PUT',
      url: `${API}/${b}/match`,
      headers: bearer(cleo.token),
      payload: { workout_id: workout.id },
    });
    expect(second.statusCode).toBe(409);
  });

  it('draws the power curve from the best efforts, naming the activity of each point', async () => {
    const curve = await get<{ points: Array<{ x: number; value: number; activity_id: string }> }>(
      cleo,
      `${API}/curves?type=power&period=all`,
    );
    expect(curve.points.length).toBeGreaterThan(0);
    for (const point of curve.points) expect(point.value).toBeGreaterThan(0);
    const ids = new Set(curve.points.map((p) => p.activity_id));
    for (const id of ids) await get(cleo, `${API}/${id}`);
  });
});

describe('a matched workout set back by hand (docs/activities.md, "Matching")', () => {
  let dana: Athlete;
  let day: string;
  let activityTss: number;
  let moving: number;
  const file = { name: 'ride.fit', content: fixture('bike-power-edge530-autopause.fit') };

  beforeAll(async () => {
    dana = await athlete('Dana');
    const probe = await importFiles(dana, [file]);
    const detail = await get<ActivityDetail>(dana, `${API}/${probe.files[0]!.activity_id}`);
    day = detail.local_date;
    activityTss = detail.tss!;
    moving = detail.moving_seconds;
    await t.app.inject({ method: 'DELETE', url: `${API}/${detail.id}`, headers: bearer(dana.token) });
  });

  const calendarEvent = async (workoutId: string) =>
    (
      await get<{ calendar_events: Array<{ id: string; status: string; activity_id: string | null }> }>(
        dana,
        `/api/workout-planning/calendar?date_from=${day}&date_to=${day}`,
      )
    ).calendar_events.find((e) => e.id === workoutId);

  const putWorkout = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url, headers: bearer(dana.token), payload });

  it('frees the activity in the same change: no activity on the calendar, no workout on the activity, load once', async () => {
    const workout = await createWorkout(dana, {
      title: 'Endurance ride',
      workout_date: day,
      sport: 'bike',
      duration_minutes: 120,
      intensity_zone: 2,
    });
    const id = (await importFiles(dana, [file])).files[0]!.activity_id!;
    expect((await get<ActivityDetail>(dana, `${API}/${id}`)).workout_id).toBe(workout.id);
    expect((await calendarEvent(workout.id))?.activity_id).toBe(id);

    // Back to planned by hand.
    const planned = await putWorkout(`/api/workout-planning/workouts/${workout.id}`, { status: 'planned' });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json().data.status).toBe('planned');
    expect(await calendarEvent(workout.id)).toMatchObject({ status: 'planned', activity_id: null });
    const freed = await get<ActivityDetail>(dana, `${API}/${id}`);
    expect(freed.workout_id).toBeNull();
    expect(freed.matched_workout).toBeNull();
    const list = await get<{ items: Array<{ id: string; workout_id: string | null }> }>(dana, API);
    expect(list.items.find((a) => a.id === id)?.workout_id).toBeNull();
    expect(await workoutRow(workout.id)).toMatchObject({
      status: 'planned',
      actual_duration_seconds: null,
      actual_tss: null,
      compliance: null,
    });
    // The activity still counts as training; the planned workout does not.
    expect(await dayLoad(dana.athleteId, day)).toBeCloseTo(activityTss, 1);

    // Both are free: the activity can be linked to the workout again by hand.
    const relink = await t.app.inject({
      method: 'PUT',
      url: `${API}/${id}/match`,
      headers: bearer(dana.token),
      payload: { workout_id: workout.id },
    });
    expect(relink.statusCode, relink.body).toBe(200);
    expect(relink.json().data.matched_workout.id).toBe(workout.id);
    expect((await calendarEvent(workout.id))?.activity_id).toBe(id);
    expect(await dayLoad(dana.athleteId, day)).toBeCloseTo(activityTss, 1);

    // Skipped through the training API frees it as well.
    const skipped = await putWorkout(`/api/training/workouts/${workout.id}`, { status: 'skipped' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(await calendarEvent(workout.id)).toMatchObject({ status: 'skipped', activity_id: null });
    expect((await get<ActivityDetail>(dana, `${API}/${id}`)).workout_id).toBeNull();
    expect((await workoutRow(workout.id)).actual_tss).toBeNull();
    expect(await dayLoad(dana.athleteId, day)).toBeCloseTo(activityTss, 1);

    // Marked done by hand now, it counts on its own beside the activity (they are no longer one session).
    const done = await putWorkout(`/api/workout-planning/workouts/${workout.id}`, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await calendarEvent(workout.id))?.activity_id).toBeNull();
    expect(await dayLoad(dana.athleteId, day)).toBeGreaterThan(activityTss);
    await putWorkout(`/api/workout-planning/workouts/${workout.id}`, { status: 'planned' });
    expect(await dayLoad(dana.athleteId, day)).toBeCloseTo(activityTss, 1);

    // Another edit of a matched workout (its title) keeps the link.
    await t.app.inject({
      method: 'PUT',
      url: `${API}/${id}/match`,
      headers: bearer(dana.token),
      payload: { workout_id: workout.id },
    });
    const renamed = await putWorkout(`/api/workout-planning/workouts/${workout.id}`, { title: 'Long ride' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await calendarEvent(workout.id))?.activity_id).toBe(id);

    // The reverse: deleting the activity puts its workout back to planned, with nothing left pointing at it.
    const del = await t.app.inject({ method: 'DELETE', url: `${API}/${id}`, headers: bearer(dana.token) });
    expect(del.statusCode).toBe(200);
    expect(await calendarEvent(workout.id)).toMatchObject({ status: 'planned', activity_id: null });
    expect((await workoutRow(workout.id)).actual_tss).toBeNull();
    expect(await dayLoad(dana.athleteId, day)).toBeNull();
  });

  it('a workout set back while its If-Match is stale changes nothing, and the activity keeps it', async () => {
    const workout = await createWorkout(dana, {
      title: 'Tempo ride',
      workout_date: day,
      sport: 'bike',
      // Nearer the ride than the first test's workout, which is planned again: the import completes this one.
      duration_minutes: Math.round(moving / 60),
    });
    const stale = (await get<{ updated_at: string }>(dana, `/api/workout-planning/workouts/${workout.id}`))
      .updated_at;
    const id = (await importFiles(dana, [file])).files[0]!.activity_id!;
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/workout-planning/workouts/${workout.id}`,
      headers: { ...bearer(dana.token), 'if-match': `"${stale}"` },
      payload: { status: 'planned' },
    });
    expect(refused.statusCode, refused.body).toBe(412);
    expect((await get<ActivityDetail>(dana, `${API}/${id}`)).workout_id).toBe(workout.id);
    expect((await workoutRow(workout.id)).status).toBe('completed');
    expect((await calendarEvent(workout.id))?.activity_id).toBe(id);
  });

  it('set back by hand while the activity is matched to it at the same moment: never one without the other', async () => {
    const workout = await createWorkout(dana, {
      title: 'Recovery ride',
      workout_date: day,
      sport: 'bike',
      duration_minutes: 45,
    });
    const id = (await get<{ items: Array<{ id: string }> }>(dana, `${API}?from=${day}&to=${day}`)).items[0]!
      .id;
    for (let round = 0; round < 6; round++) {
      const [setBack, match] = await Promise.all([
        putWorkout(`/api/workout-planning/workouts/${workout.id}`, { status: 'planned' }),
        t.app.inject({
          method: 'PUT',
          url: `${API}/${id}/match`,
          headers: bearer(dana.token),
          payload: { workout_id: workout.id },
        }),
      ]);
      expect(setBack.statusCode, setBack.body).toBe(200);
      expect(match.statusCode, match.body).toBe(200);
      const row = await workoutRow(workout.id);
      const linked = (await get<ActivityDetail>(dana, `${API}/${id}`)).workout_id;
      // Whichever came last wins, whole: completed and linked, or planned and free.
      if (row.status === 'completed') expect(linked).toBe(workout.id);
      else expect([row.status, linked]).toEqual(['planned', null]);
      expect(await dayLoad(dana.athleteId, day)).toBeCloseTo(activityTss, 1);
    }
  });
});

describe('limits: 413 with nothing written', () => {
  let dan: Athlete;
  beforeAll(async () => {
    dan = await athlete('Dan');
  });

  async function nothingWritten() {
    for (const table of ['import_batches', 'import_files', 'activities', 'activity_files']) {
      expect(await count(table, dan.athleteId), table).toBe(0);
    }
    expect(storedFiles().filter((f) => f.includes(dan.athleteId))).toEqual([]);
  }

  it('a file over 50 MB', async () => {
    const jobs = await jobCount();
    const big = Buffer.concat([fixture('run-fr15-10k.fit'), Buffer.alloc(50 * 1024 * 1024)]);
    const res = await uploadRequest(t.app, dan, [{ name: 'big.fit', content: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/50 MB/);
    await nothingWritten();
    expect(await jobCount()).toBe(jobs);
  });

  it('a zip declaring more than 200 MB uncompressed is refused before it is expanded', async () => {
    const members = Array.from({ length: 5 }, (_, i) => ({
      name: `ride-${i}.fit`,
      content: Buffer.alloc(1024),
      declaredSize: 45 * 1024 * 1024,
    }));
    const res = await uploadRequest(t.app, dan, [{ name: 'bomb.zip', content: zipArchive(members) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/200 MB/);
    await nothingWritten();
  });

  it('a zip bomb whose headers lie about its size is stopped while inflating', async () => {
    const bomb = zipArchive([
      { name: 'ride.fit', content: Buffer.alloc(60 * 1024 * 1024), declaredSize: 1024 },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await uploadRequest(t.app, dan, [{ name: 'bomb.zip', content: bomb }]);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    await nothingWritten();
  });

  it('a zip of more than 500 members', async () => {
    const members = Array.from({ length: 501 }, (_, i) => ({
      name: `r${i}.gpx`,
      content: Buffer.from('<gpx/>'),
    }));
    const res = await uploadRequest(t.app, dan, [{ name: 'many.zip', content: zipArchive(members) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/500 members/);
    await nothingWritten();
  });
});

describe("another athlete's activity", () => {
  let owner: Athlete;
  let other: Athlete;
  let activityId: string;
  let batchId: string;
  let otherWorkout: string;

  beforeAll(async () => {
    owner = await athlete('Owner');
    other = await athlete('Other');
    const batch = await importFiles(owner, [
      { name: 'run.fit', content: fixture('run-hr-fr110-smartrecording.fit') },
    ]);
    activityId = batch.files[0]!.activity_id!;
    batchId = batch.batch_id;
    otherWorkout = (await createWorkout(other, { title: 'Run', workout_date: '2026-03-01', sport: 'run' }))
      .id;
  });

  it('is 404 on every route, and changes nothing', async () => {
    const calls: Array<{ method: 'GET' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
      { method: 'GET', url: `${API}/imports/${batchId}` },
      { method: 'GET', url: `${API}/${activityId}` },
      { method: 'PUT', url: `${API}/${activityId}`, payload: { name: 'Mine now' } },
      { method: 'PUT', url: `${API}/${activityId}`, payload: { sport: 'bike' } },
      { method: 'GET', url: `${API}/${activityId}/streams` },
      { method: 'PUT', url: `${API}/${activityId}/match`, payload: { workout_id: null } },
      { method: 'PUT', url: `${API}/${activityId}/match`, payload: { workout_id: otherWorkout } },
      { method: 'DELETE', url: `${API}/${activityId}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(other.token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const list = await get<{ total: number }>(other, API);
    expect(list.total).toBe(0);
    const mine = await get<ActivityDetail>(owner, `${API}/${activityId}`);
    expect(mine.name).not.toBe('Mine now');
  });

  it("cannot match one's own activity to another athlete's workout", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/${activityId}/match`,
      headers: bearer(owner.token),
      payload: { workout_id: otherWorkout },
    });
    expect(res.statusCode).toBe(404);
    expect((await workoutRow(otherWorkout)).status).toBe('planned');
  });
});

describe('a restart in the middle of a batch', () => {
  it('resumes the queued jobs in the next process; the job its process died running fails with the reason (not run into a crash again)', {
    timeout: 90_000,
  }, async () => {
    // The first process takes uploads but runs no jobs, then goes away with one job claimed by it.
    const r = await createTestApp({ jobs: { worker: false } });
    try {
      const eve = await r.athlete({ name: 'Eve' });
      const res = await uploadRequest(r.app, eve, [
        { name: 'a.fit', content: fixture('run-fr15-10k.fit') },
        { name: 'b.fit', content: fixture('run-hr-fenix2.fit') },
        { name: 'c.tcx', content: fixture('run-hr-fr410.tcx') },
      ]);
      expect(res.statusCode, res.body).toBe(202);
      const batchId = res.json().data.batch_id;
      await r.db.execute(sql`
        update jobs set status = 'running', attempts = 1, locked_by = 'the-first-process',
          lease_until = now() - interval '1 second'
        where id = (select id from jobs order by created_at limit 1)`);
      await r.app.close();

      const next = await buildSecondApp(r, { jobs: { pollMs: 50 } });
      try {
        const batch = await settled(eve, batchId, next);
        expect(batch.files.map((f) => f.status).sort()).toEqual(['failed', 'imported', 'imported']);
        expect(batch.files.find((f) => f.status === 'failed')!.message).toMatch(
          /^The file could not be processed: the server stopped while processing it/,
        );
        // Each job is settled just after its file's outcome is recorded.
        await eventually(async () => {
          const result = await r.db.execute(sql`select status from jobs`);
          expect(
            rowsOf<{ status: string }>(result)
              .map((j) => j.status)
              .sort(),
          ).toEqual(['done', 'done', 'failed']);
        });
      } finally {
        await next.close();
      }
    } finally {
      await r.close();
    }
  });
});

// With TEST_DATABASE_URL the suite runs on PostgreSQL, where two app processes share the queue.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two app processes on one PostgreSQL', () => {
  it('import every file of a batch once, each job claimed by one of them', async () => {
    const second = await buildSecondApp(t, { jobs: { pollMs: 20 } });
    try {
      const fay = await athlete('Fay');
      const names = [
        'run-fr15-10k.fit',
        'run-hr-fenix2.fit',
        'run-hr-fr110-smartrecording.fit',
        'bike-power-edge810-vector.fit',
        'bike-power-indoor-edge800.fit',
        'swim-pool-fenix3-hr.fit',
      ];
      const res = await uploadRequest(
        second,
        fay,
        names.map((name) => ({ name, content: fixture(name) })),
      );
      expect(res.statusCode, res.body).toBe(202);
      const batch = await settled(fay, res.json().data.batch_id);
      expect(batch.files.map((f) => f.status)).toEqual(names.map(() => 'imported'));
      expect(await count('activities', fay.athleteId)).toBe(names.length);
      await eventually(async () => {
        const result = await t.db.execute(sql`
          select j.status, j.attempts from jobs j
          join import_files f on f.id = (j.payload->>'importFileId')::uuid
          where f.athlete_id = ${fay.athleteId}`);
        const jobs = rowsOf<{ status: string; attempts: number }>(result);
        expect(jobs).toHaveLength(names.length);
        expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
      });
    } finally {
      await second.close();
    }
  });
});
