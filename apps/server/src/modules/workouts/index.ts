// The workouts module's surface: what other modules and the wiring may import (docs/modules.md).

export { createWorkoutFileService } from './files.ts';
export { workoutFileRoutes } from './files-routes.ts';
export { fitEnum } from './fit.ts';
export { plannedWorkoutsOf } from './repository.ts';
export { trainingWorkoutRoutes, workoutPlanningRoutes } from './routes.ts';
export {
  createWorkoutService,
  type PlanSlotRow,
  type WorkoutReader,
  type WorkoutRow,
  type WorkoutService,
  type WorkoutSummaryRow,
} from './service.ts';
