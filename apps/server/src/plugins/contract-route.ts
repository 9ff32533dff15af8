// One declaration per endpoint: a route is registered from its entry in the contract's endpoint map
// (packages/contract/src/endpoints.ts), which gives its method, path and the schemas of its path parameters, query,
// body and success body, and whether it takes an Idempotency-Key or answers at `path[/{id}]` too. The route adds
// only what the contract does not know: summary, tags, security, its error answers and the handler, whose
// request and answer types are inferred from the entry. Rule: docs/ARCHITECTURE.md, "How to add things".
import { API_ENDPOINTS, type ApiEndpoints, type EndpointKey } from '@stamina/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import { requireOwnAthlete } from './own-athlete-routes.ts';
import { errors as securedErrors } from './route-schema.ts';

type Def<K extends EndpointKey> = ApiEndpoints[K];
type Parsed<K extends EndpointKey, F extends string> =
  Def<K> extends Record<F, infer S> ? (S extends z.ZodType ? z.output<S> : unknown) : undefined;

/** The request of endpoint K: path parameters, query and body as its contract schemas parse them. */
type EndpointRequest<K extends EndpointKey> = FastifyRequest<{
  Params: Def<K> extends { ownAthleteId: true } ? { id?: string } : Parsed<K, 'params'>;
  Querystring: Parsed<K, 'query'>;
  Body: Parsed<K, 'body'>;
}>;

/** What the handler answers: the success body the contract describes (a file or an event stream: anything). */
type Answer<K extends EndpointKey> =
  Def<K> extends { eventStream: true }
    ? unknown
    : Def<K>['response'] extends z.ZodType
      ? z.input<Def<K>['response']>
      : unknown;

export type EndpointHandler<K extends EndpointKey> = (
  request: EndpointRequest<K>,
  reply: FastifyReply,
) => Answer<K> | FastifyReply | Promise<Answer<K> | FastifyReply>;

export interface EndpointOptions extends Omit<RouteShorthandOptions, 'schema'> {
  /** The OpenAPI document's words for the operation; `tags` and `security` are usually `secured('area')`. */
  schema: Pick<FastifySchema, 'summary' | 'description' | 'tags' | 'security' | 'consumes' | 'produces'>;
  /** The success status when it is not 200 (201 created, 202 accepted), or each one it may be. */
  status?: number | number[];
  /** The error answers: by default a secured route's 400, 401 and 404. */
  errors?: Record<number, z.ZodType>;
}

/** The athlete id of a `path[/{id}]` read: optional, and checked against the caller before the handler runs. */
const ZOptionalAthleteId = z.object({ id: z.string().optional() });

/** The Fastify URL of a contract path under the plugin's prefix: `/activities/{id}` under /api/activities → `/:id`. */
function urlOf(app: FastifyInstance, key: string, path: string, ownAthleteId: boolean): string {
  const full = `/api${path}`.replace(/\{(\w+)\}/g, ':$1');
  if (!full.startsWith(app.prefix)) throw new Error(`${key} cannot be registered under ${app.prefix}`);
  const url = full.slice(app.prefix.length) || '/';
  return ownAthleteId ? `${url === '/' ? '' : url}/:id?` : url;
}

/** Registers endpoint `key` of the contract's map on `app` (a plugin whose prefix the path starts with). */
export function route<K extends EndpointKey>(
  app: FastifyInstance,
  key: K,
  options: EndpointOptions,
  handler: EndpointHandler<K>,
): void {
  const def: {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType | 'multipart';
    response: z.ZodType | 'file';
    eventStream?: true;
    idempotencyKey?: true;
    ownAthleteId?: true;
  } = API_ENDPOINTS[key];
  const [method = '', path = ''] = key.split(' ');
  const { schema, status = 200, errors = securedErrors, config, ...rest } = options;
  // A file or an event stream has no JSON body to declare.
  const success = typeof def.response === 'string' || def.eventStream ? [] : [status].flat();
  const response = { ...Object.fromEntries(success.map((code) => [code, def.response])), ...errors };
  const params = def.ownAthleteId ? ZOptionalAthleteId : def.params;
  const handle = handler as (request: FastifyRequest, reply: FastifyReply) => unknown;
  app.route({
    ...rest,
    method,
    url: urlOf(app, key, path, def.ownAthleteId === true),
    config: def.idempotencyKey ? { ...config, idempotent: true } : config,
    schema: {
      ...schema,
      // The contract's key names the operation: the endpoint-map test requires one on every operation.
      operationId: key,
      ...(params ? { params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && def.body !== 'multipart' ? { body: def.body } : {}),
      response,
    },
    handler: def.ownAthleteId
      ? (request, reply) => {
          requireOwnAthlete(request);
          return handle(request, reply);
        }
      : handle,
  });
}

/**
 * The OpenAPI document shows a `path[/{id}]` read as one operation at `path` (OpenAPI has no optional path
 * parameter): the swagger transform applies this before the zod transform.
 */
export function documentOwnAthleteId<T extends { url: string; schema: unknown }>(input: T): T {
  if (!input.url.endsWith('/:id?')) return input;
  const { params: _params, ...schema } = (input.schema ?? {}) as Record<string, unknown>;
  const description = 'Also answers at `…/{id}` for the caller’s own athlete id; any other id is a 404.';
  return {
    ...input,
    url: input.url.slice(0, -'/:id?'.length) || '/',
    schema: { ...schema, description: [schema.description, description].filter(Boolean).join(' ') },
  };
}
