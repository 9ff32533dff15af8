// /api/coach (docs/coach.md): the conversation, a message and its answer (JSON, or server-sent events when asked),
// and the confirmation of a proposed action. Nothing here is cached: each answer reads the data of the moment.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { CoachService } from './service.ts';

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export function coachRoutes(service: CoachService, authenticate: Authenticate, messagesPerMinute: number) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    const secure = secured('coach');

    route(
      app,
      'GET /coach/messages',
      {
        schema: {
          ...secure,
          summary:
            'The conversation, page 1 the newest; each page oldest first; `model` says whether a language model answers',
        },
      },
      async (request) => ({
        data: await service.list(requireAuth(request), request.query.page, request.query.page_size),
      }),
    );

    route(
      app,
      'POST /coach/messages',
      {
        // Per athlete (the caller is known: authentication runs first in this scope), not per address.
        config: {
          rateLimit: {
            max: messagesPerMinute,
            timeWindow: '1 minute',
            keyGenerator: (request) => `coach:${request.auth?.athleteId ?? request.ip}`,
          },
        },
        schema: {
          ...secure,
          summary:
            'Ask the coach: the reply, the numbers it cites and the actions it proposes; both messages are stored. ' +
            'With ?stream=true or Accept: text/event-stream the answer streams as server-sent events: `delta` ' +
            'events ({text}) while it is written, then one `done` event with this body (or `error`).',
        },
        errors: errorsWith(429),
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const wantsStream =
          request.query.stream === 'true' ||
          (request.query.stream !== 'false' && (request.headers.accept ?? '').includes('text/event-stream'));
        if (!wantsStream) return { data: await service.send(auth, request.body.text) };

        const raw = reply.raw;
        reply.hijack();
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
        });
        const write = (text: string) => {
          if (!raw.destroyed) raw.write(text);
        };
        try {
          const data = await service.send(auth, request.body.text, (text) => write(event('delta', { text })));
          write(event('done', { data }));
        } catch (err) {
          request.log.error({ err }, 'coach answer failed while streaming');
          const known = err instanceof AppError;
          write(
            event('error', {
              code: known ? err.code : 'INTERNAL',
              message: known ? err.message : 'The coach could not answer. Please try again.',
            }),
          );
        }
        raw.end();
        return reply;
      },
    );

    route(
      app,
      'POST /coach/actions/{id}/confirm',
      {
        schema: {
          ...secure,
          summary:
            'Apply a proposed action to its workout, recorded as a plan change (undo it through the plan changes); 409 when already applied',
        },
        errors: errorsWith(409),
      },
      async (request) => ({ data: await service.confirm(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'POST /coach/actions/{id}/undo',
      {
        schema: {
          ...secure,
          summary:
            'Undo an applied action: its workout is put back as it was, and its day left to the athlete; 409 when it was never applied or is undone already',
        },
        errors: errorsWith(409),
      },
      async (request) => ({ data: await service.undo(requireAuth(request), request.params.id) }),
    );
  };
}
