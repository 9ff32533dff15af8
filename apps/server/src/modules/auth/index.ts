// The auth module's surface: what other modules and the wiring may import (docs/modules.md).
export { escapeHtml } from './emails.ts';
export { accountRowJson, hasAnyUser } from './repository.ts';
export { authRoutes } from './routes.ts';
export { type AuthService, createAuthService, createConfirmedAccount } from './service.ts';
