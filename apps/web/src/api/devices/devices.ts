// GET /api/devices: every provider with its state (not configured, disconnected, connected, error), last sync,
// auto-sync, backfill progress and latest sync run. Polled every 2 s while a run or a backfill is under way.
import type { Device } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { DEVICES_STALE_MS, deviceKeys } from './keys.ts';

const busy = (d: Device) => d.last_run?.status === 'queued' || d.last_run?.status === 'running';

function devicesQuery() {
  return queryOptions({
    queryKey: deviceKeys.list,
    queryFn: async () => (await api.request('GET /devices')).data,
    staleTime: DEVICES_STALE_MS,
    refetchInterval: (query) => (query.state.data?.some(busy) ? 2000 : false),
  });
}

export function useDevices() {
  return useQuery(devicesQuery());
}
