// The dashboard (docs/dashboard.md): reads through the training load, plan, wellness and notification services.
import { batchReads } from '../db/read-batch.ts';
import { createDashboardService, dashboardRoutes } from '../modules/dashboard/index.ts';
import type { Services, Wiring } from './context.ts';

export async function wireDashboard(
  { app, config, db, authenticate, cachedReads }: Wiring,
  {
    authService,
    trainingLoadService,
    planService,
    metricsService,
    notificationService,
    thresholdService,
  }: Pick<
    Services,
    | 'authService'
    | 'trainingLoadService'
    | 'planService'
    | 'metricsService'
    | 'notificationService'
    | 'thresholdService'
  >,
) {
  const dashboardService = createDashboardService({
    trainingLoad: trainingLoadService,
    plans: planService,
    metrics: metricsService,
    notifications: notificationService,
    thresholds: thresholdService,
    earlierSession: (userId, sessionId) => authService.hasEarlierSession(userId, sessionId),
    batchReads: (run) => batchReads(db, run),
    log: app.log,
  });
  await app.register(
    dashboardRoutes(dashboardService, cachedReads, () => config.database.ping(), authenticate),
    { prefix: '/api/dashboard' },
  );
  return { dashboardService };
}
