import { randomInt } from 'node:crypto';
import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { DEFAULT_RATE_LIMITS, rateLimitsFromEnv } from '../src/lib/rate-limits.ts';
import { createTestApp, REDIS_URL, redisAvailable, type TestApp, uniqueEmail } from './helpers.ts';

// The real limits (docs/auth.md, 'Sign-in limits'): 10 sign-ins a minute per address and client, 5 sign-ups,
// resets and resends.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

function expectRateLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.message).toMatch(/too many requests/i);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits', () => {
  it('answers the 11th sign-in in a minute for one address with 429 and Retry-After', async () => {
    const email = uniqueEmail('limited');
    for (let i = 1; i <= 10; i++) {
      const res = await post('/api/auth/login', { email, password: 'wrong-password' }, '10.0.0.1');
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    expectRateLimited(await post('/api/auth/login', { email, password: 'wrong-password' }, '10.0.0.1'));
    // The same address in another case is the same address.
    expectRateLimited(
      await post('/api/auth/login', { email: email.toUpperCase(), password: 'wrong-password' }, '10.0.0.1'),
    );
    // Another address from the same client is still let through.
    const other = await post('/api/auth/login', { email: uniqueEmail('other'), password: 'x' }, '10.0.0.1');
    expect(other.statusCode).toBe(401);
  });

  it('answers the 6th sign-up in a minute from one client with 429 and stores nothing more', async () => {
    const ip = '10.0.0.2';
    for (let i = 1; i <= 5; i++) {
      const res = await post(
        '/api/auth/signup',
        { name: 'Limit', email: uniqueEmail(), password: 'secret1' },
        ip,
      );
      expect(res.statusCode, `signup ${i}`).toBe(201);
    }
    const before = (await t.db.select({ n: count() }).from(users))[0]!.n;
    expectRateLimited(
      await post('/api/auth/signup', { name: 'Limit', email: uniqueEmail(), password: 'secret1' }, ip),
    );
    expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
    // Another client is not affected.
    const elsewhere = await post(
      '/api/auth/signup',
      { name: 'Elsewhere', email: uniqueEmail(), password: 'secret1' },
      '10.0.0.3',
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('limits password reset requests and confirmation resends to 5 a minute', async () => {
    for (const url of ['/api/auth/password-reset', '/api/auth/resend-confirmation']) {
      const ip = url.endsWith('reset') ? '10.0.0.4' : '10.0.0.5';
      for (let i = 1; i <= 5; i++) {
        expect((await post(url, { email: uniqueEmail() }, ip)).statusCode, `${url} ${i}`).toBe(202);
      }
      expectRateLimited(await post(url, { email: uniqueEmail() }, ip));
    }
  });
});

describe('the limits set in the environment', () => {
  // The app as main.ts builds it from its environment: the defaults, with what the environment sets.
  const appFromEnv = (env: Record<string, string>) =>
    createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, ...rateLimitsFromEnv(parseEnv(env)) } });
  const login = (app: TestApp, email: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-password' },
      remoteAddress: '10.2.0.1',
    });

  it('lets LOGIN_RATE_LIMIT sign-ins a minute through for one address, past the 10, and answers the next with 429', async () => {
    const raised = await appFromEnv({ LOGIN_RATE_LIMIT: '12' });
    try {
      const email = uniqueEmail('raised');
      for (let i = 1; i <= 12; i++) expect((await login(raised, email)).statusCode, `attempt ${i}`).toBe(401);
      expect((await login(raised, email)).statusCode).toBe(429);
    } finally {
      await raised.close();
    }
  });

  it('keeps the 10 a minute when LOGIN_RATE_LIMIT is unset', () => {
    expect(rateLimitsFromEnv(parseEnv({})).loginPerMinute).toBe(DEFAULT_RATE_LIMITS.loginPerMinute);
  });
});

describe('failed sign-ins from one client across accounts (password spraying)', () => {
  const max = DEFAULT_RATE_LIMITS.loginFailuresPerClient;
  const spray = (ip: string) =>
    post('/api/auth/login', { email: uniqueEmail('sprayed'), password: 'Summer2026!' }, ip);

  function expectSprayLimited(res: Awaited<ReturnType<typeof post>>) {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/failed sign-ins/),
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginFailureWindowSeconds);
  }

  it(`answers 429 once one client has failed ${max} sign-ins to different addresses`, async () => {
    const ip = '10.1.0.1';
    for (let i = 1; i <= max; i++) expect((await spray(ip)).statusCode, `attempt ${i}`).toBe(401);
    expectSprayLimited(await spray(ip));
    // Even the right password waits: the point is not to compute a hash for this client.
    const { email, password } = await t.signUpAndConfirm();
    expectSprayLimited(await post('/api/auth/login', { email, password }, ip));
    // Another client signs in as usual.
    expect((await post('/api/auth/login', { email, password }, '10.1.0.2')).statusCode).toBe(200);
    expect((await spray('10.1.0.3')).statusCode).toBe(401);
  });

  it('does not count successful sign-ins, nor a right password on an unconfirmed address', async () => {
    const ip = '10.1.0.4';
    const confirmed = await t.signUpAndConfirm();
    const unconfirmed = await t.signUp();
    for (let i = 1; i < max; i++) expect((await spray(ip)).statusCode, `attempt ${i}`).toBe(401);
    for (let i = 0; i < 5; i++) {
      const ok = await post('/api/auth/login', { email: confirmed.email, password: confirmed.password }, ip);
      expect(ok.statusCode).toBe(200);
      const pending = await post(
        '/api/auth/login',
        { email: unconfirmed.email, password: unconfirmed.password },
        ip,
      );
      expect(pending.statusCode).toBe(403);
    }
    expect((await spray(ip)).statusCode, `attempt ${max}`).toBe(401);
    expectSprayLimited(await spray(ip));
  });

  it('counts deletion-cancel attempts with sign-ins, and refuses both alike with Retry-After', async () => {
    const ip = '10.1.0.6';
    const cancel = () =>
      post('/api/auth/deletion/cancel', { email: uniqueEmail('cancel'), password: 'Summer2026!' }, ip);
    for (let i = 1; i < max; i++) expect((await spray(ip)).statusCode, `attempt ${i}`).toBe(401);
    expect((await cancel()).statusCode, `attempt ${max}`).toBe(401);
    expectSprayLimited(await cancel());
    expectSprayLimited(await spray(ip));
  });

  it('holds against a parallel burst: no more than the limit get a password check', async () => {
    const ip = '10.1.0.5';
    const responses = await Promise.all(Array.from({ length: max + 10 }, () => spray(ip)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe.runIf(await redisAvailable(REDIS_URL))('failed sign-ins counted in Redis', () => {
  const apps: TestApp[] = [];
  const clients: Redis[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(REDIS_URL);
      clients.push(redis);
      apps.push(await createTestApp({ redis, rateLimits: { loginFailuresPerClient: 5 } }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const client of clients) client.disconnect();
  });

  it('shares one count between two app processes', async () => {
    // Counts outlive a test run in Redis: a fresh address per run.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const attempt = (i: number) =>
      apps[i % 2]!.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('sprayed'), password: 'Summer2026!' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await attempt(i)).statusCode, `attempt ${i + 1}`).toBe(401);
    expect((await attempt(5)).statusCode).toBe(429);
    expect((await attempt(6)).statusCode).toBe(429);
  });
});
