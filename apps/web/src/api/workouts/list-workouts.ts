// GET /api/workout-planning/workouts
import type { EndpointInput } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { PLANNING_API_TIMEOUT_MS } from '../../lib/app-constants.ts';
import { WORKOUTS_STALE_MS, workoutKeys } from './keys.ts';

export type WorkoutFilter = NonNullable<EndpointInput<'GET /workout-planning/workouts'>['query']>;

export function workoutsQuery(filter: WorkoutFilter) {
  return queryOptions({
    queryKey: workoutKeys.list(filter),
    queryFn: async () =>
      (
        await api.request('GET /workout-planning/workouts', {
          query: { ...filter },
          timeoutMs: PLANNING_API_TIMEOUT_MS,
        })
      ).data,
    staleTime: WORKOUTS_STALE_MS,
  });
}

export function useWorkouts(filter: WorkoutFilter) {
  return useQuery(workoutsQuery(filter));
}
