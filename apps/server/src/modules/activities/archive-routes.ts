// POST /api/activities/import/archive (docs/activities.md, "Platform archives"): one "file" part, a Strava or
// Garmin Connect archive (or any zip of recordings), streamed into the file store; 202 with the import batch,
// whose rows (GET /api/activities/imports/{batch_id}) show each recording's outcome as the job reads them.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { singleFileUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import type { ClaimUpload } from '../../plugins/idempotency.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { ArchiveImport } from './archive-import.ts';

export function archiveRoutes(
  service: ArchiveImport,
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
      'POST /activities/import/archive',
      {
        schema: {
          ...secured('activities'),
          summary:
            'Upload a Strava "Download your data" zip or a Garmin Connect export (one multipart "file" part): every recording imported in the background with its name, description and gear, duplicates skipped; 202 with the batch',
          consumes: ['multipart/form-data'],
        },
        status: 202,
        errors: errorsWith(409, 413, 415, 429),
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const batch = await singleFileUpload(request, 'the archive', (file) =>
          service.upload(auth, file, (fingerprint) => hooks.claimUpload(request, reply, fingerprint)),
        );
        if (batch === null) return reply;
        return reply.code(202).send({ data: batch });
      },
    );
  };
}
