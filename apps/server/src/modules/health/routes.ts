// GET /api/v1/health: liveness plus a database round trip. GET /api/v1/health/areas (signed in): one check per
// part of the server, for the testing dashboard (areas.ts). GET /api/v1/client-config: the deployment's settings
// the web app reads before sign-in (the map tile URL, the operator's words, what is configured;
// wiring/client-config.ts), public like health.
import {
  type ClientConfig,
  dataEnvelope,
  type HealthAreas,
  ZClientConfig,
  ZErrorResponse,
  ZHealth,
  ZHealthAreas,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import type { Authenticate } from '../../plugins/authenticate.ts';
import { errors, secured } from '../../plugins/route-schema.ts';

export function healthRoutes(ping: () => Promise<void>, version: string, clientConfig: ClientConfig) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Service and database health',
          response: { 200: dataEnvelope(ZHealth), 503: ZErrorResponse },
        },
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
    app.get(
      '/client-config',
      {
        schema: {
          tags: ['health'],
          summary: 'Deployment settings the web app needs (map tiles, operator, configured features); public',
          response: { 200: dataEnvelope(ZClientConfig) },
        },
      },
      async () => body,
    );
  };
}

export function healthAreaRoutes(check: () => Promise<HealthAreas>, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    app.get(
      '/health/areas',
      {
        schema: {
          ...secured('health'),
          summary:
            'One check per part of the server (database, job queue, file store, mail, Redis); 200 with each result',
          response: { 200: dataEnvelope(ZHealthAreas), ...errors },
        },
      },
      async () => ({ data: await check() }),
    );
  };
}
