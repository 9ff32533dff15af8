// Notifications that reach the athlete (docs/notifications.md) on the real database: the morning e-mail through
// the outbox (due by the athlete's local clock, sent once even when two processes run its job), its one-click
// unsubscribe link, and Web Push to a push service on loopback that checks what a real one would: the VAPID
// authorization, the encrypted body, and a 410 for a subscription it forgot.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import type { Db } from '../src/db/client.ts';
import { outboxMailer } from '../src/lib/mailer.ts';
import { DAILY_EMAIL_JOB } from '../src/modules/notifications/delivery.ts';
import { generateVapidKeys, type VapidKeys } from '../src/modules/notifications/push.ts';
import { createWorkoutService } from '../src/modules/workouts/service.ts';
import type { AuthContext } from '../src/plugins/authenticate.ts';
import { bearer, buildSecondApp, createTestApp, type TestApp } from './helpers.ts';

const today = pinToday(); // test athletes live in UTC
const yesterday = addDays(today, -1);
const morning = new Date(`${today}T07:00:00Z`);
const vapid: VapidKeys = { ...generateVapidKeys(), subject: 'mailto:ops@example.com' };

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
let pushService: Server;
let pushOrigin = '';
let t: TestApp;

beforeAll(async () => {
  // A push service on loopback: 410 for /gone/…, 201 for the rest, as the real ones answer.
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await createTestApp({ jobs: { worker: false }, push: { vapid, allowHttpEndpoints: true } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function athlete(name: string) {
  const { session, email } = await t.signUpAndConfirm({ name });
  const auth = { athleteId: session.user.athlete_id, timezone: 'UTC' } as AuthContext;
  return { token: session.access_token, id: session.user.athlete_id, auth, email };
}

async function setPreferences(token: string, preferences: Record<string, boolean>) {
  const res = await call(token, 'PUT', '/api/athletes/me', { notification_preferences: preferences });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.notification_preferences as Record<string, boolean>;
}

async function drain(runOnce: () => Promise<boolean>) {
  while (await runOnce()) {}
}

const mailsTo = async (email: string) => (await t.readOutbox()).filter((m) => m.to === email.toLowerCase());

/** A browser's subscription: a real P-256 key pair and auth secret, as PushManager makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  return {
    p256dh: ecdh.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

async function subscribe(token: string, path: string) {
  const res = await call(token, 'POST', '/api/notifications/push/subscriptions', {
    endpoint: `${pushOrigin}${path}`,
    keys: browserKeys(),
    device: 'Test browser',
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function plan(token: string) {
  const res = await call(token, 'POST', '/api/training/plans', {
    title: 'Spring marathon',
    race_type: 'Marathon',
    race_date: addDays(today, 90),
    start_date: addDays(today, -14),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** A long run yesterday, planned by the generator and missed: the adaptation moves or drops it. */
async function missedLongRun(athleteId: string, planId: string) {
  await t.db.transaction((tx) =>
    createWorkoutService(t.db as Db).insertPlanned(tx, athleteId, [
      {
        title: 'Long run',
        workout_date: yesterday,
        sport: 'run',
        workout_language_text: '100min Z2',
        duration_minutes: 100,
        intensity_zone: 2,
        plan_id: planId,
      },
    ]),
  );
}

/** The VAPID authorization of a push request: `vapid t=<JWT>, k=<public key>`. */
function vapidOf(headers: IncomingHttpHeaders) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
  expect(match, String(headers.authorization)).not.toBeNull();
  return { jwt: match![1]!, key: match![2]! };
}

describe('the daily e-mail', () => {
  it('is off until the athlete opts in, then goes in their morning with the session, readiness and plan changes', async () => {
    const ana = await athlete('Ana');
    const off = await athlete('Otto');
    const res = await call(ana.token, 'POST', '/api/workout-planning/workouts', {
      title: 'Track intervals',
      workout_date: today,
      sport: 'run',
      workout_language_text: 'Warmup: 15min Z2\nMain: 5x (3min Z4, 2min rest)\nCooldown: 10min Z1',
      duration_minutes: 50,
      intensity_zone: 4,
    });
    expect(res.statusCode, res.body).toBe(201);
    const planId = await plan(ana.token);
    await missedLongRun(ana.id, planId);
    const changes = await t.app.adaptation.run(
      ana.auth,
      { id: planId, status: 'active', raceDate: null, outline: null },
      'daily',
    );
    expect(changes.length).toBe(1);

    expect(
      (await call(off.token, 'GET', '/api/athletes/me')).json().data.notification_preferences.dailyEmail,
    ).toBe(false);
    expect(await setPreferences(ana.token, { dailyEmail: true })).toMatchObject({
      dailyEmail: true,
      missedSession: true,
    });

    // Before 06:00 local time nothing is due; from 06:00 Ana's is, and Otto (not opted in) gets none.
    expect((await t.app.notificationDelivery.scheduleDue(new Date(`${today}T05:30:00Z`))).emails).toBe(0);
    expect((await t.app.notificationDelivery.scheduleDue(morning)).emails).toBe(1);
    await drain(t.app.jobs.runOnce);
    expect(await mailsTo(off.email)).toHaveLength(1); // the confirmation only

    const [mail] = (await mailsTo(ana.email)).filter((m) => m.subject.startsWith('Today'));
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('Track intervals');
    expect(mail!.text).toContain('Track intervals: 50 min, TSS');
    // The steps in the workout language, one a line.
    expect(mail!.text).toMatch(/^ {2}Warmup: 15min Z2$/m);
    expect(mail!.text).toMatch(/^ {2}Main: 5x \(3min Z4, 2min rest\)$/m);
    expect(mail!.text).toMatch(/Readiness: /);
    expect(mail!.text).toContain('Plan changes since your last e-mail:');
    expect(mail!.text).toContain('Plan adapted:');
    expect(mail!.text).not.toMatch(/\d{4}-\d{2}-\d{2}(?!\S*token)/);
    expect(mail!.html).toContain('Track intervals');
    expect(mail!.text).toContain('/unsubscribe?token=');

    // Sent: the next tick of the same morning queues nothing, in this process or another.
    expect((await t.app.notificationDelivery.scheduleDue(new Date(`${today}T08:00:00Z`))).emails).toBe(0);
    const second = await buildSecondApp(t, { jobs: { worker: false } });
    try {
      expect((await second.notificationDelivery.scheduleDue(morning)).emails).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('follows the time zone: an athlete in Auckland gets it in their morning, not in UTC’s', async () => {
    const kiri = await athlete('Kiri');
    await t.db.execute(sql`update athletes set timezone = 'Pacific/Auckland' where id = ${kiri.id}`);
    await setPreferences(kiri.token, { dailyEmail: true });
    const service = t.app.notificationDelivery;
    // 07:00 UTC is 20:00 in Auckland (UTC+13 in March): not due. 18:00 UTC is 07:00 the next day there.
    const queue = async (at: string) => {
      await service.scheduleDue(new Date(at));
      await drain(t.app.jobs.runOnce);
      return (await mailsTo(kiri.email)).filter((m) => m.subject.startsWith('Today'));
    };
    expect(await queue(`${today}T07:00:00Z`)).toHaveLength(0);
    const mails = await queue(`${today}T18:00:00Z`);
    expect(mails).toHaveLength(1);
  });

  it('is sent once when two processes run the same day’s job at once', async () => {
    const bo = await athlete('Bo');
    await setPreferences(bo.token, { dailyEmail: true });
    const second = await buildSecondApp(t, {
      jobs: { worker: false },
      mailer: outboxMailer(t.outboxPath, { info: () => {} }),
    });
    try {
      for (let i = 0; i < 2; i++)
        await t.app.jobs.enqueue(t.db, DAILY_EMAIL_JOB, { athleteId: bo.id, day: today });
      await Promise.all([drain(t.app.jobs.runOnce), drain(second.jobs.runOnce)]);
    } finally {
      await second.close();
    }
    expect((await mailsTo(bo.email)).filter((m) => m.subject.startsWith('Today'))).toHaveLength(1);
  });

  it('is sent on request from Settings once it is on, and its link unsubscribes with one click, no sign-in', async () => {
    const cy = await athlete('Cy');
    const refused = await call(cy.token, 'POST', '/api/notifications/daily-email/send');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Turn on the daily e-mail first');
    await setPreferences(cy.token, { dailyEmail: true });
    const sent = await call(cy.token, 'POST', '/api/notifications/daily-email/send');
    expect(sent.statusCode, sent.body).toBe(200);
    await drain(t.app.jobs.runOnce);
    const [mail] = (await mailsTo(cy.email)).filter((m) => m.subject.startsWith('Today'));
    expect(mail?.text).toContain('No session planned: a rest day.');

    const link = new URL(mail!.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)![0]);
    const token = link.searchParams.get('token')!;
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    for (const bad of [forged, 'nonsense', `${token}x`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        payload: { token: bad },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('not valid');
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: {} })).statusCode,
    ).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ kind: 'dailyEmail', unsubscribed: true });
    const prefs = (await call(cy.token, 'GET', '/api/athletes/me')).json().data.notification_preferences;
    expect(prefs).toMatchObject({ dailyEmail: false, pushPlanChanges: true, missedSession: true });
    // The next morning, no mail for Cy.
    await t.app.notificationDelivery.scheduleDue(new Date(`${addDays(today, 1)}T07:00:00Z`));
    await drain(t.app.jobs.runOnce);
    expect((await mailsTo(cy.email)).filter((m) => m.subject.startsWith('Today'))).toHaveLength(1);
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post, and the mail client’s one-click POST turns it off', async () => {
    const di = await athlete('Di');
    await setPreferences(di.token, { dailyEmail: true });
    expect((await call(di.token, 'POST', '/api/notifications/daily-email/send')).statusCode).toBe(200);
    await drain(t.app.jobs.runOnce);
    const [mail] = (await mailsTo(di.email)).filter((m) => m.subject.startsWith('Today'));
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const header = mail?.headers?.['List-Unsubscribe'] ?? '';
    expect(header).toMatch(/^<https?:\/\/\S+\/api\/notifications\/unsubscribe\/one-click\?token=\S+>$/);
    const url = new URL(header.slice(1, -1));
    // The same signed token as the link in the text.
    expect(mail?.text).toContain(`/unsubscribe?token=${url.searchParams.get('token')}`);

    const post = (token: string, contentType = 'application/x-www-form-urlencoded') =>
      t.app.inject({
        method: 'POST',
        url: `${url.pathname}?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': contentType },
        payload: 'List-Unsubscribe=One-Click',
      });
    const forged = await post(`${url.searchParams.get('token')!.split('.')[0]}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(400);
    const res = await post(url.searchParams.get('token')!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ kind: 'dailyEmail', unsubscribed: true });
    const prefs = (await call(di.token, 'GET', '/api/athletes/me')).json().data.notification_preferences;
    expect(prefs.dailyEmail).toBe(false);
    // Again, as multipart (RFC 8058 allows either): still fine, and nothing else changes.
    const again = await post(url.searchParams.get('token')!, 'multipart/form-data; boundary=x');
    expect(again.statusCode, again.body).toBe(200);
    // No token: a clear 400.
    expect((await t.app.inject({ method: 'POST', url: url.pathname, payload: '' })).statusCode).toBe(400);
  });
});

describe('Web Push', () => {
  it('answers the VAPID public key, and 404 on a server without push', async () => {
    const dee = await athlete('Dee');
    const res = await call(dee.token, 'GET', '/api/notifications/push/key');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.public_key).toBe(vapid.publicKey);
    const second = await buildSecondApp(t, { jobs: { worker: false }, push: null });
    try {
      const off = await second.inject({
        method: 'GET',
        url: '/api/notifications/push/key',
        headers: bearer(dee.token),
      });
      expect(off.statusCode).toBe(404);
    } finally {
      await second.close();
    }
    const bad = await call(dee.token, 'POST', '/api/notifications/push/subscriptions', {
      endpoint: 'not a url',
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(bad.statusCode).toBe(400);
    // A real server posts only to https:// push services.
    const strict = await buildSecondApp(t, { jobs: { worker: false }, push: { vapid } });
    try {
      const plain = await strict.inject({
        method: 'POST',
        url: '/api/notifications/push/subscriptions',
        headers: bearer(dee.token),
        payload: { endpoint: 'http://127.0.0.1:9/push/x', keys: browserKeys() },
      });
      expect(plain.statusCode).toBe(400);
      expect(plain.json().message).toBe('endpoint must be the https:// URL of a push service');
    } finally {
      await strict.close();
    }
  });

  it('pushes a plan change to every subscribed browser with VAPID auth, and drops a subscription the service forgot', async () => {
    const eli = await athlete('Eli');
    await subscribe(eli.token, '/push/eli-phone');
    await subscribe(eli.token, '/gone/eli-old-laptop');
    const planId = await plan(eli.token);
    await missedLongRun(eli.id, planId);
    const before = received.length;
    const changes = await t.app.adaptation.run(
      eli.auth,
      { id: planId, status: 'active', raceDate: null, outline: null },
      'daily',
    );
    expect(changes.length).toBe(1);
    await drain(t.app.jobs.runOnce);

    const got = received.slice(before);
    expect(got.map((r) => r.path).sort()).toEqual(['/gone/eli-old-laptop', '/push/eli-phone']);
    const phone = got.find((r) => r.path === '/push/eli-phone')!;
    // Encrypted (aes128gcm) for the browser's keys: the plain text is nowhere in the body.
    expect(phone.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(phone.headers.ttl)).toBeGreaterThan(0);
    expect(phone.body.length).toBeGreaterThan(86);
    expect(phone.body.includes(Buffer.from('Plan adapted'))).toBe(false);
    const { jwt, key } = vapidOf(phone.headers);
    expect(key).toBe(vapid.publicKey);
    expect(decodeProtectedHeader(jwt).alg).toBe('ES256');
    const claims = decodeJwt(jwt);
    expect(claims.aud).toBe(pushOrigin);
    expect(claims.sub).toBe(vapid.subject);
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());

    // The forgotten one (410) is gone; the phone's stays.
    const rows = await t.db.execute(
      sql`select endpoint from push_subscriptions where athlete_id = ${eli.id}`,
    );
    expect((rows as unknown as { rows: { endpoint: string }[] }).rows.map((r) => r.endpoint)).toEqual([
      `${pushOrigin}/push/eli-phone`,
    ]);
  });

  it('pushes a key session missed yesterday once, not an easy one, none with the switch off; unsubscribing removes the browser', async () => {
    const fay = await athlete('Fay');
    const gus = await athlete('Gus');
    for (const who of [fay, gus]) {
      await subscribe(who.token, `/push/${who.id}`);
      for (const [title, zone] of [
        ['Threshold intervals', 4],
        ['Easy jog', 2],
      ] as const) {
        const res = await call(who.token, 'POST', '/api/workout-planning/workouts', {
          title,
          workout_date: yesterday,
          sport: 'run',
          duration_minutes: 45,
          intensity_zone: zone,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    await setPreferences(gus.token, { pushMissedKeySession: false });
    const before = received.length;
    const first = await t.app.notificationDelivery.scheduleDue(morning);
    expect(first.pushes).toBe(1);
    await drain(t.app.jobs.runOnce);
    const got = received.slice(before);
    expect(got.map((r) => r.path)).toEqual([`/push/${fay.id}`]);
    expect(vapidOf(got[0]!.headers).key).toBe(vapid.publicKey);
    // Once: a later tick, here or in another process, finds it delivered.
    expect((await t.app.notificationDelivery.scheduleDue(new Date(`${today}T09:00:00Z`))).pushes).toBe(0);

    // Unsubscribed on this browser: removed, and nothing goes to it.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/push/subscriptions?endpoint=${encodeURIComponent(`${pushOrigin}/push/${fay.id}`)}`,
      headers: bearer(fay.token),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().data).toEqual({ removed: true });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/push/subscriptions?endpoint=${encodeURIComponent(`${pushOrigin}/push/${fay.id}`)}`,
      headers: bearer(fay.token),
    });
    expect(again.json().data).toEqual({ removed: false });
  });
});
