// The dashboard module's surface: what other modules and the wiring may import (docs/modules.md).
export { dashboardRoutes } from './routes.ts';
export { createDashboardService, type DashboardService } from './service.ts';
