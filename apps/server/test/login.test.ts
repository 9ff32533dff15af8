import { performance } from 'node:perf_hooks';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, bearer, createTestApp, type TestApp, uniqueEmail } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload });

describe('POST /api/auth/login', () => {
  it('answers 403 "Email not confirmed" for a right password on an unconfirmed address', async () => {
    const { email, password } = await t.signUp();
    const res = await login({ email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Email not confirmed', code: 'EMAIL_NOT_CONFIRMED' });
  });

  it('answers the same 401 for a wrong password and an unknown address', async () => {
    const { email } = await t.signUpAndConfirm();
    const wrongPassword = await login({ email, password: 'not-the-password' });
    const unknownAddress = await login({ email: uniqueEmail('ghost'), password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownAddress.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknownAddress.json()).toEqual(wrongPassword.json());
  });

  it('does not reveal an unconfirmed account behind a wrong password', async () => {
    const { email } = await t.signUp();
    const res = await login({ email, password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('takes about as long for an unknown address as for a wrong password', async () => {
    const { email } = await t.signUpAndConfirm();
    const ghost = uniqueEmail('ghost');
    const timeOf = async (address: string) => {
      const start = performance.now();
      const res = await login({ email: address, password: 'not-the-password' });
      expect(res.statusCode).toBe(401);
      return performance.now() - start;
    };
    // Warm up both paths (the dummy hash is computed on first use), then interleave to share any noise.
    await timeOf(email);
    await timeOf(ghost);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await timeOf(email));
      unknown.push(await timeOf(ghost));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [a, b] = [median(known), median(unknown)];
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(3);
  });

  it('returns a session with the spec shape', async () => {
    const name = 'Shape Check';
    const { email, password } = await t.signUpAndConfirm({ name });
    const before = Math.floor(Date.now() / 1000);
    const res = await login({ email: `  ${email.toUpperCase()}`, password });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual([
      'access_token',
      'expires_at',
      'refresh_token',
      'token_type',
      'user',
    ]);
    expect(data.token_type).toBe('bearer');
    expect(data.access_token).toEqual(expect.any(String));
    expect(data.refresh_token).toEqual(expect.any(String));
    expect(data.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(data.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(data.user).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      name,
      user_metadata: expect.objectContaining({ name }),
    });
    expect(JSON.stringify(data)).not.toMatch(/password|argon2/i);
  });

  it('issues an HS256 JWT with sub, email, role, iss, exp, iat and nbf, valid for one hour', async () => {
    const { email, password } = await t.signUpAndConfirm();
    const { data } = (await login({ email, password })).json();
    expect(decodeProtectedHeader(data.access_token).alg).toBe('HS256');
    const claims = decodeJwt(data.access_token);
    expect(claims).toMatchObject({ sub: data.user.id, email, role: 'authenticated', iss: APP_URL });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.nbf).toBe(claims.iat);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(60);
    expect(claims.exp).toBe(data.expires_at);
  });

  it('opens a session that /api/auth/me recognises', async () => {
    const { email, password } = await t.signUpAndConfirm({ name: 'Me Myself' });
    const { data } = (await login({ email, password })).json();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(data.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: data.user.id, email, name: 'Me Myself' });
  });

  it('refuses missing fields and bad types with 400', async () => {
    for (const payload of [
      {},
      { email: 'a@b.co' },
      { email: 42, password: 'x' },
      { email: 'nope', password: 'x' },
    ]) {
      const res = await login(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
