// PUT /api/devices/settings (the auto-sync switch) and POST /api/devices/disconnect.
import type { Device, DeviceProviderId } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { deviceKeys } from './keys.ts';

function replaceDevice(list: Device[] | undefined, device: Device) {
  return list?.map((d) => (d.id === device.id ? device : d));
}

export function useSetAutoSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { provider: DeviceProviderId; autoSync: boolean }) =>
      (await api.request('PUT /devices/settings', { body: input })).data,
    onSuccess: (device) =>
      client.setQueryData<Device[]>(deviceKeys.list, (list) => replaceDevice(list, device)),
  });
}

export function useDisconnectDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (provider: DeviceProviderId) =>
      (await api.request('POST /devices/disconnect', { body: { provider } })).data,
    onSuccess: (device) =>
      client.setQueryData<Device[]>(deviceKeys.list, (list) => replaceDevice(list, device)),
  });
}
