// The bounds of "Download my data" and its import (docs/account.md, "Importing an export"; issue 29): a huge
// line is refused by bytes without holding it, row caps refuse before anything is written, a large import is
// written in batches while other athletes are served and shows its progress, an import cut off by a crash is
// undone by the sweep, shared Workout Bank templates stay referenced, the athlete's own templates are exported,
// and parallel exports and deletions are single-flight.
import { randomUUID } from 'node:crypto';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepStaging } from '../src/lib/staging-sweep.ts';
import { IMPORT_LIMITS } from '../src/modules/account/import.ts';
import { seedWorkoutBank } from '../src/modules/workout-bank/seed.ts';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, multipartForm, type TestApp, unzip } from './helpers.ts';
import { deflatedMember, type ZipMember, zipArchive } from './zip-writer.ts';

const BATCH = 200;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    jobs: { worker: false, pollMs: 50, retryBaseMs: 100 },
    account: { importBatchRows: BATCH, sweepMs: 0 },
  });
  await seedWorkoutBank(t.db);
}, 60_000);
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function runJobs(): Promise<number> {
  let n = 0;
  while (await t.app.jobs.runOnce()) n += 1;
  return n;
}

function importZip(token: string, zip: Buffer) {
  const form = multipartForm([{ name: 'file', value: zip, filename: 'export.zip' }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/athletes/me/import',
    payload: form.payload,
    headers: { ...bearer(token), ...form.headers },
  });
}

async function exportZip(token: string): Promise<Buffer> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/athletes/me/exports',
    headers: bearer(token),
  });
  expect(started.statusCode, started.body).toBe(202);
  await runJobs();
  const status = await t.app.inject({
    method: 'GET',
    url: `/api/athletes/me/exports/${started.json().data.id}`,
    headers: bearer(token),
  });
  const res = await t.app.inject({ method: 'GET', url: status.json().data.download_url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function countOf(table: string, column: string, athleteId: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${athleteId}`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

/** An export of a made-up athlete: a manifest, a profile and the given tables' lines. */
function syntheticExport(athleteId: string, tables: Record<string, string[]>, extra: ZipMember[] = []) {
  const manifest = {
    format: 'stamina-export',
    version: 1,
    exported_at: '2026-01-01T00:00:00.000Z',
    athlete_id: athleteId,
    user_id: randomUUID(),
    tables: Object.fromEntries(Object.entries(tables).map(([k, v]) => [k, v.length])),
    files: 0,
  };
  return zipArchive([
    { name: 'manifest.json', content: Buffer.from(JSON.stringify(manifest)) },
    { name: 'data/athletes.json', content: Buffer.from(JSON.stringify({ id: athleteId, timezone: 'UTC' })) },
    ...Object.entries(tables).map(([name, lines]) => ({
      name: `data/${name}.jsonl`,
      content: Buffer.from(lines.length ? `${lines.join('\n')}\n` : ''),
    })),
    ...extra,
  ]);
}

const day = (n: number) => new Date(Date.UTC(1950, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

describe('the limits of an import', () => {
  it('refuses a 600 MB line by bytes with a 413, holding at most the cap in memory, and keeps serving', async () => {
    const { session } = await t.signUpAndConfirm();
    const old = randomUUID();
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const huge = await deflatedMember(
      Buffer.from(`{"athlete_id":"${old}","title":"`),
      chunk,
      600,
      Buffer.from('"}\n'),
    );
    const zip = syntheticExport(old, {}, [
      { name: 'data/workouts.jsonl', content: Buffer.alloc(0), deflated: huge },
    ]);
    expect(zip.length).toBeLessThan(4 * 1024 * 1024);

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const probe = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const res = await importZip(session.access_token, zip);
    clearInterval(probe);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growthMb = (peak - before) / 1024 / 1024;
    console.info(
      `account import, one 600 MB line in a ${(zip.length / 1024).toFixed(0)} KB zip: RSS grew ${growthMb.toFixed(0)} MB`,
    );

    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe(
      'This export cannot be imported: a row of workouts is larger than 16 MB, the limit per row',
    );
    expect(growthMb).toBeLessThan(150);
    expect(await countOf('workouts', 'athlete_id', session.user.athlete_id)).toBe(0);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(200);
  }, 120_000);

  it('refuses more rows than the cap per table, or in all, with a 413 naming the cap, and writes nothing', async () => {
    const { session } = await t.signUpAndConfirm();
    const old = randomUUID();
    const line = `{"athlete_id":"${old}"}`;
    const perTable = await importZip(
      session.access_token,
      syntheticExport(old, { workouts: Array(IMPORT_LIMITS.rowsPerTable + 1).fill(line) }),
    );
    expect(perTable.statusCode, perTable.body).toBe(413);
    expect(perTable.json().message).toBe(
      'This export cannot be imported: workouts holds more than 50,000 rows, the limit per table. Nothing was imported.',
    );
    const tables = ['notifications', 'wellness_daily', 'workouts', 'activities', 'daily_load'];
    const each = Math.ceil((IMPORT_LIMITS.rowsTotal + 1) / tables.length);
    const total = await importZip(
      session.access_token,
      syntheticExport(old, Object.fromEntries(tables.map((name) => [name, Array(each).fill(line)]))),
    );
    expect(total.statusCode, total.body).toBe(413);
    expect(total.json().message).toBe(
      'This export cannot be imported: it holds more than 200,000 rows, the limit for one import. Nothing was imported.',
    );
    const journal = await t.app.inject({
      method: 'GET',
      url: '/api/athletes/me/import',
      headers: bearer(session.access_token),
    });
    expect(journal.statusCode).toBe(200);
    expect(journal.json()).toEqual({ data: null });
  }, 120_000);
});

