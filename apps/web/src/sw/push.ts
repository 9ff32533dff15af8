/// <reference lib="webworker" />
// Web Push in the service worker (docs/notifications.md, "Web Push"): a push from the server carries a JSON
// title, body, link and tag; it is shown as a system notification, and a tap opens (or focuses) the app at the
// link. Only same-origin paths are followed, so a push can never send the athlete elsewhere.

export interface PushShown {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; data: { link: string } };
}

const FALLBACK_TITLE = 'Stamina';

/** The notification a push's text asks for: a plain-text fallback when it is not our JSON. */
export function notificationOfPush(text: string | null): PushShown {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    parsed = { body: text ?? '' };
  }
  const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
  return {
    title: str(parsed.title, 200) || FALLBACK_TITLE,
    options: {
      body: str(parsed.body, 1000),
      tag: str(parsed.tag, 64) || 'stamina',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: safeLink(parsed.link) },
    },
  };
}

/** A path of this app ('/calendar'), never another site's address; '/' for anything else. */
export function safeLink(link: unknown): string {
  return typeof link === 'string' && /^\/(?!\/)[\w\-/?=&.%]*$/.test(link) ? link : '/';
}

/** Wires the push and notification-click events of the worker. */
export function handlePush(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    const shown = notificationOfPush(event.data?.text() ?? null);
    event.waitUntil(worker.registration.showNotification(shown.title, shown.options));
  });
  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = safeLink((event.notification.data as { link?: unknown } | null)?.link);
    event.waitUntil(
      worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
        const open = windows[0];
        if (open) {
          await open.focus();
          await open.navigate(link).catch(() => undefined);
          return;
        }
        await worker.clients.openWindow(link);
      }),
    );
  });
}
