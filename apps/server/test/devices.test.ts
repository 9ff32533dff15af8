// Device connections end to end against a fake Garmin and Strava on loopback (docs/devices.md): the OAuth
// dance, refused and forged callbacks, expired and revoked tokens, provider errors and backoff, webhooks,
// a 90-day backfill, duplicates with uploads, and two processes pulling the same connection.
import { randomBytes } from 'node:crypto';
import type { ActivitySummary, Device } from '@stamina/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { deviceConnections, wellnessDaily } from '../src/db/schema/index.ts';
import { makeSyntheticRideFit } from '../src/modules/activities/decode/synthetic-ride.ts';
import { activityFixture } from './activity-fixtures.ts';
import { CLIENT, type FakeProviders, startFakeProviders } from './fake-providers.ts';
import {
  APP_URL,
  bearer,
  buildSecondApp,
  createTestApp,
  multipartForm,
  type TestApp,
  unzip,
} from './helpers.ts';

let fake: FakeProviders;
let t: TestApp;
const tokenKey = randomBytes(32);
const GARMIN_SECRET = 'garmin-webhook-secret-0123456789';
const STRAVA_TOKEN = 'strava-verify-token-0123456789';
let userCounter = 0;

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp({
    devices: {
      tokenKey,
      garmin: fake.garminConfig(GARMIN_SECRET),
      strava: fake.stravaConfig(STRAVA_TOKEN),
      schedulerMs: 0,
    },
    jobs: { worker: false },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  fake.state.failures = [];
  fake.state.refuseNext = false;
  fake.state.accessTtl = 3600;
});

async function drain(app: App = t.app) {
  while (await app.jobs.runOnce()) {}
}

const daysAgo = (n: number, hour = 7) => {
  const d = new Date(Date.now() - n * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};
/** A start some hours before now: never in the future, whatever the time of day the suite runs. */
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** A signed-in athlete and a fresh fake provider user for them. */
async function athlete() {
  const { session } = await t.signUpAndConfirm();
  const providerUser = `user-${++userCounter}`;
  return { headers: bearer(session.access_token), providerUser };
}

type Headers = Record<string, string>;

async function startConnect(headers: Headers, provider = 'garmin', providerUser = 'user-x') {
  fake.state.nextUser = providerUser;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/devices/connect',
    headers,
    payload: { provider },
  });
  expect(res.statusCode).toBe(200);
  const authorizationUrl = new URL(res.json().data.authorization_url);
  // The athlete's browser at the provider: it answers with a redirect back to Stamina.
  const back = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(back.status).toBe(302);
  return { authorizationUrl, callback: new URL(back.headers.get('location')!) };
}

async function finish(headers: Headers, callback: URL) {
  const payload = Object.fromEntries(
    ['state', 'code', 'error', 'error_description']
      .filter((k) => callback.searchParams.has(k))
      .map((k) => [k, callback.searchParams.get(k)!]),
  );
  return t.app.inject({ method: 'POST', url: '/api/devices/callback', headers, payload });
}