describe('a large import', () => {
  it("is written in batches while another athlete's requests are answered promptly, with its progress shown", async () => {
    const importer = await t.signUpAndConfirm();
    const other = await t.signUpAndConfirm();
    const old = randomUUID();
    const rows = 12_000;
    const wellness = Array.from({ length: rows }, (_, i) =>
      JSON.stringify({
        id: randomUUID(),
        athlete_id: old,
        date: day(i),
        hrv: 40 + (i % 30),
        resting_hr: 45 + (i % 10),
      }),
    );
    const zip = syntheticExport(old, { wellness_daily: wellness });

    const latencies: number[] = [];
    const progress: number[] = [];
    let running = true;
    const imported = importZip(importer.session.access_token, zip).finally(() => {
      running = false;
    });
    const started = performance.now();
    while (running) {
      const at = performance.now();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics?start_date=2026-01-01&end_date=2026-01-31',
        headers: bearer(other.session.access_token),
      });
      latencies.push(performance.now() - at);
      expect(res.statusCode).toBe(200);
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/athletes/me/import',
        headers: bearer(importer.session.access_token),
      });
      if (status.statusCode === 200 && status.json().data?.status === 'running')
        progress.push(status.json().data.percent);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const res = await imported;
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.counts.wellness_daily).toBe(rows);
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    const max = latencies.at(-1) ?? 0;
    console.info(
      `account import of ${rows} rows in ${seconds.toFixed(1)} s (${t.database.kind}); another athlete's reads: ${latencies.length}, p99 ${p99.toFixed(0)} ms, max ${max.toFixed(0)} ms`,
    );
    expect(latencies.length).toBeGreaterThan(3);
    expect(max).toBeLessThan(1_000);
    // Progress was visible while it ran, and only went up.
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const done = await t.app.inject({
      method: 'GET',
      url: '/api/athletes/me/import',
      headers: bearer(importer.session.access_token),
    });
    expect(done.json().data).toMatchObject({
      status: 'done',
      percent: 100,
      rows_done: rows,
      rows_total: rows,
    });
    expect(await countOf('wellness_daily', 'athlete_id', importer.session.user.athlete_id)).toBe(rows);
  }, 180_000);

  it('that fails on its last batch is undone: nothing of it is kept', async () => {
    const { session } = await t.signUpAndConfirm();
    const old = randomUUID();
    const lines = Array.from({ length: BATCH * 3 }, (_, i) =>
      JSON.stringify({ id: randomUUID(), athlete_id: old, date: day(i), hrv: 50 }),
    );
    lines.push(JSON.stringify({ id: randomUUID(), athlete_id: old, date: 'not a date' }));
    const res = await importZip(session.access_token, syntheticExport(old, { wellness_daily: lines }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^This file is not a Stamina export: a row of wellness_daily does not fit/,
    );
    expect(await countOf('wellness_daily', 'athlete_id', session.user.athlete_id)).toBe(0);
  });

  it('cut off by a crash (its lease passed) is undone before the account imports again', async () => {
    const { session } = await t.signUpAndConfirm();
    const athleteId = session.user.athlete_id;
    const old = randomUUID();
    const lines = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify({ id: randomUUID(), athlete_id: old, date: day(i), hrv: 50 }),
    );
    const zip = syntheticExport(old, { wellness_daily: lines });
    expect((await importZip(session.access_token, zip)).statusCode).toBe(200);
    // As a process that died mid-import leaves it: rows written, the journal still running, its lease passed.
    await t.db.execute(sql`
      update account_imports set status = 'running', percent = 40, lease_until = now() - interval '1 minute'
      where athlete_id = ${athleteId}`);
    const again = await importZip(session.access_token, zip);
    expect(again.statusCode, again.body).toBe(200);
    expect(await countOf('wellness_daily', 'athlete_id', athleteId)).toBe(50);
  });
});

