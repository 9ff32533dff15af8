// The service worker's API cache rules (src/sw/api-cache.ts), run outside a worker.
import { describe, expect, it } from 'vitest';
import {
  apiCacheKey,
  apiCachePlugin,
  ENTRY_HEADERS,
  isCachedApiRead,
  OFFLINE_COPY_HEADER,
} from '../src/sw/api-cache.ts';

const ORIGIN = 'https://stamina.test';
const HOUR = 3_600_000;

function tokenFor(sub: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub, exp: 1 })}.signature`;
}

function read(path: string, sub: string | null = 'athlete-1', method = 'GET'): Request {
  return new Request(`${ORIGIN}/api${path}`, {
    method,
    headers: sub ? { authorization: `Bearer ${tokenFor(sub)}` } : {},
  });
}

function fakeCache() {
  const deleted: string[] = [];
  const remove = async (key: string) => {
    deleted.push(key);
    return true;
  };
  return { deleted, open: async () => ({ delete: remove }) };
}

describe('which requests the worker keeps', () => {
  it('keeps signed-in reads of listed data and nothing else', () => {
    expect(isCachedApiRead(read('/dashboard/summary'), ORIGIN)).toBe(true);
    expect(isCachedApiRead(read('/workout-planning/calendar?start=2026-01-01'), ORIGIN)).toBe(true);
    expect(isCachedApiRead(read('/dashboard/summary', null), ORIGIN)).toBe(false);
    expect(isCachedApiRead(read('/workout-planning/workouts', 'a', 'POST'), ORIGIN)).toBe(false);
    expect(isCachedApiRead(read('/v1/logs/stream'), ORIGIN)).toBe(false);
    expect(isCachedApiRead(new Request('https://other.test/api/dashboard/summary'), ORIGIN)).toBe(false);
  });

  it('never answers a read asked fresh (an offline write’s check) from its saved copy', () => {
    const fresh = read('/metrics?start_date=2026-11-29&end_date=2026-11-29');
    expect(isCachedApiRead(fresh, ORIGIN)).toBe(true);
    const asked = new Request(fresh.url, {
      headers: { authorization: fresh.headers.get('authorization')!, 'cache-control': 'no-cache' },
    });
    expect(isCachedApiRead(asked, ORIGIN)).toBe(false);
  });

  it('gives each athlete their own copy of a URL', () => {
    const one = apiCacheKey(read('/dashboard/summary?x=1', 'athlete-1'));
    const two = apiCacheKey(read('/dashboard/summary?x=1', 'athlete-2'));
    expect(one).not.toBe(two);
    expect(decodeURIComponent(one)).toBe(`${ORIGIN}/api-cache/athlete-1_/api/dashboard/summary?x=1`);
    // A key is its own key.
    expect(apiCacheKey(new Request(one))).toBe(one);
  });
});

describe('entries', () => {
  it('are saved with timestamp, expiry (the read’s lifetime) and version 1.0.0', async () => {
    const plugin = apiCachePlugin(fakeCache().open, () => 1_000);
    const saved = await plugin.cacheWillUpdate({
      request: read('/workout-planning/calendar'),
      response: new Response('{"data":[]}', { status: 200 }),
    });
    expect(saved?.headers.get(ENTRY_HEADERS.timestamp)).toBe('1000');
    expect(saved?.headers.get(ENTRY_HEADERS.expiresAt)).toBe(String(1_000 + 2 * HOUR));
    expect(saved?.headers.get(ENTRY_HEADERS.version)).toBe('1.0.0');
    expect(await saved?.text()).toBe('{"data":[]}');
  });

  it('are not saved for an error answer', async () => {
    const plugin = apiCachePlugin(fakeCache().open, () => 1_000);
    const saved = await plugin.cacheWillUpdate({
      request: read('/dashboard/summary'),
      response: new Response('{}', { status: 500 }),
    });
    expect(saved).toBeNull();
  });

  it('answer until they expire; then they are a miss and are removed', async () => {
    let now = 0;
    const cache = fakeCache();
    const plugin = apiCachePlugin(cache.open, () => now);
    const request = read('/analytics/achievements');
    const saved = await plugin.cacheWillUpdate({ request, response: new Response('{"data":1}') });
    now = 15 * 60_000 - 1;
    const used = await plugin.cachedResponseWillBeUsed({ request, cachedResponse: saved?.clone() });
    expect(await used?.text()).toBe('{"data":1}');
    // The page learns that it was answered from the cache, so it shows that it is offline.
    expect(used?.headers.get(OFFLINE_COPY_HEADER)).toBe('1');
    expect(cache.deleted).toEqual([]);
    now = 15 * 60_000;
    expect(await plugin.cachedResponseWillBeUsed({ request, cachedResponse: saved ?? undefined })).toBeNull();
    expect(cache.deleted).toEqual([apiCacheKey(request)]);
  });

  it('of another version or without entry fields are a miss and are removed', async () => {
    const cache = fakeCache();
    const plugin = apiCachePlugin(cache.open, () => 10);
    const request = read('/dashboard/summary');
    const old = new Response('{}', {
      headers: {
        [ENTRY_HEADERS.timestamp]: '0',
        [ENTRY_HEADERS.expiresAt]: '99999',
        [ENTRY_HEADERS.version]: '0.9.0',
      },
    });
    expect(await plugin.cachedResponseWillBeUsed({ request, cachedResponse: old })).toBeNull();
    expect(await plugin.cachedResponseWillBeUsed({ request, cachedResponse: new Response('{}') })).toBeNull();
    expect(cache.deleted).toHaveLength(2);
  });
});
