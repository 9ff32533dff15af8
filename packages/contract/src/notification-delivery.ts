// Schemas of the notifications that reach the athlete outside the app (docs/notifications.md): Web Push
// subscriptions, the one-click unsubscribe of a mail's link, and the daily e-mail sent now on request.
import { z } from 'zod';

/** The switches a mail's unsubscribe link may turn off, one per kind (docs/notifications.md, "Opting out"). */
export const UNSUBSCRIBE_KINDS = ['dailyEmail', 'pushPlanChanges', 'pushMissedKeySession'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** GET /api/notifications/push/key: the server's VAPID public key, for PushManager.subscribe. */
export const ZPushKey = z
  .object({
    public_key: z
      .string()
      .describe("The application server key (base64url), the browser's applicationServerKey"),
  })
  .meta({ id: 'PushKey' });

const ZBase64Url = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(16, `${name} is too short`)
    .max(256, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`);

const ZPushEndpoint = z
  .url({ error: 'endpoint must be the URL of a push service' })
  .max(2048, 'endpoint must be at most 2048 characters')
  .refine((u) => /^https?:\/\//.test(u), 'endpoint must be an http(s) URL');

/** POST /api/notifications/push/subscriptions: what PushSubscription.toJSON() gives, and the device's name. */
export const ZPushSubscriptionRequest = z
  .object({
    endpoint: ZPushEndpoint,
    keys: z.object({ p256dh: ZBase64Url('keys.p256dh'), auth: ZBase64Url('keys.auth') }),
    device: z.string().trim().max(200, 'device must be at most 200 characters').optional(),
  })
  .meta({ id: 'PushSubscriptionRequest' });
export type PushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

export const ZPushSubscription = z
  .object({ id: z.string(), device: z.string().nullable(), created_at: z.string() })
  .meta({ id: 'PushSubscription' });

/** DELETE /api/notifications/push/subscriptions?endpoint=…: this browser's subscription goes. */
export const ZPushUnsubscribeQuery = z.object({ endpoint: ZPushEndpoint });
export const ZPushUnsubscribed = z.object({ removed: z.boolean() }).meta({ id: 'PushUnsubscribed' });

/** POST /api/notifications/unsubscribe: the signed token of a mail's link, no sign-in needed. */
export const ZUnsubscribeRequest = z
  .object({
    token: z
      .string({ error: 'token is required' })
      .min(1, 'token is required')
      .max(1000, 'token is too long'),
  })
  .meta({ id: 'UnsubscribeRequest' });
/** POST /api/notifications/unsubscribe/one-click?token=…: the token in the address (RFC 8058). */
export const ZOneClickUnsubscribeQuery = z.object({ token: ZUnsubscribeRequest.shape.token });

export const ZUnsubscribed = z
  .object({ kind: z.enum(UNSUBSCRIBE_KINDS), unsubscribed: z.literal(true) })
  .meta({ id: 'Unsubscribed' });
export type Unsubscribed = z.infer<typeof ZUnsubscribed>;

/** POST /api/notifications/daily-email/send: today's e-mail queued now (a preview of what the mornings bring). */
export const ZDailyEmailQueued = z.object({ queued: z.literal(true) }).meta({ id: 'DailyEmailQueued' });
