// What the production logger writes, captured from the real pino logger (lib/logger.ts): no password hashes or
// SQL parameters from failed queries, no credentials under the redacted keys, no tokens from request URLs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { humanLine, logFormat } from '../src/lib/human-log.ts';
import { loggerOptions, REDACTED, REDACTED_KEYS, redactUrl } from '../src/lib/logger.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { bearer, createTestApp, type TestApp, uniqueEmail } from './helpers.ts';

interface LogLine {
  msg?: string;
  req?: { url?: string };
  err?: Record<string, unknown> & { cause?: Record<string, unknown> };
  [key: string]: unknown;
}

const written: string[] = [];
const logText = () => written.join('');
const logLines = (): LogLine[] =>
  written.flatMap((chunk) =>
    chunk
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  );

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logger: loggerOptions({ level: 'info', stream: { write: (line: string) => void written.push(line) } }),
  });
});
afterAll(() => t.close());
beforeEach(() => {
  written.length = 0;
});

describe('database errors in the log', () => {
  it('a sign-up whose insert fails logs the database error without the password hash or any parameter', async () => {
    // A constraint that refuses this one name makes the users insert fail past validation, as a real database
    // fault would (the unique e-mail violation is answered 409 and not logged).
    await t.db.execute(
      sql.raw(`alter table users add constraint test_refused_name check (name <> 'Refused Name')`),
    );
    try {
      const email = uniqueEmail('refused');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Refused Name', email, password: 'correct horse battery' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });

      const line = logLines().find((l) => l.msg === 'unhandled error');
      expect(line?.err).toMatchObject({
        type: 'DrizzleQueryError',
        message: 'Failed query (parameters not logged)',
        cause: { code: '23514', constraint: 'test_refused_name', table: 'users' },
      });
      const text = logText();
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(email);
      expect(text).not.toContain('params');
      expect(text).not.toContain('correct horse battery');
    } finally {
      await t.db.execute(sql.raw('alter table users drop constraint test_refused_name'));
    }
  });

  it("a unique violation is logged with its code and constraint, not the row's values", async () => {
    const email = uniqueEmail('twice');
    const passwordHash = await hashPassword('another secret pw');
    await t.db.insert(users).values({ email, name: 'First', passwordHash });
    const err = await t.db
      .insert(users)
      .values({ email, name: 'Second', passwordHash })
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    t.app.log.error({ err }, 'insert failed');

    const line = logLines().find((l) => l.msg === 'insert failed');
    expect(line?.err?.cause).toMatchObject({ code: '23505', constraint: 'users_email_key', table: 'users' });
    expect(line?.err?.cause?.message).toContain('duplicate key value violates unique constraint');
    const text = logText();
    expect(text).not.toContain(passwordHash);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(email);
    // The driver's detail repeats the key's value: "Key (lower(email))=(…) already exists."
    expect(text).not.toContain('already exists');
  });
});

describe('redacted keys', () => {
  it('censors every listed key at the top of a line, in an error, its cause and detail, and in body and headers', () => {
    const secrets = (tag: string) =>
      Object.fromEntries(REDACTED_KEYS.map((key) => [key, `leak-${tag}-${key}`])) as Record<string, string>;
    const cause = Object.assign(new Error('inner'), secrets('cause'));
    const err = Object.assign(new Error('outer', { cause }), secrets('err'), { detail: secrets('detail') });
    t.app.log.info(
      {
        ...secrets('top'),
        err,
        body: secrets('body'),
        query: secrets('query'),
        headers: secrets('headers'),
        req: { headers: { authorization: 'Bearer leak-req', cookie: 'sid=leak-req' } },
        res: { headers: { 'set-cookie': 'sid=leak-res' } },
        harmless: 'kept',
      },
      'everything at once',
    );
    const text = logText();
    expect(text).not.toContain('leak-');
    const [line] = logLines();
    expect(line).toMatchObject({ password: REDACTED, harmless: 'kept' });
    expect(line?.err).toMatchObject({
      token: REDACTED,
      cause: { secret: REDACTED },
      detail: { hash: REDACTED },
    });
    expect(line?.req).toEqual({ headers: { authorization: REDACTED, cookie: REDACTED } });
  });
});

