// The devices module's surface: what other modules and the wiring may import (docs/modules.md).
export { type DevicesConfig, providerConfigsFromEnv, UNCONFIGURED } from './config.ts';
export { garminProvider } from './garmin.ts';
export { deviceRoutes } from './routes.ts';
export { createSealer, parseTokenKey } from './secrets.ts';
export { createDeviceService, DEVICE_SYNC_JOB, type DeviceService } from './service.ts';
export { stravaProvider } from './strava.ts';
