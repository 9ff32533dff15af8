// The profile module's surface: what other modules and the wiring may import (docs/modules.md).
export { profileRoutes } from './routes.ts';
export { createProfileService } from './service.ts';
