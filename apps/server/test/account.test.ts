// Data ownership through the API (docs/account.md): deleting the account with its grace period and purge
// (under a controlled clock), cancelling a deletion, "Download my data", and importing an export into a
// fresh account with the same figures.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Session } from '@stamina/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAthlete } from '../src/modules/demo/seed.ts';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, multipartForm, type TestApp, unzip } from './helpers.ts';
import { zipArchive } from './zip-writer.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = 50;
/** The test clock runs with real time, moved ahead by `offset` (jobs enqueued now are due at once). */
let offset = 0;
const pages: Array<{ table: string; rows: number }> = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date(Date.now() + offset),
    jobs: { worker: false, pollMs: 50, retryBaseMs: 100 },
    account: { exportPageSize: PAGE, onExportPage: (table, rows) => pages.push({ table, rows }) },
  });
  // The demo account exists only on an empty database: first, before any sign-up.
  await seedDemoAthlete(t.db);
}, 60_000);
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Runs every job that is due now (by the test clock). */
async function runJobs(): Promise<number> {
  let n = 0;
  while (await t.app.jobs.runOnce()) n += 1;
  return n;
}

async function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

async function signIn(email: string, password: string): Promise<Session> {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function uploadActivity(token: string) {
  const form = multipartForm([
    { name: 'file', value: activityFixture('run-hr-garminconnect.gpx'), filename: 'run.gpx' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/activities/import',
    payload: form.payload,
    headers: { ...bearer(token), ...form.headers },
  });
  expect(res.statusCode, res.body).toBe(202);
  await runJobs();
}

async function uploadAvatar(token: string) {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
  const form = multipartForm([{ name: 'file', value: png, filename: 'me.png' }]);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/athletes/me/avatar',
    payload: form.payload,
    headers: { ...bearer(token), ...form.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function exportNow(token: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/athletes/me/exports',
    headers: bearer(token),
  });
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().data.id as string;
  await runJobs();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/athletes/me/exports/${id}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string; percent: number; download_url: string | null };
}

/** Every row in any table with a column naming an athlete or a user, that names one of `ids`. */
async function rowsNaming(ids: string[]): Promise<Record<string, number>> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await t.db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
        and (c.column_name in ('athlete_id', 'user_id', 'auth_user_id')
          or (c.table_name in ('users', 'athletes') and c.column_name = 'id'))`),
  );
  expect(columns.length).toBeGreaterThan(10);
  const found: Record<string, number> = {};
  for (const { table_name, column_name } of columns) {
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select count(*)::int as n from ${sql.identifier(table_name)}
        where ${sql.identifier(column_name)}::text in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) found[`${table_name}.${column_name}`] = n;
  }
  // The job queue carries ids in its payloads.
  for (const id of ids) {
    const jobs = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from jobs where position(${id} in payload::text) > 0`),
    );
    if (Number(jobs[0]?.n) > 0) found[`jobs(${id})`] = Number(jobs[0]?.n);
  }
  return found;
}

function filesNaming(id: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  let all: string[] = [];
  try {
    all = walk(t.filesDir);
  } catch {
    return [];
  }
  return all.filter((path) => path.includes(id));
}

