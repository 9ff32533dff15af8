// GET /api/activities/{id}: one activity with laps, zones, training values and the matched workout.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { ACTIVITIES_STALE_MS, activityKeys } from './keys.ts';

export function activityQuery(id: string) {
  return queryOptions({
    queryKey: activityKeys.detail(id),
    queryFn: async () => (await api.request('GET /activities/{id}', { params: { id } })).data,
    staleTime: ACTIVITIES_STALE_MS,
  });
}

export function useActivity(id: string) {
  return useQuery(activityQuery(id));
}
