// /api/activities (docs/activities.md): the upload (202, processed by jobs), its batch status, and the
// athlete's activities: list, curves, detail, analysis, rename and sport change, delete, streams and matching. Reads that
// only writes of this module and the workout module change are served through the cached-reads hook; the batch
// status, which the jobs move on, is not.
import fastifyMultipart from '@fastify/multipart';
import {
  dataEnvelope,
  ZActivityAnalysis,
  ZActivityDetail,
  ZActivityIdParam,
  ZActivityList,
  ZActivityListQuery,
  ZActivityMatchRequest,
  ZActivityStreams,
  ZActivityStreamsQuery,
  ZActivityUpdateRequest,
  ZCurve,
  ZCurveQuery,
  ZImportBatch,
  ZImportBatchIdParam,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { streamUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import type { ClaimUpload } from '../../plugins/idempotency.ts';
import { errors, errorsWith, secured } from '../../plugins/route-schema.ts';
import type { ActivityService } from './service.ts';
import { ACTIVITY_LIMITS } from './upload-files.ts';

const route = secured('activities');
const ZDeleted = dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) }));

export function activityRoutes(
  service: ActivityService,
  hooks: { authenticate: Authenticate; cachedReads: Authenticate; claimUpload: ClaimUpload },
) {
  return async function register(fastify: FastifyInstance) {
    // The upload and its batch status: not cached.
    await fastify.register(async (scope) => {
      scope.addHook('onRequest', hooks.authenticate);
      await scope.register(fastifyMultipart, {
        limits: {
          fileSize: ACTIVITY_LIMITS.fileBytes,
          files: ACTIVITY_LIMITS.filesPerUpload,
          fields: 5,
          parts: ACTIVITY_LIMITS.filesPerUpload + 5,
          fieldSize: 1000,
        },
      });
      const app = scope.withTypeProvider<ZodTypeProvider>();
      app.post(
        '/import',
        {
          config: { idempotent: true },
          schema: {
            ...route,
            summary:
              'Upload FIT, GPX or TCX files, .gz copies or zips of them (multipart, one or more "file" parts); 202 with the batch, processed in the background',
            consumes: ['multipart/form-data'],
            response: { 202: dataEnvelope(ZImportBatch), ...errorsWith(409, 413, 415, 429) },
          },
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
      app.get(
        '/imports/:batchId',
        {
          schema: {
            ...route,
            summary:
              "An upload's files and the status of each: queued, processing, imported, duplicate or failed",
            params: ZImportBatchIdParam,
            response: { 200: dataEnvelope(ZImportBatch), ...errors },
          },
        },
        async (request) => ({ data: await service.batch(requireAuth(request), request.params.batchId) }),
      );
    });

    await fastify.register(async (scope) => {
      scope.addHook('onRequest', hooks.cachedReads);
      const app = scope.withTypeProvider<ZodTypeProvider>();
      app.get(
        '/',
        {
          schema: {
            ...route,
            summary: "The athlete's activities, newest first, by sport and local date range, in pages",
            querystring: ZActivityListQuery,
            response: { 200: dataEnvelope(ZActivityList), ...errors },
          },
        },
        async (request) => ({ data: await service.list(requireAuth(request), request.query) }),
      );
      app.get(
        '/curves',
        {
          schema: {
            ...route,
            summary:
              'Best power per duration or best time per distance over a period, with the activity of each',
            querystring: ZCurveQuery,
            response: { 200: dataEnvelope(ZCurve), ...errors },
          },
        },
        async (request) => ({
          data: await service.curve(requireAuth(request), request.query.type, request.query.period),
        }),
      );
      app.get(
        '/:id',
        {
          schema: {
            ...route,
            summary: 'One activity: summary, laps, zones, best efforts, thresholds and its matched workout',
            params: ZActivityIdParam,
            response: { 200: dataEnvelope(ZActivityDetail), ...errors },
          },
        },
        async (request) => ({ data: await service.get(requireAuth(request), request.params.id) }),
      );
      app.put(
        '/:id',
        {
          schema: {
            ...route,
            summary:
              'Rename an activity, change its sport (its figures, load and planned-workout match are computed again from its original file), or log how it felt (RPE 1-10 and a note; without sensor data the RPE gives its TSS)',
            params: ZActivityIdParam,
            body: ZActivityUpdateRequest,
            response: { 200: dataEnvelope(ZActivityDetail), ...errors },
          },
        },
        async (request) => ({
          data: await service.update(requireAuth(request), request.params.id, request.body),
        }),
      );
      app.delete(
        '/:id',
        {
          schema: {
            ...route,
            summary: 'Delete an activity; the workout it completed goes back to planned',
            params: ZActivityIdParam,
            response: { 200: ZDeleted, ...errors },
          },
        },
        async (request) => {
          await service.remove(requireAuth(request), request.params.id);
          return { data: { id: request.params.id, deleted: true as const } };
        },
      );
      app.get(
        '/:id/streams',
        {
          schema: {
            ...route,
            summary: '1 Hz streams of an activity (types: comma-separated; all it has by default)',
            params: ZActivityIdParam,
            querystring: ZActivityStreamsQuery,
            response: { 200: dataEnvelope(ZActivityStreams), ...errors },
          },
        },
        async (request) => ({
          data: await service.streams(requireAuth(request), request.params.id, request.query.types),
        }),
      );
      app.get(
        '/:id/analysis',
        {
          schema: {
            ...route,
            summary:
              "An activity's power, heart-rate and pace curves beside the athlete's 42-day and all-time bests, kJ, W/kg, VI, EF, aerobic decoupling and its intervals (laps and efforts found in the stream)",
            params: ZActivityIdParam,
            response: { 200: dataEnvelope(ZActivityAnalysis), ...errors },
          },
        },
        async (request) => ({ data: await service.analysis(requireAuth(request), request.params.id) }),
      );
      app.put(
        '/:id/match',
        {
          schema: {
            ...route,
            summary: 'Match an activity to one of your planned workouts, or unmatch it (workout_id null)',
            params: ZActivityIdParam,
            body: ZActivityMatchRequest,
            response: { 200: dataEnvelope(ZActivityDetail), ...errorsWith(409) },
          },
        },
        async (request) => ({
          data: await service.match(requireAuth(request), request.params.id, request.body.workout_id),
        }),
      );
    });
  };
}
