// The Dashboard API under /api/dashboard (docs/dashboard.md, "Dashboard API"): the summary, recovery,
// training load and the widgets' reads, each also at `/{id}` (the caller's own athlete id; any other is 404),
// and health.
import {
  dataEnvelope,
  ZDashboardRecovery,
  ZDashboardSummary,
  ZDashboardTrainingLoad,
  ZDashboardWeekQuery,
  ZDashboardWelcome,
  ZDaysQuery,
  ZRaceCountdownWidget,
  ZReadinessWidget,
  ZStreakWidget,
  ZWeekSummary,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { type OwnIdRequest, routeWithOwnId, serviceHealthRoute } from '../../plugins/own-athlete-routes.ts';
import { errors, secured } from '../../plugins/route-schema.ts';
import type { DashboardService } from './service.ts';

/** The recovery analysis spans 7 days by default (docs/dashboard.md, "Dashboard API"). */
const RECOVERY_DAYS = 7;

export function dashboardRoutes(
  service: DashboardService,
  authenticate: Authenticate,
  ping: () => Promise<void>,
  /** Plain authentication (no cached bodies), for the greeting, which depends on the session. */
  sessionAuthenticate: Authenticate = authenticate,
) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['dashboard'];

    // Health needs no session: it tells a load balancer whether this service and its database answer.
    serviceHealthRoute(app, { service: 'dashboard', tags, ping });

    await app.register(async (scope) => {
      scope.addHook('onRequest', authenticate);
      registerReads(scope, service, tags);
    });
    await app.register(async (scope) => {
      scope.addHook('onRequest', sessionAuthenticate);
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/welcome',
        {
          schema: {
            ...secured('dashboard'),
            summary: '"Welcome" on the first sign-in, "Welcome back" after (from the stored sessions)',
            response: { 200: dataEnvelope(ZDashboardWelcome), ...errors },
          },
        },
        async (request) => ({ data: await service.welcome(requireAuth(request)) }),
      );
    });
  };
}

/**
 * Each read answers at `path` for the caller and at `path/{id}` for the caller's own athlete id: one schema
 * and one service call, registered twice (the analytics routes' pattern; the plain instance because the type
 * provider cannot infer a reply type through these generics).
 */
function registerReads(app: FastifyInstance, service: DashboardService, tags: string[]) {
  const both = <Q extends z.ZodObject, R extends z.ZodType>(
    path: string,
    summary: string,
    querystring: Q,
    response: R,
    read: (request: OwnIdRequest<Q>) => Promise<z.input<R>>,
  ) => routeWithOwnId(app, 'GET', path, { tags, summary, querystring, response }, read);

  both(
    '/summary',
    "Readiness, recovery, fitness and form, today's workout, the week, streaks, race, plan, trends, insights",
    z.object({}),
    ZDashboardSummary,
    (r) => service.summary(r.auth),
  );
  both(
    '/recovery',
    "Today's recovery score and the recovery analysis of the last `days` days (7)",
    ZDaysQuery(RECOVERY_DAYS),
    ZDashboardRecovery,
    (r) => service.recovery(r.auth, r.query.days),
  );
  both(
    '/training-load',
    "This week's load (the athlete's week start) with today's fitness, fatigue and form",
    z.object({}),
    ZDashboardTrainingLoad,
    (r) => service.trainingLoad(r.auth),
  );
  both(
    '/widgets/readiness',
    'The readiness widget: score, confidence, trend, recovery factors, form, race, streak, week, advice',
    z.object({}),
    ZReadinessWidget,
    (r) => service.readinessWidget(r.auth),
  );
  both(
    '/widgets/weekly-summary',
    "Sessions, hours and TSS of the athlete's week (their week start) holding week_start (default this week)",
    ZDashboardWeekQuery,
    ZWeekSummary,
    (r) => service.weeklySummary(r.auth, r.query.week_start),
  );
  both(
    '/widgets/streak',
    'Current and longest run of consecutive training days',
    z.object({}),
    ZStreakWidget,
    (r) => service.streak(r.auth),
  );
  both(
    '/widgets/race-countdown',
    "The active plan's race and the days until it, or null",
    z.object({}),
    ZRaceCountdownWidget,
    (r) => service.raceCountdown(r.auth),
  );
}
