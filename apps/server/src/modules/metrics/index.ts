// The metrics module's surface: what other modules and the wiring may import (docs/modules.md).
export { metricsRoutes, metricsV1Routes } from './routes.ts';
export { createMetricsService, type MetricsService } from './service.ts';
export { writeNewAthleteDays } from './store.ts';
