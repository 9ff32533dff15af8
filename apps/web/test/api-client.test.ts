import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, dispositionFileName, MESSAGES, newIdempotencyKey } from '../src/lib/api-client.ts';
import { readSession, writeSession } from '../src/lib/session-store.ts';

function jwtExpiringIn(seconds: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `header.${payload}.signature`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function session(accessToken: string, refreshToken = 'refresh-1') {
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_at: 0,
    token_type: 'bearer' as const,
    user: {
      id: '00000000-0000-4000-8000-000000000000',
      athlete_id: '00000000-0000-4000-8000-0000000000a1',
      email: 'a@b.c',
      name: 'A',
      user_metadata: {},
      email_confirmed_at: null,
      created_at: '',
    },
  };
}

function client(responses: Array<Response | Error>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const sleeps: number[] = [];
  const api = createApiClient({
    baseUrl: '/api',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    fetch: async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      const next = responses.shift();
      if (!next) throw new Error('no more responses');
      if (next instanceof Error) throw next;
      return next;
    },
  });
  return { api, calls, sleeps };
}

afterEach(() => localStorage.clear());

describe('api client', () => {
  it('sends the bearer token and returns the parsed body', async () => {
    const token = jwtExpiringIn(3600);
    writeSession(session(token));
    const { api, calls } = client([json(200, { data: { ok: true } })]);
    await expect(api.request('GET /auth/me')).resolves.toEqual({ data: { ok: true } });
    expect(calls[0]?.url).toBe('/api/auth/me');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
  });

  it('omits empty query parameters', async () => {
    const { api, calls } = client([json(200, {})]);
    await api.request('GET /workout-planning/workouts', {
      query: { limit: 1, date_from: '', status: undefined },
      anonymous: true,
    });
    expect(calls[0]?.url).toBe('/api/workout-planning/workouts?limit=1');
  });

  it('retries 5xx three times with 1, 2 and 4 s backoff, then reports the server message', async () => {
    const { api, calls, sleeps } = client([
      json(503, {}),
      json(503, {}),
      json(503, {}),
      json(503, { message: 'Database unreachable' }),
    ]);
    await expect(api.request('GET /dashboard/summary', { anonymous: true })).rejects.toMatchObject({
      message: 'Database unreachable',
      status: 503,
    });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('retries network failures and then raises status 0 with the network flag', async () => {
    const { api, sleeps } = client([
      new TypeError('x'),
      new TypeError('x'),
      new TypeError('x'),
      new TypeError('x'),
    ]);
    const error = await api.request('GET /dashboard/summary', { anonymous: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: MESSAGES.network, isNetworkError: true });
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('uses the detail field, then a generic message, for other failures', async () => {
    const { api } = client([json(400, { detail: 'Bad date' }), new Response('', { status: 418 })]);
    await expect(api.request('GET /dashboard/summary', { anonymous: true })).rejects.toMatchObject({
      message: 'Bad date',
      status: 400,
    });
    await expect(api.request('GET /dashboard/summary', { anonymous: true })).rejects.toMatchObject({
      message: 'Request failed with status 418',
    });
  });

  it("rejects a success that isn't JSON with 'Invalid JSON response'", async () => {
    const { api } = client([new Response('<html>', { status: 200 })]);
    await expect(api.request('GET /dashboard/summary', { anonymous: true })).rejects.toMatchObject({
      message: 'Invalid JSON response',
    });
  });

  it('times out with status 408 and the spec message', async () => {
    const api = createApiClient({
      baseUrl: '/api',
      sleep: async () => {},
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    await expect(
      api.request('GET /dashboard/summary', { anonymous: true, timeoutMs: 10 }),
    ).rejects.toMatchObject({
      status: 408,
      message: 'Request timeout - server not responding',
      isNetworkError: true,
    });
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    writeSession(session(jwtExpiringIn(3600)));
    const fresh = jwtExpiringIn(3600);
    const { api, calls } = client([
      json(401, { message: 'expired' }),
      json(200, { data: session(fresh, 'refresh-2') }),
      json(200, { data: 'ok' }),
    ]);
    await expect(api.request('GET /auth/me')).resolves.toEqual({ data: 'ok' });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me', '/api/auth/refresh', '/api/auth/me']);
    expect((calls[2]!.init.headers as Record<string, string>).authorization).toBe(`Bearer ${fresh}`);
    expect(readSession()?.refresh_token).toBe('refresh-2');
  });

  it('clears the session and raises the auth error when the refresh fails', async () => {
    writeSession(session(jwtExpiringIn(3600)));
    const { api } = client([json(401, {}), json(401, { message: 'Invalid refresh token' })]);
    await expect(api.request('GET /auth/me')).rejects.toMatchObject({
      message: 'Authentication failed. Please log in again.',
      status: 401,
      isAuthError: true,
    });
    expect(readSession()).toBeNull();
  });

  it('refreshes before the call when under 5 minutes remain', async () => {
    writeSession(session(jwtExpiringIn(120)));
    const fresh = jwtExpiringIn(3600);
    const { api, calls } = client([json(200, { data: session(fresh, 'refresh-2') }), json(200, { data: 1 })]);
    await api.request('GET /auth/me');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/auth/me']);
  });

  it('shares one refresh between concurrent calls', async () => {
    writeSession(session(jwtExpiringIn(60)));
    const fresh = jwtExpiringIn(3600);
    const fetcher = vi.fn(async (url: string | URL | Request) =>
      String(url).endsWith('/auth/refresh')
        ? json(200, { data: session(fresh, 'r2') })
        : json(200, { data: 1 }),
    );
    const api = createApiClient({ baseUrl: '/api', sleep: async () => {}, fetch: fetcher });
    await Promise.all([
      api.request('GET /auth/me'),
      api.request('GET /athletes/me'),
      api.request('GET /dashboard/summary'),
    ]);
    expect(fetcher.mock.calls.filter(([url]) => String(url).endsWith('/auth/refresh'))).toHaveLength(1);
  });
});

describe('retries and idempotency keys', () => {
  const create = {
    title: 'Easy Run',
    workout_date: '2026-12-01',
    sport: 'run' as const,
    workout_language_text: '30min Z2',
  };
  const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

  it('never retries a POST without a key: one 5xx or network failure is one call', async () => {
    writeSession(session(jwtExpiringIn(3600)));
    const failing = client([json(503, { message: 'Unavailable', code: 'SERVICE_UNAVAILABLE' })]);
    await expect(
      failing.api.request('POST /workout-planning/parse-workout', {
        body: { workout_text: '30min Z2', sport: 'run' },
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(failing.calls).toHaveLength(1);
    expect(failing.sleeps).toEqual([]);

    const offline = client([new TypeError('Failed to fetch')]);
    await expect(
      offline.api.request('POST /auth/login', {
        body: { email: 'a@b.co', password: 'secret1' },
        anonymous: true,
      }),
    ).rejects.toMatchObject({ status: 0 });
    expect(offline.calls).toHaveLength(1);
  });

  it('retries a keyed create with the same Idempotency-Key on every attempt', async () => {
    writeSession(session(jwtExpiringIn(3600)));
    const { api, calls, sleeps } = client([
      new TypeError('Failed to fetch'),
      json(502, { message: 'Bad gateway', code: 'INTERNAL' }),
      json(201, { data: { id: 'w1' } }),
    ]);
    await expect(
      api.request('POST /workout-planning/workouts', { body: create, idempotencyKey: 'action-1' }),
    ).resolves.toEqual({ data: { id: 'w1' } });
    expect(calls.map((c) => header(c.init, 'idempotency-key'))).toEqual(['action-1', 'action-1', 'action-1']);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('retries PUT and DELETE, which cannot write twice', async () => {
    writeSession(session(jwtExpiringIn(3600)));
    const { api, calls } = client([
      json(500, { message: 'x', code: 'INTERNAL' }),
      json(200, { data: { id: 'p1', deleted: true } }),
    ]);
    await api.request('DELETE /training/plans/{id}', { params: { id: 'p1' } });
    expect(calls).toHaveLength(2);
    expect(header(calls[0]!.init, 'idempotency-key')).toBeUndefined();
  });

  it('makes fresh UUID keys', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('files through the api client', () => {
  it('uploads a form as multipart, leaving the content type to the browser', async () => {
    writeSession(session(jwtExpiringIn(3600)));
    const { api, calls } = client([json(201, { data: { id: 'w1' } })]);
    const form = new FormData();
    form.set('workout_date', '2026-12-01');
    await expect(
      api.request('POST /workout-planning/workouts/import', { body: form, idempotencyKey: 'k1' }),
    ).resolves.toEqual({ data: { id: 'w1' } });
    expect(calls[0]!.init.body).toBe(form);
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('downloads a file with the name from its content-disposition, and reads errors as JSON', async () => {
    writeSession(session(jwtExpiringIn(3600)));
    const file = new Response('<workout_file/>', {
      status: 200,
      headers: {
        'content-type': 'application/xml',
        'content-disposition': `attachment; filename="Tempo_5x3.zwo"; filename*=UTF-8''Tempo%20%C3%A9t%C3%A9.zwo`,
      },
    });
    const { api, calls } = client([file, json(400, { message: 'Swim workouts have no .zwo file' })]);
    const got = await api.download('GET /workout-planning/workouts/{workoutId}/export', {
      params: { workoutId: 'w 1' },
      query: { format: 'zwo' },
    });
    expect(calls[0]?.url).toBe('/api/workout-planning/workouts/w%201/export?format=zwo');
    expect(got.fileName).toBe('Tempo été.zwo');
    expect(await blobText(got.blob)).toBe('<workout_file/>');
    await expect(
      api.download('GET /workout-planning/workouts/{workoutId}/export', {
        params: { workoutId: 'w1' },
        query: { format: 'zwo' },
      }),
    ).rejects.toThrow('Swim workouts have no .zwo file');
  });

  it('falls back to the plain file name, then to a default', () => {
    expect(dispositionFileName('attachment; filename="Tempo.fit"', 'download')).toBe('Tempo.fit');
    expect(dispositionFileName(null, 'download')).toBe('download');
  });
});

/**
 * A Blob's text. Which Blob the test's Response gives depends on Vitest's pool: Node's (vmThreads, as the web
 * project runs: it has text(), and jsdom's FileReader refuses it) or jsdom's (forks: no text(), read through
 * FileReader).
 */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
