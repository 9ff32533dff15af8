// Route helpers shared by the per-athlete APIs (analytics, dashboard, metrics, training load): a call that answers
// at `path` for the caller and at `path/{id}` for the caller's own athlete id (the `[/{id}]` forms; any other id
// is a 404, checked here and only here, so services take the AuthContext alone), and a service health route a
// load balancer can poll without a session. Ownership rules: docs/ARCHITECTURE.md, "A request, from
// the browser to the database".
import { dataEnvelope, ZAthleteIdParam } from '@stamina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../lib/errors.ts';
import { type AuthContext, requireAuth } from './authenticate.ts';
import { errors, security } from './route-schema.ts';

export interface OwnIdRequest<Q> {
  /** The caller, whose own athlete id the `{id}` of the path form was checked to be. */
  auth: AuthContext;
  query: z.infer<Q>;
  body: unknown;
}

/**
 * The caller of a route whose path carries an athlete `{id}`, once that id is checked to be the caller's own:
 * any other id answers 404 'Athlete not found', the same as an id that does not exist.
 */
export function requireOwnAthlete(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  const { id } = request.params as { id?: string };
  if (id !== undefined && id !== auth.athleteId) throw notFound('Athlete');
  return auth;
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
  const handle = async (request: FastifyRequest) => ({
    data: await handler({
      auth: requireOwnAthlete(request),
      query: request.query as z.infer<Q>,
      body: request.body,
    }),
  });
  if (!options.withoutId) app.route({ method, url: path, schema, handler: handle });
  app.route({ method, url: `${path}/:id`, schema: { ...schema, params: ZAthleteIdParam }, handler: handle });
}
