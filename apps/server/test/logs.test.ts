// The testing dashboard's request log (docs/testing-dashboard.md): each athlete sees their own requests only,
// as a list and as a live stream of server-sent events; the stream's token, sent in its query because
// EventSource cannot send headers, never reaches the server log; and the health of each area.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { LogLine } from '@stamina/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/lib/logger.ts';
import { bearer, createTestApp, REDIS_URL, redisAvailable, type TestApp } from './helpers.ts';

const written: string[] = [];
let t: TestApp;
let base: string;
let a: { token: string; athleteId: string };
let b: { token: string; athleteId: string };

beforeAll(async () => {
  t = await createTestApp({
    logger: loggerOptions({ level: 'info', stream: { write: (line: string) => void written.push(line) } }),
    logStreamHeartbeatMs: 100,
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = () => t.athlete();
  a = await signIn();
  b = await signIn();
}, 60_000);
afterAll(() => t.close());

async function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function recent(token: string, limit = 100): Promise<LogLine[]> {
  const res = await get(`/api/v1/logs/recent?limit=${limit}`, token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { lines: LogLine[] } }).data.lines;
}

interface Stream {
  status: number;
  body: () => string;
  lines: () => LogLine[];
  ended: Promise<void>;
  waitFor: (done: (stream: Stream) => boolean, what: string) => Promise<void>;
  close: () => void;
}

/** Opens GET /api/v1/logs/stream as EventSource would (over the network: a stream never ends for inject). */
function openStream(query: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/v1/logs/stream${query}`, {
      headers: { accept: 'text/event-stream' },
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      const stream: Stream = {
        status: res.statusCode ?? 0,
        body: () => text,
        lines: () =>
          text
            .split('\n\n')
            .map((block) => block.split('\n'))
            .filter((fields) => fields.some((f) => f.startsWith('id: ')))
            .map((fields) => JSON.parse(fields.find((f) => f.startsWith('data: '))!.slice(6)) as LogLine),
        ended,
        async waitFor(done, what) {
          const deadline = Date.now() + 5_000;
          while (!done(stream)) {
            if (Date.now() > deadline) throw new Error(`stream: no ${what} in ${JSON.stringify(text)}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        },
        close: () => req.destroy(),
      };
      resolve(stream);
    });
    req.end();
  });
}

