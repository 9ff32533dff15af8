// The app's one pino configuration. main.ts and the tests build the logger from `loggerOptions`, so the tests
// check what production writes. What is kept out of the log, and why: docs/operations.md, "Logs".
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LogStream = NonNullable<LoggerConfig['stream']>;

export const REDACTED = '[REDACTED]';

/** Keys whose values never reach the log: at the top of a logged object and in the objects we log (below). */
export const REDACTED_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'hash',
  'token',
  'tokenHash',
  'token_hash',
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  'secret',
  'jwtSecret',
  'authorization',
  'cookie',
  'set-cookie',
] as const;

/**
 * Where those keys are looked for: an error and its causes as `serializeError` writes them, and the request
 * parts and records a handler might log. Paths are literal on purpose: pino checks a path that starts with `*`
 * against every key of every line, the two lines of each request included (48 such paths took request logging
 * from about 1.5 to 30 µs per request here; these literal ones cost about 1.5 µs).
 */
const LOGGED_OBJECTS = [
  'err',
  'err.cause',
  'err.cause.cause',
  'err.detail',
  'body',
  'query',
  'params',
  'headers',
  'user',
  'data',
];
const HEADER_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

function redactPaths(): string[] {
  const paths = REDACTED_KEYS.flatMap((key) => {
    const plain = /^[A-Za-z_$][\w$]*$/.test(key);
    const top = plain ? key : `["${key}"]`;
    return [top, ...LOGGED_OBJECTS.map((object) => (plain ? `${object}.${key}` : `${object}${top}`))];
  });
  return [...paths, ...HEADER_PATHS];
}

/**
 * Query parameters whose values are credentials: e-mail confirmation and reset links carry `token`, OAuth
 * redirects `code` and `state`, signed URLs `signature`. Matched on the lower-cased name; a name containing
 * token, secret, password or signature counts too.
 */
const SECRET_QUERY_PARAMS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'key',
  'api_key',
  'apikey',
  'secret',
  'client_secret',
  'password',
  'signature',
  'sig',
  'state',
  'jwt',
  'session',
]);
const SECRET_QUERY_PARAM_PARTS = /token|secret|password|passwd|signature/;

function isSecretParam(rawName: string): boolean {
  let name = rawName.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape is judged by its raw text.
  }
  name = name.trim().toLowerCase();
  return SECRET_QUERY_PARAMS.has(name) || SECRET_QUERY_PARAM_PARTS.test(name);
}

/** The URL with the value of every credential-like query parameter replaced by [REDACTED]; the rest as sent. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && isSecretParam(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at + 1)}${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}

/** Fastify's request serializer with the URL's credentials redacted; anything else under `req` is kept as is. */
function serializeRequest(request: LoggedRequest) {
  if (typeof request?.url !== 'string') return request;
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type Fields = Record<string, unknown>;

/** Drizzle's wrapper of a failed statement: its message and `params` hold every bound value. */
function isQueryError(err: Error): boolean {
  const fields = err as unknown as Fields;
  return typeof fields.query === 'string' && Array.isArray(fields.params);
}

/**
 * The driver's error (node-postgres or PGlite): `detail` names the row's values ("Key (email)=(…) already
 * exists."), PGlite adds the query's `params`. Only these fields are kept.
 */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'];
function isDatabaseError(err: Error): boolean {
  const fields = err as unknown as Fields;
  return typeof fields.code === 'string' && typeof fields.severity === 'string' && 'routine' in fields;
}

/** The stack's frames under a new first line, since the original first line repeats the message. */
function stackWith(err: Error, firstLine: string): string {
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [firstLine, ...frames].join('\n');
}

/**
 * Errors as pino's standard serializer writes them (type, message, stack, own fields), with every cause nested
 * under `cause`, except that a failed query is logged without its SQL parameters and a database error with only
 * its code, message and where it happened.
 */
function serializeError(err: unknown, seen = new Set<unknown>()): unknown {
  if (!(err instanceof Error) || seen.has(err)) return err instanceof Error ? '[Circular]' : err;
  seen.add(err);
  const type = err.constructor?.name || err.name;
  const out: Fields = {};
  let message = err.message;
  let keep: (key: string) => boolean = () => true;
  // PGlite's driver error carries the query and params too: it is recognised as a database error first.
  if (isDatabaseError(err)) {
    keep = (key) => DATABASE_ERROR_FIELDS.includes(key);
  } else if (isQueryError(err)) {
    message = 'Failed query (parameters not logged)';
    keep = () => false;
  }
  out.type = type;
  out.message = message;
  out.stack = stackWith(err, `${type}: ${message}`);
  for (const key of Object.keys(err)) {
    const value = (err as unknown as Fields)[key];
    if (key === 'cause' || key in out || !keep(key) || typeof value === 'function') continue;
    out[key] = value instanceof Error ? serializeError(value, seen) : value;
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause, seen);
  if (err instanceof AggregateError) out.aggregateErrors = err.errors.map((e) => serializeError(e, seen));
  return out;
}

/** Logger options for Fastify: `level` from LOG_LEVEL; `stream` replaces stdout (the tests capture it). */
export function loggerOptions(options: { level: string; stream?: LogStream }): LoggerConfig {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: { paths: redactPaths(), censor: REDACTED },
    serializers: {
      req: serializeRequest as never,
      err: serializeError as never,
    },
  };
}

/**
 * One log line per request, written when it is answered (method, URL, status, time), instead of Fastify's
 * two ("incoming request", then "request completed" without the URL).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
