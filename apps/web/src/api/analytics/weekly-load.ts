// GET /api/analytics/weekly-load?weeks=N: training weeks (Monday first), oldest first, ending with this week.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { analyticsKeys, WEEKLY_LOAD_STALE_MS } from './keys.ts';

function weeklyLoadQuery(weeks: number) {
  return queryOptions({
    queryKey: analyticsKeys.weeklyLoad(weeks),
    queryFn: async () => (await api.request('GET /analytics/weekly-load', { query: { weeks } })).data,
    staleTime: WEEKLY_LOAD_STALE_MS,
  });
}

export function useWeeklyLoad(weeks: number) {
  return useQuery(weeklyLoadQuery(weeks));
}
