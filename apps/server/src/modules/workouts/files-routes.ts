// Workout files under /api/workout-planning: download a workout as .zwo/.fit/.mrc/.erg, upload one to create it.
// Multipart parsing is registered only in the upload route's own scope; every other route accepts JSON only.
import fastifyMultipart from '@fastify/multipart';
import {
  dataEnvelope,
  WORKOUT_FILE_MAX_BYTES,
  ZErrorResponse,
  ZWorkout,
  ZWorkoutExportQuery,
  ZWorkoutIdParam,
} from '@stamina/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import type { UploadedFile, WorkoutFileService } from './files.ts';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  404: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
};
const security = [{ bearerAuth: [] }];
const tags = ['workout-planning'];
const MAX_FIELD_BYTES = 1000;

/** Collects the upload's one file and its text fields, turning the multipart plugin's limits into our errors. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ file?: UploadedFile; fields: Record<string, string> }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the workout file as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          throw new AppError(
            'VALIDATION_FAILED',
            `Send the workout file in the field "file", not "${part.fieldname}"`,
          );
        }
        file = { fileName: part.filename, bytes: await part.toBuffer() };
      } else {
        if (part.valueTruncated) {
          throw new AppError('VALIDATION_FAILED', `${part.fieldname}: the value is too long`);
        }
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The workout file is larger than 1 MB');
    }
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION_FAILED', 'Upload one workout file at a time');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('VALIDATION_FAILED', 'The form has too many fields');
    }
    throw error;
  }
  return file ? { file, fields } : { fields };
}

export function workoutFileRoutes(service: WorkoutFileService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);

    app.get(
      '/workouts/:workoutId/export',
      {
        schema: {
          tags,
          security,
          summary: 'Download a structured workout as a Zwift .zwo, Garmin FIT, .mrc or .erg file',
          params: ZWorkoutIdParam,
          querystring: ZWorkoutExportQuery,
          response: errors,
        },
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
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/workouts/import',
        {
          schema: {
            tags,
            security,
            summary:
              'Create a workout from a .zwo, .mrc or .erg file (multipart/form-data: file, workout_date, optional title)',
            consumes: ['multipart/form-data'],
            response: { 201: dataEnvelope(ZWorkout), ...errors },
          },
        },
        async (request, reply) => {
          const auth = requireAuth(request);
          const { file, fields } = await readUpload(request);
          return reply.code(201).send({ data: await service.importFile(auth, file, fields) });
        },
      );
    });
  };
}
