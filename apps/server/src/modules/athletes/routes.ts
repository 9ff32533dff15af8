// The athlete profile under /api/athletes (docs/dashboard.md, "Athlete profile"): the caller's own only.
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { secured } from '../../plugins/route-schema.ts';
import type { AthleteService } from './service.ts';

export function athleteRoutes(service: AthleteService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    const secure = secured('athletes');

    route(
      app,
      'GET /athletes/me',
      {
        schema: {
          ...secure,
          summary: 'Layout style, widget list, onboarding flag and notification preferences',
        },
      },
      async (request) => ({ data: await service.profile(requireAuth(request)) }),
    );

    route(
      app,
      'PUT /athletes/me',
      {
        schema: {
          ...secure,
          summary:
            'Change any of them; widgets are sorted by order and renumbered, missing ones appended disabled',
        },
      },
      async (request) => ({ data: await service.update(requireAuth(request), request.body) }),
    );
  };
}
