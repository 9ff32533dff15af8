// POST /api/devices/connect (the provider's authorisation URL, to which the browser goes) and POST
// /api/devices/callback (what the provider's redirect brought back, exchanged by the server).
import type { DeviceProviderId } from '@stamina/contract';
import { api } from '../../lib/api-client.ts';
import { DEVICE_TOASTS } from './messages.ts';

/** Asks for the authorisation URL and leaves for it; `returnTo` is where the callback page goes afterwards. */
export async function startDeviceConnect(provider: DeviceProviderId, returnTo?: string): Promise<void> {
  const { data } = await api.request('POST /devices/connect', {
    body: { provider, ...(returnTo ? { return_to: returnTo } : {}) },
  });
  if (!data.authorization_url) throw new Error(DEVICE_TOASTS.noAuthorizationUrl);
  window.location.assign(data.authorization_url);
}

export async function finishDeviceConnect(body: {
  state: string;
  code?: string;
  error?: string;
  error_description?: string;
}) {
  return (await api.request('POST /devices/callback', { body })).data;
}
