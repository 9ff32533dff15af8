// The Dashboard API under /api/dashboard (docs/dashboard.md, "Dashboard API"): the summary, recovery,
// training load and the widgets' reads, each also at `/{id}` (the caller's own athlete id; any other is 404),
// and health.
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { secured } from '../../plugins/route-schema.ts';
import { serviceHealthRoute } from '../../plugins/service-health-route.ts';
import type { DashboardService } from './service.ts';

export function dashboardRoutes(
  service: DashboardService,
  authenticate: Authenticate,
  ping: () => Promise<void>,
  /** Plain authentication (no cached bodies), for the greeting, which depends on the session. */
  sessionAuthenticate: Authenticate = authenticate,
) {
  return async function register(app: FastifyInstance) {
    const schema = secured('dashboard');

    // Health needs no session: it tells a load balancer whether this service and its database answer.
    serviceHealthRoute(app, 'GET /dashboard/health', { service: 'dashboard', tags: schema.tags, ping });

    await app.register(async (scope) => {
      scope.addHook('onRequest', authenticate);
      registerReads(scope, service, schema);
    });
    await app.register(async (scope) => {
      scope.addHook('onRequest', sessionAuthenticate);
      route(
        scope,
        'GET /dashboard/welcome',
        {
          schema: {
            ...schema,
            summary: '"Welcome" on the first sign-in, "Welcome back" after (from the stored sessions)',
          },
        },
        async (request) => ({ data: await service.welcome(requireAuth(request)) }),
      );
    });
  };
}

/** The per-athlete reads: each answers at `path` and at `path/{id}` for the caller's own id (the contract's `ownAthleteId`). */
function registerReads(app: FastifyInstance, service: DashboardService, secure: ReturnType<typeof secured>) {
  const doc = (summary: string) => ({ schema: { ...secure, summary } });
  route(
    app,
    'GET /dashboard/summary',
    doc(
      "Readiness, recovery, fitness and form, today's workout, the week, streaks, race, plan, trends, insights",
    ),
    async (r) => ({ data: await service.summary(requireAuth(r)) }),
  );
  route(
    app,
    'GET /dashboard/recovery',
    doc("Today's recovery score and the recovery analysis of the last `days` days (7)"),
    async (r) => ({ data: await service.recovery(requireAuth(r), r.query.days) }),
  );
  route(
    app,
    'GET /dashboard/training-load',
    doc("This week's load (the athlete's week start) with today's fitness, fatigue and form"),
    async (r) => ({ data: await service.trainingLoad(requireAuth(r)) }),
  );
  route(
    app,
    'GET /dashboard/widgets/readiness',
    doc('The readiness widget: score, confidence, trend, recovery factors, form, race, streak, week, advice'),
    async (r) => ({ data: await service.readinessWidget(requireAuth(r)) }),
  );
  route(
    app,
    'GET /dashboard/widgets/weekly-summary',
    doc(
      "Sessions, hours and TSS of the athlete's week (their week start) holding week_start (default this week)",
    ),
    async (r) => ({ data: await service.weeklySummary(requireAuth(r), r.query.week_start) }),
  );
  route(
    app,
    'GET /dashboard/widgets/streak',
    doc('Current and longest run of consecutive training days'),
    async (r) => ({ data: await service.streak(requireAuth(r)) }),
  );
  route(
    app,
    'GET /dashboard/widgets/race-countdown',
    doc("The active plan's race and the days until it, or null"),
    async (r) => ({ data: await service.raceCountdown(requireAuth(r)) }),
  );
}
