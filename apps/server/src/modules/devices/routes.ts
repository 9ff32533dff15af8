// /api/devices (docs/devices.md): the providers with their state, connecting (start and callback), Sync Now
// and its run, the auto-sync switch, disconnection; and the providers' public webhook receivers, which are
// verified by each provider's own scheme instead of a session.
import { ZErrorResponse } from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { ProviderId } from './provider.ts';
import type { DeviceService } from './service.ts';

const secure = secured('devices');
/** The largest webhook body read. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function deviceRoutes(service: DeviceService, options: { authenticate: Authenticate }) {
  return async function register(fastify: FastifyInstance) {
    // Webhooks: public, and their JSON is kept as sent, since Garmin's signature covers the raw bytes.
    await fastify.register(async (hooks) => {
      hooks.removeContentTypeParser('application/json');
      hooks.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_req, body, done) => done(null, body),
      );
      const app = hooks;
      const webhook = (provider: string) => ({
        schema: {
          tags: ['devices'],
          summary: `${provider}'s event post: verified by its own scheme (docs/devices.md, "Webhooks"); unverified is 401`,
        },
        errors: { 400: ZErrorResponse, 401: ZErrorResponse },
      });
      const handle =
        (provider: ProviderId) =>
        async (request: {
          headers: Record<string, string | string[] | undefined>;
          query: unknown;
          body: unknown;
        }) =>
          service.webhook(provider, {
            headers: request.headers,
            query: (request.query ?? {}) as Record<string, unknown>,
            rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          });
      route(app, 'POST /devices/webhooks/garmin', webhook('Garmin'), handle('garmin'));
      route(app, 'POST /devices/webhooks/strava', webhook('Strava'), handle('strava'));
      route(
        app,
        'GET /devices/webhooks/strava',
        {
          schema: {
            tags: ['devices'],
            summary: "Strava's subscription check: echoes hub.challenge when hub.verify_token is ours",
          },
          errors: { 400: ZErrorResponse, 401: ZErrorResponse },
        },
        async (request) => service.stravaChallenge(request.query),
      );
    });

    await fastify.register(async (app) => {
      app.addHook('onRequest', options.authenticate);
      route(
        app,
        'GET /devices',
        {
          schema: {
            ...secure,
            summary:
              'Every provider with its state: not configured (and what to set), disconnected, connected, error',
          },
        },
        async (request) => ({ data: await service.list(requireAuth(request)) }),
      );
      route(
        app,
        'POST /devices/connect',
        {
          schema: {
            ...secure,
            summary:
              "Start connecting: the provider's authorisation URL (PKCE, a state bound to this session)",
          },
          errors: errorsWith(409),
        },
        async (request) => ({
          data: await service.connect(requireAuth(request), request.body.provider, request.body.return_to),
        }),
      );
      route(
        app,
        'POST /devices/callback',
        {
          schema: {
            ...secure,
            summary:
              "Finish connecting with what the provider's redirect brought (code or error, and the state)",
          },
          errors: errorsWith(409, 502),
        },
        async (request) => ({ data: await service.callback(requireAuth(request), request.body) }),
      );
      route(
        app,
        'POST /devices/sync',
        {
          schema: {
            ...secure,
            summary: 'Sync Now: queue a pull at once (or answer the one already queued); 202 with the run',
          },
          status: 202,
          errors: errorsWith(409),
        },
        async (request, reply) =>
          reply.code(202).send({ data: await service.syncNow(requireAuth(request), request.body.provider) }),
      );
      route(
        app,
        'GET /devices/sync-runs/{id}',
        {
          schema: {
            ...secure,
            summary: 'A sync run: its status and counts (items, errors) for the toasts',
          },
        },
        async (request) => ({ data: await service.syncRun(requireAuth(request), request.params.id) }),
      );
      route(
        app,
        'PUT /devices/settings',
        {
          schema: {
            ...secure,
            summary: 'Turn auto-sync (a pull every 30 minutes) on or off',
          },
          errors: errorsWith(409),
        },
        async (request) => ({
          data: await service.setAutoSync(requireAuth(request), request.body.provider, request.body.autoSync),
        }),
      );
      route(
        app,
        'POST /devices/disconnect',
        {
          schema: {
            ...secure,
            summary: "Disconnect: revoke Stamina's access at the provider and delete the tokens",
          },
        },
        async (request) => ({
          data: await service.disconnect(requireAuth(request), request.body.provider),
        }),
      );
    });
  };
}
