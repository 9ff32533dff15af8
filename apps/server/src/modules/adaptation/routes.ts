// Plan adaptation calls under /api/training (docs/adaptation.md, "API"): run today's adaptation now, the
// history of changes, and undo.
import {
  dataEnvelope,
  ZAdaptationRun,
  ZPlanChange,
  ZPlanChangeIdParam,
  ZPlanChangeList,
  ZPlanChangesQuery,
  ZPlanIdParam,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { errors, secured } from '../../plugins/route-schema.ts';
import type { AdaptationService } from './service.ts';

const route = secured('training');

export function adaptationRoutes(service: AdaptationService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);

    app.post(
      '/plans/:id/adapt',
      {
        schema: {
          ...route,
          summary:
            "Run today's adaptation of the plan now (readiness, missed sessions, over-reaching); answers the changes made",
          params: ZPlanIdParam,
          response: { 200: dataEnvelope(ZAdaptationRun), ...errors },
        },
      },
      async (request) => ({ data: await service.adaptNow(requireAuth(request), request.params.id) }),
    );

    app.get(
      '/plans/:id/changes',
      {
        schema: {
          ...route,
          summary: "The plan's changes by the adaptation or the coach, newest first, with their reasons",
          params: ZPlanIdParam,
          querystring: ZPlanChangesQuery,
          response: { 200: dataEnvelope(ZPlanChangeList), ...errors },
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

    app.post(
      '/plans/:id/changes/:changeId/undo',
      {
        schema: {
          ...route,
          summary: 'Undo a change: the workout is put back, and its day is left to the athlete from then on',
          params: ZPlanChangeIdParam,
          response: { 200: dataEnvelope(ZPlanChange), ...errors },
        },
      },
      async (request) => ({
        data: await service.undoPlanChange(requireAuth(request), request.params.id, request.params.changeId),
      }),
    );
  };
}
