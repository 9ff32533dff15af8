// The athlete's thresholds and zones under /api/athletes/me (docs/zones.md): the caller's own only. Schemas: the
// contract's endpoint map.
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { errorsWith, secured } from '../../plugins/route-schema.ts';
import type { ThresholdEstimatesService } from './estimates.ts';
import type { ThresholdService } from './service.ts';

export function thresholdRoutes(service: ThresholdService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    const doc = (summary: string) => ({ schema: { ...secured('athletes'), summary } });

    route(
      app,
      'GET /athletes/me/sport-metrics',
      doc("Each sport's thresholds in force today, the triathlon view, the dated history and the defaults"),
      async (request) => ({ data: await service.sportMetrics(requireAuth(request)) }),
    );
    route(
      app,
      'PUT /athletes/me/sport-metrics',
      doc(
        "Save one sport's thresholds from effective_from (default today); re-parses the planned workouts it reaches and lists those re-labelled",
      ),
      async (request) => ({ data: await service.saveSportMetrics(requireAuth(request), request.body) }),
    );
    route(
      app,
      'GET /athletes/me/zones',
      doc('Zone tables per sport and kind (derived, or edited when auto-calculate is off)'),
      async (request) => ({ data: await service.zones(requireAuth(request)) }),
    );
    route(
      app,
      'PUT /athletes/me/zones',
      doc(
        'Save auto-calculate and edited zone tables (a bad table is a 400 naming the zone); re-labels planned workouts',
      ),
      async (request) => ({ data: await service.saveZones(requireAuth(request), request.body) }),
    );
  };
}

/** The estimates from recordings (estimates.ts), registered with the activities they read (wiring/activities.ts). */
export function thresholdEstimateRoutes(service: ThresholdEstimatesService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    const doc = (summary: string) => ({ schema: { ...secured('athletes'), summary } });

    route(
      app,
      'GET /athletes/me/threshold-estimates',
      doc(
        'FTP, run threshold pace, and run and ride LTHR: the value in use, whether it is a default, and the estimate from the last 90 days of recordings',
      ),
      async (request) => ({ data: await service.estimates(requireAuth(request)) }),
    );
    route(
      app,
      'POST /athletes/me/threshold-estimates/accept',
      {
        ...doc(
          "Store one estimate as the sport's dated threshold from today (LTHR: sport running or cycling; 409 while the recordings give none)",
        ),
        errors: errorsWith(409),
      },
      async (request) => ({
        data: await service.acceptEstimate(requireAuth(request), request.body.key, request.body.sport),
      }),
    );
  };
}
