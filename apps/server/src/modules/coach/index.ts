// The coach module's surface: what other modules and the wiring may import (docs/modules.md).
export { applyThroughPlanChanges, recentPlanChanges, undoThroughPlanChanges } from './apply.ts';
export { type CoachModelConfig, createCoachModel } from './model.ts';
export { coachRoutes } from './routes.ts';
export { createCoachService } from './service.ts';
