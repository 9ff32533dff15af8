// The athletes module's surface: what other modules and the wiring may import (docs/modules.md).
export { avatarRoutes } from './avatar-routes.ts';
export {
  type AthleteProfileFields,
  athleteColumns,
  athleteRowJson,
  findTimezone,
  insertAthlete,
  lockAthleteRow,
  setNotificationPreference,
  updateAthleteFromJson,
  updateAthleteOfUser,
} from './repository.ts';
export { athleteRoutes } from './routes.ts';
export { type AthleteService, createAthleteService } from './service.ts';
