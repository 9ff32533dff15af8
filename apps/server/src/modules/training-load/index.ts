// The training-load module's surface: what other modules and the wiring may import (docs/modules.md).
export { trainingLoadRoutes } from './routes.ts';
export { createTrainingLoadService, type LoadDayRow, type TrainingLoadService } from './service.ts';
export {
  ensureSportFigures,
  firstDayWithoutSportFigures,
  lockAthleteLoad,
  rederiveDailyLoad,
} from './upkeep.ts';
