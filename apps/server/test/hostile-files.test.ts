// Hostile files for every upload: each upload route below gets the same catalogue of files built to hurt a
// parser (truncated, binary in disguise, entity expansion, deep nesting, over the size limit, zip bombs, odd
// names), and each must be refused with a 4xx carrying a message, within its limits, writing nothing. A new
// upload route joins by adding an entry to UPLOADS. Rules: docs/RELIABILITY.md, "Input the API refuses".
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportXml, exportZip, recordXml, routeGpx, workoutXml } from './apple-health-export.ts';
import {
  bearer,
  createTestApp,
  FAKE_RECORDING,
  fakeSpeechToText,
  multipartForm,
  settledBatch,
  type TestApp,
} from './helpers.ts';
import { deepTrackPointGpx, fitWithSessions, manyMemberBomb, sleepFloodExport } from './hostile-builders.ts';
import { zipArchive } from './zip-writer.ts';

const APPLE_TEST_LIMIT = 20 * 1024 * 1024;

/** A small Apple Health export: a run with its route and one resting heart rate. */
function sampleAppleExport(): Buffer {
  const xml = exportXml([
    recordXml({
      type: 'HKQuantityTypeIdentifierRestingHeartRate',
      value: 50,
      unit: 'count/min',
      start: '2026-04-01 08:00:00 +0000',
    }),
    workoutXml({
      type: 'Running',
      start: '2026-04-01 07:00:00 +0000',
      end: '2026-04-01 07:05:00 +0000',
      durationMinutes: 5,
      distanceKm: 1,
      route: 'route_1.gpx',
    }),
  ]);
  return exportZip(xml, { 'route_1.gpx': routeGpx(Date.parse('2026-04-01T07:00:00Z'), 31) });
}

let t: TestApp;
let token: string;
let athleteId: string;
let stt: Awaited<ReturnType<typeof fakeSpeechToText>>;
beforeAll(async () => {
  // The voice route sends recordings to a speech-to-text service: a fake one on loopback.
  stt = await fakeSpeechToText();
  t = await createTestApp({
    stt: { url: stt.url, model: 'whisper-1', timeoutMs: 5_000 },
    appleHealthMaxUploadBytes: APPLE_TEST_LIMIT,
    // As the server runs it (main.ts): the worker's start is not part of any one upload's memory.
    cpuPool: { warm: true },
  });
  const { session } = await t.signUpAndConfirm();
  token = session.access_token;
  athleteId = session.user.athlete_id;
});
afterAll(async () => {
  await t.close();
  await stt.close();
});

interface Upload {
  name: string;
  url: string;
  /** POST unless the route replaces what it stores (PUT). */
  method?: 'POST' | 'PUT';
  /** Text fields a valid upload needs besides the file. */
  fields: Record<string, string>;
  /** A file the route accepts, so the catalogue is known to reach the parser, not a form check. */
  valid: { fileName: string; content: string | Buffer };
  /** The extension the route expects, for disguised files. */
  extension: string;
  maxBytes: number;
  /** Tables the route writes to. */
  tables: string[];
  /** What else the route changes, read before and after each hostile file (it must not change). */
  state?: () => Promise<unknown>;
  /**
   * The route answers 202 and processes files in background jobs (the activity import): a file its first bytes
   * cannot refuse is accepted, and must then end `failed` with a message in its import batch
   * (`GET /api/activities/imports/:id`), with nothing written to `tables`.
   */
  batched?: true;
}

/** A 2×2 PNG (made by sharp), the profile picture route's valid file. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVQImWP4z8DwnwGM/zMwAAAf7gP9qS/A4gAAAABJRU5ErkJggg==',
  'base64',
);

/** The smallest Stamina export an import accepts: a manifest and an empty profile (docs/account.md). */
const EMPTY_EXPORT = zipArchive([
  {
    name: 'manifest.json',
    content: Buffer.from(
      JSON.stringify({
        format: 'stamina-export',
        version: 1,
        athlete_id: randomUUID(),
        user_id: randomUUID(),
      }),
    ),
  },
  { name: 'data/athletes.json', content: Buffer.from('{}') },
]);

