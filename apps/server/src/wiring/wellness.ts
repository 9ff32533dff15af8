// Wellness: the metrics store, its imports and the readiness and recovery scores (docs/wellness.md).
import { createMetricsService, metricsRoutes, metricsV1Routes } from '../modules/metrics/index.ts';
import type { Services, Wiring } from './context.ts';

export async function wireWellness(
  { app, db, idempotency, readCache, cachedReads }: Wiring,
  {
    trainingLoadService,
    notificationService,
    thresholdService,
  }: Pick<Services, 'trainingLoadService' | 'notificationService' | 'thresholdService'>,
) {
  const metricsService = createMetricsService(
    db,
    trainingLoadService,
    // One store of thresholds: the Metrics page's FTP and threshold pace are Settings' (docs/zones.md).
    thresholdService,
    {
      // Wellness feeds the dashboard's readiness and recovery: every write drops the athlete's cached reads.
      onChange: (athleteId) => readCache.invalidate(athleteId),
      onRecoveryScored: (athleteId, date, score, recommendation) =>
        notificationService.recoveryScored(athleteId, date, score, recommendation),
    },
    app.log,
  );
  await app.register(metricsRoutes(metricsService, cachedReads, idempotency.claimUpload), {
    prefix: '/api/metrics',
  });
  await app.register(metricsV1Routes(metricsService, cachedReads), { prefix: '/api/v1/metrics' });
  return { metricsService };
}
