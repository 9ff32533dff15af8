// The analytics module's surface: what other modules and the wiring may import (docs/modules.md).
export { analyticsRoutes, trainingAnalyticsRoutes } from './routes.ts';
export { type AnalyticsService, createAnalyticsService } from './service.ts';