const UPLOADS: Upload[] = [
  {
    name: 'account import',
    url: '/api/athletes/me/import',
    fields: {},
    valid: { fileName: 'stamina-export.zip', content: EMPTY_EXPORT },
    extension: 'zip',
    maxBytes: 100 * 1024 * 1024,
    tables: ['workouts', 'activities', 'activity_files', 'wellness_daily', 'training_plans', 'sport_metrics'],
  },
  {
    name: 'workout file import',
    url: '/api/workout-planning/workouts/import',
    fields: { workout_date: '2026-04-01' },
    valid: {
      fileName: 'sweet-spot.zwo',
      content:
        '<workout_file><name>Sweet spot</name><sportType>bike</sportType><workout><SteadyState Duration="600" Power="0.9"/></workout></workout_file>',
    },
    extension: 'zwo',
    maxBytes: 1024 * 1024,
    tables: ['workouts', 'daily_load'],
  },
  {
    name: 'wellness CSV import',
    url: '/api/metrics/import',
    fields: {},
    valid: { fileName: 'wellness.csv', content: 'date,hrv\n2026-04-01,50\n' },
    extension: 'csv',
    maxBytes: 5 * 1024 * 1024,
    tables: ['wellness_daily'],
  },
  {
    name: 'activity import',
    url: '/api/activities/import',
    fields: {},
    valid: {
      fileName: 'morning-run.gpx',
      content: [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="Stamina test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Run</name><trkseg>',
        ...Array.from(
          { length: 120 },
          (_, i) =>
            `<trkpt lat="${(52.5 + i * 0.00005).toFixed(6)}" lon="13.4"><ele>35</ele><time>2026-04-01T07:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z</time></trkpt>`,
        ),
        '</trkseg></trk></gpx>',
      ].join('\n'),
    },
    extension: 'gpx',
    maxBytes: 50 * 1024 * 1024,
    tables: ['activities', 'activity_files', 'activity_streams'],
    batched: true,
  },
  {
    name: 'Apple Health export',
    url: '/api/activities/import/apple-health',
    fields: {},
    valid: { fileName: 'export.zip', content: sampleAppleExport() },
    extension: 'zip',
    // Lowered for this suite (2 GB in the app): the over-limit file is built in memory.
    maxBytes: APPLE_TEST_LIMIT,
    tables: ['activities', 'activity_streams', 'wellness_daily'],
    batched: true,
  },
  {
    name: 'voice transcription',
    url: '/api/onboarding/transcriptions',
    fields: {},
    valid: { fileName: 'recording.ogg', content: FAKE_RECORDING.toString() },
    extension: 'ogg',
    maxBytes: 10 * 1024 * 1024,
    tables: ['onboarding_sessions'],
  },
  {
    name: 'profile picture upload',
    url: '/api/athletes/me/avatar',
    method: 'PUT',
    fields: {},
    valid: { fileName: 'me.png', content: TINY_PNG },
    extension: 'png',
    maxBytes: 5 * 1024 * 1024,
    tables: [],
    // The picture lives in the athletes row and the file store: its version and the athlete's files.
    state: async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/athletes/me', headers: bearer(token) });
      const files = await readdir(join(t.filesDir, 'avatars', athleteId)).catch(() => []);
      return { version: res.json().data.avatar_version, files };
    },
  },
];

/** A zip archive with one stored-deflate member, as zip tools write it (enough for any zip reader to start). */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), data]);
}

