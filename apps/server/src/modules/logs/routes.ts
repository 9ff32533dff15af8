// GET /api/v1/logs/recent and GET /api/v1/logs/stream: the signed-in athlete's own recent requests, as a list and
// as server-sent events (docs/testing-dashboard.md). The stream is opened by EventSource, which cannot send
// headers, so it authenticates with the access token in its `token` query parameter; the request serializer
// writes that parameter as [REDACTED] (lib/logger.ts), and the line recorded for the athlete has no query at all.
import { LOG_STREAM_ERROR, type LogLine, ZErrorResponse } from '@stamina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { type Authenticate, requireAuth, type TokenIdentifier } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { secured } from '../../plugins/route-schema.ts';
import type { RequestLog } from './request-log.ts';

/** How often the stream sends a comment to keep proxies from closing it, and checks that the session is open. */
const HEARTBEAT_MS = 15_000;
/** An access token is a few hundred characters; anything far longer is not one and is not verified. */
const MAX_TOKEN_LENGTH = 4_096;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false keeps the route's requests out of the athlete's request log (the stream itself). */
    requestLog?: boolean;
  }
}

/** The stream's token: one `token` query parameter, or none. */
export function queryToken(request: FastifyRequest): string | undefined {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 && token.length <= MAX_TOKEN_LENGTH
    ? token
    : undefined;
}

/**
 * The stream's 401s say what failed after the text of docs/testing-dashboard.md, 'Recent logs and the live
 * stream', for a person reading the answer.
 */
function streamAuthentication(authenticate: Authenticate): Authenticate {
  return function authenticateStream(request, reply, done) {
    authenticate.call(this, request, reply, (err?: Error) => {
      if (err instanceof AppError && err.status === 401) {
        done(new AppError(err.code, `${LOG_STREAM_ERROR}: ${err.message}`));
        return;
      }
      done(err);
    });
  };
}

export interface LogRoutesOptions {
  log: RequestLog;
  /** Bearer authentication, for the list. */
  authenticate: Authenticate;
  /** The same check with the token taken from the query (`authenticator(…, queryToken)`), for the stream. */
  authenticateQuery: Authenticate;
  /** Re-checks the stream's token and session on each heartbeat. */
  identify: TokenIdentifier;
  heartbeatMs?: number;
}

const event = (line: LogLine) => `id: ${line.request_id}\ndata: ${JSON.stringify(line)}\n\n`;

export function logRoutes(options: LogRoutesOptions) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  return async function register(app: FastifyInstance) {
    /** The open streams, ended when the app closes (an open response would keep the server from closing). */
    const open = new Set<() => void>();
    app.addHook('preClose', (done) => {
      for (const end of open) end();
      done();
    });

    route(
      app,
      'GET /v1/logs/recent',
      {
        onRequest: options.authenticate,
        schema: {
          ...secured('logs'),
          summary:
            "The caller's own most recent requests, newest first (20, 50 or 100; kept per server process)",
        },
      },
      async (request) => ({
        data: { lines: options.log.recent(requireAuth(request).athleteId, request.query.limit) },
      }),
    );

    route(
      app,
      'GET /v1/logs/stream',
      {
        onRequest: streamAuthentication(options.authenticateQuery),
        config: { requestLog: false },
        schema: {
          tags: ['logs'],
          security: [{ queryToken: [] }],
          summary:
            "Server-sent events: one `data` event (a LogLine) per new request of the caller's, from this server " +
            'process; authenticated by the access token in `token`, since EventSource cannot send headers',
        },
        errors: { 400: ZErrorResponse, 401: ZErrorResponse, 429: ZErrorResponse },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const token = request.query.token;
        const raw = reply.raw;
        let ended = false;
        const send = (text: string) => {
          if (!ended && !raw.destroyed) raw.write(text);
        };
        const unsubscribe = options.log.subscribe(auth.athleteId, (line) => send(event(line)));
        if (!unsubscribe) {
          throw new AppError(
            'RATE_LIMITED',
            'Too many log streams are open for your account. Close the testing dashboard in another tab and try again.',
          );
        }
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(end);
          if (!raw.destroyed) raw.end();
        };
        // Each heartbeat also checks that the token is still valid and its session open: a stream outlives
        // neither a sign-out nor its token's expiry.
        const heartbeat = setInterval(() => {
          options.identify.verify(token).then(
            () => send(': heartbeat\n\n'),
            (err: unknown) => {
              const message = err instanceof Error ? err.message : 'Session expired. Please log in again.';
              send(`event: session-ended\ndata: ${JSON.stringify({ message })}\n\n`);
              end();
            },
          );
        }, heartbeatMs);
        heartbeat.unref();
        open.add(end);
        raw.on('close', end);

        reply.hijack();
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          // Proxies such as nginx would otherwise hold events back in their buffer.
          'x-accel-buffering': 'no',
        });
        // retry: how long EventSource waits before reconnecting after a drop.
        raw.write('retry: 5000\n: connected\n\n');
      },
    );
  };
}
