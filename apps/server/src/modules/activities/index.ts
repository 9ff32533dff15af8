// The activities module's surface: what other modules and the wiring may import (docs/modules.md).
export { ARCHIVE_JOB, createArchiveImport } from './archive-import.ts';
export { archiveRoutes } from './archive-routes.ts';
export { snakeCase } from './decode/sport.ts';
export { DEMO_ACTIVITY_DAYS, storeDemoActivities } from './demo.ts';
export { thresholdsByDayFrom, thresholdsFrom } from './figures.ts';
export { activityRoutes } from './routes.ts';
export { type ActivityService, createActivityService, IMPORT_JOB } from './service.ts';
