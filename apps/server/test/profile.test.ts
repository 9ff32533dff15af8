import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const putProfile = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: bearer(token),
    payload: payload as object,
  });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('PUT /api/auth/profile', () => {
  it('updates the name and profile fields, and /me shows them', async () => {
    const { session } = await t.signUpAndConfirm({ name: 'Before' });
    const update = {
      name: '  After  ',
      birthday: '1990-04-12',
      gender: 'female',
      primarySports: ['running', 'cycling'],
      goalEvent: 'Marathon',
      goalDate: '2030-10-01',
      language: 'de',
      timezone: 'Europe/Berlin',
      units: 'imperial',
    };
    const res = await putProfile(session.access_token, update);
    expect(res.statusCode).toBe(200);
    const expected = {
      name: 'After',
      user_metadata: {
        name: 'After',
        birthday: '1990-04-12',
        gender: 'female',
        primarySports: ['running', 'cycling'],
        goalEvent: 'Marathon',
        goalDate: '2030-10-01',
        language: 'de',
        timezone: 'Europe/Berlin',
        units: 'imperial',
      },
    };
    expect(res.json().data).toMatchObject(expected);
    expect((await me(session.access_token)).json().data).toMatchObject(expected);
  });

  it('changes only the fields it is given, and null clears a field', async () => {
    const { session } = await t.signUpAndConfirm({ name: 'Partial' });
    await putProfile(session.access_token, { gender: 'male', goalEvent: '10K' });
    const res = await putProfile(session.access_token, { goalEvent: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Partial',
      user_metadata: { gender: 'male', goalEvent: null, units: 'metric' },
    });
  });

  it.each([
    ['a gender outside the list', { gender: 'robot' }, /gender/],
    ['an impossible date', { birthday: '1990-13-45' }, /birthday/],
    ['a date in another format', { goalDate: '01/10/2030' }, /goalDate/],
    ['an unknown sport', { primarySports: ['chess'] }, /primarySports/],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, /timezone/],
    ['units outside metric and imperial', { units: 'furlongs' }, /units/],
    ['a blank name', { name: '   ' }, /name/],
    ['an unknown field', { name: 'Ok', isAdmin: true }, /isAdmin|unrecognized|unknown/i],
    ['an empty body', {}, /at least one field/i],
  ])('refuses %s with 400 and changes nothing', async (_label, payload, message) => {
    const { session } = await t.signUpAndConfirm({ name: 'Unchanged' });
    const res = await putProfile(session.access_token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(res.json())).toMatch(message);
    expect((await me(session.access_token)).json().data).toMatchObject({
      name: 'Unchanged',
      user_metadata: { gender: null, birthday: null },
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { name: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['script-like', '<img src=x onerror=alert(1)>'],
    ['SQL-like', "'; drop table users; --"],
    ['quotes and unicode', `O'Brien "Zoë" \\ 🏃`],
  ])('stores and returns a %s name verbatim', async (_label, name) => {
    const { session } = await t.signUpAndConfirm();
    const res = await putProfile(session.access_token, { name });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe(name);
    expect((await me(session.access_token)).json().data.name).toBe(name);
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, session.user.id));
    expect(row!.name).toBe(name);
    // The users table is still there and still answers.
    expect((await t.db.select({ id: users.id }).from(users)).length).toBeGreaterThan(0);
  });

  it('accepts a script-like name at sign-up too', async () => {
    const name = '<script>alert("x")</script>';
    const { session } = await t.signUpAndConfirm({ name });
    expect(session.user.name).toBe(name);
    expect((await me(session.access_token)).json().data.name).toBe(name);
  });
});
