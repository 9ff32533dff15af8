// GET /api/dashboard/widgets/streak: current and longest streak of training days. The celebrations provider
// reads it too (after a completion) to tell when a streak reaches a milestone.
import type { ZStreakWidget } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys, STREAK_STALE_MS } from './keys.ts';

export type StreakWidgetData = z.infer<typeof ZStreakWidget>;

export function streakQuery() {
  return queryOptions({
    queryKey: dashboardKeys.streak,
    queryFn: async () => (await api.get<{ data: StreakWidgetData }>('/dashboard/widgets/streak')).data,
    staleTime: STREAK_STALE_MS,
  });
}

export function useStreakWidget() {
  return useQuery(streakQuery());
}
