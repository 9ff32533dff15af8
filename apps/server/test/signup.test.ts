import { DEFAULT_WIDGET_CONFIG } from '@stamina/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athletes, users } from '../src/db/schema/index.ts';
import { APP_URL, createTestApp, type TestApp, uniqueEmail } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countUsers = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

const signup = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object });

describe('POST /api/auth/signup', () => {
  it('creates the user and an athlete row with the spec defaults', async () => {
    const email = uniqueEmail();
    const res = await signup({ name: 'Ada Runner', email, password: 'secret1' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.message).toBe('Check your email for the confirmation link!');
    expect(data.user).toMatchObject({ email, name: 'Ada Runner', email_confirmed_at: null });

    const [row] = await t.db
      .select({ athlete: athletes })
      .from(athletes)
      .innerJoin(users, eq(users.id, athletes.authUserId))
      .where(eq(users.id, data.user.id));
    expect(row).toBeDefined();
    expect(row!.athlete.authUserId).toBe(data.user.id);
    expect(row!.athlete.layoutStyle).toBe('minimal');
    expect(row!.athlete.widgetConfig).toEqual(DEFAULT_WIDGET_CONFIG);
    expect(row!.athlete.onboardingComplete).toBe(false);
  });

  it('never stores the password in clear', async () => {
    const email = uniqueEmail();
    await signup({ name: 'Hash Check', email, password: 'plain-text-pw' });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).not.toContain('plain-text-pw');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('trims and lower-cases the e-mail address', async () => {
    const local = uniqueEmail('Mixed.Case');
    const res = await signup({ name: 'Case', email: `  ${local.toUpperCase()}  `, password: 'secret1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.email).toBe(local.toLowerCase());
  });

  it('answers a known address, whatever its case and spacing, exactly like a new one, and stores nothing', async () => {
    const email = uniqueEmail();
    const first = await signup({ name: 'First', email, password: 'secret1', timezone: 'Europe/Paris' });
    expect(first.statusCode).toBe(201);
    const before = await countUsers();
    const again = await signup({
      name: 'Second',
      email: ` ${email.toUpperCase()} `,
      password: 'secret2',
      timezone: 'Europe/Paris',
    });
    expect(again.statusCode).toBe(201);
    expect(await countUsers()).toBe(before);

    // Same shape and same values, but for what a new account would differ in anyway (its ids, time, name).
    const shapeOf = (body: { data: { user: Record<string, unknown> } }) => {
      const { id, athlete_id, created_at, name, user_metadata, ...rest } = body.data.user;
      const { name: _metaName, ...metadata } = user_metadata as Record<string, unknown>;
      return { ...body, data: { ...body.data, user: { ...rest, user_metadata: metadata } } };
    };
    expect(shapeOf(again.json())).toEqual(shapeOf(first.json()));
    const user = again.json().data.user;
    expect(user).toMatchObject({ email, name: 'Second', user_metadata: { name: 'Second' } });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.id).not.toBe(first.json().data.user.id);
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(first.headers).sort());
  });

  it('tells the owner of a confirmed address by e-mail, with the way to log in', async () => {
    const { email, password } = await t.signUpAndConfirm({ name: 'Owner Olga' });
    await signup({ name: 'Intruder', email, password: 'other-password' });
    const link = await t.latestLink(email, { contains: '/login' });
    expect(link).toBe(`${APP_URL}/login`);
    const mail = (await t.readOutbox()).filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(mail.text).toContain('Hi Owner Olga');
    expect(mail.text).not.toContain('Intruder');
    expect(mail.text).toContain(`${APP_URL}/forgot-password`);
    expect(mail.text).not.toContain('/api/auth/confirm');
    // The account is untouched: the old password still works, the new one does not.
    const login = (pw: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: pw } });
    expect((await login(password)).statusCode).toBe(200);
    expect((await login('other-password')).statusCode).toBe(401);
  });

  it('sends the owner of an unconfirmed address a new confirmation link that works', async () => {
    const { email } = await t.signUp();
    const oldLink = await t.latestLink(email);
    await signup({ name: 'Again', email, password: 'secret1' });
    const newLink = await t.latestLink(email, { contains: '/api/auth/confirm', not: oldLink });
    const mail = (await t.readOutbox()).filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe('Someone tried to sign up with your e-mail address');
    const res = await t.app.inject({
      method: 'GET',
      url: new URL(newLink).pathname + new URL(newLink).search,
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('takes about as long for a known address as for a new one (a password is hashed either way)', async () => {
    const known = uniqueEmail('timing');
    await signup({ name: 'Known', email: known, password: 'secret1' });
    const timed = async (email: string) => {
      const start = performance.now();
      await signup({ name: 'Timing', email, password: 'secret1' });
      return performance.now() - start;
    };
    // Interleaved, so that a busy machine slows both kinds alike.
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < 7; i++) {
      fresh.push(await timed(uniqueEmail('timing')));
      taken.push(await timed(known));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[3]!;
    // Skipping the hash would make a known address several times faster than the argon2 cost of a new one.
    expect(median(taken)).toBeGreaterThan(median(fresh) * 0.5);
  });

  describe('bad input answers a 4xx with a message and stores nothing', () => {
    const cases: {
      name: string;
      send: () => ReturnType<typeof signup>;
      status: number;
      code?: string;
      field?: RegExp;
    }[] = [
      {
        name: 'password shorter than 6 characters',
        send: () => signup({ name: 'Short', email: uniqueEmail(), password: '12345' }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: /password/i,
      },
      {
        name: 'missing name',
        send: () => signup({ email: uniqueEmail(), password: 'secret1' }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: /name/i,
      },
      {
        name: 'blank name',
        send: () => signup({ name: '   ', email: uniqueEmail(), password: 'secret1' }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: /name/i,
      },
      {
        name: 'invalid e-mail address',
        send: () => signup({ name: 'Bad', email: 'not-an-address', password: 'secret1' }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: /email/i,
      },
      {
        name: 'wrong types',
        send: () => signup({ name: 42, email: ['a@b.c'], password: true }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'a JSON array instead of an object',
        send: () => signup([{ name: 'x', email: uniqueEmail(), password: 'secret1' }]),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        name: 'malformed JSON',
        send: () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/signup',
            headers: { 'content-type': 'application/json' },
            payload: '{"name": "x", "email": ',
          }),
        status: 400,
        code: 'INVALID_JSON',
      },
      {
        name: 'an empty JSON body',
        send: () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/signup',
            headers: { 'content-type': 'application/json' },
            payload: '',
          }),
        status: 400,
      },
      {
        name: 'text/plain',
        send: () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/signup',
            headers: { 'content-type': 'text/plain' },
            payload: JSON.stringify({ name: 'Plain', email: uniqueEmail(), password: 'secret1' }),
          }),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'a form body',
        send: () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/signup',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: `name=Form&email=${uniqueEmail()}&password=secret1`,
          }),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'a body over 1 MB',
        send: () =>
          signup({
            name: 'Big',
            email: uniqueEmail(),
            password: 'secret1',
            padding: 'x'.repeat(1024 * 1024 + 10),
          }),
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
    ];

    for (const c of cases) {
      it(c.name, async () => {
        const before = await countUsers();
        const res = await c.send();
        expect(res.statusCode).toBe(c.status);
        const body = res.json();
        expect(body.message).toEqual(expect.any(String));
        expect(body.message.length).toBeGreaterThan(0);
        if (c.code) expect(body.code).toBe(c.code);
        if (c.field) expect(body.message).toMatch(c.field);
        expect(await countUsers()).toBe(before);
      });
    }
  });

  it('creates one account when sign-ups with one address race each other', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        signup({ name: `Racer ${i}`, email: i % 2 ? email.toUpperCase() : email, password: 'secret1' }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
