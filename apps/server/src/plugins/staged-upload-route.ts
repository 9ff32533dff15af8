// The route shape of an upload read in the background (docs/RELIABILITY.md, "Input the API refuses"): one
// multipart "file" part streamed into staging by the service, which queues its job; 202 with the import batch,
// whose status (GET /api/activities/imports/{batch_id}) reports the job's outcome. An Apple Health export and a
// platform archive are uploaded this way; each route gives its path, its summary and what the file is called.
import fastifyMultipart from '@fastify/multipart';
import type { ImportBatch } from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import { singleFileUpload } from '../lib/uploads.ts';
import { type AuthContext, type Authenticate, requireAuth } from './authenticate.ts';
import { route } from './contract-route.ts';
import type { ClaimUpload } from './idempotency.ts';
import { errorsWith, secured } from './route-schema.ts';

/** What a staged upload route needs of its service: the size limit, and the upload that stages and queues. */
interface StagedUploads {
  maxUploadBytes: number;
  upload(
    auth: AuthContext,
    file: { fileName: string; stream: NodeJS.ReadableStream & { truncated?: boolean } },
    claim: (fingerprint: string[]) => Promise<boolean>,
  ): Promise<ImportBatch | null>;
}

export function stagedUploadRoute(
  service: StagedUploads,
  hooks: { authenticate: Authenticate; claimUpload: ClaimUpload },
  upload: {
    endpoint: 'POST /activities/import/archive' | 'POST /activities/import/apple-health';
    summary: string;
    what: string;
  },
) {
  return async function register(fastify: FastifyInstance) {
    fastify.addHook('onRequest', hooks.authenticate);
    await fastify.register(fastifyMultipart, {
      limits: { fileSize: service.maxUploadBytes, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
    });
    route(
      fastify,
      upload.endpoint,
      {
        schema: { ...secured('activities'), summary: upload.summary, consumes: ['multipart/form-data'] },
        status: 202,
        errors: errorsWith(409, 413, 415, 429),
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const batch = await singleFileUpload(request, upload.what, (file) =>
          service.upload(auth, file, (fingerprint) => hooks.claimUpload(request, reply, fingerprint)),
        );
        if (batch === null) return reply;
        return reply.code(202).send({ data: batch });
      },
    );
  };
}