async function connect(headers: Headers, providerUser: string, provider = 'garmin') {
  const { callback } = await startConnect(headers, provider, providerUser);
  const res = await finish(headers, callback);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const devices = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/devices', headers })).json().data as Device[];
const garmin = async (headers: Headers) => (await devices(headers)).find((d) => d.id === 'garmin')!;
const activities = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/activities', headers })).json().data
    .items as ActivitySummary[];

const syncNow = async (headers: Headers, provider = 'garmin') =>
  t.app.inject({ method: 'POST', url: '/api/devices/sync', headers, payload: { provider } });
const runOf = async (headers: Headers, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/devices/sync-runs/${id}`, headers })).json().data;

describe('a server without provider settings', () => {
  it('shows each provider as not configured, with what to set, and refuses to connect with a 409', async () => {
    const bare = await createTestApp({ jobs: { worker: false } });
    try {
      const { session } = await bare.signUpAndConfirm();
      const res = await bare.app.inject({
        method: 'GET',
        url: '/api/devices',
        headers: bearer(session.access_token),
      });
      expect(res.statusCode).toBe(200);
      const list = res.json().data;
      expect(list.map((d: { status: string }) => d.status)).toEqual(['not_configured', 'not_configured']);
      expect(list[0].missing_config).toEqual(['GARMIN_CLIENT_ID', 'GARMIN_CLIENT_SECRET']);
      const connect = await bare.app.inject({
        method: 'POST',
        url: '/api/devices/connect',
        headers: bearer(session.access_token),
        payload: { provider: 'garmin' },
      });
      expect(connect.statusCode).toBe(409);
      expect(connect.json().message).toBe(
        'Garmin Connect is not configured on this server: set GARMIN_CLIENT_ID and GARMIN_CLIENT_SECRET',
      );
    } finally {
      await bare.close();
    }
  });
});

describe('connecting Garmin', () => {
  it('runs the whole dance: PKCE, state, tokens sealed at rest and never returned, then a 90-day backfill', async () => {
    const { headers, providerUser } = await athlete();
    const u = fake.user(providerUser);
    u.activities.push(
      { id: 'g1', name: 'Ride', start: daysAgo(3), fit: activityFixture('bike-power-edge530-autopause.fit') },
      { id: 'g2', name: 'Run', start: daysAgo(10), fit: activityFixture('run-hr-fenix2.fit') },
      {
        id: 'old',
        name: 'Too old',
        start: daysAgo(120),
        fit: activityFixture('run-hr-fr110-smartrecording.fit'),
      },
    );
    const date = (n: number) => daysAgo(n).toISOString().slice(0, 10);
    u.wellness.push(
      {
        calendarDate: date(1),
        restingHeartRateInBeatsPerMinute: 48,
        durationInSeconds: 27000,
        sleepScore: 83,
        lastNightAvg: 62,
      },
      { calendarDate: date(2), restingHeartRateInBeatsPerMinute: 50 },
    );

    const { authorizationUrl, callback } = await startConnect(headers, 'garmin', providerUser);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${APP_URL}/auth/garmin/callback`);
    expect(callback.pathname).toBe('/auth/garmin/callback');
    const res = await finish(headers, callback);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/at-|rt-/);
    const device = res.json().data.device;
    expect(device).toMatchObject({
      id: 'garmin',
      connected: true,
      status: 'connected',
      lastSync: null,
      last_sync: null,
      autoSync: true,
      sync_interval_minutes: 30,
    });
    expect(device.athlete_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(device.last_run).toMatchObject({ kind: 'backfill', status: 'queued' });

    const [row] = await t.db
      .select()
      .from(deviceConnections)
      .where(eq(deviceConnections.providerUserId, providerUser));
    expect(row!.accessTokenEnc).not.toMatch(/^at-/);
    expect(row!.refreshTokenEnc).not.toMatch(/^rt-/);

    await drain();
    const run = await runOf(headers, device.last_run.id);
    expect(run).toMatchObject({ status: 'done', imported: 2, wellness_days: 2, items: 4, errors: 0 });
    const list = await activities(headers);
    expect(list).toHaveLength(2);
    expect(list.every((a) => a.source === 'garmin')).toBe(true);
    const after = await garmin(headers);
    expect(after.lastSync).not.toBeNull();
    expect(after.last_sync).toBe(after.lastSync);
    expect(after.backfill).toEqual({ done: 2, total: 2, running: false });

    const days = await t.db
      .select()
      .from(wellnessDaily)
      .where(eq(wellnessDaily.date, date(1)));
    const mine = days.find((d) => d.athleteId === row!.athleteId)!;
    expect(mine).toMatchObject({ restingHr: 48, sleepHours: 7.5, sleepQuality: 5, hrv: 62 });
  });

  it('reports a refused grant and connects nothing', async () => {
    const { headers, providerUser } = await athlete();
    fake.state.refuseNext = true;
    const { callback } = await startConnect(headers, 'garmin', providerUser);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const res = await finish(headers, callback);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('did not authorise the connection');
    expect((await garmin(headers)).status).toBe('disconnected');
  });

  it('refuses a forged, reused or foreign state', async () => {
    const { headers, providerUser } = await athlete();
    const { callback } = await startConnect(headers, 'garmin', providerUser);
    const forged = new URL(callback);
    forged.searchParams.set('state', `${callback.searchParams.get('state')!.slice(0, -2)}xx`);
    expect((await finish(headers, forged)).statusCode).toBe(400);

    const other = await athlete();
    const foreign = await finish(other.headers, callback);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      'This authorization is not valid for your session: start connecting again',
    );

    expect((await finish(headers, callback)).statusCode).toBe(200);
    const again = await finish(headers, callback);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This authorization was already used: start connecting again');
  });

  it('refuses a state past its 10 minutes', async () => {
    const { headers, providerUser } = await athlete();
    const { callback } = await startConnect(headers, 'garmin', providerUser);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    try {
      const res = await finish(headers, callback);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This authorization has expired: start connecting again');
    } finally {
      vi.useRealTimers();
    }
    expect((await garmin(headers)).status).toBe('disconnected');
  });
});

