// GET /api/analytics/race-readiness: readiness for the next race of an active plan (or in general).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { analyticsKeys, RACE_READINESS_STALE_MS } from './keys.ts';

export function raceReadinessQuery() {
  return queryOptions({
    queryKey: analyticsKeys.raceReadiness,
    queryFn: async () => (await api.request('GET /analytics/race-readiness')).data,
    staleTime: RACE_READINESS_STALE_MS,
  });
}

export function useRaceReadiness() {
  return useQuery(raceReadinessQuery());
}
