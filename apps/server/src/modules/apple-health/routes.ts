// POST /api/activities/import/apple-health (docs/devices.md, "Apple Health"): one "file" part, the export.zip
// or export.xml, streamed into the file store; 202 with the import batch, whose status
// (GET /api/activities/imports/{batch_id}) reports the job's outcome.
import fastifyMultipart from '@fastify/multipart';
import { dataEnvelope, ZImportBatch } from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, NUL_MESSAGE } from '../../lib/errors.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import type { ClaimUpload } from '../../plugins/idempotency.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { AppleHealthService } from './service.ts';

export function appleHealthRoutes(
  service: AppleHealthService,
  hooks: { authenticate: Authenticate; claimUpload: ClaimUpload },
) {
  return async function register(fastify: FastifyInstance) {
    fastify.addHook('onRequest', hooks.authenticate);
    await fastify.register(fastifyMultipart, {
      limits: { fileSize: service.maxUploadBytes, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/apple-health',
      {
        config: { idempotent: true },
        schema: {
          ...secured('activities'),
          summary:
            'Upload Apple Health\'s export.zip (or export.xml) as one multipart "file" part: workouts with their routes, HRV (SDNN), resting heart rate and sleep, imported in the background; 202 with the batch',
          consumes: ['multipart/form-data'],
          response: { 202: dataEnvelope(ZImportBatch), ...errorsWith(409, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the export as multipart/form-data');
        }
        let part: Awaited<ReturnType<typeof request.file>>;
        try {
          part = await request.file();
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new AppError(
            'BAD_REQUEST',
            `The upload is not a readable multipart/form-data body: ${message}`,
          );
        }
        if (!part) throw new AppError('VALIDATION_FAILED', 'Send the export in the field "file"');
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(
            'VALIDATION_FAILED',
            `Send the export in the field "file", not "${part.fieldname}"`,
          );
        }
        if (part.filename.includes('\u0000')) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', `File name: ${NUL_MESSAGE}`);
        }
        let batch: Awaited<ReturnType<AppleHealthService['upload']>>;
        try {
          batch = await service.upload(auth, { fileName: part.filename, stream: part.file }, (fingerprint) =>
            hooks.claimUpload(request, reply, fingerprint),
          );
        } catch (error) {
          // A form cut short or malformed is the client's; a store or database failure stays a 5xx.
          const code = String((error as { code?: unknown }).code ?? '');
          const message = error instanceof Error ? error.message : String(error);
          if (code.startsWith('FST_') || /unexpected end|part terminated|malformed/i.test(message)) {
            throw new AppError('BAD_REQUEST', `The upload could not be read: ${message}`);
          }
          throw error;
        }
        if (batch === null) return reply;
        return reply.code(202).send({ data: batch });
      },
    );
  };
}
