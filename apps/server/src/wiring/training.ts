// Training load, plans and the analytics computed from them (docs/training-load.md).
import type { AdaptationService } from '../modules/adaptation/service.ts';
import { analyticsRoutes, trainingAnalyticsRoutes } from '../modules/analytics/routes.ts';
import { createAnalyticsService } from '../modules/analytics/service.ts';
import type { MetricsService } from '../modules/metrics/service.ts';
import { trainingPlanRoutes } from '../modules/plans/routes.ts';
import { createPlanService } from '../modules/plans/service.ts';
import { trainingLoadRoutes } from '../modules/training-load/routes.ts';
import { createTrainingLoadService } from '../modules/training-load/service.ts';
import type { Services, Wiring } from './context.ts';

export async function wireTraining(
  { app, config, db, readCache, cachedReads }: Wiring,
  deps: Pick<Services, 'workoutService' | 'thresholdService'> & {
    /** Bound late: the adaptation service is built with the job queue, after this unit. */
    lateAdaptation: () => AdaptationService;
    /** Bound late: the metrics service (wellness) is built after this unit, from its training load. */
    lateMetrics: () => MetricsService;
  },
) {
  const { workoutService, thresholdService } = deps;
  const trainingLoadService = createTrainingLoadService(db, workoutService, thresholdService);
  await app.register(trainingLoadRoutes(trainingLoadService, cachedReads), { prefix: '/api/training' });
  const planService = createPlanService(db, {
    workouts: workoutService,
    onChange: (id) => readCache.invalidate(id),
    // A generated plan's rebuild starts from the athlete's fitness today.
    currentCtl: async (auth) => (await trainingLoadService.formFitness(auth, 1)).at(-1)?.ctl ?? null,
    // Bound late (lateAdaptation, above).
    recordRebuild: (conn, auth, change) => deps.lateAdaptation().recordRebuild(conn, auth, change),
  });
  // The fitness trends' recovery line is the metrics service's recovery history (called only when a request runs).
  const analyticsService = createAnalyticsService(
    db,
    trainingLoadService,
    planService,
    async (auth, days, now) => (await deps.lateMetrics().history(auth, 'recovery_score', days, now)).points,
  );
  await app.register(trainingAnalyticsRoutes(analyticsService, cachedReads), { prefix: '/api/training' });
  await app.register(
    analyticsRoutes(analyticsService, cachedReads, () => config.database.ping()),
    { prefix: '/api/analytics' },
  );
  await app.register(trainingPlanRoutes(planService, cachedReads), { prefix: '/api/training' });
  return { trainingLoadService, planService, analyticsService };
}
