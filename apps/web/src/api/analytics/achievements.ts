// GET /api/analytics/achievements: every achievement with its progress, and how many are earned.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { ACHIEVEMENTS_STALE_MS, analyticsKeys } from './keys.ts';

function achievementsQuery() {
  return queryOptions({
    queryKey: analyticsKeys.achievements,
    queryFn: async () => (await api.request('GET /analytics/achievements')).data,
    staleTime: ACHIEVEMENTS_STALE_MS,
  });
}

export function useAchievements() {
  return useQuery(achievementsQuery());
}