describe('deleting the account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const { email, password, session } = await t.signUpAndConfirm();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/athletes/me',
      headers: bearer(session.access_token),
      payload: { password: 'not the password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('That password is not correct. Your account was not deleted.');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(200);
    await signIn(email, password);
  });

  it('signs out at once, blocks sign-in, tells the date, and purges every row and file after 7 days', async () => {
    const { email, password, session } = await t.signUpAndConfirm({ name: 'Leaving Athlete' });
    const token = session.access_token;
    const athleteId = session.user.athlete_id;
    const userId = session.user.id;
    await uploadActivity(token);
    await uploadAvatar(token);
    const done = await exportNow(token);
    expect(done.status).toBe('ready');
    expect(filesNaming(athleteId).length).toBeGreaterThanOrEqual(3); // original, picture, export
    const before = await rowsNaming([athleteId, userId]);
    expect(before['activities.athlete_id']).toBe(1);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/athletes/me',
      headers: bearer(token),
      payload: { password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const deletion = res.json().data;
    const purgeAfter = new Date(deletion.purge_after).getTime();
    expect(purgeAfter - new Date(deletion.deletion_requested_at).getTime()).toBe(7 * DAY_MS);
    const date = deletion.purge_after.slice(0, 10);
    expect(deletion.message).toContain(date);

    // Signed out everywhere, at once.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const blocked = await login(email, password);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('ACCOUNT_PENDING_DELETION');
    expect(blocked.json().detail.purge_after).toBe(deletion.purge_after);
    // The wrong password still says only that.
    expect((await login(email, 'wrong password')).json().code).toBe('INVALID_CREDENTIALS');

    const mail = (await t.readOutbox()).filter((m) => m.to === email.toLowerCase()).at(-1);
    expect(mail?.subject).toBe('Your Stamina account will be deleted');
    expect(mail?.text).toContain(date);

    // Six days on, nothing is purged yet.
    offset += 6 * DAY_MS;
    await runJobs();
    expect((await rowsNaming([athleteId, userId]))['users.id']).toBe(1);

    offset += DAY_MS + 60_000;
    expect(await runJobs()).toBeGreaterThan(0);
    expect(await rowsNaming([athleteId, userId])).toEqual({});
    expect(filesNaming(athleteId)).toEqual([]);
    expect((await login(email, password)).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('offers to cancel within the grace period; cancelling restores sign-in and nothing is purged', async () => {
    const { email, password, session } = await t.signUpAndConfirm();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/athletes/me',
      headers: bearer(session.access_token),
      payload: { password },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(email, password)).json().code).toBe('ACCOUNT_PENDING_DELETION');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/deletion/cancel',
      payload: { email, password: 'nope nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/auth/deletion/cancel',
      payload: { email, password },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const fresh = cancel.json().data as Session;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(fresh.access_token) }))
        .statusCode,
    ).toBe(200);

    offset += 8 * DAY_MS;
    await runJobs();
    const again = await signIn(email, password);
    expect(again.user.athlete_id).toBe(session.user.athlete_id);
  });

  it('answers a malformed body with 400 and an anonymous caller with 401', async () => {
    const { session } = await t.signUpAndConfirm();
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/athletes/me',
      headers: { ...bearer(session.access_token), 'content-type': 'application/json' },
      payload: '{"password":',
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'DELETE',
      url: '/api/athletes/me',
      payload: { password: 'x' },
    });
    expect(none.statusCode).toBe(401);
  });
});

