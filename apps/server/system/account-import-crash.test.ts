// An account import cut off by SIGKILL (docs/account.md, "Importing an export"; issue 29): the real server is
// killed while it writes a large export's rows in batches. After a restart nothing of the import is left (the
// sweep undoes it: on PGlite at start, on PostgreSQL, where another process may hold the import, once its lease
// of 30 s has passed; until then a retry is a 409 that says an import is running, never a 400), its journal
// says it was cut off, and the same upload sent again imports every row once. On PGlite, and on PostgreSQL
// when a server answers.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_LEASE_SECONDS } from '../src/modules/account/import.ts';
import { zipArchive } from '../test/zip-writer.ts';
import {
  freshPostgresDatabase,
  postgresAvailable,
  type ServerProcess,
  startServer,
} from './server-process.ts';

const ROWS = 15_000;

const day = (n: number) => new Date(Date.UTC(1960, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** An export of a made-up athlete holding ROWS wellness days. */
function largeExport(): Buffer {
  const athleteId = randomUUID();
  const lines = Array.from({ length: ROWS }, (_, i) =>
    JSON.stringify({
      id: randomUUID(),
      athlete_id: athleteId,
      date: day(i),
      hrv: 40 + (i % 30),
      resting_hr: 50,
    }),
  );
  const manifest = {
    format: 'stamina-export',
    version: 1,
    exported_at: '2026-01-01T00:00:00.000Z',
    athlete_id: athleteId,
    user_id: randomUUID(),
    tables: { wellness_daily: ROWS },
    files: 0,
  };
  return zipArchive([
    { name: 'manifest.json', content: Buffer.from(JSON.stringify(manifest)) },
    { name: 'data/athletes.json', content: Buffer.from(JSON.stringify({ id: athleteId, timezone: 'UTC' })) },
    { name: 'data/wellness_daily.jsonl', content: Buffer.from(`${lines.join('\n')}\n`) },
  ]);
}

/** A new account, confirmed through the link in the outbox, signed in. */
async function freshAccount(server: ServerProcess, dataDir: string): Promise<string> {
  const email = `importer-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Importer', email, password: 'a long enough password' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  let token: string | undefined;
  for (let i = 0; i < 50 && !token; i++) {
    const outbox = await readFile(join(dataDir, 'outbox.jsonl'), 'utf8').catch(() => '');
    const mail = outbox
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .find((m) => m.to === email);
    token = mail?.text.match(/confirm\?token=([^\s"]+)/)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const confirmed = await fetch(`${server.url}/api/auth/confirm?token=${token}`, {
    headers: { accept: 'application/json' },
  });
  expect(confirmed.status).toBe(200);
  return ((await confirmed.json()) as { data: { access_token: string } }).data.access_token;
}

function upload(server: ServerProcess, token: string, zip: Buffer) {
  const form = new FormData();
  form.set('file', new Blob([zip]), 'export.zip');
  return fetch(`${server.url}/api/athletes/me/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function importState(server: ServerProcess, token: string) {
  const res = await fetch(`${server.url}/api/athletes/me/import`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status === 200
    ? ((await res.json()) as { data: { status: string; rows_done: number; message: string | null } }).data
    : null;
}

/** The athlete's wellness days from 1960 on, read a decade at a time (a read spans at most 3,650 days). */
async function wellnessDays(server: ServerProcess, token: string): Promise<number> {
  let days = 0;
  for (let year = 1960; year <= 2010; year += 9) {
    const res = await fetch(`${server.url}/api/metrics?start_date=${year}-01-01&end_date=${year + 8}-12-31`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    days += ((await res.json()) as { data: unknown[] }).data.length;
  }
  return days;
}

async function crashAndRetry(
  start: (port?: number) => Promise<ServerProcess>,
  dataDir: string,
  shared: boolean,
) {
  const zip = largeExport();
  let server = await start();
  const token = await freshAccount(server, dataDir);
  const pending = upload(server, token, zip).catch(() => null);
  // Pull the plug once some batches are committed.
  let written = 0;
  for (let i = 0; i < 600 && written < 1_000; i++) {
    written = (await importState(server, token).catch(() => null))?.rows_done ?? 0;
    if (written < 1_000) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(written).toBeGreaterThanOrEqual(1_000);
  await server.kill();
  expect(await pending).toBeNull();

  // The same port: the access tokens name the server's address as their issuer (APP_URL, by default
  // http://localhost:PORT), so a restart elsewhere would sign the athlete out.
  server = await start(server.port).catch((err: Error) => {
    console.error(err.message.slice(-4000));
    throw err;
  });
  try {
    const restarted = Date.now();
    if (shared) {
      // The lease still holds: a retry now is refused as a conflict the athlete can wait out.
      const early = await upload(server, token, zip);
      const body = await early.text();
      expect(early.status, body).toBe(409);
      expect(body).toMatch(/already running/);
    }
    // The sweep undoes the cut-off import: nothing of it is left, and its journal says so.
    let state = await importState(server, token);
    const deadline = Date.now() + (2 * IMPORT_LEASE_SECONDS + 30) * 1000;
    while (state?.status === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = await importState(server, token);
    }
    expect(state?.status, server.output()).toBe('failed');
    expect(state?.message).toMatch(/cut off/);
    const undoneAfter = Math.round((Date.now() - restarted) / 1000);
    expect(await wellnessDays(server, token)).toBe(0);

    const retry = await upload(server, token, zip);
    expect(retry.status, await retry.clone().text()).toBe(200);
    expect(
      ((await retry.json()) as { data: { counts: Record<string, number> } }).data.counts.wellness_daily,
    ).toBe(ROWS);
    expect(await wellnessDays(server, token)).toBe(ROWS);
    console.info(
      `account import cut off by SIGKILL after ${written} of ${ROWS} rows: undone ${undoneAfter} s after the restart, retry imported ${ROWS}`,
    );
  } finally {
    await server.stop();
  }
}

describe('an account import cut off by SIGKILL', () => {
  it('leaves nothing half-imported on PGlite, and the retry imports it whole', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'stamina-import-crash-'));
    try {
      await crashAndRetry((port) => startServer({ dataDir, port }), dataDir, false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('leaves nothing half-imported on PostgreSQL, and the retry imports it whole', async (context) => {
    if (!(await postgresAvailable())) context.skip();
    const dataDir = await mkdtemp(join(tmpdir(), 'stamina-import-crash-pg-'));
    const database = await freshPostgresDatabase();
    try {
      await crashAndRetry((port) => startServer({ dataDir, port, databaseUrl: database.url }), dataDir, true);
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