describe('request URLs in the log', () => {
  it("logs an e-mail confirmation link's path with the token's value redacted", async () => {
    const account = await t.signUp();
    const link = new URL(await t.latestLink(account.email, { contains: '/api/auth/confirm' }));
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(10);
    written.length = 0;

    const res = await t.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const session = res.json().data as { access_token: string };
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/auth/me?access_token=${session.access_token}&view=full`,
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(200);

    const urls = logLines().flatMap((l) => (l.req?.url ? [l.req.url] : []));
    expect(urls).toEqual([
      `/api/auth/confirm?token=${REDACTED}`,
      `/api/auth/me?access_token=${REDACTED}&view=full`,
    ]);
    expect(logText()).not.toContain(token);
    expect(logText()).not.toContain(session.access_token);
  });

  it('redacts the value of every credential-like parameter, whatever its case or encoding, and keeps the rest', () => {
    expect(redactUrl('/api/x')).toBe('/api/x');
    expect(redactUrl('/api/x?date=2026-01-05&days=7')).toBe('/api/x?date=2026-01-05&days=7');
    expect(redactUrl('/cb?code=abc&state=xyz&scope=read')).toBe(
      `/cb?code=${REDACTED}&state=${REDACTED}&scope=read`,
    );
    expect(redactUrl('/x?Refresh_Token=a&id_token=b&client_secret=c&X-Amz-Signature=d&api_key=e')).toBe(
      `/x?Refresh_Token=${REDACTED}&id_token=${REDACTED}&client_secret=${REDACTED}&X-Amz-Signature=${REDACTED}&api_key=${REDACTED}`,
    );
    expect(redactUrl('/x?t%6Fken=a&password=b&key=c&flag&token=')).toBe(
      `/x?t%6Fken=${REDACTED}&password=${REDACTED}&key=${REDACTED}&flag&token=${REDACTED}`,
    );
  });
});

describe('request lines', () => {
  it('writes one line per request, when it is answered, with its method, URL, status and time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    const lines = logLines().filter((l) => l.req?.url === '/api/auth/me');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET' },
      res: { statusCode: 401 },
    });
    expect(typeof lines[0]?.responseTime).toBe('number');
  });
});

describe('human lines (LOG_FORMAT=pretty)', () => {
  const at = new Date(2027, 2, 10, 7, 5, 9).getTime();

  it('reads a request as method, URL, status and milliseconds', () => {
    const json = JSON.stringify({
      level: 30,
      time: at,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/dashboard' },
      res: { statusCode: 200 },
      responseTime: 4.4,
    });
    expect(humanLine(json)).toBe('07:05:09 GET /api/dashboard 200 4 ms');
  });

  it('marks warnings and errors, and shows the error with the first frames of its stack', () => {
    expect(humanLine(JSON.stringify({ level: 40, time: at, msg: 'REDIS_URL is not set' }))).toBe(
      '07:05:09 WARN REDIS_URL is not set',
    );
    const stack = 'Error: boom\n    at one (a.ts:1)\n    at two (b.ts:2)';
    const line = humanLine(
      JSON.stringify({ level: 50, time: at, msg: 'job failed', err: { message: 'boom', stack } }),
    );
    expect(line).toBe('07:05:09 ERROR job failed: boom\n    at one (a.ts:1)\n    at two (b.ts:2)');
  });

  it("drops Fastify's listening lines (the app's own start line says where it is) and passes non-JSON through", () => {
    expect(
      humanLine(JSON.stringify({ level: 30, msg: 'Server listening at http://127.0.0.1:3000' })),
    ).toBeNull();
    expect(humanLine('plain text\n')).toBe('plain text');
  });

  it('is the default on a terminal only; LOG_FORMAT wins', () => {
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat(undefined, false)).toBe('json');
    expect(logFormat('json', true)).toBe('json');
  });
});
