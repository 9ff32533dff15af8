// GET /api/dashboard/widgets/race-countdown: the primary race (from the active plan), or null.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { dashboardKeys, RACE_COUNTDOWN_STALE_MS } from './keys.ts';

export function raceCountdownQuery() {
  return queryOptions({
    queryKey: dashboardKeys.raceCountdown,
    queryFn: async () => (await api.request('GET /dashboard/widgets/race-countdown')).data,
    staleTime: RACE_COUNTDOWN_STALE_MS,
  });
}

export function useRaceCountdown() {
  return useQuery(raceCountdownQuery());
}
