// Platform archives through the API (docs/activities.md, "Platform archives"): a Strava "Download your data"
// zip and a Garmin Connect export, both built from our fixtures, imported with Strava's names, descriptions and
// gear; the same archive again adds nothing; a recording already stored from another archive is a duplicate;
// an archive whose job stops midway resumes where it stopped, without duplicates; an archive read in turns (the
// job yields the worker) ends as one read at once.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../src/lib/file-store.ts';
import { diskFileStore } from '../src/lib/file-store.ts';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, multipartForm, type TestApp, uploadAndSettle } from './helpers.ts';
import {
  garminArchive,
  gzip,
  type StravaActivity,
  stravaArchive,
  syntheticStravaActivities,
} from './platform-archive.ts';

interface Athlete {
  token: string;
  athleteId: string;
}

function upload(t: TestApp, who: Athlete, name: string, content: Buffer) {
  const form = multipartForm([{ name: 'file', value: content, filename: name }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/activities/import/archive',
    payload: form.payload,
    headers: { ...bearer(who.token), ...form.headers },
  });
}

/** How long an archive may take to settle; a test's limit is the same (not the suite's 30 s default). */
const SETTLE_MS = 120_000;
const ARCHIVE_TEST_MS = SETTLE_MS + 10_000;

async function importArchive(t: TestApp, who: Athlete, name: string, content: Buffer) {
  return uploadAndSettle(t.app, who.token, '/api/activities/import/archive', [{ name, content }], SETTLE_MS);
}

async function activityCount(t: TestApp, athleteId: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from activities where athlete_id = ${athleteId}`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

async function detail(t: TestApp, who: Athlete, id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/activities/${id}`, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { name: string; description: string | null; gear: string | null; sport: string };
}

const STRAVA: StravaActivity[] = [
  {
    id: 101,
    file: '101.fit.gz',
    content: gzip(activityFixture('run-hr-fenix2.fit')),
    name: 'Tempo, by the river',
    description: 'Felt strong.\nSecond line, "quoted".',
    gear: 'Pegasus 40',
  },
  {
    id: 102,
    file: '102.gpx',
    content: activityFixture('run-hr-garminconnect.gpx'),
    name: 'Easy run',
    gear: 'Pegasus 40',
  },
  {
    id: 103,
    file: '103.tcx.gz',
    content: gzip(activityFixture('run-hr-fr410.tcx')),
    name: 'Long run',
    description: 'Hilly',
  },
  // A manual entry: no recording, nothing to import.
  { id: 104, file: null, name: 'Yoga' },
];

