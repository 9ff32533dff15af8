// GET /api/dashboard/summary: readiness, recovery, form, today's workout, the week, streaks, race, plan and
// insights in one read; it feeds the hero, the stat tiles and the This Week panel.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { dashboardKeys, SUMMARY_REFETCH_MS } from './keys.ts';

export function summaryQuery() {
  return queryOptions({
    queryKey: dashboardKeys.summary,
    queryFn: async () => (await api.request('GET /dashboard/summary')).data,
    staleTime: SUMMARY_REFETCH_MS,
    refetchInterval: SUMMARY_REFETCH_MS,
  });
}

export function useDashboardSummary() {
  return useQuery(summaryQuery());
}
