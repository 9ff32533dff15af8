// /api/devices (docs/devices.md): the providers with their state, connecting (start and callback), Sync Now
// and its run, the auto-sync switch, disconnection; and the providers' public webhook receivers, which are
// verified by each provider's own scheme instead of a session.
import {
  dataEnvelope,
  ZDevice,
  ZDeviceCallbackRequest,
  ZDeviceCallbackResult,
  ZDeviceConnectRequest,
  ZDeviceConnectStart,
  ZDeviceList,
  ZDeviceProviderRequest,
  ZDeviceUpdateRequest,
  ZErrorResponse,
  ZStravaChallenge,
  ZStravaChallengeQuery,
  ZSyncRun,
  ZSyncRunIdParam,
  ZWebhookAck,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { errors, errorsWith, secured } from '../../plugins/route-schema.ts';
import type { ProviderId } from './provider.ts';
import type { DeviceService } from './service.ts';

const route = secured('devices');
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
      const app = hooks.withTypeProvider<ZodTypeProvider>();
      const webhookSchema = (provider: string) => ({
        tags: ['devices'],
        summary: `${provider}'s event post: verified by its own scheme (docs/devices.md, "Webhooks"); unverified is 401`,
        response: { 200: ZWebhookAck, 400: ZErrorResponse, 401: ZErrorResponse },
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
      app.post('/webhooks/garmin', { schema: webhookSchema('Garmin') }, handle('garmin'));
      app.post('/webhooks/strava', { schema: webhookSchema('Strava') }, handle('strava'));
      app.get(
        '/webhooks/strava',
        {
          schema: {
            tags: ['devices'],
            summary: "Strava's subscription check: echoes hub.challenge when hub.verify_token is ours",
            querystring: ZStravaChallengeQuery,
            response: { 200: ZStravaChallenge, 400: ZErrorResponse, 401: ZErrorResponse },
          },
        },
        async (request) => service.stravaChallenge(request.query),
      );
    });

    await fastify.register(async (secure) => {
      secure.addHook('onRequest', options.authenticate);
      const app = secure.withTypeProvider<ZodTypeProvider>();
      app.get(
        '/',
        {
          schema: {
            ...route,
            summary:
              'Every provider with its state: not configured (and what to set), disconnected, connected, error',
            response: { 200: dataEnvelope(ZDeviceList), ...errors },
          },
        },
        async (request) => ({ data: await service.list(requireAuth(request)) }),
      );
      app.post(
        '/connect',
        {
          schema: {
            ...route,
            summary:
              "Start connecting: the provider's authorisation URL (PKCE, a state bound to this session)",
            body: ZDeviceConnectRequest,
            response: { 200: dataEnvelope(ZDeviceConnectStart), ...errorsWith(409) },
          },
        },
        async (request) => ({
          data: await service.connect(requireAuth(request), request.body.provider, request.body.return_to),
        }),
      );
      app.post(
        '/callback',
        {
          schema: {
            ...route,
            summary:
              "Finish connecting with what the provider's redirect brought (code or error, and the state)",
            body: ZDeviceCallbackRequest,
            response: { 200: dataEnvelope(ZDeviceCallbackResult), ...errorsWith(409, 502) },
          },
        },
        async (request) => ({ data: await service.callback(requireAuth(request), request.body) }),
      );
      app.post(
        '/sync',
        {
          schema: {
            ...route,
            summary: 'Sync Now: queue a pull at once (or answer the one already queued); 202 with the run',
            body: ZDeviceProviderRequest,
            response: { 202: dataEnvelope(ZSyncRun), ...errorsWith(409) },
          },
        },
        async (request, reply) =>
          reply.code(202).send({ data: await service.syncNow(requireAuth(request), request.body.provider) }),
      );
      app.get(
        '/sync-runs/:id',
        {
          schema: {
            ...route,
            summary: 'A sync run: its status and counts (items, errors) for the toasts',
            params: ZSyncRunIdParam,
            response: { 200: dataEnvelope(ZSyncRun), ...errors },
          },
        },
        async (request) => ({ data: await service.syncRun(requireAuth(request), request.params.id) }),
      );
      app.put(
        '/settings',
        {
          schema: {
            ...route,
            summary: 'Turn auto-sync (a pull every 30 minutes) on or off',
            body: ZDeviceUpdateRequest,
            response: { 200: dataEnvelope(ZDevice), ...errorsWith(409) },
          },
        },
        async (request) => ({
          data: await service.setAutoSync(requireAuth(request), request.body.provider, request.body.autoSync),
        }),
      );
      app.post(
        '/disconnect',
        {
          schema: {
            ...route,
            summary: "Disconnect: revoke Stamina's access at the provider and delete the tokens",
            body: ZDeviceProviderRequest,
            response: { 200: dataEnvelope(ZDevice), ...errors },
          },
        },
        async (request) => ({
          data: await service.disconnect(requireAuth(request), request.body.provider),
        }),
      );
    });
  };
}
