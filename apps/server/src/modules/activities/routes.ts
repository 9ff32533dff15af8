// /api/activities (docs/activities.md): the upload (202, processed by jobs), its batch status, and the
// athlete's activities: list, curves, detail, analysis, rename and sport change, delete, streams and matching. Reads that
// only writes of this module and the workout module change are served through the cached-reads hook; the batch
// status, which the jobs move on, is not.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { streamUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import type { ClaimUpload } from '../../plugins/idempotency.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { ActivityService } from './service.ts';
import { ACTIVITY_LIMITS } from './upload-files.ts';

const secure = secured('activities');

export function activityRoutes(
  service: ActivityService,
  hooks: { authenticate: Authenticate; cachedReads: Authenticate; claimUpload: ClaimUpload },
) {
  return async function register(fastify: FastifyInstance) {
    // The upload and its batch status: not cached.
    await fastify.register(async (app) => {
      app.addHook('onRequest', hooks.authenticate);
      await app.register(fastifyMultipart, {
        limits: {
          fileSize: ACTIVITY_LIMITS.fileBytes,
          files: ACTIVITY_LIMITS.filesPerUpload,
          fields: 5,
          parts: ACTIVITY_LIMITS.filesPerUpload + 5,
          fieldSize: 1000,
        },
      });
      route(
        app,
        'POST /activities/import',
        {
          schema: {
            ...secure,
            summary:
              'Upload FIT, GPX or TCX files, .gz copies or zips of them (multipart, one or more "file" parts); 202 with the batch, processed in the background',
            consumes: ['multipart/form-data'],
          },
          status: 202,
          errors: errorsWith(409, 413, 415, 429),
        },
        async (request, reply) => {
          const auth = requireAuth(request);
          if (!request.isMultipart()) {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload activity files as multipart/form-data');
          }
          const batch = await service.upload(
            auth,
            (onFile) =>
              streamUpload(
                request,
                {
                  fileField: 'file',
                  what: 'The activity file',
                  maxSizeLabel: ACTIVITY_LIMITS.fileLabel,
                  maxFiles: ACTIVITY_LIMITS.filesPerUpload,
                },
                onFile,
              ),
            (fingerprint) => hooks.claimUpload(request, reply, fingerprint),
          );
          if (batch === null) return reply;
          return reply.code(202).send({ data: batch });
        },
      );
      route(
        app,
        'GET /activities/imports/{batchId}',
        {
          schema: {
            ...secure,
            summary:
              "An upload's files and the status of each: queued, processing, imported, duplicate or failed",
          },
        },
        async (request) => ({ data: await service.batch(requireAuth(request), request.params.batchId) }),
      );
    });

    await fastify.register(async (app) => {
      app.addHook('onRequest', hooks.cachedReads);
      route(
        app,
        'GET /activities',
        {
          schema: {
            ...secure,
            summary: "The athlete's activities, newest first, by sport and local date range, in pages",
          },
        },
        async (request) => ({ data: await service.list(requireAuth(request), request.query) }),
      );
      route(
        app,
        'GET /activities/curves',
        {
          schema: {
            ...secure,
            summary:
              'Best power per duration or best time per distance over a period, with the activity of each',
          },
        },
        async (request) => ({
          data: await service.curve(requireAuth(request), request.query.type, request.query.period),
        }),
      );
      route(
        app,
        'GET /activities/{id}',
        {
          schema: {
            ...secure,
            summary: 'One activity: summary, laps, zones, best efforts, thresholds and its matched workout',
          },
        },
        async (request) => ({ data: await service.get(requireAuth(request), request.params.id) }),
      );
      route(
        app,
        'PUT /activities/{id}',
        {
          schema: {
            ...secure,
            summary:
              'Rename an activity, change its sport (its figures, load and planned-workout match are computed again from its original file), or log how it felt (RPE 1-10 and a note; without sensor data the RPE gives its TSS)',
          },
        },
        async (request) => ({
          data: await service.update(requireAuth(request), request.params.id, request.body),
        }),
      );
      route(
        app,
        'DELETE /activities/{id}',
        {
          schema: {
            ...secure,
            summary: 'Delete an activity; the workout it completed goes back to planned',
          },
        },
        async (request) => {
          await service.remove(requireAuth(request), request.params.id);
          return { data: { id: request.params.id, deleted: true as const } };
        },
      );
      route(
        app,
        'GET /activities/{id}/streams',
        {
          schema: {
            ...secure,
            summary: '1 Hz streams of an activity (types: comma-separated; all it has by default)',
          },
        },
        async (request) => ({
          data: await service.streams(requireAuth(request), request.params.id, request.query.types),
        }),
      );
      route(
        app,
        'GET /activities/{id}/analysis',
        {
          schema: {
            ...secure,
            summary:
              "An activity's power, heart-rate and pace curves beside the athlete's 42-day and all-time bests, kJ, W/kg, VI, EF, aerobic decoupling and its intervals (laps and efforts found in the stream)",
          },
        },
        async (request) => ({ data: await service.analysis(requireAuth(request), request.params.id) }),
      );
      route(
        app,
        'PUT /activities/{id}/match',
        {
          schema: {
            ...secure,
            summary: 'Match an activity to one of your planned workouts, or unmatch it (workout_id null)',
          },
          errors: errorsWith(409),
        },
        async (request) => ({
          data: await service.match(requireAuth(request), request.params.id, request.body.workout_id),
        }),
      );
    });
  };
}
