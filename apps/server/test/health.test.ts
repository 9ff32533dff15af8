import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_ALIVE_MS } from '../src/db/client.ts';
import { VERSION } from '../src/version.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** The suite runs on PostgreSQL when TEST_DATABASE_URL is set (test/helpers.ts), else on PGlite. */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/health', () => {
  it('answers ok with the database and the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'ok', version: VERSION } });
  });

  it('carries a request id and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // JSON is never rendered: the API's short policy forbids everything, framing included, and no caching.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('gives pages the app content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

// PGlite is one connection: before, the check's `select 1` waited behind the whole of an import's transaction.
// Now a transaction whose statements are answering counts as the database answering (db/client.ts); one that
// answers nothing gets no credit (docs/RELIABILITY.md, "Imports and the event loop").
describe('the health check while a transaction holds the database', () => {
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /**
   * A transaction of `ms` from its first statement's answer (`begun`), running a statement every 10 ms when
   * `busy`, else that one and then nothing; `ended` is when it committed.
   */
  const holding = (ms: number, busy: boolean) => {
    let begun: () => void = () => {};
    const started = new Promise<void>((resolve) => (begun = resolve));
    const ended = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      begun();
      const end = performance.now() + ms;
      while (performance.now() < end) {
        if (busy) await tx.execute(sql`select 1`);
        await pause(10);
      }
      return performance.now();
    });
    return { started, ended };
  };
  const health = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    return { res, at: performance.now() };
  };

  it('answers ok without waiting for an import-like transaction whose statements are answering', async () => {
    const transaction = holding(2_500, true);
    await transaction.started;
    await pause(300);
    const started = performance.now();
    const { res, at } = await health();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.database).toBe('ok');
    // Before: about 2.2 s, the rest of the transaction.
    expect(at - started).toBeLessThan(1_000);
    expect(at).toBeLessThan(await transaction.ended);
  });

  // Skipped on PostgreSQL (TEST_DATABASE_URL set): the check takes another connection of the pool there, so
  // there is nothing to wait for; PGlite has one connection.
  it.skipIf(ON_POSTGRES)(
    'waits for a transaction that has answered nothing for a while, on PGlite (one connection)',
    async () => {
      expect(t.database.kind).toBe('pglite');
      const transaction = holding(BUSY_ALIVE_MS + 1_000, false);
      await transaction.started;
      await pause(BUSY_ALIVE_MS + 300);
      const { res, at } = await health();
      expect(res.statusCode).toBe(200);
      expect(at).toBeGreaterThanOrEqual(await transaction.ended);
    },
  );
});

describe('unknown API paths and the API docs', () => {
  it('answers 404 JSON for an unknown /api path', async () => {
    for (const url of ['/api/nope', '/api/v1/unknown/deeper?x=1', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json();
      expect(body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
  });

  it('answers 404 JSON for an unknown method on a known path', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves an OpenAPI document that lists the auth endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Stamina API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/signup', '/api/v1/health']),
    );
    expect(doc.paths['/api/auth/login'].post).toBeDefined();
    expect(doc.paths['/api/auth/confirm/exchange'].post.requestBody).toBeDefined();
  });

  it('serves the browsable docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    // The UI lives under /api/docs/; the bare path either serves it or redirects there.
    expect([200, 302]).toContain(res.statusCode);
    const page =
      res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location! }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

// Last in the file: it closes the file's own database, which no test after it may need. A second app on a
// database of its own cost as much as the file's set-up (a database copied and opened, an app built) for one
// request (docs/performance.md, "CI time").
describe('GET /api/v1/health once the database is gone', () => {
  it('answers 503 with an error body', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
    expect(body.message).not.toMatch(/pool|pglite|stack/i);
    expect(body.data).toBeUndefined();
  });
});
