// The device toasts, word for word (docs/devices.md, "Web"): the Device Connections page, the callback pages and
// the onboarding dialog show the same texts.
import type { DeviceProviderId, SyncRun } from '@stamina/contract';

/** The provider as the toasts name it: 'Garmin', 'Strava'. */
const providerShortName = (provider: DeviceProviderId) => (provider === 'garmin' ? 'Garmin' : 'Strava');

export const DEVICE_TOASTS = {
  connected: (provider: DeviceProviderId) => `${providerShortName(provider)} Connected!`,
  authorizationFailed: 'Authorization Failed',
  connectionFailed: 'Connection Failed',
  disconnected: 'Disconnected',
  disconnectFailed: 'Disconnect Failed',
  disconnectFailedText: (provider: DeviceProviderId) =>
    `Failed to disconnect ${providerShortName(provider)} account. Please try again.`,
  syncComplete: 'Sync Complete',
  syncCompleteText: (n: number, provider: DeviceProviderId) =>
    `Successfully synced ${n} items from ${providerShortName(provider)}.`,
  syncWarning: 'Sync Warning',
  syncWarningText: (n: number, m: number) => `Synced ${n} items with ${m} errors.`,
  syncFailed: 'Sync Failed',
  syncFailedText: (provider: DeviceProviderId) =>
    `Failed to sync ${providerShortName(provider)} data. Please try again.`,
  noAuthorizationUrl: 'No authorization URL received from server',
  noSession: 'No valid session found. Please log in.',
} as const;

/** The toast a finished sync run gets: its title, text and kind. */
export function syncToast(run: SyncRun): { kind: 'success' | 'error' | 'info'; title: string; text: string } {
  if (run.status === 'failed') {
    return {
      kind: 'error',
      title: DEVICE_TOASTS.syncFailed,
      text: DEVICE_TOASTS.syncFailedText(run.provider),
    };
  }
  if (run.errors > 0) {
    return {
      kind: 'info',
      title: DEVICE_TOASTS.syncWarning,
      text: DEVICE_TOASTS.syncWarningText(run.items, run.errors),
    };
  }
  return {
    kind: 'success',
    title: DEVICE_TOASTS.syncComplete,
    text: DEVICE_TOASTS.syncCompleteText(run.items, run.provider),
  };
}
