// Data ownership under /api/athletes/me (docs/account.md): delete the account, export everything, import an
// export. The caller's own only; the download alone is reached by its signed link, without a bearer token.
import fastifyMultipart from '@fastify/multipart';
import { ZErrorResponse } from '@stamina/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { readUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import { IMPORT_LIMITS } from './import.ts';
import type { AccountService } from './service.ts';

const secure = secured('account');

/** A ticket among the athlete's uploads being read, in every process (lib/upload-gate.ts; 429 past the limit). */
export type EnterUpload = (athleteId: string) => Promise<{ release(): void }>;

export function accountRoutes(service: AccountService, authenticate: Authenticate, enterUpload: EnterUpload) {
  return async function register(fastify: FastifyInstance) {
    await fastify.register(async (app) => {
      app.addHook('onRequest', authenticate);
      await app.register(fastifyMultipart, {
        limits: { fileSize: IMPORT_LIMITS.zipBytes, files: 1, fields: 2, parts: 3, fieldSize: 100 },
      });

      route(
        app,
        'DELETE /athletes/me',
        {
          schema: {
            ...secure,
            summary:
              'Delete the account, confirmed by its password: signs out everywhere at once; every row and file is purged after 7 days',
          },
          errors: errorsWith(403),
        },
        async (request) => ({
          data: await service.deleteAccount(requireAuth(request), request.body.password),
        }),
      );

      route(
        app,
        'POST /athletes/me/exports',
        {
          schema: {
            ...secure,
            summary:
              '"Download my data": start building the zip of everything the athlete owns (or answer the one being built)',
          },
          status: 202,
        },
        async (request, reply) =>
          reply.code(202).send({ data: await service.startExport(requireAuth(request)) }),
      );

      route(
        app,
        'GET /athletes/me/exports/{exportId}',
        {
          schema: {
            ...secure,
            summary: 'An export: its progress in percent and, once ready, its download link and expiry',
          },
        },
        async (request) => ({
          data: await service.exportStatus(requireAuth(request), request.params.exportId),
        }),
      );

      route(
        app,
        'POST /athletes/me/import',
        {
          schema: {
            ...secure,
            summary:
              'Import a Stamina export (multipart, one "file" part, up to 100 MB; at most 50,000 rows a table and 200,000 in all) into this fresh account, whole or not at all',
            consumes: ['multipart/form-data'],
          },
          errors: errorsWith(409, 413, 415, 429),
        },
        async (request) => {
          const auth = requireAuth(request);
          if (!request.isMultipart()) {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the export as multipart/form-data');
          }
          // Counted with the athlete's other uploads (activity files, Apple Health), held until the import ends:
          // parallel imports each hold up to 100 MB in memory before the single-flight claim can refuse them.
          const ticket = await enterUpload(auth.athleteId);
          try {
            const { files } = await readUpload(request, {
              fileField: 'file',
              what: 'The export',
              maxSizeLabel: IMPORT_LIMITS.zipLabel,
              maxFiles: 1,
            });
            const file = files[0];
            if (!file)
              throw new AppError(
                'VALIDATION_FAILED',
                'Choose an export zip to upload (the form field "file")',
              );
            return { data: await service.importExport(auth, file.bytes) };
          } finally {
            ticket.release();
          }
        },
      );

      route(
        app,
        'GET /athletes/me/import',
        {
          schema: {
            ...secure,
            summary:
              'The latest import into this account: its progress (rows written of all) while it runs, then how it ended; null when none was started',
          },
        },
        async (request) => ({ data: await service.importStatus(requireAuth(request)) }),
      );
    });

    // The download link works on its own, like a mailed link: its token is the only credential.
    const open = fastify;
    route(
      open,
      'GET /athletes/me/exports/{exportId}/download',
      {
        schema: {
          tags: ['account'],
          summary:
            'The export zip, through the signed link its status answers; 410 once the link has expired',
        },
        errors: { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse, 410: ZErrorResponse },
      },
      async (request, reply) => {
        const file = await service.download(request.params.exportId, request.query.token);
        const raw: FastifyReply = reply
          .type('application/zip')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${file.fileName}"`);
        if (file.sizeBytes) raw.header('content-length', String(file.sizeBytes));
        return raw.send(file.stream);
      },
    );
  };
}
