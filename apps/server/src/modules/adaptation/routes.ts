// Plan adaptation calls under /api/training (docs/adaptation.md, "API"): run today's adaptation now, the
// history of changes, and undo.
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { secured } from '../../plugins/route-schema.ts';
import type { AdaptationService } from './service.ts';

const secure = secured('training');

export function adaptationRoutes(service: AdaptationService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);

    route(
      app,
      'POST /training/plans/{id}/adapt',
      {
        schema: {
          ...secure,
          summary:
            "Run today's adaptation of the plan now (readiness, missed sessions, over-reaching); answers the changes made",
        },
      },
      async (request) => ({ data: await service.adaptNow(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'GET /training/plans/{id}/changes',
      {
        schema: {
          ...secure,
          summary: "The plan's changes by the adaptation or the coach, newest first, with their reasons",
        },
      },
      async (request) => ({
        data: await service.planChanges(requireAuth(request), request.params.id, {
          workoutId: request.query.workout_id,
          page: request.query.page,
          pageSize: request.query.page_size,
        }),
      }),
    );

    route(
      app,
      'POST /training/plans/{id}/changes/{changeId}/undo',
      {
        schema: {
          ...secure,
          summary: 'Undo a change: the workout is put back, and its day is left to the athlete from then on',
        },
      },
      async (request) => ({
        data: await service.undoPlanChange(requireAuth(request), request.params.id, request.params.changeId),
      }),
    );
  };
}