describe('download my data, and its import into a fresh account', () => {
  let demo: Session;
  let zip: Buffer;
  let exportId: string;
  let downloadUrl: string;

  beforeAll(async () => {
    demo = await signIn(DEMO_EMAIL, DEMO_PASSWORD);
    await uploadActivity(demo.access_token);
  }, 60_000);

  it('builds the zip in the background with progress, page by page, then serves it through a signed link', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/athletes/me/exports',
      headers: bearer(demo.access_token),
    });
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'queued', percent: 0, download_url: null });
    exportId = started.json().data.id;
    pages.length = 0;
    await runJobs();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/athletes/me/exports/${exportId}`,
      headers: bearer(demo.access_token),
    });
    const body = status.json().data;
    expect(body).toMatchObject({ status: 'ready', percent: 100 });
    downloadUrl = body.download_url;
    expect(downloadUrl).toMatch(/^\/api\/athletes\/me\/exports\/.+\/download\?token=/);

    // Read in pages: none larger than the page size, and the many workouts over several of them.
    expect(Math.max(...pages.map((p) => p.rows))).toBeLessThanOrEqual(PAGE);
    expect(pages.filter((p) => p.table === 'workouts').length).toBeGreaterThan(2);

    const res = await t.app.inject({ method: 'GET', url: downloadUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    zip = res.rawPayload;
    const entries = await unzip(zip);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    expect(manifest.format).toBe('stamina-export');
    for (const name of ['csv/workouts.csv', 'csv/wellness.csv', 'csv/activities.csv', 'account.json']) {
      expect(entries.has(name), name).toBe(true);
    }
    const workoutLines = entries.get('data/workouts.jsonl')!.toString().trim().split('\n');
    expect(workoutLines.length).toBe(manifest.tables.workouts);
    expect(entries.get('csv/workouts.csv')!.toString().trim().split('\n').length).toBeGreaterThan(
      manifest.tables.workouts,
    );
    expect([...entries.keys()].some((k) => k.startsWith('files/originals/'))).toBe(true);
    expect(entries.get('account.json')!.toString()).not.toContain('password');
  });

  it("keeps another athlete's export and a forged link out", async () => {
    const other = await t.signUpAndConfirm();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/athletes/me/exports/${exportId}`,
      headers: bearer(other.session.access_token),
    });
    expect(res.statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'GET',
      url: downloadUrl.replace(/token=.{4}/, 'token=9999'),
    });
    expect(forged.statusCode).toBe(401);
    // The token names its athlete (the export's full key, docs/scale.md): another athlete's id in it breaks the
    // signature, so a link cannot be pointed at someone else's export.
    const [path, query] = downloadUrl.split('?token=');
    const [exp, , signature] = decodeURIComponent(query!).split('.');
    expect(decodeURIComponent(query!)).toContain(demo.user.athlete_id);
    const swapped = await t.app.inject({
      method: 'GET',
      url: `${path}?token=${encodeURIComponent(`${exp}.${other.session.user.athlete_id}.${signature}`)}`,
    });
    expect(swapped.statusCode).toBe(401);
  });

  it('imports the export into a fresh account with the same figures, whole and once', async () => {
    const fresh = await t.signUpAndConfirm();
    const token = fresh.session.access_token;
    const form = multipartForm([{ name: 'file', value: zip, filename: 'export.zip' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/athletes/me/import',
      payload: form.payload,
      headers: { ...bearer(token), ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.files).toBeGreaterThan(0);

    const trends = async (tok: string) => {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/analytics/fitness-trends?days=90',
        headers: bearer(tok),
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.records.at(-1);
    };
    const mine = await trends(token);
    const theirs = await trends(demo.access_token);
    expect(mine.ctl).toBeGreaterThan(0);
    expect(mine.ctl).toBeCloseTo(theirs.ctl, 6);

    const perYear = async (athleteId: string) =>
      rowsOf(
        await t.db.execute(sql`
          select extract(year from workout_date)::int as year, count(*)::int as workouts,
            count(*) filter (where status = 'completed')::int as completed,
            coalesce(sum(duration_minutes), 0)::float as minutes
          from workouts where athlete_id = ${athleteId} group by 1 order by 1`),
      );
    const activitiesPerYear = async (athleteId: string) =>
      rowsOf(
        await t.db.execute(sql`
          select extract(year from local_date)::int as year, count(*)::int as n,
            -- Rounded: a float sum depends on the order rows are read in, which the new ids change.
            round(coalesce(sum(distance_m), 0)::numeric, 3)::float as meters,
            round(coalesce(sum(tss), 0)::numeric, 3)::float as tss
          from activities where athlete_id = ${athleteId} group by 1 order by 1`),
      );
    expect(await perYear(fresh.session.user.athlete_id)).toEqual(await perYear(demo.user.athlete_id));
    expect(await activitiesPerYear(fresh.session.user.athlete_id)).toEqual(
      await activitiesPerYear(demo.user.athlete_id),
    );
    expect(filesNaming(fresh.session.user.athlete_id).length).toBeGreaterThan(0);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/athletes/me/import',
      payload: form.payload,
      headers: { ...bearer(token), ...form.headers },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a corrupt or foreign zip with a clear 400 and writes nothing', async () => {
    const fresh = await t.signUpAndConfirm();
    const token = fresh.session.access_token;
    const send = (bytes: Buffer) => {
      const form = multipartForm([{ name: 'file', value: bytes, filename: 'x.zip' }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/athletes/me/import',
        payload: form.payload,
        headers: { ...bearer(token), ...form.headers },
      });
    };
    const corrupt = await send(zip.subarray(0, Math.floor(zip.length / 2)));
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().message).toMatch(/^This file is not a Stamina export/);
    const foreign = await send(zipArchive([{ name: 'hello.txt', content: Buffer.from('hi') }]));
    expect(foreign.statusCode).toBe(400);
    // A real export whose last table does not fit: everything before it is rolled back.
    const entries = await unzip(zip);
    entries.set(
      'data/workouts.jsonl',
      Buffer.from(
        `${entries.get('data/workouts.jsonl')!.toString()}{"athlete_id":"${demo.user.athlete_id}","sport":"nonsense"}\n`,
      ),
    );
    const broken = await send(zipArchive([...entries].map(([name, content]) => ({ name, content }))));
    expect(broken.statusCode).toBe(400);
    // Only the account and the import's journal, which says it failed.
    expect(await rowsNaming([fresh.session.user.athlete_id])).toEqual({
      'athletes.id': 1,
      'account_imports.athlete_id': 1,
    });
    const journal = await t.app.inject({
      method: 'GET',
      url: '/api/athletes/me/import',
      headers: bearer(token),
    });
    expect(journal.json().data).toMatchObject({ status: 'failed' });
    expect(journal.json().data.message).toMatch(/^This file is not a Stamina export: a row of workouts/);
    expect(filesNaming(fresh.session.user.athlete_id)).toEqual([]);
  });

  it('lets the link expire: 410, then the zip is removed', async () => {
    offset += 49 * 60 * 60 * 1000;
    const res = await t.app.inject({ method: 'GET', url: downloadUrl });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('GONE');
    await runJobs();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/athletes/me/exports/${exportId}`,
      headers: bearer(demo.access_token),
    });
    expect(status.json().data.status).toBe('expired');
    expect(filesNaming(demo.user.athlete_id).some((p) => p.includes('/exports/'))).toBe(false);
  });
});
