// The profile picture under /api/athletes/me/avatar (docs/profile.md, "Profile picture"): upload (replaces),
// read, remove. The caller's own only: the path has no id, so no other athlete's picture can be named.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { readUpload } from '../../lib/uploads.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import { AVATAR_LIMITS } from './avatar-image.ts';
import type { AthleteService } from './service.ts';

const secure = secured('athletes');

export function avatarRoutes(service: AthleteService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    await app.register(fastifyMultipart, {
      limits: { fileSize: AVATAR_LIMITS.fileBytes, files: 1, fields: 2, parts: 3, fieldSize: 100 },
    });

    route(
      app,
      'PUT /athletes/me/avatar',
      {
        schema: {
          ...secure,
          summary:
            'Upload the profile picture (multipart, one "file" part: JPEG, PNG, WebP or HEIC up to 5 MB); stored as a 256×256 WebP without metadata',
          consumes: ['multipart/form-data'],
        },
        errors: errorsWith(413, 415),
      },
      async (request) => {
        const auth = requireAuth(request);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the picture as multipart/form-data');
        }
        const { files } = await readUpload(request, {
          fileField: 'file',
          what: 'The picture',
          maxSizeLabel: AVATAR_LIMITS.fileLabel,
          maxFiles: 1,
        });
        const file = files[0];
        if (!file)
          throw new AppError('VALIDATION_FAILED', 'Choose a picture to upload (the form field "file")');
        return { data: await service.putAvatar(auth, file.bytes) };
      },
    );

    route(
      app,
      'GET /athletes/me/avatar',
      {
        schema: {
          ...secure,
          summary:
            'The profile picture (image/webp); 404 without one. Its ETag is the avatar_version of GET /api/athletes/me',
        },
      },
      async (request, reply) => {
        const { bytes, version } = await service.avatar(requireAuth(request));
        // The picture is the body itself, not a JSON envelope. Private: it is behind the caller's token.
        const raw: FastifyReply = reply
          .header('cache-control', 'private, no-cache')
          .header('etag', `"${version}"`);
        if (request.headers['if-none-match'] === `"${version}"`) return raw.code(304).send();
        return raw
          .type('image/webp')
          .header('content-disposition', 'inline; filename="avatar.webp"')
          .send(bytes);
      },
    );

    route(
      app,
      'DELETE /athletes/me/avatar',
      {
        schema: {
          ...secure,
          summary: 'Remove the profile picture; the initials show again',
        },
      },
      async (request) => ({ data: await service.deleteAvatar(requireAuth(request)) }),
    );
  };
}
