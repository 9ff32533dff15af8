// The health module's surface: what other modules and the wiring may import (docs/modules.md).
export { type AreaCheck, healthAreas } from './areas.ts';
export { healthAreaRoutes, healthRoutes } from './routes.ts';
