// GET /api/athletes/me/profile-summary (docs/profile.md, "The profile page"): the caller's own figures, served
// through the cached reads, which every workout, activity and plan write invalidates.
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { secured } from '../../plugins/route-schema.ts';
import type { ProfileService } from './service.ts';

export function profileRoutes(service: ProfileService, cachedReads: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    fastify.addHook('onRequest', cachedReads);
    route(
      fastify,
      'GET /athletes/me/profile-summary',
      {
        schema: {
          ...secured('athletes'),
          summary:
            "The profile page's figures: this year's sessions, time and distance, the active plan's race and target, and personal records, each with its source",
        },
      },
      async (request) => ({ data: await service.summary(requireAuth(request)) }),
    );
  };
}
