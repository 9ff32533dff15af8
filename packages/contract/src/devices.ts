// Schemas of device connections (docs/devices.md): the providers with their state, the OAuth dance's start and
// callback, sync runs with the counts the toasts show, the auto-sync switch and disconnection.
import { z } from 'zod';

export const DEVICE_PROVIDERS = ['garmin', 'strava'] as const;
export const ZDeviceProviderId = z.enum(DEVICE_PROVIDERS);
export type DeviceProviderId = z.infer<typeof ZDeviceProviderId>;

/** The provider a call is about (in the body: device calls name no athlete-owned id in their paths). */
export const ZDeviceProviderRequest = z
  .object({ provider: ZDeviceProviderId })
  .strict()
  .meta({ id: 'DeviceProviderRequest' });
export const ZSyncRunIdParam = z.object({ id: z.string().max(100) });

export const ZSyncRun = z
  .object({
    id: z.string(),
    provider: ZDeviceProviderId,
    kind: z.enum(['manual', 'auto', 'backfill', 'webhook']),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    /** Activities and wellness days written: the {n} of 'Successfully synced {n} items from Garmin.' */
    items: z.number().int(),
    imported: z.number().int(),
    duplicates: z.number().int(),
    wellness_days: z.number().int(),
    /** Items that could not be brought in: the {m} of 'Synced {n} items with {m} errors.' */
    errors: z.number().int(),
    message: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'SyncRun' });
export type SyncRun = z.infer<typeof ZSyncRun>;

/** A provider as the Device Connections page shows it (docs/devices.md, 'API'). */
export const ZDevice = z
  .object({
    id: ZDeviceProviderId,
    provider: ZDeviceProviderId,
    name: z.string(),
    description: z.string(),
    data_types: z.array(z.string()),
    /** False: the server lacks the provider's settings; `missing_config` names the env vars to set. */
    configured: z.boolean(),
    missing_config: z.array(z.string()),
    connected: z.boolean(),
    status: z.enum(['not_configured', 'disconnected', 'connected', 'error']),
    /** ISO time of the last successful sync, null when never. */
    lastSync: z.string().nullable(),
    /** The same as `lastSync`, by the other name docs/devices.md, 'API', gives it. */
    last_sync: z.string().nullable(),
    /** The athlete whose connection this is (docs/devices.md, 'API'). */
    athlete_id: z.string(),
    autoSync: z.boolean(),
    /** Minutes between automatic pulls on this server (DEVICE_SYNC_INTERVAL_MINUTES, 30 by default). */
    sync_interval_minutes: z.number().int().positive(),
    last_error: z.string().nullable(),
    /** Data the athlete has stopped the provider sharing with us (its own permissions): not asked for. */
    withheld: z.array(z.enum(['activities', 'wellness'])),
    /** When a failing provider will be asked again (backoff), null when not backing off. */
    backoff_until: z.string().nullable(),
    backfill: z.object({ done: z.number().int(), total: z.number().int(), running: z.boolean() }).nullable(),
    /** The latest sync run, the one Sync Now reports on. */
    last_run: ZSyncRun.nullable(),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof ZDevice>;

export const ZDeviceList = z.array(ZDevice).meta({ id: 'DeviceList' });

export const ZDeviceConnectRequest = z
  .object({
    provider: ZDeviceProviderId,
    /** Where the callback page goes once connected (a path of this app). */
    return_to: z
      .string()
      .max(200)
      .regex(/^\/[^/\\]/, 'must be a path of this app')
      .optional(),
  })
  .strict()
  .meta({ id: 'DeviceConnectRequest' });
export const ZDeviceConnectStart = z
  .object({ authorization_url: z.string(), provider: ZDeviceProviderId })
  .meta({ id: 'DeviceConnectStart' });

/** What the provider's redirect brought to /oauth/callback or /auth/garmin/callback, passed on as sent. */
export const ZDeviceCallbackRequest = z
  .object({
    state: z.string().min(1).max(2000),
    code: z.string().min(1).max(2000).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  })
  .strict()
  .meta({ id: 'DeviceCallbackRequest' });
export const ZDeviceCallbackResult = z
  .object({ device: ZDevice, return_to: z.string().nullable() })
  .meta({ id: 'DeviceCallbackResult' });

export const ZDeviceUpdateRequest = z
  .object({ provider: ZDeviceProviderId, autoSync: z.boolean() })
  .strict()
  .meta({ id: 'DeviceUpdateRequest' });

export const ZStravaChallengeQuery = z.object({
  'hub.mode': z.string().max(100).optional(),
  'hub.challenge': z.string().max(500).optional(),
  'hub.verify_token': z.string().max(500).optional(),
});
export const ZStravaChallenge = z.object({ 'hub.challenge': z.string() });
export const ZWebhookAck = z.object({ received: z.boolean() });
