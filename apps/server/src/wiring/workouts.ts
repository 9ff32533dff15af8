// Planned and done workouts (docs/workouts.md), the thresholds they are parsed with, and the notifications swept
// from them. Built in dependency order, no service waits for another (docs/modules.md, "Events"): workouts parse
// with the thresholds module's reads (`parseBasisOf`), the threshold service re-parses through the workout
// service, and the notification sweep reads it; a workout change is the `workouts.changed` event, and a workout
// set back by hand is `workout.completion-undone`, which the activities module hears (wiring/activities.ts).

import { createNotificationService, notificationRoutes } from '../modules/notifications/index.ts';
import { createThresholdService, thresholdRoutes } from '../modules/thresholds/index.ts';
import {
  createWorkoutFileService,
  createWorkoutService,
  trainingWorkoutRoutes,
  workoutFileRoutes,
  workoutPlanningRoutes,
} from '../modules/workouts/index.ts';
import type { Wiring } from './context.ts';

export async function wireWorkouts({
  app,
  db,
  authenticate,
  idempotency,
  readCache,
  cachedReads,
  events,
}: Wiring) {
  const workoutsChanged = (athleteId: string) => events.emitAfterCommit('workouts.changed', { athleteId });
  events.onAfterCommit('workouts.changed', ({ athleteId }) => readCache.invalidate(athleteId));
  const workoutService = createWorkoutService(db, {
    onChange: workoutsChanged,
    // docs/activities.md, "Matching": a workout set back to planned or skipped by hand frees the activity that
    // completed it, in the workout change's transaction. Workouts never import activities: the hook is the event.
    completionUndone: (tx, athleteId, workoutId) =>
      events.emitInTransaction('workout.completion-undone', { tx, athleteId, workoutId }),
  });
  // A threshold change re-parses planned workouts (through the workout service) and re-labels them.
  const thresholdService = createThresholdService(db, {
    workouts: workoutService,
    onChange: workoutsChanged,
  });
  // The dashboard's cached reads show the unread count: a notification change invalidates them too.
  const notificationService = createNotificationService(db, {
    workouts: workoutService,
    log: app.log,
    onChange: (athleteId) => readCache.invalidate(athleteId),
  });
  events.onAfterCommit('workouts.changed', ({ athleteId }) => notificationService.workoutsChanged(athleteId));
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