describe('GET /api/v1/logs/recent', () => {
  it("lists the caller's own requests newest first: method, path without query, status, duration, request id", async () => {
    const own = await get('/api/workout-planning/workouts?status=planned&token=not-for-the-log', a.token);
    const missing = await get('/api/workout-planning/workouts/00000000-0000-4000-8000-000000000000', a.token);
    const lines = await recent(a.token, 20);
    expect(lines[0]).toMatchObject({
      request_id: missing.headers['x-request-id'],
      method: 'GET',
      path: '/api/workout-planning/workouts/00000000-0000-4000-8000-000000000000',
      status: 404,
    });
    expect(lines[1]).toMatchObject({
      request_id: own.headers['x-request-id'],
      method: 'GET',
      path: '/api/workout-planning/workouts',
      status: 200,
    });
    expect(lines[1]!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(lines[1]!.time)).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(lines[1]!).sort()).toEqual([
      'duration_ms',
      'method',
      'path',
      'request_id',
      'status',
      'time',
    ]);
    expect(JSON.stringify(lines)).not.toContain('not-for-the-log');
  });

  it("never shows one athlete another's requests", async () => {
    const byA = await get('/api/auth/me', a.token);
    const byB = await get('/api/auth/me', b.token);
    const aIds = (await recent(a.token)).map((l) => l.request_id);
    const bIds = (await recent(b.token)).map((l) => l.request_id);
    expect(aIds).toContain(byA.headers['x-request-id']);
    expect(bIds).toContain(byB.headers['x-request-id']);
    expect(aIds).not.toContain(byB.headers['x-request-id']);
    expect(bIds).not.toContain(byA.headers['x-request-id']);
    expect(aIds.filter((id) => bIds.includes(id))).toEqual([]);
  });

  it('keeps the last 100 and answers 20, 50 or 100 of them', async () => {
    const { session } = await t.signUpAndConfirm();
    for (let i = 0; i < 110; i++) await get('/api/auth/me', session.access_token);
    expect(await recent(session.access_token, 20)).toHaveLength(20);
    expect(await recent(session.access_token, 50)).toHaveLength(50);
    expect(await recent(session.access_token, 100)).toHaveLength(100);
    const fallback = await get('/api/v1/logs/recent', session.access_token);
    expect(fallback.json().data.lines).toHaveLength(20);
  });

  it('refuses other list sizes with a message, and anonymous callers', async () => {
    for (const limit of ['7', '101', 'all']) {
      const res = await get(`/api/v1/logs/recent?limit=${limit}`, a.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('limit must be 20, 50 or 100');
    }
    const anonymous = await get('/api/v1/logs/recent');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/v1/logs/stream', () => {
  it("streams the caller's own new requests, and only theirs", async () => {
    const streamA = await openStream(`?token=${a.token}`);
    const streamB = await openStream(`?token=${b.token}`);
    try {
      expect(streamA.status).toBe(200);
      const byA = await get('/api/auth/me', a.token);
      const byB = await get('/api/athletes/me', b.token);
      const idA = byA.headers['x-request-id'];
      const idB = byB.headers['x-request-id'];
      await streamA.waitFor((s) => s.lines().some((l) => l.request_id === idA), "A's request");
      await streamB.waitFor((s) => s.lines().some((l) => l.request_id === idB), "B's request");
      expect(streamA.lines().find((l) => l.request_id === idA)).toMatchObject({
        method: 'GET',
        path: '/api/auth/me',
        status: 200,
      });
      expect(streamA.lines().map((l) => l.request_id)).not.toContain(idB);
      expect(streamB.lines().map((l) => l.request_id)).not.toContain(idA);
      // Heartbeats keep the connection open between requests.
      await streamA.waitFor((s) => s.body().includes(': heartbeat'), 'heartbeat');
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  it('answers 401 with the spec text to a missing, forged or revoked token', async () => {
    for (const query of ['', '?token=', '?token=not.a.token', `?token=${a.token}x`]) {
      const res = await get(`/api/v1/logs/stream${query}`);
      expect(res.statusCode, query).toBe(401);
      expect(res.json().message, query).toMatch(/^Log stream connection error: /);
    }
    // The bearer header is not how the stream signs in.
    const withHeader = await get('/api/v1/logs/stream', a.token);
    expect(withHeader.statusCode).toBe(401);
    expect(withHeader.json().code).toBe('UNAUTHORIZED');
  });

  it('ends when the session is signed out', async () => {
    const { session } = await t.signUpAndConfirm();
    const stream = await openStream(`?token=${session.access_token}`);
    expect(stream.status).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.access_token),
    });
    expect(out.statusCode).toBeLessThan(300);
    await stream.ended;
    expect(stream.body()).toContain('event: session-ended');
    const again = await get(`/api/v1/logs/stream?token=${session.access_token}`);
    expect(again.statusCode).toBe(401);
  });

  it('stops sending to a closed connection and lets the athlete open another', async () => {
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await openStream(`?token=${a.token}`));
    const sixth = await get(`/api/v1/logs/stream?token=${a.token}`);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toContain('Too many log streams');
    for (const s of streams) s.close();
    await Promise.all(streams.map((s) => s.ended));
    // The server notices the closed connections and frees their places.
    const deadline = Date.now() + 5_000;
    let reopened: Stream | undefined;
    while (!reopened) {
      const s = await openStream(`?token=${a.token}`);
      if (s.status === 200) reopened = s;
      else if (Date.now() > deadline) throw new Error('closed streams were not freed');
      else await new Promise((r) => setTimeout(r, 50));
    }
    reopened.close();
  });

  it('never writes the access token from the query to the log', async () => {
    const stream = await openStream(`?token=${a.token}`);
    await get('/api/auth/me', a.token);
    await stream.waitFor((s) => s.lines().length > 0, 'line');
    stream.close();
    await get(`/api/v1/logs/stream?token=${b.token}x`);
    await stream.ended;
    const log = written.join('');
    expect(log).toContain('/api/v1/logs/stream?token=[REDACTED]');
    const [header, payload, signature] = a.token.split('.');
    expect(log).not.toContain(a.token);
    expect(log).not.toContain(`${payload}`);
    expect(log).not.toContain(`${signature}`);
    expect(log).not.toContain(`${b.token.split('.')[2]}`);
    expect(header).toBeTruthy();
  });
});

describe('GET /api/v1/health/areas', () => {
  it('checks the database, job queue, file store, mail and Redis, signed in only', async () => {
    expect((await get('/api/v1/health/areas')).statusCode).toBe(401);
    const res = await get('/api/v1/health/areas', a.token);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.status).toBe('ok');
    const byArea = Object.fromEntries(
      body.areas.map((x: { area: string; status: string }) => [x.area, x.status]),
    );
    expect(byArea).toEqual({ database: 'ok', jobs: 'ok', files: 'ok', mail: 'ok', redis: 'not_configured' });
  });

  it('reports an area that fails as down, without the reason of a driver', async () => {
    const broken = await createTestApp({
      fileStore: {
        put: async () => {
          throw new Error('EACCES: permission denied, open /secret/path');
        },
        get: async () => Buffer.from(''),
        delete: async () => {},
        putStream: async () => 0,
        getStream: async () => {
          throw new Error('unused');
        },
        size: async () => 0,
        getRangeStream: async () => {
          throw new Error('unused');
        },
        deleteUnder: async () => {},
        list: async () => [],
      },
    });
    try {
      const { session } = await broken.signUpAndConfirm();
      const res = await broken.app.inject({
        method: 'GET',
        url: '/api/v1/health/areas',
        headers: bearer(session.access_token),
      });
      const body = res.json().data;
      expect(res.statusCode).toBe(200);
      expect(body.status).toBe('degraded');
      const files = body.areas.find((x: { area: string }) => x.area === 'files');
      expect(files).toMatchObject({ status: 'down', detail: 'check failed' });
      expect(res.body).not.toContain('/secret/path');
    } finally {
      await broken.close();
    }
  });
});

describe.runIf(await redisAvailable(REDIS_URL))('GET /api/v1/health/areas with Redis', () => {
  it('checks Redis when REDIS_URL is set', async () => {
    const redis = new Redis(REDIS_URL);
    const withRedis = await createTestApp({ redis });
    try {
      const { session } = await withRedis.signUpAndConfirm();
      const res = await withRedis.app.inject({
        method: 'GET',
        url: '/api/v1/health/areas',
        headers: bearer(session.access_token),
      });
      const redisArea = res.json().data.areas.find((x: { area: string }) => x.area === 'redis');
      expect(redisArea).toMatchObject({ status: 'ok', detail: 'Answered PING' });
    } finally {
      await withRedis.close();
      redis.disconnect();
    }
  });
});
