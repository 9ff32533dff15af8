// GET /api/dashboard/widgets/weekly-summary: this week's sessions (completed and planned), hours and TSS.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { dashboardKeys, WEEKLY_SUMMARY_STALE_MS } from './keys.ts';

export function weeklySummaryQuery() {
  return queryOptions({
    queryKey: dashboardKeys.weeklySummary,
    queryFn: async () => (await api.request('GET /dashboard/widgets/weekly-summary')).data,
    staleTime: WEEKLY_SUMMARY_STALE_MS,
  });
}

export function useWeeklySummaryWidget() {
  return useQuery(weeklySummaryQuery());
}
