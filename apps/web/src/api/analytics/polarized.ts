// GET /api/analytics/polarized?period: the low/moderate/high split against 80/5/15, its score and advice.
import type { AnalyticsPeriod } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { analyticsKeys, ZONES_STALE_MS } from './keys.ts';

function polarizedQuery(period: AnalyticsPeriod) {
  return queryOptions({
    queryKey: analyticsKeys.polarized(period),
    queryFn: async () => (await api.request('GET /analytics/polarized', { query: { period } })).data,
    staleTime: ZONES_STALE_MS,
  });
}

export function usePolarized(period: AnalyticsPeriod) {
  return useQuery(polarizedQuery(period));
}
