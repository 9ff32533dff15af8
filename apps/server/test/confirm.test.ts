import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, bearer, createTestApp, type TestApp, uniqueEmail } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The path and query of a mailed link, for app.inject. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
const confirmJson = (link: string) =>
  t.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: 'application/json' } });
const confirmHtml = (link: string) =>
  t.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: 'text/html,application/xhtml+xml' } });

/** Follows a link as a browser does: the code from the landing page's fragment, and the cookie it was given. */
async function followInBrowser(link: string) {
  const res = await confirmHtml(link);
  const location = new URL(res.headers.location!, APP_URL);
  const code = new URLSearchParams(location.hash.slice(1)).get('code')!;
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { code, cookie };
}
const exchange = (code: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/confirm/exchange',
    payload: { code },
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe('the confirmation e-mail', () => {
  it('is one JSON line in the outbox with to, subject, text, html and sentAt', async () => {
    const { email } = await t.signUp({ name: 'Outbox Reader' });
    const mails = (await t.readOutbox()).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(Object.keys(mail).sort()).toEqual(['html', 'sentAt', 'subject', 'text', 'to']);
    expect(mail.subject).toBe('Confirm your Stamina account');
    expect(new Date(mail.sentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const link = await t.latestLink(email);
    expect(link.startsWith(`${APP_URL}/api/auth/confirm?token=`)).toBe(true);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link);
    // Every line of the file is a complete JSON document.
    const outboxLines = (await readFile(t.outboxPath, 'utf8')).trimEnd().split('\n');
    for (const line of outboxLines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('escapes the name in the HTML part', async () => {
    const { email } = await t.signUp({ name: '<b>Bold</b>' });
    const mail = (await t.readOutbox()).find((m) => m.to === email)!;
    expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Bold</b>');
  });
});

describe('GET /api/auth/confirm', () => {
  it('returns a session to a JSON client and confirms the address', async () => {
    const { email, password } = await t.signUp();
    const res = await confirmJson(await t.latestLink(email));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ token_type: 'bearer', user: { email } });
    expect(data.user.email_confirmed_at).toEqual(expect.any(String));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(data.access_token) });
    expect(me.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('redirects a browser to /confirm with a one-time code and a cookie, never with tokens in the URL', async () => {
    const { email } = await t.signUp();
    const res = await confirmHtml(await t.latestLink(email));
    expect(res.statusCode).toBe(302);
    const location = res.headers.location!;
    expect(location).toMatch(/^\/confirm#code=[\w-]+$/);
    expect(location).not.toMatch(/access_token|refresh_token/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^stamina_signin=[\w-]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/confirm/);
    // The address is confirmed by the link itself, before any code is exchanged.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('exchanges the code, with the cookie of the same browser, for a session once', async () => {
    const { email } = await t.signUp();
    const landing = await followInBrowser(await t.latestLink(email));
    const res = await exchange(landing.code, landing.cookie);
    expect(res.statusCode).toBe(200);
    const session = res.json().data;
    expect(session).toMatchObject({ token_type: 'bearer', user: { email } });
    expect(String(res.headers['set-cookie'])).toMatch(/^stamina_signin=;.*Max-Age=0/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(session.access_token),
    });
    expect(me.json().data.email).toBe(email);

    const again = await exchange(landing.code, landing.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_INVALID', message: expect.stringMatching(/log in/) });
  });

  it('refuses the code in a browser without the cookie (a link sent to someone else), and it stays usable', async () => {
    const { email } = await t.signUp();
    const landing = await followInBrowser(await t.latestLink(email));
    expect((await exchange(landing.code)).statusCode).toBe(400);
    expect((await exchange(landing.code, 'stamina_signin=forged')).statusCode).toBe(400);
    // A code someone else was handed does not sign that someone in; the browser that followed the link still can.
    expect((await exchange(landing.code, landing.cookie)).statusCode).toBe(200);
  });

  it('refuses a code older than 5 minutes', async () => {
    const { email } = await t.signUp();
    const landing = await followInBrowser(await t.latestLink(email));
    await t.db.execute(sql`
      update email_tokens set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = ${email}) and purpose = 'signin'`);
    const res = await exchange(landing.code, landing.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('LINK_INVALID');
  });

  it('refuses a missing or garbage code with 400', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/confirm/exchange', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect((await exchange('not-a-code', 'stamina_signin=nothing')).statusCode).toBe(400);
  });

  it('works once: a second use fails with 400, and a browser lands on /confirm?error=', async () => {
    const { email } = await t.signUp();
    const link = await t.latestLink(email);
    expect((await confirmJson(link)).statusCode).toBe(200);

    const again = await confirmJson(link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'TOKEN_USED',
      message: expect.stringMatching(/already been used/),
    });

    const browser = await confirmHtml(link);
    expect(browser.statusCode).toBe(302);
    const location = new URL(browser.headers.location!, APP_URL);
    expect(location.pathname).toBe('/confirm');
    expect(location.searchParams.get('error')).toBe('TOKEN_USED');
    expect(location.searchParams.get('message')).toEqual(expect.any(String));
    expect(location.hash).toBe('');
  });

  it('fails with 400 once the link has expired, and leaves the address unconfirmed', async () => {
    const { email, password } = await t.signUp();
    const link = await t.latestLink(email);
    await t.db.execute(sql`
      update email_tokens set expires_at = now() - interval '1 minute'
      where user_id = (select id from users where email = ${email}) and purpose = 'confirm'`);
    const res = await confirmJson(link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: expect.stringMatching(/expired/) });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(403);
  });

  it('fails with 400 for a garbage or missing token', async () => {
    for (const url of [
      '/api/auth/confirm?token=not-a-real-token',
      '/api/auth/confirm?token=',
      '/api/auth/confirm',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const url of ['/api/auth/confirm?token=not-a-real-token', '/api/auth/confirm']) {
      const browser = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(browser.statusCode, url).toBe(302);
      expect(browser.headers.location, url).toMatch(/^\/confirm\?error=/);
    }
  });

  it('opens one session when the same link is followed twice at once', async () => {
    const { email } = await t.signUp();
    const link = await t.latestLink(email);
    const responses = await Promise.all([0, 1, 2].map(() => confirmJson(link)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });
});

describe('POST /api/auth/resend-confirmation', () => {
  const resend = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/resend-confirmation', payload: { email } });

  it('answers the same 202 for a known and an unknown address', async () => {
    const { email } = await t.signUp();
    const known = await resend(email);
    const unknown = await resend(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().data.message).toEqual(expect.any(String));
  });

  it('sends no mail to an unknown address', async () => {
    const nobody = uniqueEmail('nobody');
    await resend(nobody);
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.readOutbox()).filter((m) => m.to === nobody)).toEqual([]);
  });

  it('sends a new link that works and retires the old one', async () => {
    const { email } = await t.signUp();
    const oldLink = await t.latestLink(email);
    expect((await resend(`  ${email.toUpperCase()} `)).statusCode).toBe(202);
    const newLink = await t.latestLink(email, { not: oldLink });
    expect(newLink).not.toBe(oldLink);

    const old = await confirmJson(oldLink);
    expect(old.statusCode).toBe(400);
    const fresh = await confirmJson(newLink);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.user.email).toBe(email);
  });

  it('sends nothing to an address that is already confirmed', async () => {
    const { email } = await t.signUpAndConfirm();
    const before = (await t.readOutbox()).filter((m) => m.to === email).length;
    expect((await resend(email)).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.readOutbox()).filter((m) => m.to === email)).toHaveLength(before);
  });
});
