// "Download my data" of an athlete with 10 years of data (docs/account.md, "Memory: the zip is streamed"): the
// export reads every table in pages and streams the zip to the file store; the heap stays bounded. The figure
// measured here is written in docs/account.md.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE } from '../src/modules/account/service.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

const DAYS = 3650;
const STREAM_BYTES = 12_000;
const pages: Array<{ table: string; rows: number }> = [];
let t: TestApp;

// A collector to call: the heap is measured after each collection, so that it counts what the export holds,
// not garbage waiting to be collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
let measuring = false;
let baseline = 0;
let peak = 0;
function measure() {
  if (!measuring) return;
  gc();
  peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
}

beforeAll(async () => {
  t = await createTestApp({
    jobs: { worker: false },
    account: {
      onExportPage: (table, rows) => {
        pages.push({ table, rows });
        // Every fifth page: a collection per page would take longer than the export.
        if (pages.length % 5 === 0) measure();
      },
    },
  });
}, 60_000);
afterAll(() => t.close());

it('exports 10 years of an athlete in pages, with the heap bounded', async () => {
  const { session } = await t.signUpAndConfirm();
  const athleteId = session.user.athlete_id;
  await t.db.execute(sql`
    insert into workouts (athlete_id, title, workout_date, sport, status, duration_minutes)
    select ${athleteId}, 'Endurance run ' || n, date '2016-01-01' + n, 'run', 'completed', 45 + n % 60
    from generate_series(0, ${DAYS - 1}) n`);
  await t.db.execute(sql`
    insert into wellness_daily (athlete_id, date, hrv, resting_hr, sleep_hours)
    select ${athleteId}, date '2016-01-01' + n, 50 + n % 20, 45 + n % 10, 7 + (n % 3) * 0.5
    from generate_series(0, ${DAYS - 1}) n`);
  await t.db.execute(sql`
    insert into activities (athlete_id, name, sport, start_time, local_date, elapsed_seconds, timer_seconds,
      moving_seconds, distance_m, tss, source)
    select ${athleteId}, 'Ride ' || n, 'bike', timestamptz '2016-01-01 07:00Z' + n * interval '1 day',
      date '2016-01-01' + n, 3600, 3550, 3500, 30000 + n, 60, 'file'
    from generate_series(0, ${DAYS - 1}) n`);
  // One 12 KB stream per activity, varied so that it does not deflate to nothing.
  await t.db.execute(sql`
    insert into activity_streams (activity_id, athlete_id, type, sample_count, data)
    select id, athlete_id, 'power', 3000,
      decode(substr(repeat(md5(id::text) || md5(name), ${STREAM_BYTES / 32 + 1}), 1, ${STREAM_BYTES * 2}), 'hex')
    from activities where athlete_id = ${athleteId}`);

  const started = await t.app.inject({
    method: 'POST',
    url: '/api/athletes/me/exports',
    headers: bearer(session.access_token),
  });
  expect(started.statusCode).toBe(202);
  gc();
  baseline = process.memoryUsage().heapUsed;
  measuring = true;
  const began = Date.now();
  while (await t.app.jobs.runOnce()) {}
  measuring = false;
  const seconds = (Date.now() - began) / 1000;

  const status = await t.app.inject({
    method: 'GET',
    url: `/api/athletes/me/exports/${started.json().data.id}`,
    headers: bearer(session.access_token),
  });
  const body = status.json().data;
  expect(body.status).toBe('ready');
  expect(Math.max(...pages.map((p) => p.rows))).toBeLessThanOrEqual(EXPORT_PAGE_SIZE);
  // Each of the 3,650-row tables over at least 8 pages (twice for the CSV tables).
  expect(pages.filter((p) => p.table === 'activity_streams').length).toBeGreaterThanOrEqual(8);
  const streamMb = (DAYS * STREAM_BYTES) / 1024 / 1024;
  const heapMb = peak / 1024 / 1024;
  console.log(
    `export of 10 years: zip ${(body.size_bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s; ` +
      `streams ${streamMb.toFixed(1)} MB read; heap held at most ${heapMb.toFixed(1)} MB more (after collection)`,
  );
  // Bounded: well under what holding the streams (twice, as hex JSON) would take.
  expect(heapMb).toBeLessThan(streamMb * 2);
}, 300_000);
