// Web Push (docs/notifications.md, "Web Push"): the payload encrypted for one browser and signed with the
// server's VAPID keys by the `web-push` library, then sent with fetch, so the timeout is ours and a test's push
// service can listen on loopback over plain HTTP.
import webPush from 'web-push';

/** The server's VAPID identity: the key pair (base64url) and the contact the push services may write to. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A new key pair, for a first start without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (main.ts). */
export function generateVapidKeys(): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  return webPush.generateVAPIDKeys();
}

/** Whether a base64url text is a VAPID key: the public key a P-256 point (65 bytes), the private one 32 bytes. */
export function isVapidKey(text: string, which: 'public' | 'private'): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return false;
  return Buffer.from(text, 'base64url').length === (which === 'public' ? 65 : 32);
}

interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (apps/web/src/sw.ts): a title, a body, and where a tap leads. */
export interface PushMessage {
  title: string;
  body: string;
  link: string;
  /** Replaces an earlier notification of the same tag on the device, instead of stacking. */
  tag: string;
}

/** `sent`: accepted; `gone`: the push service forgot the subscription (404/410), so it is removed; else failed. */
type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

const DAY_SECONDS = 24 * 60 * 60;

export function createPushSender(
  vapid: VapidKeys,
  options: { timeoutMs?: number; log?: { warn(obj: object, msg: string): void } } = {},
): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async send(target, message) {
      let details: ReturnType<typeof webPush.generateRequestDetails>;
      try {
        details = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: vapid,
            // News of the day: a phone that stays off longer than a day does not get it late.
            TTL: DAY_SECONDS,
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
          },
        );
      } catch (err) {
        // Keys the library cannot use (a subscription stored with broken keys): the browser must subscribe again.
        options.log?.warn({ err }, 'push subscription unusable');
        return 'gone';
      }
      try {
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === 404 || res.status === 410) return 'gone';
        if (res.ok) return 'sent';
        options.log?.warn({ status: res.status }, 'push service refused a message');
        return 'failed';
      } catch (err) {
        options.log?.warn({ err }, 'push service unreachable');
        return 'failed';
      }
    },
  };
}
