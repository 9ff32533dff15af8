// Training plan calls of the Training API, under /api/training (docs/training-load.md §12).
import {
  dataEnvelope,
  ZPlanIdParam,
  ZPlanOutline,
  ZPlanProgress,
  ZPlanRebuild,
  ZPlanRebuildRequest,
  ZTrainingPlan,
  ZTrainingPlanCreateRequest,
  ZTrainingPlanUpdateRequest,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { errors, secured } from '../../plugins/route-schema.ts';
import type { PlanService } from './service.ts';

const route = secured('training');
const ZDeleted = dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) }));

export function trainingPlanRoutes(service: PlanService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);

    app.get(
      '/plans',
      {
        schema: {
          ...route,
          summary: "The athlete's training plans, newest first",
          response: { 200: dataEnvelope(z.array(ZTrainingPlan)), ...errors },
        },
      },
      async (request) => ({ data: await service.list(requireAuth(request)) }),
    );

    app.post(
      '/plans',
      {
        config: { idempotent: true },
        schema: {
          ...route,
          summary:
            'Create a plan (phases generated from the dates when omitted); an active plan archives the previous one',
          body: ZTrainingPlanCreateRequest,
          response: { 201: dataEnvelope(ZTrainingPlan), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(requireAuth(request), request.body) }),
    );

    app.get(
      '/plans/active',
      {
        schema: {
          ...route,
          summary: "The athlete's active plan, or null",
          response: { 200: dataEnvelope(ZTrainingPlan.nullable()), ...errors },
        },
      },
      async (request) => ({ data: await service.active(requireAuth(request)) }),
    );

    app.put(
      '/plans/:id',
      {
        schema: {
          ...route,
          summary:
            'Update a plan; new dates without phases regenerate them, status active archives the other',
          params: ZPlanIdParam,
          body: ZTrainingPlanUpdateRequest,
          response: { 200: dataEnvelope(ZTrainingPlan), ...errors },
        },
      },
      async (request) => ({
        data: await service.update(requireAuth(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/plans/:id',
      {
        schema: {
          ...route,
          summary: 'Delete a plan; its workouts stay, outside any plan',
          params: ZPlanIdParam,
          response: { 200: ZDeleted, ...errors },
        },
      },
      async (request) => {
        await service.remove(requireAuth(request), request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );

    app.get(
      '/plans/:id/progress',
      {
        schema: {
          ...route,
          summary: 'Week X of Y, the phase map, milestones and this week’s goals of a plan',
          params: ZPlanIdParam,
          response: { 200: dataEnvelope(ZPlanProgress), ...errors },
        },
      },
      async (request) => ({ data: await service.progress(requireAuth(request), request.params.id) }),
    );

    app.get(
      '/plans/:id/outline',
      {
        schema: {
          ...route,
          summary:
            "A generated plan's outline: its goal, the profile it started from, its weeks and why; null for a plan made by hand",
          params: ZPlanIdParam,
          response: { 200: dataEnvelope(ZPlanOutline.nullable()), ...errors },
        },
      },
      async (request) => ({ data: await service.outline(requireAuth(request), request.params.id) }),
    );

    app.post(
      '/plans/:id/rebuild',
      {
        schema: {
          ...route,
          summary:
            'Draft a generated plan again from today (new race date or weekly hours): its planned sessions from today on are replaced',
          params: ZPlanIdParam,
          body: ZPlanRebuildRequest,
          response: { 200: dataEnvelope(ZPlanRebuild), ...errors },
        },
      },
      async (request) => ({
        data: await service.rebuild(requireAuth(request), request.params.id, request.body),
      }),
    );
  };
}
