// The device providers as the environment configures them (docs/devices.md, "Configuration").
import type { Env } from '../../config.ts';
import type { ProviderConfig } from './provider.ts';

export interface DevicesConfig {
  /** 32 bytes sealing tokens and signing states (DEVICE_TOKEN_KEY or DATA_DIR/device-token-key). */
  tokenKey: Buffer;
  garmin: ProviderConfig;
  strava: ProviderConfig;
  syncIntervalMinutes?: number;
  /** How often each process looks for connections due an automatic pull (ms); 0 never (tests call it). */
  schedulerMs?: number;
}

export function providerConfigsFromEnv(
  env: Env,
): Pick<DevicesConfig, 'garmin' | 'strava' | 'syncIntervalMinutes'> {
  return {
    garmin: {
      clientId: env.GARMIN_CLIENT_ID,
      clientSecret: env.GARMIN_CLIENT_SECRET,
      authorizeUrl: env.GARMIN_AUTHORIZE_URL,
      tokenUrl: env.GARMIN_TOKEN_URL,
      apiUrl: env.GARMIN_API_URL,
      webhookSecret: env.GARMIN_WEBHOOK_SECRET,
    },
    strava: {
      clientId: env.STRAVA_CLIENT_ID,
      clientSecret: env.STRAVA_CLIENT_SECRET,
      authorizeUrl: env.STRAVA_AUTHORIZE_URL,
      tokenUrl: env.STRAVA_TOKEN_URL,
      apiUrl: env.STRAVA_API_URL,
      webhookSecret: env.STRAVA_WEBHOOK_VERIFY_TOKEN,
    },
    syncIntervalMinutes: env.DEVICE_SYNC_INTERVAL_MINUTES,
  };
}

/** Defaults of an app built without device settings (tests of other areas): nothing configured. */
export const UNCONFIGURED: Pick<DevicesConfig, 'garmin' | 'strava'> = {
  garmin: {
    authorizeUrl: 'https://connect.garmin.com/oauth2Confirm',
    tokenUrl: 'https://diauth.garmin.com/di-oauth2-service/oauth/token',
    apiUrl: 'https://apis.garmin.com',
  },
  strava: {
    authorizeUrl: 'https://www.strava.com/oauth/authorize',
    tokenUrl: 'https://www.strava.com/oauth/token',
    apiUrl: 'https://www.strava.com/api/v3',
  },
};
