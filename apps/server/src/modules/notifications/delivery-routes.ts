// Notifications that leave the app, under /api/notifications (docs/notifications.md): the VAPID key and this
// browser's push subscription, the daily e-mail sent now, and a mail's one-click unsubscribe (no sign-in).
import {
  dataEnvelope,
  ZDailyEmailQueued,
  ZPushKey,
  ZPushSubscription,
  ZPushSubscriptionRequest,
  ZPushUnsubscribed,
  ZPushUnsubscribeQuery,
  ZUnsubscribed,
  ZUnsubscribeRequest,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { errors, errorsWith, secured } from '../../plugins/route-schema.ts';
import type { DeliveryService } from './delivery.ts';

export function deliveryRoutes(service: DeliveryService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const route = secured('notifications');

    // The link of a mail, followed from any browser: the signed token is the proof.
    app.post(
      '/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary: "Turn off the kind of notification a mail's unsubscribe link names (no sign-in)",
          body: ZUnsubscribeRequest,
          response: { 200: dataEnvelope(ZUnsubscribed), ...errors },
        },
      },
      async (request) => ({ data: await service.unsubscribeWithToken(request.body.token) }),
    );

    await app.register(async (signedIn) => {
      const r = signedIn.withTypeProvider<ZodTypeProvider>();
      r.addHook('onRequest', authenticate);
      r.get(
        '/push/key',
        {
          schema: {
            ...route,
            summary: "The server's VAPID public key (404 when Web Push is not set up)",
            response: { 200: dataEnvelope(ZPushKey), ...errors },
          },
        },
        async () => ({ data: service.pushKey() }),
      );
      r.post(
        '/push/subscriptions',
        {
          schema: {
            ...route,
            summary: "Store this browser's push subscription for the caller",
            body: ZPushSubscriptionRequest,
            response: { 200: dataEnvelope(ZPushSubscription), ...errors },
          },
        },
        async (request) => ({ data: await service.subscribe(requireAuth(request), request.body) }),
      );
      r.delete(
        '/push/subscriptions',
        {
          schema: {
            ...route,
            summary: "Remove this browser's push subscription",
            querystring: ZPushUnsubscribeQuery,
            response: { 200: dataEnvelope(ZPushUnsubscribed), ...errors },
          },
        },
        async (request) => ({
          data: await service.unsubscribe(requireAuth(request), request.query.endpoint),
        }),
      );
      r.post(
        '/daily-email/send',
        {
          schema: {
            ...route,
            summary: "Send today's daily e-mail now (needs the daily e-mail on)",
            response: { 200: dataEnvelope(ZDailyEmailQueued), ...errorsWith(409) },
          },
        },
        async (request) => ({ data: await service.sendDailyEmailNow(requireAuth(request)) }),
      );
    });
  };
}
