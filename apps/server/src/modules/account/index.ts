// The account module's surface: what other modules and the wiring may import (docs/modules.md).
export { IMPORT_LEASE_SECONDS } from './import.ts';
export { accountRoutes } from './routes.ts';
export { createAccountService, EXPORT_EXPIRE_JOB, EXPORT_JOB, PURGE_JOB } from './service.ts';
