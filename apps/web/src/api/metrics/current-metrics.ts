// GET /api/v1/metrics/current: the latest value and date of every metric, null for one never logged. The
// Metrics page reads it to tell an account with no data at all (sample charts, marked Demo) from one with
// nothing in the chosen period.
import type { CurrentMetrics } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { CURRENT_STALE_MS, metricsKeys } from './keys.ts';

export type { CurrentMetrics };

export const currentMetricsQuery = queryOptions({
  queryKey: metricsKeys.current,
  queryFn: async () => (await api.request('GET /v1/metrics/current')).data,
  staleTime: CURRENT_STALE_MS,
});

export function useCurrentMetrics() {
  return useQuery(currentMetricsQuery);
}

/** True when not one metric has ever been logged. */
export function hasNoMetrics(current: CurrentMetrics): boolean {
  return Object.values(current).every((entry) => entry === null);
}
