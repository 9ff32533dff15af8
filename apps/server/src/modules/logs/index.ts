// The logs module's surface: what other modules and the wiring may import (docs/modules.md).
export { createRequestLog, pathOf, type RequestLog } from './request-log.ts';
export { logRoutes, queryToken } from './routes.ts';
