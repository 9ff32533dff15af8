// GET /api/analytics/zones?period: share of time in each zone over the period, with the targets
// (docs/screens.md, 'Analytics page').
import type { AnalyticsPeriod } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { analyticsKeys, ZONES_STALE_MS } from './keys.ts';

export function zonesQuery(period: AnalyticsPeriod) {
  return queryOptions({
    queryKey: analyticsKeys.zones(period),
    queryFn: async () => (await api.request('GET /analytics/zones', { query: { period } })).data,
    staleTime: ZONES_STALE_MS,
  });
}

export function useZones(period: AnalyticsPeriod) {
  return useQuery(zonesQuery(period));
}
