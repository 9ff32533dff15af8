// The athletes module's surface: what other modules and the wiring may import (docs/modules.md).
export { avatarRoutes } from './avatar-routes.ts';
export {
  athleteColumns,
  athleteRowJson,
  findTimezone,
  lockAthleteRow,
  setNotificationPreference,
  updateAthleteFromJson,
} from './repository.ts';
export { athleteRoutes } from './routes.ts';
export { type AthleteService, createAthleteService } from './service.ts';