describe('the Workout Bank in an export', () => {
  it("exports the athlete's own templates and re-imports favourites, ratings and views of shared ones", async () => {
    const author = await t.signUpAndConfirm();
    const token = author.session.access_token;
    const bank = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1/workout-bank${path}`, headers: bearer(token), payload });
    const shared = (await bank('GET', '/templates?page_size=1&page=1')).json().data.templates[0].id as string;
    expect((await bank('POST', `/templates/${shared}/favorite`, {})).statusCode).toBeLessThan(300);
    expect((await bank('POST', `/templates/${shared}/rate`, { rating: 4 })).statusCode).toBeLessThan(300);
    expect((await bank('POST', `/templates/${shared}/view`, {})).statusCode).toBeLessThan(300);
    const converted = await bank('POST', `/templates/${shared}/convert`, { scheduled_date: '2026-05-01' });
    expect(converted.statusCode, converted.body).toBeLessThan(300);
    const own = await bank('POST', '/templates', {
      name: 'My hills',
      discipline: 'run',
      difficulty_level: 3,
      workout_language_text: 'Warmup 15min easy\nMain 6x 2min hard w/ 2min jog\nCooldown 10min easy',
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json().data.id as string;

    const zip = await exportZip(token);
    const entries = await unzip(zip);
    const templates = (entries.get('data/workout_templates.jsonl')?.toString() ?? '').trim().split('\n');
    expect(templates.map((l) => JSON.parse(l).id)).toEqual([ownId]);

    const fresh = await t.signUpAndConfirm();
    const res = await importZip(fresh.session.access_token, zip);
    expect(res.statusCode, res.body).toBe(200);
    const freshId = fresh.session.user.athlete_id;
    const refs = async (table: string) =>
      rowsOf<{ template_id: string }>(
        await t.db.execute(
          sql`select template_id::text as template_id from ${sql.identifier(table)} where athlete_id = ${freshId}`,
        ),
      ).map((r) => r.template_id);
    expect(await refs('workout_favorites')).toEqual([shared]);
    expect(await refs('workout_ratings')).toEqual([shared]);
    expect(await refs('workout_template_events')).toContain(shared);
    expect(await refs('workouts')).toEqual([shared]);
    const mine = rowsOf<{ id: string; name: string }>(
      await t.db.execute(
        sql`select id::text as id, name from workout_templates where owner_athlete_id = ${freshId}`,
      ),
    );
    expect(mine.map((m) => m.name)).toEqual(['My hills']);
    expect(mine[0]!.id).not.toBe(ownId);
  });
});

describe('the staging sweep', () => {
  it('removes staged files no queued upload names once an hour old, and keeps the rest', async () => {
    const { session } = await t.signUpAndConfirm();
    const athleteId = session.user.athlete_id;
    const form = multipartForm([
      { name: 'file', value: activityFixture('run-hr-garminconnect.gpx'), filename: 'run.gpx' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/activities/import',
      payload: form.payload,
      headers: { ...bearer(session.access_token), ...form.headers },
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const queued = (await t.fileStore.list(`staging/${athleteId}`)).map((f) => f.key);
    expect(queued).toHaveLength(1);
    // What a process killed between staging and queueing leaves: files, and a write it never finished.
    const orphans = [
      `staging/${athleteId}/${randomUUID()}/0`,
      `staging/${athleteId}/apple-health-${randomUUID()}`,
    ];
    for (const key of orphans) await t.fileStore.put(key, Buffer.from('left behind'));
    await writeFile(join(t.filesDir, `staging/${athleteId}/x.${randomUUID()}.part`), 'half');
    const young = `staging/${athleteId}/${randomUUID()}/0`;
    await t.fileStore.put(young, Buffer.from('being queued'));

    const now = new Date(Date.now() + 2 * 60 * 60_000);
    const aged = (await t.fileStore.list('staging')).filter((f) => f.key !== young);
    const past = new Date(Date.now() - 60_000);
    for (const f of aged) await utimes(join(t.filesDir, f.key), past, past);
    // `now` is two hours on: every file but the young one (written "now" by that clock) is old enough.
    await utimes(join(t.filesDir, young), now, now);
    expect(await sweepStaging(t.db, t.fileStore, now)).toBe(3);
    const left = (await t.fileStore.list(`staging/${athleteId}`)).map((f) => f.key).sort();
    expect(left).toEqual([...queued, young].sort());
    // The queued upload still imports.
    expect(await runJobs()).toBeGreaterThan(0);
  });
});

describe('single-flight', () => {
  it("counts imports among the athlete's uploads being read: past two at once, a 429 before the body is read", async () => {
    const { session } = await t.signUpAndConfirm();
    const old = randomUUID();
    const wellness = Array.from({ length: 2_000 }, (_, i) =>
      JSON.stringify({ id: randomUUID(), athlete_id: old, date: day(i), hrv: 50, resting_hr: 50 }),
    );
    const zip = syntheticExport(old, { wellness_daily: wellness });
    const answers = await Promise.all(Array.from({ length: 4 }, () => importZip(session.access_token, zip)));
    const statuses = answers.map((a) => a.statusCode).sort();
    // Two are read: one imports, the other meets the running import (409); two are refused at the door.
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 409, 429, 429]);
    expect(answers.find((a) => a.statusCode === 429)!.json().message).toMatch(/uploads being read/);
    expect(await countOf('wellness_daily', 'athlete_id', session.user.athlete_id)).toBe(2_000);
  });

  it('starts one export for four parallel requests', async () => {
    const { session } = await t.signUpAndConfirm();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/athletes/me/exports',
          headers: bearer(session.access_token),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(await countOf('account_exports', 'athlete_id', session.user.athlete_id)).toBe(1);
    await runJobs();
  });

  it('queues one purge job for four parallel deletions', async () => {
    const { password, session } = await t.signUpAndConfirm();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/athletes/me',
          headers: bearer(session.access_token),
          payload: { password },
        }),
      ),
    );
    // A request that reached the server after the first signed the account out is a 401; the others answer the
    // one deletion.
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 401)).toBe(true);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((a) => a.json().data.purge_after)).size).toBe(1);
    const jobs = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select count(*)::int as n from jobs
        where kind = 'account.purge' and payload->>'athleteId' = ${session.user.athlete_id}`),
    );
    expect(Number(jobs[0]?.n)).toBe(1);
  });
});
