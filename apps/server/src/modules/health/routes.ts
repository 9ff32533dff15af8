// GET /api/v1/health: liveness plus a database round trip.
import { dataEnvelope, ZErrorResponse, ZHealth } from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';

export function healthRoutes(ping: () => Promise<void>, version: string) {
  return async function register(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
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
  };
}