/** The catalogue: what each upload route is sent, named for the failure message. */
function hostileFiles(
  upload: Upload,
): Array<{ what: string; fileName: string; content: Buffer; status?: number }> {
  const valid = Buffer.from(upload.valid.content);
  const ext = upload.extension;
  const laughs = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE lolz [<!ENTITY lol "lol">',
    ...Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
    ),
    ']>',
    '<workout_file><name>&lol9;</name></workout_file>',
  ].join('\n');
  return [
    { what: 'an empty file', fileName: `empty.${ext}`, content: Buffer.alloc(0) },
    {
      what: 'a truncated file',
      fileName: `cut.${ext}`,
      content: valid.subarray(0, Math.floor(valid.length / 2)),
    },
    {
      what: 'binary garbage under the right extension',
      fileName: `garbage.${ext}`,
      content: Buffer.from([0x00, 0xff, 0xfe, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]),
    },
    {
      what: 'a PNG under the right extension',
      fileName: `picture.${ext}`,
      content: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(200, 7)]),
    },
    { what: 'a billion-laughs entity expansion', fileName: `laughs.${ext}`, content: Buffer.from(laughs) },
    {
      what: 'an external entity',
      fileName: `xxe.${ext}`,
      content: Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><workout_file><name>&e;</name></workout_file>',
      ),
    },
    {
      what: 'elements nested 50,000 deep',
      fileName: `deep.${ext}`,
      content: Buffer.from(`${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}`),
    },
    {
      what: 'a zip bomb (64 MB of zeros in a small zip)',
      fileName: `bomb.${ext}`,
      content: zipOf(`inner.${ext}`, Buffer.alloc(64 * 1024 * 1024)),
    },
    {
      what: 'a zip of a valid file, under the plain extension',
      fileName: `zipped.${ext}`,
      content: zipOf(upload.valid.fileName, valid),
    },
    {
      what: 'a file one byte over the limit',
      fileName: `huge.${ext}`,
      content: Buffer.alloc(upload.maxBytes + 1, 0x41),
      status: 413,
    },
    {
      what: 'an executable under another extension',
      fileName: 'run.exe',
      content: Buffer.from('MZ\x90\x00', 'latin1'),
    },
    {
      what: 'a file name of 5,000 characters',
      fileName: `${'n'.repeat(5_000)}.${ext}`,
      content: Buffer.from('x'),
    },
    { what: 'a path in the file name', fileName: `../../../etc/passwd.${ext}`, content: Buffer.from('x') },
  ];
}

/** Peak RSS growth any single hostile upload may cause (issue 29, H5), and the slowest health answer meanwhile. */
const RSS_BUDGET_BYTES = 100 * 1024 * 1024;
const HEALTH_BUDGET_MS = 2_000;

/** Built once for every route (they take a while): issue 29's kinds. */
const heavy = {
  deepPoint: deepTrackPointGpx(200_000),
  sessions: Buffer.from(fitWithSessions(2_000)),
  bombs: manyMemberBomb(400, 4 * 1024 * 1024, (i) => `ride-${i}.fit`),
  line: Buffer.alloc(4 * 1024 * 1024, 0x61),
  rows: Buffer.from(`date,hrv\n${'2026-04-01,50\n'.repeat(300_000)}`),
  sleep: sleepFloodExport(100_000),
};

/**
 * The heavy catalogue: small files that cost a parser much (deep nesting, many sessions, a zip of many bombs,
 * a huge line, a huge row count, an Apple Health record flood). `mayImport`: the route may rightly import it
 * (a flood of valid records), so only the limits are asserted.
 */
function heavyFiles(upload: Upload) {
  const ext = upload.extension;
  return [
    {
      what: 'elements nested 200,000 deep in one track point',
      fileName: `deep-point.${ext}`,
      content: heavy.deepPoint,
    },
    { what: 'a FIT file with 2,000 sessions', fileName: `sessions.${ext}`, content: heavy.sessions },
    { what: 'a zip of 400 bombs of 4 MB each', fileName: 'bombs.zip', content: heavy.bombs },
    { what: 'one line of 4 MB', fileName: `line.${ext}`, content: heavy.line },
    { what: 'a CSV of 300,000 rows', fileName: `rows.${ext}`, content: heavy.rows },
    {
      what: 'an Apple Health export of 100,000 sleep records',
      fileName: ext === 'zip' ? 'export.zip' : `export.${ext}`,
      content: heavy.sleep,
      mayImport: upload.url.endsWith('/apple-health'),
    },
  ];
}

