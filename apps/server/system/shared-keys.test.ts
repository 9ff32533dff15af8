// Two app processes on one PostgreSQL agree on their secrets (docs/RELIABILITY.md, "Scale-out"): each with a
// DATA_DIR of its own and only DATABASE_URL, REDIS_URL, JWT_SECRET and DEVICE_TOKEN_KEY shared, a device
// connection started on one process is finished on the other (its OAuth state sealed by one, opened by the
// other), and a sync runs on the first with the tokens the second sealed. Without DEVICE_TOKEN_KEY, a process
// on PostgreSQL refuses to start and names the variable (a key generated per process would seal tokens the
// other cannot open). The providers are the fake Garmin of the device tests. Needs PostgreSQL and Redis.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyntheticRideFit } from '../src/modules/activities/decode/synthetic-ride.ts';
import { CLIENT, type FakeProviders, startFakeProviders } from '../test/fake-providers.ts';
import {
  freshPostgresDatabase,
  postgresAvailable,
  REDIS_URL,
  redisAvailable,
  type ServerProcess,
  signIn,
  startServer,
} from './server-process.ts';

interface SyncRun {
  kind: string;
  status: string;
  imported: number;
  duplicates: number;
  errors: number;
}

describe('two processes sharing DATABASE_URL, REDIS_URL, JWT_SECRET and DEVICE_TOKEN_KEY', () => {
  let ready = false;
  const dirs: string[] = [];
  let database: { url: string; drop: () => Promise<void> };
  let fake: FakeProviders;
  const servers: ServerProcess[] = [];
  const shared = {
    JWT_SECRET: randomBytes(32).toString('base64url'),
    DEVICE_TOKEN_KEY: randomBytes(32).toString('hex'),
  };

  /** The environment of one process: the shared secrets, the public address and the fake Garmin. */
  const envFor = (secrets: Record<string, string>) => ({
    ...secrets,
    APP_URL: 'http://stamina.test',
    GARMIN_CLIENT_ID: CLIENT.id,
    GARMIN_CLIENT_SECRET: CLIENT.secret,
    GARMIN_AUTHORIZE_URL: `${fake.base}/garmin/oauth/authorize`,
    GARMIN_TOKEN_URL: `${fake.base}/garmin/oauth/token`,
    GARMIN_API_URL: `${fake.base}/garmin`,
  });

  async function processWith(secrets: Record<string, string>): Promise<ServerProcess> {
    const dataDir = await mkdtemp(join(tmpdir(), 'stamina-keys-'));
    dirs.push(dataDir);
    return startServer({ dataDir, databaseUrl: database.url, redisUrl: REDIS_URL, env: envFor(secrets) });
  }

  beforeAll(async () => {
    ready = (await postgresAvailable()) && (await redisAvailable());
    if (!ready) return;
    database = await freshPostgresDatabase();
    fake = await startFakeProviders();
    servers.push(await processWith(shared));
    servers.push(await processWith(shared));
  }, 300_000);

  afterAll(async () => {
    if (!ready) return;
    await Promise.all(servers.map((s) => s.stop()));
    await fake.close();
    await database.drop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('refuses to start on PostgreSQL without DEVICE_TOKEN_KEY, naming the variable', async (context) => {
    if (!ready) context.skip();
    // An empty value counts as unset (config.ts), overriding the suite's own key.
    const started = processWith({ JWT_SECRET: shared.JWT_SECRET, DEVICE_TOKEN_KEY: '' });
    await expect(started).rejects.toThrow(/DEVICE_TOKEN_KEY: required when DATABASE_URL is set/);
  });

  // The callback queues the first connection's 90-day backfill, which either process may run; a sync asked of the
  // first after the second has stopped then proves the first opens the tokens the second sealed. (Asking for a
  // sync while the backfill was still open answered that backfill, and a sync after it found the one ride
  // already stored: 0 imported. The test now waits for the backfill and gives the sync a ride of its own.)
  it('connects Garmin across the processes, and syncs on the first with the tokens the second sealed', async (context) => {
    if (!ready) context.skip();
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const token = await signIn(first.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const ride = (id: string, hoursAgo: number) => {
      const start = new Date(Date.now() - hoursAgo * 3_600_000);
      return { id, name: 'Ride', start, fit: Buffer.from(makeSyntheticRideFit({ seconds: 1200, start })) };
    };
    fake.user('keys-user').activities.push(ride('keys-ride-1', 5));
    fake.state.nextUser = 'keys-user';

    // The OAuth state is sealed by the first process…
    const connect = await fetch(`${first.url}/api/devices/connect`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ provider: 'garmin' }),
    });
    expect(connect.status, await connect.clone().text()).toBe(200);
    const authorizationUrl = ((await connect.json()) as { data: { authorization_url: string } }).data
      .authorization_url;
    const back = await fetch(authorizationUrl, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    // …and opened by the second, which seals the provider's tokens and queues the backfill.
    const finished = await fetch(`${second.url}/api/devices/callback`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        state: callback.searchParams.get('state'),
        code: callback.searchParams.get('code'),
      }),
    });
    expect(finished.status, await finished.clone().text()).toBe(200);
    const backfill = ((await finished.json()) as { data: { device: { last_run: { id: string } } } }).data
      .device.last_run;
    const settled = async (server: ServerProcess, runId: string) => {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const res = await fetch(`${server.url}/api/devices/sync-runs/${runId}`, { headers });
        const run = ((await res.json()) as { data: SyncRun }).data;
        if (run.status !== 'queued' && run.status !== 'running') return run;
        if (Date.now() > deadline) throw new Error(`sync run still ${run.status}:\n${server.output()}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    expect(await settled(first, backfill.id)).toMatchObject({
      kind: 'backfill',
      status: 'done',
      imported: 1,
    });

    // Only the first process runs: its sync opens the tokens the second sealed, and brings the new ride.
    await second.stop();
    fake.user('keys-user').activities.push(ride('keys-ride-2', 1));
    const sync = await fetch(`${first.url}/api/devices/sync`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ provider: 'garmin' }),
    });
    expect(sync.status, await sync.clone().text()).toBeLessThan(300);
    const runId = ((await sync.json()) as { data: { id: string } }).data.id;
    expect(runId).not.toBe(backfill.id);
    expect(await settled(first, runId)).toMatchObject({
      kind: 'manual',
      status: 'done',
      imported: 1,
      duplicates: 1,
      errors: 0,
    });
  });
});
