// Training load, plans and the analytics computed from them (docs/training-load.md).
import {
  analyticsRoutes,
  createAnalyticsService,
  trainingAnalyticsRoutes,
} from '../modules/analytics/index.ts';
import { createPlanService, trainingPlanRoutes } from '../modules/plans/index.ts';
import { createTrainingLoadService, trainingLoadRoutes } from '../modules/training-load/index.ts';
import type { Services, Wiring } from './context.ts';

export async function wireTraining(
  { app, db, readCache, cachedReads, events }: Wiring,
  { workoutService, thresholdService }: Pick<Services, 'workoutService' | 'thresholdService'>,
) {
  const trainingLoadService = createTrainingLoadService(db, workoutService, thresholdService);
  await app.register(trainingLoadRoutes(trainingLoadService, cachedReads), { prefix: '/api/training' });
  const planService = createPlanService(db, {
    workouts: workoutService,
    onChange: (id) => readCache.invalidate(id),
    // A generated plan's rebuild starts from the athlete's fitness today.
    currentCtl: async (auth) => (await trainingLoadService.formFitness(auth, 1)).at(-1)?.ctl ?? null,
    // The adaptation history records it, in the rebuild's transaction (wiring/adaptation.ts listens).
    recordRebuild: (conn, auth, change) => events.emitInTransaction('plan.rebuilt', { conn, auth, change }),
  });
  await app.register(trainingPlanRoutes(planService, cachedReads), { prefix: '/api/training' });
  return { trainingLoadService, planService };
}

/** The analytics, built after the metrics service: the fitness trends' recovery line is its recovery history. */
export async function wireAnalytics(
  { app, config, db, cachedReads }: Wiring,
  {
    trainingLoadService,
    planService,
    metricsService,
  }: Pick<Services, 'trainingLoadService' | 'planService' | 'metricsService'>,
) {
  const analyticsService = createAnalyticsService(
    db,
    trainingLoadService,
    planService,
    async (auth, days, now) => (await metricsService.history(auth, 'recovery_score', days, now)).points,
  );
  await app.register(trainingAnalyticsRoutes(analyticsService, cachedReads), { prefix: '/api/training' });
  await app.register(
    analyticsRoutes(analyticsService, cachedReads, () => config.database.ping()),
    { prefix: '/api/analytics' },
  );
  return { analyticsService };
}
