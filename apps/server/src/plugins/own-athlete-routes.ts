// Route helpers shared by the per-athlete APIs (analytics, dashboard, metrics): a call that answers at `path`
// for the caller and at `path/{id}` for the caller's own athlete id (spec part 2 §7's `[/{id}]` forms; the
// service answers 404 for any other id), and a service health route a load balancer can poll without a session.
import { dataEnvelope, ZAthleteIdParam, ZErrorResponse, ZServiceHealth } from '@stamina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { requireAuth } from './authenticate.ts';
import { errors, security } from './route-schema.ts';

export interface OwnIdRequest<Q> {
  auth: ReturnType<typeof requireAuth>;
  /** The `{id}` of the path form; undefined for the plain path. */
  id: string | undefined;
  query: z.infer<Q>;
  body: unknown;
}

/**
 * Registers `path` and `path/:id` with one schema and one handler. The plain instance is used because the type
 * provider cannot infer a reply type through these generics; the schemas still validate the request and
 * serialize the answer.
 */
export function routeWithOwnId<Q extends z.ZodType, B extends z.ZodType | undefined, R extends z.ZodType>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  options: { tags: string[]; summary: string; querystring?: Q; body?: B; response: R; withoutId?: boolean },
  handler: (request: OwnIdRequest<Q>) => Promise<z.input<R>>,
): void {
  const schema = {
    tags: options.tags,
    security,
    summary: options.summary,
    ...(options.querystring ? { querystring: options.querystring } : {}),
    ...(options.body ? { body: options.body } : {}),
    response: { 200: dataEnvelope(options.response), ...errors },
  };
  const handle = (id: string | undefined) => async (request: FastifyRequest) => ({
    data: await handler({
      auth: requireAuth(request),
      id,
      query: request.query as z.infer<Q>,
      body: request.body,
    }),
  });
  if (!options.withoutId) app.route({ method, url: path, schema, handler: handle(undefined) });
  app.route({
    method,
    url: `${path}/:id`,
    schema: { ...schema, params: ZAthleteIdParam },
    handler: (request) => handle((request.params as { id: string }).id)(request),
  });
}

/** `GET /health` without a session: 200 when the database answers, else 503 '<Service> service unavailable'. */
export function serviceHealthRoute(
  app: FastifyInstance,
  options: { service: string; tags: string[]; ping: () => Promise<void> },
): void {
  const name = `${options.service.charAt(0).toUpperCase()}${options.service.slice(1)}`;
  app.get(
    '/health',
    {
      schema: {
        tags: options.tags,
        summary: `${name} service and database health`,
        response: { 200: dataEnvelope(ZServiceHealth), 503: ZErrorResponse },
      },
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
