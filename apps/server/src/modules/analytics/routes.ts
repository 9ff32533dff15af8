// The Analytics API under /api/analytics (docs/training-load.md §13), and the Training API's zones-distribution and
// analytics/{id} reads under /api/training, which share its computations.
import {
  dataEnvelope,
  ZAchievements,
  ZAchievementsQuery,
  ZAnalyticsWeeklyLoad,
  ZAthleteIdParam,
  ZConsistency,
  ZDaysQuery,
  ZDetailedZones,
  ZFitnessProjection,
  ZFitnessTrends,
  ZLoadBalance,
  ZPerformanceTrends,
  ZPerformanceTrendsQuery,
  ZPeriodization,
  ZPeriodQuery,
  ZPolarization,
  ZRaceReadiness,
  ZRaceReadinessQuery,
  ZTrainingAnalytics,
  ZWeeksQuery,
  ZZonesDistribution,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import {
  type OwnIdRequest,
  requireOwnAthlete,
  routeWithOwnId,
  serviceHealthRoute,
} from '../../plugins/own-athlete-routes.ts';
import { errors, secured } from '../../plugins/route-schema.ts';
import type { AnalyticsService } from './service.ts';

/** Default spans (docs/training-load.md §13; load balance as weekly load, 12 weeks, is ours). */
const WEEKLY_LOAD_WEEKS = 12;
const FITNESS_TRENDS_DAYS = 90;
const FITNESS_FORM_DAYS = 42;
const LOAD_BALANCE_WEEKS = 12;
const CONSISTENCY_DAYS = 28;
const PERIODIZATION_WEEKS = 16;

export function analyticsRoutes(
  service: AnalyticsService,
  authenticate: Authenticate,
  ping: () => Promise<void>,
) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const route = secured('analytics');

    // Health needs no session: it tells a load balancer whether this service and its database answer.
    serviceHealthRoute(app, { service: 'analytics', tags: route.tags, ping });

    await app.register(async (scope) => {
      scope.addHook('onRequest', authenticate);
      registerReads(scope, service, route.tags);
    });
  };
}

/**
 * Each read answers at `path` for the caller and at `path/{id}` for the caller's own athlete id (any other id
 * is a 404): one schema and one service call, registered twice. The plain instance is used because the type
 * provider cannot infer a reply type through these generics; the schema still validates the query and
 * serializes the answer.
 */
function registerReads(app: FastifyInstance, service: AnalyticsService, tags: string[]) {
  const both = <Q extends z.ZodObject, R extends z.ZodType>(
    path: string,
    summary: string,
    querystring: Q,
    response: R,
    read: (request: OwnIdRequest<Q>) => Promise<z.input<R>>,
  ) => routeWithOwnId(app, 'GET', path, { tags, summary, querystring, response }, read);

  both(
    '/weekly-load',
    "The athlete's weeks ending with this one: hours and TSS per sport, load at week end, planned hours, completion",
    ZWeeksQuery(WEEKLY_LOAD_WEEKS),
    z.array(ZAnalyticsWeeklyLoad),
    (r) => service.weeklyLoad(r.auth, r.query.weeks),
  );
  both(
    '/zones',
    'Time in zones over a period ending today, in total and per sport',
    ZPeriodQuery,
    ZZonesDistribution,
    (r) => service.zonesDistribution(r.auth, r.query.period),
  );
  both(
    '/detailed-zones',
    "The last 28 days per zone (name, colour), per sport and per week (the athlete's week start)",
    z.object({}),
    ZDetailedZones,
    (r) => service.detailedZones(r.auth),
  );
  both(
    '/polarized',
    'Low/moderate/high intensity against the polarized 80/5/15',
    ZPeriodQuery,
    ZPolarization,
    (r) => service.polarized(r.auth, r.query.period),
  );
  both(
    '/fitness-trends',
    'Daily fitness, fatigue and form with training readiness, ramp rate and trends',
    ZDaysQuery(FITNESS_TRENDS_DAYS),
    ZFitnessTrends,
    (r) => service.fitnessTrends(r.auth, r.query.days),
  );
  both(
    '/fitness-projection',
    "Fitness, fatigue and form projected from today with the planned sessions' TSS, to race day or the last planned session",
    z.object({}),
    ZFitnessProjection,
    (r) => service.fitnessProjection(r.auth),
  );
  both(
    '/fitness-form',
    'As fitness-trends, over 42 days by default',
    ZDaysQuery(FITNESS_FORM_DAYS),
    ZFitnessTrends,
    (r) => service.fitnessTrends(r.auth, r.query.days),
  );
  both(
    '/load-balance',
    'Acute:chronic workload ratio per week (Gabbett bands) and the share of hours per sport',
    ZWeeksQuery(LOAD_BALANCE_WEEKS),
    ZLoadBalance,
    (r) => service.loadBalance(r.auth, r.query.weeks),
  );
  both(
    '/consistency',
    'Each day as rest, complete, partial or missed, with the summary',
    ZDaysQuery(CONSISTENCY_DAYS),
    ZConsistency,
    (r) => service.consistency(r.auth, r.query.days),
  );
  both(
    '/achievements',
    'Every achievement with its progress, optionally of one category',
    ZAchievementsQuery,
    ZAchievements,
    (r) => service.achievements(r.auth, r.query.category),
  );
  both(
    '/performance-trends',
    'The last 12 weeks of one sport (or all): volume, distance, TSS, intensity, pace and trends',
    ZPerformanceTrendsQuery,
    ZPerformanceTrends,
    (r) => service.performanceTrends(r.auth, r.query.sport),
  );
  both(
    '/periodization',
    'The current training phase (from the active plan, else inferred) and the weekly load progression',
    ZWeeksQuery(PERIODIZATION_WEEKS),
    ZPeriodization,
    (r) => service.periodization(r.auth, r.query.weeks),
  );
  both(
    '/race-readiness',
    "Readiness for a plan's race (default the active plan): score, taper advice, predicted times",
    ZRaceReadinessQuery,
    ZRaceReadiness,
    (r) => service.raceReadiness(r.auth, r.query.race_id),
  );
}

/** The Training API reads computed by the analytics service, under /api/training. */
export function trainingAnalyticsRoutes(service: AnalyticsService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);
    const route = secured('training');

    app.get(
      '/zones-distribution',
      {
        schema: {
          ...route,
          summary: 'Time in zones over a period ending today, in total and per sport',
          querystring: ZPeriodQuery,
          response: { 200: dataEnvelope(ZZonesDistribution), ...errors },
        },
      },
      async (request) => ({
        data: await service.zonesDistribution(requireAuth(request), request.query.period),
      }),
    );

    app.get(
      '/analytics/:id',
      {
        schema: {
          ...route,
          summary:
            'A period at a glance: totals, zones, polarization, form, consistency and training quality',
          params: ZAthleteIdParam,
          querystring: ZPeriodQuery,
          response: { 200: dataEnvelope(ZTrainingAnalytics), ...errors },
        },
      },
      async (request) => ({
        data: await service.trainingAnalytics(requireOwnAthlete(request), request.query.period),
      }),
    );
  };
}
