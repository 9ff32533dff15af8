import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', ...(token ? { headers: bearer(token) } : {}) });
const refresh = (refresh_token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });

/** Moves the use of every used refresh token of the user out of the grace window. */
const usedLongAgo = (userId: string) =>
  t.db.execute(sql`
    update refresh_tokens set used_at = now() - interval '1 minute'
    where used_at is not null
      and session_id in (select id from auth_sessions where user_id = ${userId})`);

describe('POST /api/auth/refresh', () => {
  it('returns a new token pair that works', async () => {
    const { session } = await t.signUpAndConfirm();
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.token_type).toBe('bearer');
    expect(data.refresh_token).not.toBe(session.refresh_token);
    expect(data.user.id).toBe(session.user.id);
    expect((await me(data.access_token)).statusCode).toBe(200);
    // Rotation goes on: the new refresh token works once too.
    expect((await refresh(data.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back after the grace window', async () => {
    const { session } = await t.signUpAndConfirm();
    const first = (await refresh(session.refresh_token)).json().data;
    await usedLongAgo(session.user.id);

    const replay = await refresh(session.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'TOKEN_INVALID', message: expect.any(String) });

    // The legitimate holder of the newer token is signed out as well.
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await me(first.access_token)).statusCode).toBe(401);
    expect((await me(session.access_token)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alone', async () => {
    const { email, password, session } = await t.signUpAndConfirm();
    const other = (
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
    ).json().data;
    await refresh(session.refresh_token);
    await usedLongAgo(session.user.id);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('answers five parallel refreshes with one token with the same successor, and the session stays valid', async () => {
    const { session } = await t.signUpAndConfirm();
    const responses = await Promise.all([0, 1, 2, 3, 4].map(() => refresh(session.refresh_token)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const pairs = responses.map((r) => r.json().data);
    const successor = pairs[0].refresh_token;
    expect(successor).not.toBe(session.refresh_token);
    for (const pair of pairs) {
      expect(pair.refresh_token).toBe(successor);
      expect((await me(pair.access_token)).statusCode).toBe(200);
    }
    // One rotation was stored, not five.
    const stored = await t.db.execute(sql`
      select count(*)::int as n from refresh_tokens
      where session_id in (select id from auth_sessions where user_id = ${session.user.id})`);
    expect(Number((stored as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(2);
    // The successor rotates on as usual.
    const next = await refresh(successor);
    expect(next.statusCode).toBe(200);
    expect((await me(next.json().data.access_token)).statusCode).toBe(200);
  });

  it('still revokes the family when the parent comes back after the window, even after a grace answer', async () => {
    const { session } = await t.signUpAndConfirm();
    const first = (await refresh(session.refresh_token)).json().data;
    const again = await refresh(session.refresh_token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.refresh_token).toBe(first.refresh_token);

    await usedLongAgo(session.user.id);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await me(first.access_token)).statusCode).toBe(401);
  });

  it('treats the parent as reused within the window once its successor has been rotated too', async () => {
    const { session } = await t.signUpAndConfirm();
    const first = (await refresh(session.refresh_token)).json().data;
    const second = (await refresh(first.refresh_token)).json().data;
    const replay = await refresh(session.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const { session } = await t.signUpAndConfirm();
    await t.db.execute(sql`
      update refresh_tokens set expires_at = now() - interval '1 second'
      where session_id in (select id from auth_sessions where user_id = ${session.user.id})`);
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/i);
  });

  it('refuses an unknown refresh token and a missing one', async () => {
    expect((await refresh('not-a-refresh-token')).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: its access and refresh tokens stop working', async () => {
    const { session } = await t.signUpAndConfirm();
    expect((await me(session.access_token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('You have been successfully signed out.');
    expect((await me(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/auth/me refuses bad access tokens with 401', () => {
  it('accepts the real token (the control)', async () => {
    const { session } = await t.signUpAndConfirm({ name: 'Control' });
    const res = await me(session.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: session.user.id, name: 'Control' });
  });

  it('no token, or a header that is not a bearer token', async () => {
    expect((await me()).statusCode).toBe(401);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(401);
    expect((await me('garbage')).statusCode).toBe(401);
  });

  it('a token signed with another secret', async () => {
    const { session } = await t.signUpAndConfirm();
    const claims = decodeJwt(session.access_token);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const res = await me(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_INVALID', message: expect.any(String) });
  });

  it('an expired token signed with the right secret', async () => {
    const { session } = await t.signUpAndConfirm();
    const claims = decodeJwt(session.access_token);
    const signedAt = (iat: number) =>
      new SignJWT({ ...claims, iat, nbf: iat, exp: iat + 3600 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(t.jwtSecret));
    const now = Math.floor(Date.now() / 1000);
    // Same claims and key with fresh times pass, so only the expiry explains the 401.
    expect((await me(await signedAt(now))).statusCode).toBe(200);
    expect((await me(await signedAt(now - 7200))).statusCode).toBe(401);
  });

  it('an alg "none" token', async () => {
    const { session } = await t.signUpAndConfirm();
    const claims = decodeJwt(session.access_token);
    const unsigned = new UnsecuredJWT(claims).encode();
    expect(unsigned.split('.')[2]).toBe('');
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it('a token signed with the right secret under another algorithm (HS384, HS512)', async () => {
    const { session } = await t.signUpAndConfirm();
    const claims = decodeJwt(session.access_token);
    for (const alg of ['HS384', 'HS512']) {
      const other = await new SignJWT(claims)
        .setProtectedHeader({ alg, typ: 'JWT' })
        .sign(new TextEncoder().encode(t.jwtSecret));
      expect((await me(other)).statusCode, alg).toBe(401);
    }
  });

  it('a token whose header names an asymmetric algorithm over the HMAC signature (algorithm confusion)', async () => {
    const { session } = await t.signUpAndConfirm();
    const [, payload, signature] = session.access_token.split('.');
    for (const alg of ['RS256', 'ES256', 'none']) {
      const header = Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
      expect((await me(`${header}.${payload}.${signature}`)).statusCode, alg).toBe(401);
    }
  });

  it('a token that is not yet valid (nbf and iat in the future)', async () => {
    const { session } = await t.signUpAndConfirm();
    const claims = decodeJwt(session.access_token);
    const later = Math.floor(Date.now() / 1000) + 3600;
    const early = await new SignJWT({ ...claims, iat: later, nbf: later, exp: later + 3600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(t.jwtSecret));
    expect((await me(early)).statusCode).toBe(401);
  });

  it('a token with its claims changed after signing', async () => {
    const { session } = await t.signUpAndConfirm();
    const other = await t.signUpAndConfirm();
    const [header, , signature] = session.access_token.split('.');
    const claims = { ...decodeJwt(session.access_token), sub: other.session.user.id };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await me(tampered)).statusCode).toBe(401);
  });

  it('a refresh token presented as an access token, and a token of a signed-out session on a data read', async () => {
    const { session } = await t.signUpAndConfirm();
    expect((await me(session.refresh_token)).statusCode).toBe(401);
    const workouts = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/workout-planning/workouts',
        headers: bearer(session.access_token),
      });
    expect((await workouts()).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.access_token),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await workouts()).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('a token from another issuer', async () => {
    const { session } = await t.signUpAndConfirm();
    const claims = decodeJwt(session.access_token);
    const foreign = await new SignJWT({ ...claims, iss: 'https://evil.example' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(t.jwtSecret));
    expect((await me(foreign)).statusCode).toBe(401);
    expect(claims.iss).toBe(APP_URL);
  });
});
