// The athlete profile under /api/athletes (docs/dashboard.md, "Athlete profile"): the caller's own only.
import { dataEnvelope, ZAthleteProfile, ZAthleteProfileUpdateRequest } from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { errors, secured } from '../../plugins/route-schema.ts';
import type { AthleteService } from './service.ts';

export function athleteRoutes(service: AthleteService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    const route = secured('athletes');

    app.get(
      '/me',
      {
        schema: {
          ...route,
          summary: 'Layout style, widget list, onboarding flag and notification preferences',
          response: { 200: dataEnvelope(ZAthleteProfile), ...errors },
        },
      },
      async (request) => ({ data: await service.profile(requireAuth(request)) }),
    );

    app.put(
      '/me',
      {
        schema: {
          ...route,
          summary:
            'Change any of them; widgets are sorted by order and renumbered, missing ones appended disabled',
          body: ZAthleteProfileUpdateRequest,
          response: { 200: dataEnvelope(ZAthleteProfile), ...errors },
        },
      },
      async (request) => ({ data: await service.update(requireAuth(request), request.body) }),
    );
  };
}
