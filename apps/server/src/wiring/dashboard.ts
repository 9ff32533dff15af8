// The dashboard (docs/dashboard.md): reads through the training load, plan, wellness and notification services.
import { dashboardRoutes } from '../modules/dashboard/routes.ts';
import { createDashboardService } from '../modules/dashboard/service.ts';
import type { MetricsService } from '../modules/metrics/service.ts';
import type { NotificationService } from '../modules/notifications/service.ts';
import type { PlanService } from '../modules/plans/service.ts';
import type { TrainingLoadService } from '../modules/training-load/service.ts';
import type { Wiring } from './context.ts';

export async function wireDashboard(
  { app, config, cachedReads }: Wiring,
  {
    trainingLoadService,
    planService,
    metricsService,
    notificationService,
  }: {
    trainingLoadService: TrainingLoadService;
    planService: PlanService;
    metricsService: MetricsService;
    notificationService: NotificationService;
  },
) {
  const dashboardService = createDashboardService({
    trainingLoad: trainingLoadService,
    plans: planService,
    metrics: metricsService,
    notifications: notificationService,
    log: app.log,
  });
  await app.register(
    dashboardRoutes(dashboardService, cachedReads, () => config.database.ping()),
    { prefix: '/api/dashboard' },
  );
  return { dashboardService };
}
