// /api/workout-planning (docs/workout-parser.md, "How it is built: parser and store") and the Training API's workout
// calls under /api/training. Schemas: the contract's endpoint map.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type IfMatch, ifMatchOf } from '../../lib/preconditions.ts';
import { type AuthContext, type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { type EndpointHandler, route } from '../../plugins/contract-route.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { WorkoutService } from './service.ts';

const errors = errorsWith(413);

/** The PUT's words on both workout APIs: a conditional update (docs/offline.md, "Conflicts"). */
const IF_MATCH =
  'With `If-Match: "<updated_at>"` (the workout\'s `updated_at` as this API gives it), the change is applied only while the workout is still that version; otherwise 412 PRECONDITION_FAILED and nothing changes (docs/offline.md, "Conflicts").';

/** The operation's words for a secured route of `tag`, with its error answers. */
function docOf(tag: string) {
  return (summary: string, more: { status?: number; errors?: typeof errors; description?: string } = {}) => ({
    schema: { ...secured(tag), summary, ...(more.description ? { description: more.description } : {}) },
    errors: more.errors ?? errors,
    ...(more.status ? { status: more.status } : {}),
  });
}

/** The two workout APIs: each has its own fields, and the same PUT and DELETE of one workout. */
type WorkoutApi = 'workout-planning' | 'training';

/**
 * The handlers of the PUT and the DELETE of one workout, for an API whose update is `update` (its own fields):
 * a conditional update by the `If-Match` version, and a delete that answers the id.
 */
function workoutWrites<Body, Data>(
  service: Pick<WorkoutService, 'remove'>,
  update: (auth: AuthContext, id: string, body: Body, ifMatch?: IfMatch) => Promise<Data>,
) {
  type OneWorkout<B = unknown> = FastifyRequest<{ Params: { workoutId: string } }> & { body: B };
  return {
    put: async (request: OneWorkout<Body>) => ({
      data: await update(
        requireAuth(request),
        request.params.workoutId,
        request.body,
        ifMatchOf(request.headers['if-match'], 'this workout'),
      ),
    }),
    remove: async (request: OneWorkout) => {
      const id = request.params.workoutId;
      await service.remove(requireAuth(request), id);
      return { data: { id, deleted: true as const } };
    },
  };
}

/**
 * Registers `PUT` and `DELETE /{api}/workouts/{workoutId}` with the handlers of `workoutWrites`; each is checked
 * against its own contract entry where the API is named.
 */
function workoutWriteRoutes<A extends WorkoutApi>(
  app: FastifyInstance,
  doc: ReturnType<typeof docOf>,
  api: A,
  summary: string,
  handlers: {
    put: EndpointHandler<`PUT /${A}/workouts/{workoutId}`>;
    remove: EndpointHandler<`DELETE /${A}/workouts/{workoutId}`>;
  },
) {
  route(
    app,
    `PUT /${api}/workouts/{workoutId}` as const,
    doc(summary, { description: IF_MATCH, errors: errorsWith(413, 412) }),
    handlers.put,
  );
  route(app, `DELETE /${api}/workouts/{workoutId}` as const, doc('Delete a workout'), handlers.remove);
}

export function workoutPlanningRoutes(service: WorkoutService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    const doc = docOf('workout-planning');

    route(
      app,
      'POST /workout-planning/parse-workout',
      doc('Parse plain-language workout text into intervals and zones'),
      async (request) => ({
        data: await service.parseFor(
          requireAuth(request),
          request.body.workout_text,
          request.body.sport,
          request.body.workout_date,
        ),
      }),
    );

    route(app, 'GET /workout-planning/workouts', doc("List the athlete's workouts"), async (request) => {
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
    });

    route(
      app,
      'POST /workout-planning/workouts',
      doc('Create a workout; its text is parsed into structure', { status: 201 }),
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(requireAuth(request), request.body) }),
    );

    route(app, 'GET /workout-planning/workouts/{workoutId}', doc('One workout'), async (request) => ({
      data: await service.get(requireAuth(request), request.params.workoutId),
    }));

    workoutWriteRoutes(
      app,
      doc,
      'workout-planning',
      'Update a workout (for example its status or date); a changed text is parsed again',
      workoutWrites(service, service.update),
    );

    route(
      app,
      'GET /workout-planning/calendar',
      doc('Calendar events between two dates (both required)'),
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
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    const doc = docOf('training');

    route(
      app,
      'GET /training/workouts',
      doc("The athlete's workouts (Training API fields)"),
      async (request) => ({ data: await service.listTraining(requireAuth(request), request.query) }),
    );

    route(
      app,
      'GET /training/workouts/today',
      doc("Today's workouts, in the athlete's time zone"),
      async (request) => ({ data: await service.today(requireAuth(request)) }),
    );

    route(
      app,
      'POST /training/workouts',
      doc('Create a workout (Training API fields; the date defaults to today)', { status: 201 }),
      async (request, reply) =>
        reply.code(201).send({ data: await service.createTraining(requireAuth(request), request.body) }),
    );

    workoutWriteRoutes(
      app,
      doc,
      'training',
      'Update a workout (Training API fields)',
      workoutWrites(service, service.updateTraining),
    );

    route(
      app,
      'POST /training/workouts/{workoutId}/complete',
      doc(
        'Mark a workout completed, optionally with what was actually done (duration, distance, RPE, note), which then feeds the load',
      ),
      async (request) => ({
        data: await service.complete(requireAuth(request), request.params.workoutId, request.body ?? {}),
      }),
    );
  };
}
