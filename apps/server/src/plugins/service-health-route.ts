// A service's `GET …/health` without a session, which a load balancer can poll: 200 when the database answers,
// else 503 '<Service> service unavailable'.
import { ZErrorResponse } from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { route } from './contract-route.ts';

export function serviceHealthRoute(
  app: FastifyInstance,
  key: 'GET /analytics/health' | 'GET /dashboard/health',
  options: { service: string; tags: string[]; ping: () => Promise<void> },
): void {
  const name = `${options.service.charAt(0).toUpperCase()}${options.service.slice(1)}`;
  route(
    app,
    key,
    {
      schema: { tags: options.tags, summary: `${name} service and database health` },
      errors: { 503: ZErrorResponse },
    },
    async (request) => {
      try {
        await options.ping();
      } catch (err) {
        request.log.error({ err }, `${options.service} health check: database unreachable`);
        throw new AppError('SERVICE_UNAVAILABLE', `${name} service unavailable`);
      }
      return { data: { status: 'ok' as const, service: options.service, database: 'ok' as const } };
    },
  );
}
