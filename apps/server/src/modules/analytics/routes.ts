// The Analytics API under /api/analytics (docs/training-load.md §13), and the Training API's zones-distribution and
// analytics/{id} reads under /api/training, which share its computations. Schemas and default spans: the
// contract's endpoint map.
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { requireOwnAthlete } from '../../plugins/own-athlete-routes.ts';
import { secured } from '../../plugins/route-schema.ts';
import { serviceHealthRoute } from '../../plugins/service-health-route.ts';
import type { AnalyticsService } from './service.ts';

export function analyticsRoutes(
  service: AnalyticsService,
  authenticate: Authenticate,
  ping: () => Promise<void>,
) {
  return async function register(app: FastifyInstance) {
    const schema = secured('analytics');

    // Health needs no session: it tells a load balancer whether this service and its database answer.
    serviceHealthRoute(app, 'GET /analytics/health', { service: 'analytics', tags: schema.tags, ping });

    await app.register(async (scope) => {
      scope.addHook('onRequest', authenticate);
      registerReads(scope, service, schema);
    });
  };
}

/** The per-athlete reads: each answers at `path` and at `path/{id}` for the caller's own id (the contract's `ownAthleteId`). */
function registerReads(app: FastifyInstance, service: AnalyticsService, secure: ReturnType<typeof secured>) {
  const doc = (summary: string) => ({ schema: { ...secure, summary } });
  route(
    app,
    'GET /analytics/weekly-load',
    doc(
      "The athlete's weeks ending with this one: hours and TSS per sport, load at week end, planned hours, completion",
    ),
    async (r) => ({ data: await service.weeklyLoad(requireAuth(r), r.query.weeks) }),
  );
  route(
    app,
    'GET /analytics/zones',
    doc('Time in zones over a period ending today, in total and per sport'),
    async (r) => ({ data: await service.zonesDistribution(requireAuth(r), r.query.period) }),
  );
  route(
    app,
    'GET /analytics/detailed-zones',
    doc("The last 28 days per zone (name, colour), per sport and per week (the athlete's week start)"),
    async (r) => ({ data: await service.detailedZones(requireAuth(r)) }),
  );
  route(
    app,
    'GET /analytics/polarized',
    doc('Low/moderate/high intensity against the polarized 80/5/15'),
    async (r) => ({ data: await service.polarized(requireAuth(r), r.query.period) }),
  );
  route(
    app,
    'GET /analytics/fitness-trends',
    doc('Daily fitness, fatigue and form with training readiness, ramp rate and trends'),
    async (r) => ({ data: await service.fitnessTrends(requireAuth(r), r.query.days) }),
  );
  route(
    app,
    'GET /analytics/fitness-projection',
    doc(
      "Fitness, fatigue and form projected from today with the planned sessions' TSS, to race day or the last planned session",
    ),
    async (r) => ({ data: await service.fitnessProjection(requireAuth(r)) }),
  );
  route(app, 'GET /analytics/fitness-form', doc('As fitness-trends, over 42 days by default'), async (r) => ({
    data: await service.fitnessTrends(requireAuth(r), r.query.days),
  }));
  route(
    app,
    'GET /analytics/load-balance',
    doc('Acute:chronic workload ratio per week (Gabbett bands) and the share of hours per sport'),
    async (r) => ({ data: await service.loadBalance(requireAuth(r), r.query.weeks) }),
  );
  route(
    app,
    'GET /analytics/consistency',
    doc('Each day as rest, complete, partial or missed, with the summary'),
    async (r) => ({ data: await service.consistency(requireAuth(r), r.query.days) }),
  );
  route(
    app,
    'GET /analytics/achievements',
    doc('Every achievement with its progress, optionally of one category'),
    async (r) => ({ data: await service.achievements(requireAuth(r), r.query.category) }),
  );
  route(
    app,
    'GET /analytics/performance-trends',
    doc('The last 12 weeks of one sport (or all): volume, distance, TSS, intensity, pace and trends'),
    async (r) => ({ data: await service.performanceTrends(requireAuth(r), r.query.sport) }),
  );
  route(
    app,
    'GET /analytics/periodization',
    doc('The current training phase (from the active plan, else inferred) and the weekly load progression'),
    async (r) => ({ data: await service.periodization(requireAuth(r), r.query.weeks) }),
  );
  route(
    app,
    'GET /analytics/race-readiness',
    doc("Readiness for a plan's race (default the active plan): score, taper advice, predicted times"),
    async (r) => ({ data: await service.raceReadiness(requireAuth(r), r.query.race_id) }),
  );
}

/** The Training API reads computed by the analytics service, under /api/training. */
export function trainingAnalyticsRoutes(service: AnalyticsService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);
    const secure = secured('training');
    route(
      app,
      'GET /training/zones-distribution',
      { schema: { ...secure, summary: 'Time in zones over a period ending today, in total and per sport' } },
      async (request) => ({
        data: await service.zonesDistribution(requireAuth(request), request.query.period),
      }),
    );
    route(
      app,
      'GET /training/analytics/{id}',
      {
        schema: {
          ...secure,
          summary:
            'A period at a glance: totals, zones, polarization, form, consistency and training quality',
        },
      },
      async (request) => ({
        data: await service.trainingAnalytics(requireOwnAthlete(request), request.query.period),
      }),
    );
  };
}
