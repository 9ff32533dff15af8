// Training plan calls of the Training API, under /api/training (docs/training-load.md §12).
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { secured } from '../../plugins/route-schema.ts';
import type { PlanService } from './service.ts';

const secure = secured('training');

export function trainingPlanRoutes(service: PlanService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);

    route(
      app,
      'GET /training/plans',
      {
        schema: {
          ...secure,
          summary: "The athlete's training plans, newest first",
        },
      },
      async (request) => ({ data: await service.list(requireAuth(request)) }),
    );

    route(
      app,
      'POST /training/plans',
      {
        schema: {
          ...secure,
          summary:
            'Create a plan (phases generated from the dates when omitted); an active plan archives the previous one',
        },
        status: 201,
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(requireAuth(request), request.body) }),
    );

    route(
      app,
      'GET /training/plans/active',
      {
        schema: {
          ...secure,
          summary: "The athlete's active plan, or null",
        },
      },
      async (request) => ({ data: await service.active(requireAuth(request)) }),
    );

    route(
      app,
      'PUT /training/plans/{id}',
      {
        schema: {
          ...secure,
          summary:
            'Update a plan; new dates without phases regenerate them, status active archives the other',
        },
      },
      async (request) => ({
        data: await service.update(requireAuth(request), request.params.id, request.body),
      }),
    );

    route(
      app,
      'DELETE /training/plans/{id}',
      {
        schema: {
          ...secure,
          summary: 'Delete a plan; its workouts stay, outside any plan',
        },
      },
      async (request) => {
        await service.remove(requireAuth(request), request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );

    route(
      app,
      'GET /training/plans/{id}/progress',
      {
        schema: {
          ...secure,
          summary: 'Week X of Y, the phase map, milestones and this week’s goals of a plan',
        },
      },
      async (request) => ({ data: await service.progress(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'GET /training/plans/{id}/outline',
      {
        schema: {
          ...secure,
          summary:
            "A generated plan's outline: its goal, the profile it started from, its weeks and why; null for a plan made by hand",
        },
      },
      async (request) => ({ data: await service.outline(requireAuth(request), request.params.id) }),
    );

    route(
      app,
      'POST /training/plans/{id}/rebuild',
      {
        schema: {
          ...secure,
          summary:
            'Draft a generated plan again from today (new race date or weekly hours): its planned sessions from today on are replaced',
        },
      },
      async (request) => ({
        data: await service.rebuild(requireAuth(request), request.params.id, request.body),
      }),
    );
  };
}
