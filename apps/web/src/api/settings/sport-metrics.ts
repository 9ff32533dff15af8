// GET and PUT /api/athletes/me/sport-metrics: each sport's thresholds in force today, the dated history and the
// defaults; a save answers the planned workouts it re-labelled.
import type { SportMetricsUpdateRequest } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { THRESHOLDS_STALE_MS, thresholdKeys } from './keys.ts';

function sportMetricsQuery() {
  return queryOptions({
    queryKey: thresholdKeys.sportMetrics,
    queryFn: async () => (await api.request('GET /athletes/me/sport-metrics')).data,
    staleTime: THRESHOLDS_STALE_MS,
  });
}

export function useSportMetrics() {
  return useQuery(sportMetricsQuery());
}

export async function saveSportMetrics(body: SportMetricsUpdateRequest) {
  return (await api.request('PUT /athletes/me/sport-metrics', { body })).data;
}
