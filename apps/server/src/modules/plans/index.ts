// The plans module's surface: what other modules and the wiring may import (docs/modules.md).
export { trainingPlanRoutes } from './routes.ts';
export {
  createPlanService,
  type PlanHeader,
  type PlanReader,
  type PlanRow,
  type PlanService,
  toPlan,
} from './service.ts';
