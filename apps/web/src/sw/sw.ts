/// <reference lib="webworker" />
// The service worker, served at /sw.js (docs/offline.md): the precached app shell, the athlete's API reads kept
// for offline use (network first), pages served from the shell when the network is gone, and the update hand-over
// (a new worker waits until the athlete applies the update).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE_NAME, apiCachePlugin, isCachedApiRead } from './api-cache.ts';
import { isFavoriteSync, replayThroughPages } from './favorite-sync.ts';
import { handlePush } from './push.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** How long a read waits for the network before the saved copy answers (docs/offline.md, "Reads"). */
const NETWORK_TIMEOUT_SECONDS = 10;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages: always the network's copy when there is one, so a deploy shows at once; the precached shell without it.
registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      try {
        return await fetch(request);
      } catch {
        const shell = await matchPrecache(url.pathname === '/' ? 'landing.html' : 'index.html');
        return shell ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /\.[a-z0-9]+$/i] },
  ),
);

registerRoute(
  ({ request }) => isCachedApiRead(request, self.location.origin),
  new NetworkFirst({
    cacheName: API_CACHE_NAME,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [apiCachePlugin(() => caches.open(API_CACHE_NAME))],
  }),
);

self.addEventListener('install', () => {
  // A worker installed while another controls the page is an update: tell the pages (docs/offline.md, "Updates").
  if (self.registration.active) {
    void self.clients.matchAll({ includeUncontrolled: true, type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'UPDATE_AVAILABLE' });
    });
  }
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'CLEAR_API_CACHE') event.waitUntil(caches.delete(API_CACHE_NAME));
});

// Background sync (not in TypeScript's worker types): favourites queued offline in the Workout Bank are sent by an
// open page, which holds the session (sw/favorite-sync.ts).
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
(self as EventTarget).addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (!isFavoriteSync(sync.tag)) return;
  sync.waitUntil(
    self.clients
      .matchAll({ includeUncontrolled: true, type: 'window' })
      .then((clients) => replayThroughPages(clients)),
  );
});

// Web Push: plan changes and missed key sessions (docs/notifications.md).
handlePush(self);

// The first worker takes the open page at once, so its reads are kept from then on.
clientsClaim();
