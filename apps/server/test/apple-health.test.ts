// Apple Health exports through the API (docs/devices.md, "Apple Health"): workouts with their routes, HRV as
// SDNN (never as rMSSD), resting heart rate and nights of sleep; a second import of the same export; corrupt
// zips and XML, and a DOCTYPE that declares entities, which writes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportXml,
  exportZip,
  type RecordSpec,
  recordXml,
  routeGpx,
  workoutXml,
} from './apple-health-export.ts';
import {
  bearer,
  createTestApp,
  multipartForm,
  settledBatch,
  type TestApp,
  uploadAndSettle,
} from './helpers.ts';
import { zipArchive } from './zip-writer.ts';

const URL_ = '/api/activities/import/apple-health';
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

function upload(who: Athlete, name: string, content: Buffer, headers: Record<string, string> = {}) {
  const form = multipartForm([{ name: 'file', value: content, filename: name }]);
  return t.app.inject({
    method: 'POST',
    url: URL_,
    payload: form.payload,
    headers: { ...bearer(who.token), ...form.headers, ...headers },
  });
}

async function importExport(who: Athlete, name: string, content: Buffer) {
  return (await uploadAndSettle(t.app, who.token, URL_, [{ name, content }])).files[0]!;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
async function count(table: string, athleteId: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where athlete_id = ${athleteId}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}
async function wellness(who: Athlete) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/metrics?start_date=2026-01-01&end_date=2026-01-31',
    headers: bearer(who.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as Array<Record<string, unknown>> | { items: Array<Record<string, unknown>> };
  const days = Array.isArray(data) ? data : data.items;
  return new Map(days.map((d) => [d.date as string, d]));
}
async function activities(who: Athlete) {
  const res = await t.app.inject({ method: 'GET', url: '/api/activities', headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Array<Record<string, unknown>>;
}

const RUN_START = Date.parse('2026-01-10T07:00:00Z');
const SDNN = 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN';
const RHR = 'HKQuantityTypeIdentifierRestingHeartRate';
const SLEEP = 'HKCategoryTypeIdentifierSleepAnalysis';
const sleep = (value: string, start: string, end: string): RecordSpec => ({
  type: SLEEP,
  value: `HKCategoryValueSleepAnalysis${value}`,
  start,
  end,
});

/** Two workouts (a run with its route, a strength session), HRV SDNN, resting HR and a night across midnight. */
function sampleExport(): Buffer {
  const xml = exportXml([
    recordXml({ type: SDNN, value: 40, unit: 'ms', start: '2026-01-10 06:30:00 +0000' }),
    recordXml({ type: SDNN, value: 50, unit: 'ms', start: '2026-01-10 21:30:00 +0000' }),
    recordXml({ type: RHR, value: 48, unit: 'count/min', start: '2026-01-10 08:00:00 +0000' }),
    recordXml({
      type: 'HKQuantityTypeIdentifierStepCount',
      value: 1200,
      unit: 'count',
      start: '2026-01-10 09:00:00 +0000',
    }),
    // One night, 23:00 on the 10th to 06:30 on the 11th: in bed from 22:45, asleep in two stages with an
    // overlapping copy from the phone, awake for 15 minutes.
    recordXml(sleep('InBed', '2026-01-10 22:45:00 +0000', '2026-01-11 06:45:00 +0000')),
    recordXml(sleep('AsleepCore', '2026-01-10 23:00:00 +0000', '2026-01-11 02:00:00 +0000')),
    recordXml(sleep('Awake', '2026-01-11 02:00:00 +0000', '2026-01-11 02:15:00 +0000')),
    recordXml(sleep('AsleepDeep', '2026-01-11 02:15:00 +0000', '2026-01-11 06:30:00 +0000')),
    recordXml(sleep('AsleepUnspecified', '2026-01-11 03:00:00 +0000', '2026-01-11 04:00:00 +0000')),
    workoutXml({
      type: 'Running',
      start: '2026-01-10 07:00:00 +0000',
      end: '2026-01-10 07:10:00 +0000',
      durationMinutes: 10,
      distanceKm: 1.9,
      avgHr: 150,
      statistics: true,
      route: 'route_2026-01-10_7.00am.gpx',
    }),
    workoutXml({
      type: 'TraditionalStrengthTraining',
      start: '2026-01-12 18:00:00 +0000',
      end: '2026-01-12 18:45:00 +0000',
      durationMinutes: 45,
      energyKcal: 250,
    }),
  ]);
  return exportZip(xml, { 'route_2026-01-10_7.00am.gpx': routeGpx(RUN_START, 61) });
}

describe('Apple Health import', () => {
  it('imports workouts with their route, HRV as SDNN, resting heart rate and the night', async () => {
    const who = await athlete('Apple Importer');
    const file = await importExport(who, 'export.zip', sampleExport());
    expect(file.status, file.message ?? '').toBe('imported');
    expect(file.message).toBe(
      '2 workouts imported; HRV (SDNN) on 1 days, resting heart rate on 1 days, sleep on 1 nights',
    );
    expect(file.activity_ids).toHaveLength(2);

    const list = await activities(who);
    const run = list.find((a) => a.sport === 'run')!;
    expect(run.source).toBe('apple-health');
    expect(run.device_name).toBe('Apple Watch');
    expect(run.distance_m).toBe(1900);
    expect(run.avg_hr).toBe(150);
    expect(run.elapsed_seconds).toBe(600);
    expect(run.has_gps).toBe(true);
    const streams = await t.app.inject({
      method: 'GET',
      url: `/api/activities/${run.id}/streams?types=lat,lng`,
      headers: bearer(who.token),
    });
    expect(streams.json().data.streams.lat[0]).toBeCloseTo(51.5, 5);
    const strength = list.find((a) => a.sport === 'strength')!;
    expect(strength.calories).toBe(250);
    expect(strength.moving_seconds).toBe(2700);
    expect(strength.has_gps).toBe(false);

    const days = await wellness(who);
    // SDNN is its own field: the day's mean, and the rMSSD field stays empty.
    expect(days.get('2026-01-10')).toMatchObject({ hrv_sdnn: 45, hrv: null, resting_hr: 48 });
    // The night belongs to the day it ends on: 23:00-06:30 less the 15 minutes awake, overlaps counted once.
    expect(days.get('2026-01-11')).toMatchObject({ sleep_hours: 7.25 });
    expect(days.get('2026-01-10')?.sleep_hours ?? null).toBeNull();
  });

  it('imports the same export twice without creating anything new', async () => {
    const who = await athlete('Apple Twice');
    const zip = sampleExport();
    await importExport(who, 'export.zip', zip);
    const before = {
      activities: await count('activities', who.athleteId),
      days: await count('wellness_daily', who.athleteId),
    };
    const again = await importExport(who, 'export.zip', zip);
    expect(again.status).toBe('imported');
    expect(again.message).toMatch(/^0 workouts imported, 2 already stored;/);
    expect(again.activity_ids).toEqual([]);
    expect(await count('activities', who.athleteId)).toBe(before.activities);
    expect(await count('wellness_daily', who.athleteId)).toBe(before.days);
    expect((await wellness(who)).get('2026-01-10')).toMatchObject({ hrv_sdnn: 45 });
  });

  it('reads a bare export.xml too', async () => {
    const who = await athlete('Apple Xml');
    const xml = exportXml([
      recordXml({ type: RHR, value: 52.4, unit: 'count/min', start: '2026-01-05 08:00:00 +0100' }),
      recordXml({ type: RHR, value: 53.6, unit: 'count/min', start: '2026-01-05 20:00:00 +0100' }),
    ]);
    const file = await importExport(who, 'export.xml', Buffer.from(xml));
    expect(file.status).toBe('imported');
    expect((await wellness(who)).get('2026-01-05')).toMatchObject({ resting_hr: 53, hrv_sdnn: null });
  });

  it('refuses a file that is not an export at once, and keeps nothing', async () => {
    const who = await athlete('Apple Wrong');
    const named = await upload(who, 'export.csv', Buffer.from('a,b'));
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toMatch(/export\.zip/);
    const notZip = await upload(who, 'export.zip', Buffer.from('this is not a zip'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toBe('The file is not a zip archive');
    const empty = await upload(who, 'export.xml', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(await count('import_batches', who.athleteId)).toBe(0);
  });

  it('fails a corrupt zip with its reason and writes nothing', async () => {
    const who = await athlete('Apple Corrupt');
    const good = sampleExport();
    // A zip cut in half: its central directory is gone.
    const file = await importExport(who, 'export.zip', good.subarray(0, Math.floor(good.length / 2)));
    expect(file.status).toBe('failed');
    expect(file.message).toMatch(/^The zip file cannot be read/);
    const noXml = await importExport(
      who,
      'export.zip',
      zipArchive([{ name: 'notes.txt', content: Buffer.from('hi') }]),
    );
    expect(noXml.status).toBe('failed');
    expect(noXml.message).toMatch(/no export\.xml/);
    expect(await count('activities', who.athleteId)).toBe(0);
    expect(await count('wellness_daily', who.athleteId)).toBe(0);
  });

  it('writes nothing from an export.xml cut short, even the workouts read before the break', async () => {
    const who = await athlete('Apple Truncated');
    const xml = exportXml([
      recordXml({ type: RHR, value: 50, unit: 'count/min', start: '2026-01-05 08:00:00 +0000' }),
      workoutXml({
        type: 'Cycling',
        start: '2026-01-06 07:00:00 +0000',
        end: '2026-01-06 08:00:00 +0000',
        durationMinutes: 60,
        distanceKm: 30,
      }),
      recordXml({ type: RHR, value: 51, unit: 'count/min', start: '2026-01-07 08:00:00 +0000' }),
    ]);
    const cut = xml.slice(0, xml.lastIndexOf('<Record') + 20);
    const file = await importExport(who, 'export.zip', exportZip(cut));
    expect(file.status).toBe('failed');
    expect(file.message).toMatch(/^export\.xml is not well-formed XML/);
    expect(await count('activities', who.athleteId)).toBe(0);
    expect(await count('wellness_daily', who.athleteId)).toBe(0);
  });

  it('never expands entities: a DOCTYPE declaring them fails the import and writes nothing', async () => {
    const who = await athlete('Apple Entities');
    const laughs = [
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => {
        const prev = i === 0 ? 'lol' : `lol${i}`;
        return `<!ENTITY lol${i + 1} "${`&${prev};`.repeat(10)}">`;
      }),
    ].join('\n');
    const xml = exportXml(
      [recordXml({ type: RHR, value: '&lol9;', unit: 'count/min', start: '2026-01-05 08:00:00 +0000' })].map(
        (r) => r.replace('&amp;lol9;', '&lol9;'),
      ),
      `<!DOCTYPE HealthData [\n${laughs}\n]>`,
    );
    const started = Date.now();
    const file = await importExport(who, 'export.zip', exportZip(xml));
    expect(file.status).toBe('failed');
    expect(file.message).toBe('export.xml declares entities, which are refused for safety');
    expect(Date.now() - started).toBeLessThan(10_000);
    // An entity used without any declaration is not expanded either: the document is refused.
    const undeclared = await importExport(
      who,
      'export.xml',
      Buffer.from(
        exportXml([
          recordXml({ type: RHR, value: 50, start: '2026-01-05 08:00:00 +0000' }).replace(
            'value="50"',
            'value="&x;"',
          ),
        ]),
      ),
    );
    expect(undeclared.status).toBe('failed');
    expect(undeclared.message).toMatch(/^export\.xml is not well-formed XML/);
    expect(await count('wellness_daily', who.athleteId)).toBe(0);
  });

  it('answers a retried upload with the same Idempotency-Key with the same batch', async () => {
    const who = await athlete('Apple Retry');
    const zip = sampleExport();
    const first = await upload(who, 'export.zip', zip, { 'idempotency-key': 'apple-1' });
    const second = await upload(who, 'export.zip', zip, { 'idempotency-key': 'apple-1' });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json().data.batch_id).toBe(first.json().data.batch_id);
    await settledBatch(t.app, who.token, first.json().data.batch_id);
    expect(await count('import_batches', who.athleteId)).toBe(1);
  });
});
