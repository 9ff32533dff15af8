// Done activities and their imports (docs/activities.md): files, then Apple Health exports (docs/devices.md,
// "Apple Health"), both read by jobs and written through the activity service.

import {
  ARCHIVE_JOB,
  activityRoutes,
  archiveRoutes,
  createActivityService,
  createArchiveImport,
  IMPORT_JOB,
  thresholdsByDayFrom,
  thresholdsFrom,
} from '../modules/activities/index.ts';
import {
  APPLE_HEALTH_JOB,
  appleHealthRoutes,
  createAppleHealthService,
} from '../modules/apple-health/index.ts';
import { createThresholdEstimates, thresholdEstimateRoutes } from '../modules/thresholds/index.ts';
import { createCpuPool } from '../workers/pool.ts';
import type { Services, Wiring } from './context.ts';

export async function wireActivities(
  { app, config, db, authenticate, idempotency, cachedReads, events }: Wiring,
  {
    jobs,
    workoutService,
    thresholdService,
    workoutsChanged,
    adaptationService,
    metricsService,
  }: Pick<
    Services,
    | 'jobs'
    | 'workoutService'
    | 'thresholdService'
    | 'workoutsChanged'
    | 'adaptationService'
    | 'metricsService'
  >,
) {
  // Decoding and scoring recordings run on worker threads (docs/performance.md, "CPU work off the event loop"); the pool's threads end with the app.
  const pool = createCpuPool({ ...config.cpuPool, log: app.log });
  app.addHook('onClose', () => pool.close());
  app.decorate('cpuPool', pool);
  const activityService = createActivityService(db, {
    fileStore: config.fileStore,
    jobs,
    pool,
    workouts: workoutService,
    // The athlete's thresholds in force on the activity's day (docs/zones.md).
    thresholdsOn: thresholdsFrom(thresholdService),
    thresholdsOf: thresholdsByDayFrom(thresholdService),
    // W/kg of an activity: the body weight in force on its day (docs/activities.md, "Analysis").
    weightOn: metricsService.weightOn,
    // The athlete's uploads in progress are counted in Redis when it is configured, across processes.
    redis: config.redis,
    log: app.log,
    // An activity completes or frees workouts: the read cache and the notification sweep hear of it.
    onChange: workoutsChanged,
    // docs/adaptation.md, "One run a day": an import may complete or reveal missed sessions.
    onImported: (athleteId) =>
      adaptationService
        .requestRun(athleteId)
        .catch((err) => app.log.error({ err }, 'adaptation after an import not queued')),
  });
  // docs/activities.md, "Matching": a workout set back by hand frees the activity that completed it.
  events.onInTransaction('workout.completion-undone', ({ tx, athleteId, workoutId }) =>
    activityService.releaseWorkout(tx, athleteId, workoutId),
  );
  // The threshold estimates read the recordings (docs/zones.md, "Estimates from recordings").
  const thresholdEstimates = createThresholdEstimates(db, {
    thresholds: thresholdService,
    recordings: activityService,
  });
  await app.register(thresholdEstimateRoutes(thresholdEstimates, authenticate), { prefix: '/api/athletes' });
  jobs.register(IMPORT_JOB, activityService.importJob);
  await app.register(
    activityRoutes(activityService, { authenticate, cachedReads, claimUpload: idempotency.claimUpload }),
    { prefix: '/api/activities' },
  );
  // Platform archives (docs/activities.md, "Platform archives"): a Strava or Garmin Connect export, read by one
  // job member by member, each through the activity service's import path.
  const archiveImport = createArchiveImport({
    db,
    fileStore: config.fileStore,
    jobs,
    activities: activityService,
    ...(config.archiveTurnMs === undefined ? {} : { turnMs: config.archiveTurnMs }),
    log: app.log,
  });
  jobs.register(ARCHIVE_JOB, archiveImport.job);
  await app.register(archiveRoutes(archiveImport, { authenticate, claimUpload: idempotency.claimUpload }), {
    prefix: '/api/activities/import',
  });
  // Apple Health exports (docs/devices.md, "Apple Health"): streamed in, read by a job, written through the
  // activity service and the wellness store.
  const appleHealthService = createAppleHealthService({
    fileStore: config.fileStore,
    jobs,
    pool,
    activities: activityService,
    wellness: metricsService,
    maxUploadBytes: config.appleHealthMaxUploadBytes,
    log: app.log,
  });
  jobs.register(APPLE_HEALTH_JOB, appleHealthService.job);
  app.decorate('appleHealth', appleHealthService);
  await app.register(
    appleHealthRoutes(appleHealthService, { authenticate, claimUpload: idempotency.claimUpload }),
    { prefix: '/api/activities/import' },
  );
  return { activityService, appleHealthService };
}
