// The workout-bank module's surface: what other modules and the wiring may import (docs/modules.md).

export { templateVisibleTo } from './repository.ts';
export { workoutBankRoutes } from './routes.ts';
export { seedWorkoutBank } from './seed.ts';
export { createWorkoutBankService } from './service.ts';
