// The adaptation module's surface: what other modules and the wiring may import (docs/modules.md).

export { adaptationChangesSince } from './repository.ts';
export { adaptationRoutes } from './routes.ts';
export { ADAPTATION_JOB, type AdaptationService, createAdaptationService } from './service.ts';
