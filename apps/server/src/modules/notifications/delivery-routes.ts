// Notifications that leave the app, under /api/notifications (docs/notifications.md): the VAPID key and this
// browser's push subscription, the daily e-mail sent now, and a mail's one-click unsubscribe (no sign-in).
// Schemas: the contract's endpoint map.
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { errors, errorsWith, secured } from '../../plugins/route-schema.ts';
import type { DeliveryService } from './delivery.ts';

export function deliveryRoutes(service: DeliveryService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    const secure = secured('notifications');

    // The link of a mail, followed from any browser: the signed token is the proof.
    route(
      app,
      'POST /notifications/unsubscribe',
      {
        schema: {
          tags: ['notifications'],
          summary: "Turn off the kind of notification a mail's unsubscribe link names (no sign-in)",
        },
        errors,
      },
      async (request) => ({ data: await service.unsubscribeWithToken(request.body.token) }),
    );

    // The mail client's one-click (RFC 8058, docs/notifications.md "Opting out"): it posts a form, whose one
    // field says nothing more than the header did, so the body is read and ignored; the token is in the address.
    await app.register(async (mailClients) => {
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'])
        mailClients.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
          done(null, null),
        );
      route(
        mailClients,
        'POST /notifications/unsubscribe/one-click',
        {
          schema: {
            tags: ['notifications'],
            summary: "A mail client's one-click unsubscribe (RFC 8058): turns off the kind the token names",
          },
          errors,
        },
        async (request) => ({ data: await service.unsubscribeWithToken(request.query.token) }),
      );
    });

    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', authenticate);
      route(
        signedIn,
        'GET /notifications/push/key',
        { schema: { ...secure, summary: "The server's VAPID public key (404 when Web Push is not set up)" } },
        async () => ({ data: service.pushKey() }),
      );
      route(
        signedIn,
        'POST /notifications/push/subscriptions',
        { schema: { ...secure, summary: "Store this browser's push subscription for the caller" } },
        async (request) => ({ data: await service.subscribe(requireAuth(request), request.body) }),
      );
      route(
        signedIn,
        'DELETE /notifications/push/subscriptions',
        { schema: { ...secure, summary: "Remove this browser's push subscription" } },
        async (request) => ({
          data: await service.unsubscribe(requireAuth(request), request.query.endpoint),
        }),
      );
      route(
        signedIn,
        'POST /notifications/daily-email/send',
        {
          schema: { ...secure, summary: "Send today's daily e-mail now (needs the daily e-mail on)" },
          errors: errorsWith(409),
        },
        async (request) => ({ data: await service.sendDailyEmailNow(requireAuth(request)) }),
      );
    });
  };
}
