// GET /api/dashboard/widgets/race-countdown: the primary race (from the active plan), or null.
import type { ZRaceCountdownWidget } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys, RACE_COUNTDOWN_STALE_MS } from './keys.ts';

export type RaceCountdown = z.infer<typeof ZRaceCountdownWidget>;

export function raceCountdownQuery() {
  return queryOptions({
    queryKey: dashboardKeys.raceCountdown,
    queryFn: async () => (await api.get<{ data: RaceCountdown }>('/dashboard/widgets/race-countdown')).data,
    staleTime: RACE_COUNTDOWN_STALE_MS,
  });
}

export function useRaceCountdown() {
  return useQuery(raceCountdownQuery());
}
