import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, bearer, createTestApp, type TestApp, uniqueEmail } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
const confirmReset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

/** Asks for a reset and returns the token from the mailed link. */
async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(202);
  const link = new URL(await t.latestLink(email, { contains: '/reset-password' }));
  expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/reset-password`);
  return link.searchParams.get('token')!;
}

describe('password reset', () => {
  it('answers the same 202 for a known and an unknown address', async () => {
    const { email } = await t.signUpAndConfirm();
    const known = await requestReset(email);
    const unknown = await requestReset(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
  });

  it('mails a link that sets the new password and ends every session', async () => {
    const { email, password, session } = await t.signUpAndConfirm();
    const second = (await login(email, password)).json().data;
    const token = await resetToken(email);
    const mail = (await t.readOutbox()).filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe('Reset your Stamina password');

    const res = await confirmReset(token, 'brand-new-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toEqual(expect.any(String));

    for (const s of [session, second]) {
      expect((await me(s.access_token)).statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: s.refresh_token },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    expect((await login(email, password)).statusCode).toBe(401);
    const fresh = await login(email, 'brand-new-password');
    expect(fresh.statusCode).toBe(200);
    expect((await me(fresh.json().data.access_token)).statusCode).toBe(200);
  });

  it('works once', async () => {
    const { email } = await t.signUpAndConfirm();
    const token = await resetToken(email);
    expect((await confirmReset(token, 'first-new-password')).statusCode).toBe(200);
    const again = await confirmReset(token, 'second-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_USED', message: expect.any(String) });
    expect((await login(email, 'second-new-password')).statusCode).toBe(401);
    expect((await login(email, 'first-new-password')).statusCode).toBe(200);
  });

  it('retires an older link when a newer one is sent', async () => {
    const { email } = await t.signUpAndConfirm();
    const older = await resetToken(email);
    expect((await requestReset(email)).statusCode).toBe(202);
    const newer = new URL(
      await t.latestLink(email, {
        contains: '/reset-password',
        not: `${APP_URL}/reset-password?token=${older}`,
      }),
    ).searchParams.get('token')!;
    expect((await confirmReset(older, 'older-link-password')).statusCode).toBe(400);
    expect((await confirmReset(newer, 'newer-link-password')).statusCode).toBe(200);
  });

  it('refuses an expired link with 400 and keeps the old password', async () => {
    const { email, password } = await t.signUpAndConfirm();
    const token = await resetToken(email);
    await t.db.execute(sql`
      update email_tokens set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = ${email}) and purpose = 'reset'`);
    const res = await confirmReset(token, 'too-late-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: expect.stringMatching(/expired/) });
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('refuses a garbage token and a short password with 400', async () => {
    const garbage = await confirmReset('not-a-reset-token', 'long-enough');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toEqual(expect.any(String));

    const { email, password } = await t.signUpAndConfirm();
    const token = await resetToken(email);
    const short = await confirmReset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/password/i);
    // The refused attempt did not use up the link, nor change the password.
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await confirmReset(token, 'long-enough')).statusCode).toBe(200);
  });

  it('lets an unconfirmed account in afterwards, since the link proves the mailbox', async () => {
    const { email, password } = await t.signUp();
    expect((await login(email, password)).statusCode).toBe(403);
    const token = await resetToken(email);
    expect((await confirmReset(token, 'after-reset-password')).statusCode).toBe(200);
    expect((await login(email, 'after-reset-password')).statusCode).toBe(200);
  });

  it('a confirmation link does not work as a reset link', async () => {
    const { email } = await t.signUp();
    const confirmToken = new URL(await t.latestLink(email)).searchParams.get('token')!;
    expect((await confirmReset(confirmToken, 'sneaky-password')).statusCode).toBe(400);
  });
});
