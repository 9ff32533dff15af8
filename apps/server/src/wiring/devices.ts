// Device connections (docs/devices.md): pulls run as jobs on the same queue, feeding the activity import.
import { randomBytes } from 'node:crypto';
import {
  createDeviceService,
  createSealer,
  DEVICE_SYNC_JOB,
  deviceRoutes,
  garminProvider,
  stravaProvider,
  UNCONFIGURED,
} from '../modules/devices/index.ts';
import type { Services, Wiring } from './context.ts';

export async function wireDevices(
  { app, config, db, authenticate }: Wiring,
  { jobs, activityService, metricsService }: Pick<Services, 'jobs' | 'activityService' | 'metricsService'>,
) {
  const devicesConfig = config.devices ?? { tokenKey: randomBytes(32), ...UNCONFIGURED };
  const deviceService = createDeviceService(db, {
    providers: { garmin: garminProvider(devicesConfig.garmin), strava: stravaProvider(devicesConfig.strava) },
    sealer: createSealer(devicesConfig.tokenKey),
    jobs,
    appUrl: config.appUrl,
    stravaVerifyToken: devicesConfig.strava.webhookSecret,
    syncIntervalMinutes: devicesConfig.syncIntervalMinutes,
    activities: activityService,
    wellness: metricsService,
    log: app.log,
  });
  jobs.register(DEVICE_SYNC_JOB, deviceService.syncJob);
  app.decorate('devices', deviceService);
  await app.register(deviceRoutes(deviceService, { authenticate }), { prefix: '/api/devices' });
  return { deviceService, devicesConfig };
}
