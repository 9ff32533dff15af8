// Workout files under /api/workout-planning: download a workout as .zwo/.fit/.mrc/.erg, upload one to create it.
// Multipart parsing is registered only in the upload route's own scope; every other route accepts JSON only.
// Schemas: the contract's endpoint map.
import fastifyMultipart from '@fastify/multipart';
import { WORKOUT_FILE_MAX_BYTES } from '@stamina/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { readUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import type { ClaimUpload } from '../../plugins/idempotency.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { WorkoutFileService } from './files.ts';

const errors = errorsWith(413, 415);
const secure = secured('workout-planning');
const MAX_FIELD_BYTES = 1000;

export function workoutFileRoutes(
  service: WorkoutFileService,
  authenticate: Authenticate,
  claimUpload: ClaimUpload,
) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);

    route(
      app,
      'GET /workout-planning/workouts/{workoutId}/export',
      {
        schema: {
          ...secure,
          summary: 'Download a structured workout as a Zwift .zwo, Garmin FIT, .mrc or .erg file',
        },
        errors,
      },
      async (request, reply) => {
        const file = await service.exportFile(requireAuth(request), request.params.workoutId, request.query);
        // The file is the body itself, not a JSON envelope, so it bypasses the typed (JSON) reply.
        const raw: FastifyReply = reply;
        return raw.type(file.contentType).header('content-disposition', file.disposition).send(file.body);
      },
    );

    await app.register(async (scope) => {
      await scope.register(fastifyMultipart, {
        limits: {
          fileSize: WORKOUT_FILE_MAX_BYTES,
          files: 1,
          fields: 5,
          parts: 6,
          fieldSize: MAX_FIELD_BYTES,
        },
      });
      route(
        scope,
        'POST /workout-planning/workouts/import',
        {
          schema: {
            ...secure,
            summary:
              'Create a workout from a .zwo, .mrc, .erg or .fit workout file (multipart/form-data: file, workout_date, optional title)',
            consumes: ['multipart/form-data'],
          },
          status: 201,
          errors,
        },
        async (request, reply) => {
          const auth = requireAuth(request);
          if (!request.isMultipart()) {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the workout file as multipart/form-data');
          }
          const { files, fields } = await readUpload(request, {
            fileField: 'file',
            what: 'The workout file',
            maxSizeLabel: '1 MB',
            maxFiles: 1,
          });
          const parts = [JSON.stringify(fields), ...files.flatMap((f) => [f.fileName, f.bytes])];
          if (await claimUpload(request, reply, parts)) return reply;
          return reply.code(201).send({ data: await service.importFile(auth, files[0], fields) });
        },
      );
    });
  };
}
