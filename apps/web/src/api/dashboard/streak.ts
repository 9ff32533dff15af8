// GET /api/dashboard/widgets/streak: current and longest streak of training days. The celebrations provider
// reads it too (after a completion) to tell when a streak reaches a milestone.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { dashboardKeys, STREAK_STALE_MS } from './keys.ts';

export function streakQuery() {
  return queryOptions({
    queryKey: dashboardKeys.streak,
    queryFn: async () => (await api.request('GET /dashboard/widgets/streak')).data,
    staleTime: STREAK_STALE_MS,
  });
}

export function useStreakWidget() {
  return useQuery(streakQuery());
}