describe('platform archives', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(
    'imports a Strava archive with the names, descriptions and gear of activities.csv, and adds nothing the second time',
    async () => {
      const who = await t.athlete();
      const archive = await stravaArchive(STRAVA);
      const batch = await importArchive(t, who, 'export_12345.zip', archive);
      const [head, ...members] = batch.files;
      expect(head!.name).toBe('export_12345.zip');
      expect(head!.status, head!.message ?? '').toBe('imported');
      expect(head!.message).toBe('Strava archive: 3 imported, 0 already stored, 0 failed, of 3 recordings');
      expect(members.map((f) => [f.name, f.status])).toEqual([
        ['activities/101.fit.gz', 'imported'],
        ['activities/102.gpx', 'imported'],
        ['activities/103.tcx.gz', 'imported'],
      ]);
      const first = await detail(t, who, members[0]!.activity_id!);
      expect(first).toMatchObject({
        name: 'Tempo, by the river',
        description: 'Felt strong.\nSecond line, "quoted".',
        gear: 'Pegasus 40',
        sport: 'run',
      });
      expect(await detail(t, who, members[1]!.activity_id!)).toMatchObject({
        name: 'Easy run',
        description: null,
      });
      expect(await detail(t, who, members[2]!.activity_id!)).toMatchObject({ name: 'Long run', gear: null });
      expect(await activityCount(t, who.athleteId)).toBe(3);

      // The athlete's load now counts the imported history (derived once, when the archive ended).
      const load = await t.db.execute(
        sql`select count(*)::int as n from daily_load where athlete_id = ${who.athleteId} and tss > 0`,
      );
      expect((load as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBeGreaterThan(0);

      // The same archive again: every recording is already stored, nothing is added.
      const again = await importArchive(t, who, 'export_12345.zip', archive);
      expect(again.files.slice(1).map((f) => f.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
      expect(again.files[0]!.message).toBe(
        'Strava archive: 0 imported, 3 already stored, 0 failed, of 3 recordings',
      );
      expect(again.files[1]!.activity_id).toBe(members[0]!.activity_id);
      expect(await activityCount(t, who.athleteId)).toBe(3);
    },
    ARCHIVE_TEST_MS,
  );

  it(
    'imports the .fit files of a Garmin Connect export from the zip inside it, and knows what Strava already gave',
    async () => {
      const who = await t.athlete();
      await importArchive(t, who, 'export_1.zip', await stravaArchive(STRAVA.slice(0, 1)));
      const archive = await garminArchive([
        { name: 'athlete@example.com_1001.fit', content: activityFixture('bike-power-indoor-edge800.fit') },
        { name: 'athlete@example.com_1002.fit', content: activityFixture('swim-pool-fenix3-hr.fit') },
        // The run Strava's archive already gave, as Garmin keeps it.
        { name: 'athlete@example.com_1003.fit', content: activityFixture('run-hr-fenix2.fit') },
      ]);
      const batch = await importArchive(t, who, 'a1b2c3d4_1.zip', archive);
      const [head, ...members] = batch.files;
      expect(head!.message).toBe(
        'Garmin Connect export: 2 imported, 1 already stored, 0 failed, of 3 recordings',
      );
      const inner = 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip';
      expect(members.map((f) => [f.name, f.status])).toEqual([
        [`${inner}/athlete@example.com_1001.fit`, 'imported'],
        [`${inner}/athlete@example.com_1002.fit`, 'imported'],
        [`${inner}/athlete@example.com_1003.fit`, 'duplicate'],
      ]);
      const sports = await Promise.all(members.slice(0, 2).map((f) => detail(t, who, f.activity_id!)));
      expect(sports.map((a) => a.sport)).toEqual(['bike', 'swim']);
      expect(await activityCount(t, who.athleteId)).toBe(3);
    },
    ARCHIVE_TEST_MS,
  );

  it('refuses a file that is not a zip, and reports an archive without recordings', async () => {
    const who = await t.athlete();
    const notZip = await upload(t, who, 'export.zip', Buffer.from('not a zip at all'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toBe('The file is not a zip archive');
    const batch = await importArchive(t, who, 'export_9.zip', await stravaArchive([STRAVA[3]!]));
    expect(batch.files).toHaveLength(1);
    expect(batch.files[0]).toMatchObject({
      status: 'failed',
      message: 'The Strava archive holds no FIT, GPX or TCX recording',
    });
  });
});

describe('an archive whose job stops midway', () => {
  // A file store that fails once, when the second member's original is kept: the job throws mid-archive (as a
  // process that dies there leaves it), and the queue runs it again.
  let t: TestApp;
  let reads = 0;
  beforeAll(async () => {
    const dir = `${process.env.TMPDIR ?? '/tmp'}/stamina-archive-${Date.now()}`;
    const disk = diskFileStore(dir);
    const flaky: FileStore = {
      ...disk,
      async put(key, bytes) {
        if (key.startsWith('originals/') && ++reads === 2) throw new Error('the disk went away');
        return disk.put(key, bytes);
      },
    };
    t = await createTestApp({ fileStore: flaky });
  });
  afterAll(() => t.close());

  it(
    'resumes after the members already settled, and stores each recording once',
    async () => {
      const who = await t.athlete();
      const batch = await importArchive(t, who, 'export_7.zip', await stravaArchive(STRAVA));
      expect(reads).toBeGreaterThan(3);
      expect(batch.files.map((f) => f.status)).toEqual(['imported', 'imported', 'imported', 'imported']);
      expect(batch.files[0]!.message).toBe(
        'Strava archive: 3 imported, 0 already stored, 0 failed, of 3 recordings',
      );
      expect(await activityCount(t, who.athleteId)).toBe(3);
      const jobs = await t.db.execute(
        sql`select attempts from jobs where kind = 'activity-archive-import' and athlete_id = ${who.athleteId}`,
      );
      expect((jobs as unknown as { rows: Array<{ attempts: number }> }).rows[0]!.attempts).toBe(2);
    },
    ARCHIVE_TEST_MS,
  );
});

describe('an archive read in turns', () => {
  // Every round a turn while someone waits: the job yields the worker after each round of 16 and resumes from
  // the rows.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ archiveTurnMs: 0 });
  });
  afterAll(() => t.close());

  it(
    'yields after each round while another athlete waits, and imports every recording once with one settled outcome',
    async () => {
      const who = await t.athlete();
      // Another athlete's job, due and never claimed (no process handles its kind): someone always waits.
      await t.db.execute(
        sql`insert into jobs (kind, athlete_id, payload) values ('test-waiting', ${randomUUID()}, '{}'::jsonb)`,
      );
      const batch = await importArchive(
        t,
        who,
        'export_8.zip',
        await stravaArchive(syntheticStravaActivities(40, 1)),
      );
      expect(batch.files.slice(1).every((f) => f.status === 'imported')).toBe(true);
      expect(batch.files[0]!.message).toBe(
        'Strava archive: 40 imported, 0 already stored, 0 failed, of 40 recordings',
      );
      expect(await activityCount(t, who.athleteId)).toBe(40);
      // Three rounds (16, 16, 8): two turns yielded and a third that ended it, in one job. The queue settles the
      // job after its handler has written the batch's outcome, in a statement of its own: read until it has (the
      // PostgreSQL pass of CI once read it between the two, still running).
      const jobRows = async () =>
        (
          (await t.db.execute(
            sql`select status, attempts from jobs where kind = 'activity-archive-import' and athlete_id = ${who.athleteId}`,
          )) as unknown as { rows: Array<{ status: string; attempts: number }> }
        ).rows;
      await expect.poll(jobRows, { timeout: 10_000 }).toEqual([{ status: 'done', attempts: 3 }]);
    },
    ARCHIVE_TEST_MS,
  );
});
