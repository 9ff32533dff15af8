// GET and PUT /api/athletes/me/zones: the zone tables per sport and kind, derived or edited (auto-calculate off).
import type { ZonesUpdateRequest } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { THRESHOLDS_STALE_MS, thresholdKeys } from './keys.ts';

function zonesQuery() {
  return queryOptions({
    queryKey: thresholdKeys.zones,
    queryFn: async () => (await api.request('GET /athletes/me/zones')).data,
    staleTime: THRESHOLDS_STALE_MS,
  });
}

export function useZones() {
  return useQuery(zonesQuery());
}

export async function saveZones(body: ZonesUpdateRequest) {
  return (await api.request('PUT /athletes/me/zones', { body })).data;
}
