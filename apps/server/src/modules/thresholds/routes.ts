// The athlete's thresholds and zones under /api/athletes/me (docs/zones.md): the caller's own only.
import {
  dataEnvelope,
  ZAthleteZones,
  ZAthleteZonesSaved,
  ZSportMetrics,
  ZSportMetricsSaved,
  ZSportMetricsUpdateRequest,
  ZThresholdEstimateAccept,
  ZThresholdEstimates,
  ZZonesUpdateRequest,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { errors, errorsWith, secured } from '../../plugins/route-schema.ts';
import type { ThresholdService } from './service.ts';

export function thresholdRoutes(service: ThresholdService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    const route = secured('athletes');

    app.get(
      '/me/sport-metrics',
      {
        schema: {
          ...route,
          summary:
            "Each sport's thresholds in force today, the triathlon view, the dated history and the defaults",
          response: { 200: dataEnvelope(ZSportMetrics), ...errors },
        },
      },
      async (request) => ({ data: await service.sportMetrics(requireAuth(request)) }),
    );

    app.put(
      '/me/sport-metrics',
      {
        schema: {
          ...route,
          summary:
            "Save one sport's thresholds from effective_from (default today); re-parses the planned workouts it reaches and lists those re-labelled",
          body: ZSportMetricsUpdateRequest,
          response: { 200: dataEnvelope(ZSportMetricsSaved), ...errors },
        },
      },
      async (request) => ({ data: await service.saveSportMetrics(requireAuth(request), request.body) }),
    );

    app.get(
      '/me/threshold-estimates',
      {
        schema: {
          ...route,
          summary:
            'FTP, run threshold pace, and run and ride LTHR: the value in use, whether it is a default, and the estimate from the last 90 days of recordings',
          response: { 200: dataEnvelope(ZThresholdEstimates), ...errors },
        },
      },
      async (request) => ({ data: await service.estimates(requireAuth(request)) }),
    );

    app.post(
      '/me/threshold-estimates/accept',
      {
        schema: {
          ...route,
          summary:
            "Store one estimate as the sport's dated threshold from today (LTHR: sport running or cycling; 409 while the recordings give none)",
          body: ZThresholdEstimateAccept,
          response: { 200: dataEnvelope(ZSportMetricsSaved), ...errorsWith(409) },
        },
      },
      async (request) => ({
        data: await service.acceptEstimate(requireAuth(request), request.body.key, request.body.sport),
      }),
    );

    app.get(
      '/me/zones',
      {
        schema: {
          ...route,
          summary: 'Zone tables per sport and kind (derived, or edited when auto-calculate is off)',
          response: { 200: dataEnvelope(ZAthleteZones), ...errors },
        },
      },
      async (request) => ({ data: await service.zones(requireAuth(request)) }),
    );

    app.put(
      '/me/zones',
      {
        schema: {
          ...route,
          summary:
            'Save auto-calculate and edited zone tables (a bad table is a 400 naming the zone); re-labels planned workouts',
          body: ZZonesUpdateRequest,
          response: { 200: dataEnvelope(ZAthleteZonesSaved), ...errors },
        },
      },
      async (request) => ({ data: await service.saveZones(requireAuth(request), request.body) }),
    );
  };
}
