// Planned and done workouts (docs/workouts.md), with the two services bound to them both ways: thresholds (a change
// re-parses planned workouts; every parse reads them) and notifications (the sweep reads workouts; a workout
// change is news to it). Activities read workouts; a workout set back by hand is news to them (bound late).

import { notificationRoutes } from '../modules/notifications/routes.ts';
import { createNotificationService } from '../modules/notifications/service.ts';
import { thresholdRoutes } from '../modules/thresholds/routes.ts';
import { createThresholdService } from '../modules/thresholds/service.ts';
import { createWorkoutFileService } from '../modules/workouts/files.ts';
import { workoutFileRoutes } from '../modules/workouts/files-routes.ts';
import { trainingWorkoutRoutes, workoutPlanningRoutes } from '../modules/workouts/routes.ts';
import { createWorkoutService } from '../modules/workouts/service.ts';
import type { Services, Wiring } from './context.ts';

export async function wireWorkouts(
  { app, db, authenticate, idempotency, readCache, cachedReads }: Wiring,
  deps: {
    /** Bound late: the activity service reads workouts, so it is built after this unit (wiring/activities.ts). */
    lateActivities: () => Pick<Services['activityService'], 'releaseWorkout' | 'estimateRecordings'>;
  },
) {
  // The dashboard's cached reads show the unread count: a notification change invalidates them too.
  const notificationService = createNotificationService(db, {
    // Created below; the sweep reads workouts only when a request runs, after the app is built.
    workouts: { rows: (athleteId, filter) => workoutService.rows(athleteId, filter) },
    log: app.log,
    onChange: (athleteId) => readCache.invalidate(athleteId),
  });
  const workoutsChanged = (athleteId: string) => {
    readCache.invalidate(athleteId);
    notificationService.workoutsChanged(athleteId);
  };
  // A threshold change re-parses planned workouts (through the workout service), and every parse reads the
  // thresholds: the workout service is bound late, as the notification service's is.
  const thresholdService = createThresholdService(db, {
    workouts: () => workoutService,
    // The threshold estimates read the recordings (docs/zones.md, "Estimates from recordings").
    recordings: () => deps.lateActivities(),
    onChange: workoutsChanged,
  });
  const workoutService = createWorkoutService(db, {
    onChange: workoutsChanged,
    thresholds: thresholdService,
    // docs/activities.md, "Matching": a workout set back to planned or skipped by hand frees the activity that
    // completed it, in the workout change's transaction. Workouts never import activities: the hook is the event.
    completionUndone: (tx, athleteId, workoutId) =>
      deps.lateActivities().releaseWorkout(tx, athleteId, workoutId),
  });
  await app.register(workoutPlanningRoutes(workoutService, cachedReads), {
    prefix: '/api/workout-planning',
  });
  await app.register(
    workoutFileRoutes(
      createWorkoutFileService(workoutService, thresholdService),
      authenticate,
      idempotency.claimUpload,
    ),
    {
      prefix: '/api/workout-planning',
    },
  );
  await app.register(trainingWorkoutRoutes(workoutService, cachedReads), { prefix: '/api/training' });
  await app.register(thresholdRoutes(thresholdService, authenticate), { prefix: '/api/athletes' });
  await app.register(notificationRoutes(notificationService, authenticate), { prefix: '/api/notifications' });
  return { notificationService, thresholdService, workoutService, workoutsChanged };
}
