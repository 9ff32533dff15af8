// /api/workout-planning (docs/workout-parser.md, "How it is built: parser and store") and the Training API's workout calls under /api/training.
import {
  dataEnvelope,
  ZCalendarEvent,
  ZCalendarQuery,
  ZParsedWorkout,
  ZParseWorkoutRequest,
  ZTrainingWorkout,
  ZTrainingWorkoutCreateRequest,
  ZTrainingWorkoutListQuery,
  ZTrainingWorkoutUpdateRequest,
  ZWorkout,
  ZWorkoutCompleteRequest,
  ZWorkoutCreateRequest,
  ZWorkoutIdParam,
  ZWorkoutListQuery,
  ZWorkoutUpdateRequest,
} from '@stamina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type IfMatch, ifMatchOf } from '../../lib/preconditions.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { WorkoutService } from './service.ts';

const errors = errorsWith(413);
const ZDeleted = dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) }));

const ZCalendarResponse = dataEnvelope(z.object({ calendar_events: z.array(ZCalendarEvent) }));

export function workoutPlanningRoutes(service: WorkoutService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    const route = secured('workout-planning');

    app.post(
      '/parse-workout',
      {
        schema: {
          ...route,
          summary: 'Parse plain-language workout text into intervals and zones',
          body: ZParseWorkoutRequest,
          response: { 200: dataEnvelope(ZParsedWorkout), ...errors },
        },
      },
      async (request) => ({
        data: await service.parseFor(
          requireAuth(request),
          request.body.workout_text,
          request.body.sport,
          request.body.workout_date,
        ),
      }),
    );

    app.get(
      '/workouts',
      {
        schema: {
          ...route,
          summary: "List the athlete's workouts",
          querystring: ZWorkoutListQuery,
          response: { 200: dataEnvelope(z.array(ZWorkout)), ...errors },
        },
      },
      async (request) => {
        const q = request.query;
        return {
          data: await service.list(requireAuth(request), {
            planId: q.plan_id,
            sport: q.sport,
            status: q.status,
            dateFrom: q.date_from,
            dateTo: q.date_to,
            limit: q.limit,
          }),
        };
      },
    );

    app.post(
      '/workouts',
      {
        config: { idempotent: true },
        schema: {
          ...route,
          summary: 'Create a workout; its text is parsed into structure',
          body: ZWorkoutCreateRequest,
          response: { 201: dataEnvelope(ZWorkout), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(requireAuth(request), request.body) }),
    );

    app.get(
      '/workouts/:workoutId',
      {
        schema: {
          ...route,
          summary: 'One workout',
          params: ZWorkoutIdParam,
          response: { 200: dataEnvelope(ZWorkout), ...errors },
        },
      },
      async (request) => ({ data: await service.get(requireAuth(request), request.params.workoutId) }),
    );

    workoutByIdWrites(app, route, service, {
      summary: 'Update a workout (for example its status or date); a changed text is parsed again',
      body: ZWorkoutUpdateRequest,
      response: ZWorkout,
      update: (auth, id, body, ifMatch) => service.update(auth, id, body, ifMatch),
    });

    app.get(
      '/calendar',
      {
        schema: {
          ...route,
          summary: 'Calendar events between two dates (both required)',
          querystring: ZCalendarQuery,
          response: { 200: ZCalendarResponse, ...errors },
        },
      },
      async (request) => {
        const { date_from, date_to } = request.query;
        const workouts = await service.calendar(requireAuth(request), date_from, date_to);
        return {
          data: {
            calendar_events: workouts.map(({ workout, activityId }) => ({
              id: workout.id,
              event_date: workout.workout_date,
              event_type: 'workout' as const,
              title: workout.title,
              sport: workout.sport,
              status: workout.status,
              duration_minutes: workout.duration_minutes,
              intensity_zone: workout.intensity_zone,
              activity_id: activityId,
              workout,
            })),
          },
        };
      },
    );
  };
}

