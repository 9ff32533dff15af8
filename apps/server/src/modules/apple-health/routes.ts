// POST /api/activities/import/apple-health (docs/devices.md, "Apple Health"): one "file" part, the export.zip
// or export.xml, streamed into the file store; 202 with the import batch, whose status
// (GET /api/activities/imports/{batch_id}) reports the job's outcome.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { singleFileUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
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
    const app = fastify;
    route(
      app,
      'POST /activities/import/apple-health',
      {
        schema: {
          ...secured('activities'),
          summary:
            'Upload Apple Health\'s export.zip (or export.xml) as one multipart "file" part: workouts with their routes, HRV (SDNN), resting heart rate and sleep, imported in the background; 202 with the batch',
          consumes: ['multipart/form-data'],
        },
        status: 202,
        errors: errorsWith(409, 413, 415, 429),
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const batch = await singleFileUpload(request, 'the export', (file) =>
          service.upload(auth, file, (fingerprint) => hooks.claimUpload(request, reply, fingerprint)),
        );
        if (batch === null) return reply;
        return reply.code(202).send({ data: batch });
      },
    );
  };
}
