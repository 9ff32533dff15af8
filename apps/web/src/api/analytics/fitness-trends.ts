// GET /api/analytics/fitness-trends?days=N: daily CTL, ATL, TSB, readiness and recovery, oldest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { analyticsKeys, FITNESS_TRENDS_STALE_MS } from './keys.ts';

export function fitnessTrendsQuery(days: number, enabled = true) {
  return queryOptions({
    queryKey: analyticsKeys.fitnessTrends(days),
    queryFn: async () => (await api.request('GET /analytics/fitness-trends', { query: { days } })).data,
    staleTime: FITNESS_TRENDS_STALE_MS,
    enabled,
  });
}

/** `enabled` lets a page wait until it knows how many days to ask for. */
export function useFitnessTrends(days: number, enabled = true) {
  return useQuery(fitnessTrendsQuery(days, enabled));
}
