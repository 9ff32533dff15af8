// /api/workout-planning (spec part 2 §7 Workout planning) and the Training API's workout calls under /api/training.
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
  ZWorkoutCreateRequest,
  ZWorkoutIdParam,
  ZWorkoutListQuery,
  ZWorkoutUpdateRequest,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
      async (request) => ({ data: service.parse(request.body.workout_text, request.body.sport) }),
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

    app.put(
      '/workouts/:workoutId',
      {
        schema: {
          ...route,
          summary: 'Update a workout (for example its status or date); a changed text is parsed again',
          params: ZWorkoutIdParam,
          body: ZWorkoutUpdateRequest,
          response: { 200: dataEnvelope(ZWorkout), ...errors },
        },
      },
      async (request) => ({
        data: await service.update(requireAuth(request), request.params.workoutId, request.body),
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
        await service.remove(requireAuth(request), request.params.workoutId);
        return { data: { id: request.params.workoutId, deleted: true as const } };
      },
    );

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
            calendar_events: workouts.map((workout) => ({
              id: workout.id,
              event_date: workout.workout_date,
              event_type: 'workout' as const,
              title: workout.title,
              sport: workout.sport,
              status: workout.status,
              duration_minutes: workout.duration_minutes,
              intensity_zone: workout.intensity_zone,
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
      async (request) => ({ data: await service.listTraining(requireAuth(request), request.query.plan_id) }),
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

    app.put(
      '/workouts/:workoutId',
      {
        schema: {
          ...route,
          summary: 'Update a workout (Training API fields)',
          params: ZWorkoutIdParam,
          body: ZTrainingWorkoutUpdateRequest,
          response: { 200: dataEnvelope(ZTrainingWorkout), ...errors },
        },
      },
      async (request) => ({
        data: await service.updateTraining(requireAuth(request), request.params.workoutId, request.body),
      }),
    );

    app.post(
      '/workouts/:workoutId/complete',
      {
        schema: {
          ...route,
          summary: 'Mark a workout completed',
          params: ZWorkoutIdParam,
          response: { 200: dataEnvelope(ZTrainingWorkout), ...errors },
        },
      },
      async (request) => ({ data: await service.complete(requireAuth(request), request.params.workoutId) }),
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
        await service.remove(requireAuth(request), request.params.workoutId);
        return { data: { id: request.params.workoutId, deleted: true as const } };
      },
    );
  };
}