describe('tokens never leave the server', () => {
  it('no device answer and no "Download my data" zip holds a token, plain or sealed', async () => {
    const { headers, providerUser } = await athlete();
    fake.user(providerUser).activities.push({
      id: 'tok-1',
      name: 'Run',
      start: hoursAgo(5),
      fit: activityFixture('run-hr-fenix2.fit'),
    });
    const connected = await connect(headers, providerUser);
    await drain();
    const [row] = await t.db
      .select()
      .from(deviceConnections)
      .where(eq(deviceConnections.providerUserId, providerUser));
    const secrets = [row!.accessTokenEnc, row!.refreshTokenEnc!];
    const plain = /[ar]t-[0-9a-f]{8}-[0-9a-f]{4}-/;
    const clean = (text: string) => {
      expect(text).not.toMatch(plain);
      for (const secret of secrets) expect(text).not.toContain(secret);
    };

    const sync = await syncNow(headers);
    await drain();
    const answers = [
      JSON.stringify(connected),
      sync.body,
      (await t.app.inject({ method: 'GET', url: '/api/devices', headers })).body,
      (await t.app.inject({ method: 'GET', url: `/api/devices/sync-runs/${sync.json().data.id}`, headers }))
        .body,
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/devices/settings',
          headers,
          payload: { provider: 'garmin', autoSync: false },
        })
      ).body,
    ];
    for (const body of answers) clean(body);

    const started = await t.app.inject({ method: 'POST', url: '/api/athletes/me/exports', headers });
    expect(started.statusCode, started.body).toBe(202);
    await drain();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/athletes/me/exports/${started.json().data.id}`,
      headers,
    });
    expect(status.json().data.status).toBe('ready');
    const zip = await t.app.inject({ method: 'GET', url: status.json().data.download_url });
    expect(zip.statusCode).toBe(200);
    const entries = await unzip(zip.rawPayload);
    expect(entries.has('data/activities.jsonl')).toBe(true);
    expect([...entries.keys()].filter((name) => name.includes('device_'))).toEqual([]);
    for (const [name, bytes] of entries) if (!name.startsWith('files/')) clean(bytes.toString('utf8'));

    const disconnected = await t.app.inject({
      method: 'POST',
      url: '/api/devices/disconnect',
      headers,
      payload: { provider: 'garmin' },
    });
    clean(disconnected.body);
  });
});

describe('syncing', () => {
  it('refreshes an expired access token before pulling', async () => {
    const { headers, providerUser } = await athlete();
    fake.state.accessTtl = 60; // within the 5-minute margin: refreshed before use
    await connect(headers, providerUser);
    await drain();
    fake.user(providerUser).activities.push({
      id: 'late',
      name: 'Ride',
      start: hoursAgo(3),
      fit: activityFixture('bike-power-wahoo-elemnt.fit'),
    });
    const refreshesBefore = fake.calls.filter((c) => c === 'POST /garmin/oauth/token').length;
    const run = (await syncNow(headers)).json().data;
    await drain();
    expect((await runOf(headers, run.id)).status).toBe('done');
    expect(fake.calls.filter((c) => c === 'POST /garmin/oauth/token').length).toBeGreaterThan(
      refreshesBefore,
    );
  });

  it('refreshes once and carries on when the provider refuses a token it thinks expired', async () => {
    const { headers, providerUser } = await athlete();
    await connect(headers, providerUser);
    await drain();
    fake.expireAccess(providerUser); // our copy still looks valid for an hour
    fake.user(providerUser).activities.push({
      id: 'after-expiry',
      name: 'Run',
      start: hoursAgo(2),
      fit: activityFixture('run-hr-fenix2.fit'),
    });
    const run = (await syncNow(headers)).json().data;
    await drain();
    expect(await runOf(headers, run.id)).toMatchObject({ status: 'done', imported: 1, errors: 0 });
    expect((await garmin(headers)).status).toBe('connected');
  });

  it('leaves out a wellness value outside the ranges and keeps the rest of its day', async () => {
    const { headers, providerUser } = await athlete();
    const date = daysAgo(1).toISOString().slice(0, 10);
    fake.user(providerUser).wellness.push({
      calendarDate: date,
      restingHeartRateInBeatsPerMinute: 130,
      durationInSeconds: 25_200,
      sleepScore: 70,
      lastNightAvg: 3,
    });
    await connect(headers, providerUser);
    await drain();
    expect((await garmin(headers)).last_run).toMatchObject({ status: 'done', wellness_days: 1, errors: 0 });
    const [row] = await t.db
      .select()
      .from(deviceConnections)
      .where(eq(deviceConnections.providerUserId, providerUser));
    const [day] = await t.db
      .select()
      .from(wellnessDaily)
      .where(sql`${wellnessDaily.athleteId} = ${row!.athleteId} and ${wellnessDaily.date} = ${date}`);
    expect(day).toMatchObject({ restingHr: null, hrv: null, sleepHours: 7, sleepQuality: 4 });
  });

  it('counts an activity that cannot be imported as an error and imports the rest (Sync Warning)', async () => {
    const { headers, providerUser } = await athlete();
    await connect(headers, providerUser);
    await drain();
    fake
      .user(providerUser)
      .activities.push(
        { id: 'good', name: 'Run', start: hoursAgo(4), fit: activityFixture('run-hr-fenix2.fit') },
        { id: 'broken', name: 'Ride', start: hoursAgo(3), fit: Buffer.from('not a FIT file at all') },
      );
    const run = (await syncNow(headers)).json().data;
    await drain();
    expect(await runOf(headers, run.id)).toMatchObject({ status: 'done', imported: 1, errors: 1, items: 1 });
    expect(await activities(headers)).toHaveLength(1);
    expect((await garmin(headers)).status).toBe('connected');
  });

  it('marks a revoked connection as needing a new connection, and Sync Failed', async () => {
    const { headers, providerUser } = await athlete();
    await connect(headers, providerUser);
    await drain();
    fake.revokeUser(providerUser);
    const res = await syncNow(headers);
    expect(res.statusCode).toBe(202);
    await drain();
    expect((await runOf(headers, res.json().data.id)).status).toBe('failed');
    const device = await garmin(headers);
    expect(device).toMatchObject({ status: 'error', connected: false });
    expect(device.last_error).toBe("Garmin no longer accepts Stamina's access: disconnect and connect again");
    expect((await syncNow(headers)).statusCode).toBe(409);
  });

  it('backs off after a provider 500, longer after a 429 with Retry-After, and auto-sync waits', async () => {
    const { headers, providerUser } = await athlete();
    await connect(headers, providerUser);
    await drain();
    fake.state.failures = [{ status: 500, times: 1, path: 'activityFiles' }];
    const first = (await syncNow(headers)).json().data;
    await drain();
    expect((await runOf(headers, first.id)).status).toBe('failed');
    const backedOff = await garmin(headers);
    expect(backedOff.status).toBe('connected');
    const until500 = Date.parse(backedOff.backoff_until ?? '');
    expect(until500 - Date.now()).toBeGreaterThan(14 * 60_000);

    fake.state.failures = [{ status: 429, times: 1, path: 'activityFiles', retryAfter: 7200 }];
    const second = (await syncNow(headers)).json().data;
    await drain();
    expect((await runOf(headers, second.id)).message).toContain('429');
    const until429 = Date.parse((await garmin(headers)).backoff_until ?? '');
    expect(until429 - Date.now()).toBeGreaterThan(7100_000);

    // The scheduler leaves a backing-off connection alone.
    await t.db.execute(
      sql`update device_connections set next_sync_at = now() - interval '1 minute' where provider_user_id = ${providerUser}`,
    );
    await t.app.devices.scheduleDue();
    const [row] = await t.db
      .select()
      .from(deviceConnections)
      .where(eq(deviceConnections.providerUserId, providerUser));
    expect(row!.nextSyncAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('auto-syncs a due connection once, however often the scheduler looks', async () => {
    const { headers, providerUser } = await athlete();
    await connect(headers, providerUser);
    await drain();
    await t.db.execute(
      sql`update device_connections set next_sync_at = now() - interval '1 minute' where provider_user_id = ${providerUser}`,
    );
    const queued = (await t.app.devices.scheduleDue()) + (await t.app.devices.scheduleDue());
    expect(queued).toBe(1);
    await drain();
    expect((await garmin(headers)).last_run).toMatchObject({ kind: 'auto', status: 'done' });

    await t.app.inject({
      method: 'PUT',
      url: '/api/devices/settings',
      headers,
      payload: { provider: 'garmin', autoSync: false },
    });
    await t.db.execute(
      sql`update device_connections set next_sync_at = now() - interval '1 minute' where provider_user_id = ${providerUser}`,
    );
    expect(await t.app.devices.scheduleDue()).toBe(0);
    expect((await garmin(headers)).autoSync).toBe(false);
  });

  it('backfills 200 activities with progress', async () => {
    const { headers, providerUser } = await athlete();
    const u = fake.user(providerUser);
    for (let i = 0; i < 200; i++) {
      const start = new Date(daysAgo(88).getTime() + i * 10 * 3600_000);
      u.activities.push({
        id: `b${i}`,
        name: 'Ride',
        start,
        fit: Buffer.from(makeSyntheticRideFit({ seconds: 120, start })),
      });
    }
    await connect(headers, providerUser);
    await drain();
    const device = await garmin(headers);
    expect(device.backfill).toEqual({ done: 200, total: 200, running: false });
    expect(device.last_run).toMatchObject({ imported: 200, errors: 0, status: 'done' });
  }, 120_000);

  it('an activity uploaded by hand and then synced is one activity', async () => {
    const { headers, providerUser } = await athlete();
    const fit = activityFixture('run-hr-fr110-smartrecording.fit');
    const form = multipartForm([{ name: 'file', filename: 'run.fit', value: fit }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/activities/import',
      payload: form.payload,
      headers: { ...headers, ...form.headers, 'idempotency-key': 'upload-1' },
    });
    expect(upload.statusCode).toBe(202);
    await drain();
    fake.user(providerUser).activities.push({ id: 'same', name: 'Run', start: daysAgo(1), fit });
    await connect(headers, providerUser);
    await drain();
    expect(await activities(headers)).toHaveLength(1);
    expect((await garmin(headers)).last_run).toMatchObject({ imported: 0, duplicates: 1 });
  });

  it('two processes pulling the same connection import each activity once', async () => {
    const { headers, providerUser } = await athlete();
    const u = fake.user(providerUser);
    for (let i = 0; i < 6; i++) {
      const start = new Date(daysAgo(20).getTime() + i * 26 * 3600_000);
      u.activities.push({
        id: `p${i}`,
        name: 'Ride',
        start,
        fit: Buffer.from(makeSyntheticRideFit({ seconds: 120, start })),
      });
    }
    const other = await buildSecondApp(t, {
      devices: {
        tokenKey,
        garmin: fake.garminConfig(GARMIN_SECRET),
        strava: fake.stravaConfig(STRAVA_TOKEN),
        schedulerMs: 0,
      },
      jobs: { worker: false },
    });
    try {
      await connect(headers, providerUser);
      // A second run of the same connection, as a webhook in the other process would queue it.
      const [row] = await t.db
        .select()
        .from(deviceConnections)
        .where(eq(deviceConnections.providerUserId, providerUser));
      await t.db.execute(sql`
        with r as (insert into device_sync_runs (athlete_id, connection_id, provider, kind)
          values (${row!.athleteId}, ${row!.id}, 'garmin', 'webhook') returning id)
        insert into jobs (kind, payload) select 'device-sync', jsonb_build_object('runId', r.id) from r`);
      await Promise.all([t.app.jobs.runOnce(), other.jobs.runOnce()]);
      await Promise.all([drain(), drain(other)]);
      const list = await activities(headers);
      expect(list).toHaveLength(6);
      expect(new Set(list.map((a) => a.start_time)).size).toBe(6);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('webhooks', () => {
  /** A ping as Garmin's Health API sends it: JSON, its client id header, to the URL registered with it. */
  const ping = (body: string, { token = GARMIN_SECRET, clientId = CLIENT.id } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/devices/webhooks/garmin?verify_token=${encodeURIComponent(token)}`,
      headers: {
        'content-type': 'application/json;charset=UTF-8',
        'user-agent': 'Garmin Health API',
        'garmin-client-id': clientId,
      },
      payload: body,
    });

  it("queue a pull for Garmin's verified ping; a wrong token or client id is 401 and writes nothing", async () => {
    const { headers, providerUser } = await athlete();
    await connect(headers, providerUser);
    await drain();
    const body = JSON.stringify({ activityFiles: [{ userId: providerUser, summaryId: 'x' }] });
    expect((await ping(body, { token: 'another-secret-0123456789' })).statusCode).toBe(401);
    expect((await ping(body, { clientId: 'someone-else' })).statusCode).toBe(401);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/devices/webhooks/garmin',
      headers: { 'content-type': 'application/json', 'garmin-client-id': CLIENT.id },
      payload: body,
    });
    expect(bare.statusCode).toBe(401);
    expect((await garmin(headers)).last_run?.kind).toBe('backfill');
    const jobs = await t.db.execute(
      sql`select count(*)::int as n from jobs where kind = 'device-sync' and status = 'queued'`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    const good = await ping(body);
    expect(good.statusCode).toBe(200);
    expect((await garmin(headers)).last_run).toMatchObject({ kind: 'webhook', status: 'queued' });
    await drain();
  });

  it("marks the connection withdrawn when Garmin's verified ping says the athlete deregistered", async () => {
    const { headers, providerUser } = await athlete();
    await connect(headers, providerUser);
    await drain();
    const body = JSON.stringify({ deregistrations: [{ userId: providerUser }] });
    const res = await ping(body);
    expect(res.statusCode).toBe(200);
    expect(await garmin(headers)).toMatchObject({
      status: 'error',
      connected: false,
      last_error: 'Garmin access was withdrawn: connect again',
    });
  });

  it('keeps reading what the athlete still lets Garmin share, and withdraws when nothing is left', async () => {
    const { headers, providerUser } = await athlete();
    const date = daysAgo(1).toISOString().slice(0, 10);
    fake.user(providerUser).wellness.push({ calendarDate: date, restingHeartRateInBeatsPerMinute: 50 });
    await connect(headers, providerUser);
    await drain();
    expect((await garmin(headers)).last_run).toMatchObject({ status: 'done', wellness_days: 1 });

    const change = (permissions: string[]) =>
      ping(JSON.stringify({ userPermissionsChange: [{ userId: providerUser, permissions }] }));
    expect((await change(['ACTIVITY_EXPORT'])).statusCode).toBe(200);
    expect(await garmin(headers)).toMatchObject({ status: 'connected', withheld: ['wellness'] });
    fake.user(providerUser).activities.push({
      id: 'after-permissions',
      name: 'Run',
      start: hoursAgo(2),
      fit: activityFixture('run-hr-fenix2.fit'),
    });
    const wellnessCalls = () => fake.calls.filter((c) => c.includes('wellness-api/rest/dailies')).length;
    const before = wellnessCalls();
    const run = (await syncNow(headers)).json().data;
    await drain();
    expect(await runOf(headers, run.id)).toMatchObject({ status: 'done', imported: 1, wellness_days: 0 });
    expect(wellnessCalls()).toBe(before);

    expect((await change(['ACTIVITY_EXPORT', 'HEALTH_EXPORT'])).statusCode).toBe(200);
    expect(await garmin(headers)).toMatchObject({ status: 'connected', withheld: [] });
    expect((await change([])).statusCode).toBe(200);
    expect(await garmin(headers)).toMatchObject({
      status: 'error',
      last_error: 'Garmin access was withdrawn: connect again',
      withheld: [],
    });
  });

  it("answers Strava's subscription challenge only with our verify token, and verifies its events", async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/devices/webhooks/strava?hub.mode=subscribe&hub.challenge=abc123&hub.verify_token=${STRAVA_TOKEN}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ 'hub.challenge': 'abc123' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/devices/webhooks/strava?hub.mode=subscribe&hub.challenge=abc123&hub.verify_token=nope',
    });
    expect(wrong.statusCode).toBe(401);
    const event = { object_type: 'activity', aspect_type: 'create', object_id: 1, owner_id: 999 };
    const unverified = await t.app.inject({
      method: 'POST',
      url: '/api/devices/webhooks/strava',
      payload: event,
    });
    expect(unverified.statusCode).toBe(401);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/devices/webhooks/strava?verify_token=${STRAVA_TOKEN}`,
      payload: event,
    });
    expect(verified.statusCode).toBe(200);
  });
});

describe('Strava', () => {
  it('connects and imports an activity rebuilt from its streams', async () => {
    const { headers } = await athlete();
    const stravaUser = `user-${9000 + userCounter}`;
    const start = daysAgo(2);
    const n = 600;
    fake.user(stravaUser).activities.push({
      id: '4242',
      name: 'Lunch Run',
      start,
      sportType: 'Run',
      streams: {
        time: { data: Array.from({ length: n }, (_, i) => i) },
        distance: { data: Array.from({ length: n }, (_, i) => i * 3) },
        heartrate: { data: Array.from({ length: n }, () => 150) },
        latlng: { data: Array.from({ length: n }, (_, i) => [51.5 + i * 0.00003, -0.1]) },
      },
    });
    await connect(headers, stravaUser, 'strava');
    await drain();
    const list = await activities(headers);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ source: 'strava', sport: 'run', avg_hr: 150 });
    expect(list[0]!.distance_m).toBeCloseTo(1797, 0);

    // Strava's event for this athlete: without our token nothing, with it a pull.
    const strava = async () => (await devices(headers)).find((d) => d.id === 'strava')!;
    const event = {
      object_type: 'activity',
      aspect_type: 'create',
      object_id: 4243,
      owner_id: Number(stravaUser.replace(/\D/g, '')),
    };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/devices/webhooks/strava?verify_token=not-our-token-0123456789',
      payload: event,
    });
    expect(forged.statusCode).toBe(401);
    expect((await strava()).last_run?.kind).toBe('backfill');
    const real = await t.app.inject({
      method: 'POST',
      url: `/api/devices/webhooks/strava?verify_token=${STRAVA_TOKEN}`,
      payload: event,
    });
    expect(real.statusCode).toBe(200);
    expect((await strava()).last_run).toMatchObject({ kind: 'webhook', status: 'queued' });
    await drain();

    const off = await t.app.inject({
      method: 'POST',
      url: '/api/devices/disconnect',
      headers,
      payload: { provider: 'strava' },
    });
    expect(off.json().data).toMatchObject({ id: 'strava', status: 'disconnected' });
    expect(fake.calls).toContain('POST /strava/oauth/deauthorize');
    expect(await activities(headers)).toHaveLength(1);
  });
});

describe('a pull stopped by a rate limit', () => {
  it('goes on where it stopped: what came in is not downloaded again', async () => {
    const { headers } = await athlete();
    const stravaUser = `user-${9100 + userCounter}`;
    const u = fake.user(stravaUser);
    for (let i = 0; i < 5; i++) {
      const start = new Date(daysAgo(10 - i).getTime());
      const n = 300;
      u.activities.push({
        id: String(7000 + i),
        name: 'Run',
        start,
        sportType: 'Run',
        streams: {
          time: { data: Array.from({ length: n }, (_, k) => k) },
          distance: { data: Array.from({ length: n }, (_, k) => k * 3) },
          heartrate: { data: Array.from({ length: n }, () => 140) },
        },
      });
    }
    // Strava's 15-minute allowance runs out after three activities.
    fake.state.failures = [{ status: 429, times: 1, after: 3, path: '/streams' }];
    const first = await connect(headers, stravaUser, 'strava');
    await drain();
    expect(await runOf(headers, first.device.last_run.id)).toMatchObject({
      status: 'done',
      imported: 3,
      errors: 2,
    });
    const strava = (await devices(headers)).find((d) => d.id === 'strava')!;
    expect(strava.backoff_until).not.toBeNull();

    expect(strava.backfill).toEqual({ done: 3, total: 5, running: false });

    const before = fake.calls.filter((c) => c.endsWith('/streams')).length;
    const again = (await syncNow(headers, 'strava')).json().data;
    // Sync Now finishes the 90 days, and the card shows that import's progress while it runs.
    expect((await devices(headers)).find((d) => d.id === 'strava')!.backfill).toEqual({
      done: 3,
      total: 5,
      running: true,
    });
    await drain();
    expect(await runOf(headers, again.id)).toMatchObject({
      status: 'done',
      imported: 2,
      duplicates: 3,
      errors: 0,
    });
    expect(fake.calls.filter((c) => c.endsWith('/streams')).length - before).toBe(2);
    expect(await activities(headers)).toHaveLength(5);
  });
});

describe('disconnecting', () => {
  it("revokes Stamina's access at the provider and forgets the tokens", async () => {
    const { headers, providerUser } = await athlete();
    await connect(headers, providerUser);
    await drain();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices/disconnect',
      headers,
      payload: { provider: 'garmin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ connected: false, status: 'disconnected', lastSync: null });
    expect(fake.calls).toContain('DELETE /garmin/wellness-api/rest/user/registration');
    const rows = await t.db
      .select()
      .from(deviceConnections)
      .where(eq(deviceConnections.providerUserId, providerUser));
    expect(rows).toHaveLength(0);
    expect((await syncNow(headers)).statusCode).toBe(409);
  });

  it('revokes with a live token: one the provider no longer takes is refreshed first', async () => {
    const { headers, providerUser } = await athlete();
    await connect(headers, providerUser);
    await drain();
    fake.expireAccess(providerUser); // our copy still looks valid for an hour
    const before = fake.calls.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices/disconnect',
      headers,
      payload: { provider: 'garmin' },
    });
    expect(res.json().data).toMatchObject({ status: 'disconnected' });
    expect(fake.calls.slice(before)).toEqual([
      'DELETE /garmin/wellness-api/rest/user/registration',
      'POST /garmin/oauth/token',
      'DELETE /garmin/wellness-api/rest/user/registration',
    ]);
    expect(fake.tokensOf(providerUser)).toBe(0);
  });

  it("withdraws Stamina's access at the provider when the account is purged", async () => {
    const { password, session } = await t.signUpAndConfirm();
    const headers = bearer(session.access_token);
    const providerUser = `user-${++userCounter}`;
    await connect(headers, providerUser);
    await drain();
    fake.state.accessTtl = 60;
    fake.expireAccess(providerUser); // as after a week without a pull: refreshed before revoking
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/athletes/me',
      headers,
      payload: { password },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The seven days pass.
    await t.db.execute(
      sql`update users set purge_after = now() - interval '1 minute' where id = ${session.user.id}`,
    );
    await t.db.execute(sql`update jobs set run_at = now() where kind = 'account.purge'
      and payload->>'userId' = ${session.user.id}`);
    const before = fake.calls.length;
    await drain();
    expect(fake.calls.slice(before)).toContain('DELETE /garmin/wellness-api/rest/user/registration');
    expect(fake.tokensOf(providerUser)).toBe(0);
    const rows = await t.db
      .select()
      .from(deviceConnections)
      .where(eq(deviceConnections.providerUserId, providerUser));
    expect(rows).toHaveLength(0);
  });

  it("keeps one athlete's sync runs from another", async () => {
    const a = await athlete();
    await connect(a.headers, a.providerUser);
    const runId = (await garmin(a.headers)).last_run?.id;
    await drain();
    const b = await athlete();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/devices/sync-runs/${runId}`,
      headers: b.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