export function trainingWorkoutRoutes(service: WorkoutService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    const route = secured('training');

    app.get(
      '/workouts',
      {
        schema: {
          ...route,
          summary: "The athlete's workouts (Training API fields)",
          querystring: ZTrainingWorkoutListQuery,
          response: { 200: dataEnvelope(z.array(ZTrainingWorkout)), ...errors },
        },
      },
      async (request) => ({ data: await service.listTraining(requireAuth(request), request.query) }),
    );

    app.get(
      '/workouts/today',
      {
        schema: {
          ...route,
          summary: "Today's workouts, in the athlete's time zone",
          response: { 200: dataEnvelope(z.array(ZTrainingWorkout)), ...errors },
        },
      },
      async (request) => ({ data: await service.today(requireAuth(request)) }),
    );

    app.post(
      '/workouts',
      {
        config: { idempotent: true },
        schema: {
          ...route,
          summary: 'Create a workout (Training API fields; the date defaults to today)',
          body: ZTrainingWorkoutCreateRequest,
          response: { 201: dataEnvelope(ZTrainingWorkout), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.createTraining(requireAuth(request), request.body) }),
    );

    workoutByIdWrites(app, route, service, {
      summary: 'Update a workout (Training API fields)',
      body: ZTrainingWorkoutUpdateRequest,
      response: ZTrainingWorkout,
      update: (auth, id, body, ifMatch) => service.updateTraining(auth, id, body, ifMatch),
    });

    app.post(
      '/workouts/:workoutId/complete',
      {
        schema: {
          ...route,
          summary:
            'Mark a workout completed, optionally with what was actually done (duration, distance, RPE, note), which then feeds the load',
          params: ZWorkoutIdParam,
          body: ZWorkoutCompleteRequest.nullish(),
          response: { 200: dataEnvelope(ZTrainingWorkout), ...errors },
        },
      },
      async (request) => ({
        data: await service.complete(requireAuth(request), request.params.workoutId, request.body ?? {}),
      }),
    );
  };
}

/**
 * `PUT` and `DELETE /workouts/{workoutId}`, the same on both workout APIs but for the PUT's fields and answer
 * (the planning or the Training API's). The plain instance is used because the type provider cannot infer a
 * reply type through these generics; the schemas still validate the request and serialize the answer.
 */
function workoutByIdWrites<B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  route: ReturnType<typeof secured>,
  service: WorkoutService,
  put: {
    summary: string;
    body: B;
    response: R;
    update: (
      auth: AuthContext,
      workoutId: string,
      body: z.infer<B>,
      ifMatch?: IfMatch,
    ) => Promise<z.input<R>>;
  },
) {
  const workoutId = (request: FastifyRequest) =>
    (request.params as z.infer<typeof ZWorkoutIdParam>).workoutId;
  app.put(
    '/workouts/:workoutId',
    {
      schema: {
        ...route,
        summary: put.summary,
        description:
          'With `If-Match: "<updated_at>"` (the workout\'s `updated_at` as this API gives it), the change is applied only while the workout is still that version; otherwise 412 PRECONDITION_FAILED and nothing changes (docs/offline.md, "Conflicts").',
        params: ZWorkoutIdParam,
        body: put.body,
        response: { 200: dataEnvelope(put.response), ...errorsWith(413, 412) },
      },
    },
    async (request) => ({
      data: await put.update(
        requireAuth(request),
        workoutId(request),
        request.body as z.infer<B>,
        ifMatchOf(request.headers['if-match'], 'this workout'),
      ),
    }),
  );
  app.delete(
    '/workouts/:workoutId',
    {
      schema: {
        ...route,
        summary: 'Delete a workout',
        params: ZWorkoutIdParam,
        response: { 200: ZDeleted, ...errors },
      },
    },
    async (request) => {
      const id = workoutId(request);
      await service.remove(requireAuth(request), id);
      return { data: { id, deleted: true as const } };
    },
  );
}
