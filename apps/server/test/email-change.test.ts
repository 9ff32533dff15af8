// Changing the e-mail in the profile (docs/profile.md, "Changing the email"): a link goes to the new address and
// the account moves only when it is followed; until then the old address signs in. A link works once; a newer
// request retires the older link; an address another account has gets its owner a notice and changes nothing;
// once the account moves, the old address is told.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp, uniqueEmail } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
const putProfile = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload });
const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json().data;
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
const follow = (link: string, accept = 'application/json') => {
  const url = new URL(link);
  return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { accept } });
};

describe('changing the e-mail address', () => {
  it('mails a link to the new address; the account moves only when it is followed', async () => {
    const { email: old, session } = await t.signUpAndConfirm({ password: PASSWORD });
    const token = session.access_token;
    const fresh = uniqueEmail('moved');

    const res = await putProfile(token, { email: `  ${fresh.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: old, pending_email: fresh });
    // Nothing changed yet: the old address is the account's and signs in; the new one does not.
    expect((await me(token)).email).toBe(old);
    expect((await login(old)).statusCode).toBe(200);
    expect((await login(fresh)).statusCode).toBe(401);

    const link = await t.latestLink(fresh, { contains: '/api/auth/confirm-email' });
    const mail = (await t.readOutbox()).find((m) => m.to === fresh)!;
    expect(mail.subject).toBe('Confirm your new Stamina e-mail address');
    // The link goes to the new address only.
    expect((await t.readOutbox()).filter((m) => m.text.includes(link)).map((m) => m.to)).toEqual([fresh]);

    const confirmed = await follow(link);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.message).toBe(`Your e-mail address is now ${fresh}. Use it to log in.`);
    expect((await me(token)).email).toBe(fresh);
    expect((await login(fresh)).statusCode).toBe(200);
    expect((await login(old)).statusCode).toBe(401);
    // The old address is told, naming the new one, with a way to act if it was not the owner.
    const notice = await vi.waitFor(async () => {
      const found = (await t.readOutbox()).find(
        (m) => m.to === old && m.subject === 'Your Stamina e-mail address was changed',
      );
      if (!found) throw new Error('no notice to the old address yet');
      return found;
    });
    expect(notice.text).toContain(fresh);
    expect(notice.text).toContain('/forgot-password');

    // The link works once.
    const again = await follow(link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_USED' });
  });

  it('a browser following the link lands on Settings → Profile with the outcome', async () => {
    const { session } = await t.signUpAndConfirm({ password: PASSWORD });
    const fresh = uniqueEmail('browser');
    await putProfile(session.access_token, { email: fresh });
    const link = await t.latestLink(fresh, { contains: '/api/auth/confirm-email' });
    const ok = await follow(link, 'text/html');
    expect(ok.statusCode).toBe(302);
    const target = new URL(ok.headers.location as string, 'http://localhost');
    expect(target.pathname).toBe('/settings/profile');
    expect(target.searchParams.get('email_change')).toBe('confirmed');

    const bad = await follow(`${link}x`, 'text/html');
    expect(bad.statusCode).toBe(302);
    const failed = new URL(bad.headers.location as string, 'http://localhost');
    expect(failed.searchParams.get('email_change')).toBe('failed');
    expect(failed.searchParams.get('message')).toMatch(/not valid/);
  });

  it('a newer request retires the older link; the same address changes nothing', async () => {
    const { email: old, session } = await t.signUpAndConfirm({ password: PASSWORD });
    const token = session.access_token;
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await putProfile(token, { email: first });
    const firstLink = await t.latestLink(first, { contains: '/api/auth/confirm-email' });
    await putProfile(token, { email: second });
    const secondLink = await t.latestLink(second, { contains: '/api/auth/confirm-email' });
    expect((await follow(firstLink)).statusCode).toBe(400);
    expect((await me(token)).email).toBe(old);
    expect((await follow(secondLink)).statusCode).toBe(200);
    expect((await me(token)).email).toBe(second);

    const same = await putProfile(token, { email: second, name: 'Same Address' });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ email: second, pending_email: null, name: 'Same Address' });
  });

  it("another account's address: the same answer, a notice to its owner, nothing changes", async () => {
    const owner = await t.signUpAndConfirm({ password: PASSWORD });
    const { email: old, session } = await t.signUpAndConfirm({ password: PASSWORD });
    const before = (await t.readOutbox()).length;
    const res = await putProfile(session.access_token, { email: owner.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: old, pending_email: owner.email });
    await t.latestLink(owner.email, { contains: '/login' });
    const sent = (await t.readOutbox()).slice(before);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [owner.email, 'Someone tried to use your e-mail address on Stamina'],
    ]);
    expect(sent[0]!.text).not.toContain('confirm-email');
    expect((await me(session.access_token)).email).toBe(old);
  });

  it('an address taken after the link was sent: 409, the old address kept', async () => {
    const { email: old, session } = await t.signUpAndConfirm({ password: PASSWORD });
    const wanted = uniqueEmail('raced');
    await putProfile(session.access_token, { email: wanted });
    const link = await t.latestLink(wanted, { contains: '/api/auth/confirm-email' });
    await t.signUpAndConfirm({ email: wanted, password: PASSWORD });
    const res = await follow(link);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/belongs to another account/);
    expect((await me(session.access_token)).email).toBe(old);
  });

  it('refuses an address that is not one, changing nothing', async () => {
    const { email: old, session } = await t.signUpAndConfirm({ password: PASSWORD });
    const res = await putProfile(session.access_token, { email: 'not-an-address', name: 'Changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/valid email/);
    expect(await me(session.access_token)).toMatchObject({ email: old, name: 'Test Athlete' });
  });
});
