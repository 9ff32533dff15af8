// GET /api/analytics/achievements: every achievement with its progress, and how many are earned.
import type { ZAchievements } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { ACHIEVEMENTS_STALE_MS, analyticsKeys } from './keys.ts';

/** The contract names the schema but exports no type for it. */
export type AchievementsResponse = z.infer<typeof ZAchievements>;

export function achievementsQuery() {
  return queryOptions({
    queryKey: analyticsKeys.achievements,
    queryFn: async () => (await api.get<{ data: AchievementsResponse }>('/analytics/achievements')).data,
    staleTime: ACHIEVEMENTS_STALE_MS,
  });
}

export function useAchievements() {
  return useQuery(achievementsQuery());
}
