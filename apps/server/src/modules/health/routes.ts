// GET /api/v1/health: liveness plus a database round trip. GET /api/v1/health/areas (signed in): one check per
// part of the server, for the testing dashboard (areas.ts). GET /api/v1/client-config: the deployment's settings
// the web app reads before sign-in (the map tile URL, the operator's words, what is configured;
// wiring/client-config.ts), public like health.
import { type ClientConfig, type HealthAreas, ZErrorResponse } from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { Authenticate } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { secured } from '../../plugins/route-schema.ts';

export function healthRoutes(ping: () => Promise<void>, version: string, clientConfig: ClientConfig) {
  return async function register(app: FastifyInstance) {
    route(
      app,
      'GET /v1/health',
      {
        schema: { tags: ['health'], summary: 'Service and database health' },
        errors: { 503: ZErrorResponse },
      },
      async (request) => {
        try {
          await ping();
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable', {
            status: 'error',
            database: 'unreachable',
            version,
          });
        }
        return { data: { status: 'ok' as const, database: 'ok' as const, version } };
      },
    );
    const body = { data: clientConfig };
    route(
      app,
      'GET /v1/client-config',
      {
        schema: {
          tags: ['health'],
          summary: 'Deployment settings the web app needs (map tiles, operator, configured features); public',
        },
        errors: {},
      },
      async () => body,
    );
  };
}

export function healthAreaRoutes(check: () => Promise<HealthAreas>, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    route(
      app,
      'GET /v1/health/areas',
      {
        schema: {
          ...secured('health'),
          summary:
            'One check per part of the server (database, job queue, file store, mail, Redis); 200 with each result',
        },
      },
      async () => ({ data: await check() }),
    );
  };
}
