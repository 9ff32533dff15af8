// GET /api/v1/metrics/history?type&days: one metric's daily values over the last `days` days, oldest first.
import type { MetricType } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { HISTORY_STALE_MS, metricsKeys } from './keys.ts';

export function metricHistoryQuery(type: MetricType, days: number) {
  return queryOptions({
    queryKey: metricsKeys.history(type, days),
    queryFn: async () => (await api.request('GET /v1/metrics/history', { query: { type, days } })).data,
    staleTime: HISTORY_STALE_MS,
  });
}

export function useMetricHistory(type: MetricType, days: number) {
  return useQuery(metricHistoryQuery(type, days));
}
