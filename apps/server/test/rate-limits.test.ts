import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/app.ts';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp, uniqueEmail } from './helpers.ts';

// The real limits of the spec: 10 sign-ins a minute per address and client, 5 sign-ups, resets and resends.
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