/** Runs `work` while sampling RSS and timing health requests: the peak growth and the slowest answer. */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ result: T; rssGrowth: number; healthMs: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  let healthMs = 0;
  let done = false;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const prober = (async () => {
    while (!done) {
      const started = performance.now();
      await t.app.inject({ method: 'GET', url: '/api/health' });
      healthMs = Math.max(healthMs, performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const result = await work();
    return { result, rssGrowth: peak - before, healthMs };
  } finally {
    done = true;
    clearInterval(sampler);
    await prober;
    peak = Math.max(peak, process.memoryUsage.rss());
  }
}

/** Figures per route and file, printed once at the end for docs/RELIABILITY.md. */
const figures: string[] = [];
afterAll(() => {
  if (process.env.HOSTILE_FIGURES) console.log(figures.join('\n'));
});

function form(fields: Record<string, string>, fileName: string, content: Buffer) {
  const parts = Object.entries(fields).map(([name, value]) => ({ name, value }));
  const body = multipartForm([...parts, { name: 'file', value: content, filename: fileName }]);
  return { payload: body.payload, headers: { ...bearer(token), ...body.headers } };
}

async function rowCount(table: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where athlete_id = ${athleteId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** The status of the one file of a batch processed by jobs, once it is no longer queued or processing. */
const finalStatus = async (batchId: string) => (await settledBatch(t.app, token, batchId, 20_000)).files[0]!;

describe.each(UPLOADS)('$name refuses hostile files', (upload) => {
  it('accepts its valid file (the control)', async () => {
    const res = await t.app.inject({
      method: upload.method ?? 'POST',
      url: upload.url,
      ...form(upload.fields, upload.valid.fileName, Buffer.from(upload.valid.content)),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // A route that processes files in jobs imports it before the hostile files are counted against it.
    if (upload.batched) expect((await finalStatus(res.json().data.batch_id)).status).toBe('imported');
  });

  for (const file of hostileFiles(upload)) {
    it(`${file.what}: a 4xx with a message, nothing written`, async () => {
      const before = await Promise.all(upload.tables.map(rowCount));
      const stateBefore = await upload.state?.();
      const res = await t.app.inject({
        method: upload.method ?? 'POST',
        url: upload.url,
        ...form(upload.fields, file.fileName, file.content),
      });
      if (upload.batched && res.statusCode === 202 && !file.status) {
        const failed = await finalStatus(res.json().data.batch_id);
        expect(failed.status).toBe('failed');
        expect(failed.message).toMatch(/\w/);
      } else {
        expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        if (file.status) expect(res.statusCode).toBe(file.status);
        expect(typeof res.json().message).toBe('string');
      }
      expect(await Promise.all(upload.tables.map(rowCount))).toEqual(before);
      expect(await upload.state?.()).toEqual(stateBefore);
    });
  }
});

describe.each(UPLOADS)('$name within limits on heavy hostile files', (upload) => {
  for (const file of heavyFiles(upload)) {
    it(`${file.what}: refused or processed with RSS growth under 100 MB and health answering`, {
      timeout: 120_000,
    }, async () => {
      const before = await Promise.all(upload.tables.map(rowCount));
      const { result, rssGrowth, healthMs } = await measured(async () => {
        const res = await t.app.inject({
          method: upload.method ?? 'POST',
          url: upload.url,
          ...form(upload.fields, file.fileName, file.content),
        });
        const batch =
          upload.batched && res.statusCode === 202 ? await finalStatus(res.json().data.batch_id) : null;
        return { res, batch };
      });
      figures.push(
        `${upload.name} | ${file.what} | ${result.res.statusCode}${result.batch ? ` ${result.batch.status}` : ''} | ${Math.round(rssGrowth / 1024 / 1024)} MB | ${Math.round(healthMs)} ms`,
      );
      expect(result.res.statusCode, result.res.body.slice(0, 300)).toBeLessThan(500);
      expect(rssGrowth).toBeLessThan(RSS_BUDGET_BYTES);
      expect(healthMs).toBeLessThan(HEALTH_BUDGET_MS);
      if (file.mayImport) return;
      if (result.batch) expect(result.batch.status).toBe('failed');
      else {
        expect(result.res.statusCode, result.res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(typeof result.res.json().message).toBe('string');
      }
      expect(await Promise.all(upload.tables.map(rowCount))).toEqual(before);
    });
  }
});
