// The apple-health module's surface: what other modules and the wiring may import (docs/modules.md).
export { appleHealthRoutes } from './routes.ts';
export { APPLE_HEALTH_JOB, type AppleHealthService, createAppleHealthService } from './service.ts';
