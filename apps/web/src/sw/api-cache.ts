// The offline copy of the athlete's API reads (docs/offline.md, "What is cached, and for how long"): a Workbox
// plugin that keys each saved answer by the signed-in athlete and the URL, writes the entry's timestamp, expiry
// and version beside it, and refuses (and removes) an entry that has expired or was written by another version.
// Runs in the service worker; kept free of worker-only types so it is tested in the web suite.
import {
  apiCacheLifetimeMs,
  CACHE_VERSION,
  cacheKey,
  entryStatus,
  OFFLINE_API_CACHE_NAME,
} from '@stamina/core';

export const API_CACHE_NAME = OFFLINE_API_CACHE_NAME;

/** Headers of a saved answer holding its entry fields. */
export const ENTRY_HEADERS = {
  timestamp: 'x-cache-timestamp',
  expiresAt: 'x-cache-expires-at',
  version: 'x-cache-version',
} as const;

/** Set on an answer the worker gave from its cache because the network failed: the page is offline. */
export const OFFLINE_COPY_HEADER = 'x-stamina-offline-copy';

/** The `sub` claim of the request's bearer token, read without verifying it (the server does that). */
function bearerSubject(authorization: string | null): string | null {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

/** Whether a request is an API read the offline cache keeps: a GET of a listed read, with a bearer token. */
export function isCachedApiRead(request: Request, origin: string): boolean {
  if (request.method !== 'GET') return false;
  // A read asked fresh (an offline write's check) goes to the network alone: a saved copy would decide on stale data.
  if (/no-cache|no-store/.test(request.headers.get('cache-control') ?? '')) return false;
  const url = new URL(request.url);
  if (url.origin !== origin || !url.pathname.startsWith('/api/')) return false;
  if (apiCacheLifetimeMs(url.pathname.slice(4)) === null) return false;
  return bearerSubject(request.headers.get('authorization')) !== null;
}

/**
 * The cache key of a read: one athlete's copy never answers another's request, since every athlete reads the same
 * URLs. Keys live under /api-cache/ (never fetched) and are the athlete's id and the path with query, joined.
 */
export function apiCacheKey(request: Request): string {
  const url = new URL(request.url);
  if (url.pathname.startsWith('/api-cache/')) return request.url;
  const subject = bearerSubject(request.headers.get('authorization')) ?? 'anonymous';
  return `${url.origin}/api-cache/${encodeURIComponent(cacheKey(subject, url.pathname + url.search))}`;
}

/** A copy of `response` carrying the entry fields for a read of `path` saved at `now`; null when not to keep. */
async function withEntryHeaders(response: Response, path: string, now: number): Promise<Response | null> {
  const lifetime = apiCacheLifetimeMs(path);
  if (response.status !== 200 || lifetime === null) return null;
  const headers = new Headers(response.headers);
  headers.set(ENTRY_HEADERS.timestamp, String(now));
  headers.set(ENTRY_HEADERS.expiresAt, String(now + lifetime));
  headers.set(ENTRY_HEADERS.version, CACHE_VERSION);
  return new Response(await response.clone().arrayBuffer(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The entry fields of a saved answer (numbers where they parse), for `entryStatus`. */
function entryOf(response: Response): unknown {
  const timestamp = response.headers.get(ENTRY_HEADERS.timestamp);
  const expiresAt = response.headers.get(ENTRY_HEADERS.expiresAt);
  const version = response.headers.get(ENTRY_HEADERS.version);
  if (timestamp === null || expiresAt === null || version === null) return null;
  return { timestamp: Number(timestamp), expiresAt: Number(expiresAt), version };
}

interface CacheLike {
  delete(key: string): Promise<boolean>;
}

/** The Workbox plugin: keys, entry fields on write, the expiry and version check on read. */
export function apiCachePlugin(openCache: () => Promise<CacheLike>, now: () => number = Date.now) {
  return {
    cacheKeyWillBeUsed: async ({ request }: { request: Request }) => apiCacheKey(request),
    cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) =>
      withEntryHeaders(response, new URL(request.url).pathname.slice(4), now()),
    cachedResponseWillBeUsed: async ({
      request,
      cachedResponse,
    }: {
      request: Request;
      cachedResponse?: Response | undefined;
    }) => {
      if (!cachedResponse) return null;
      const status = entryStatus(entryOf(cachedResponse), now());
      if (status === 'fresh') {
        // Network-first reads the cache only when the network failed or was too slow: tell the page.
        const headers = new Headers(cachedResponse.headers);
        headers.set(OFFLINE_COPY_HEADER, '1');
        return new Response(await cachedResponse.arrayBuffer(), {
          status: cachedResponse.status,
          statusText: cachedResponse.statusText,
          headers,
        });
      }
      // An expired, mismatched or unreadable entry is a miss, and goes.
      try {
        await (await openCache()).delete(apiCacheKey(request));
      } catch (err) {
        console.warn('Offline cache: could not remove an entry', err);
      }
      return null;
    },
  };
}
