// GET /api/training/workouts: workouts with the Training API's fields, among them the description (a generated
// session's reason), optionally of one plan and between two days.
import type { EndpointInput, TrainingWorkout } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { WORKOUTS_STALE_MS, workoutKeys } from './keys.ts';

export type TrainingWorkoutFilter = NonNullable<EndpointInput<'GET /training/workouts'>['query']>;

async function fetchTrainingWorkouts(filter: TrainingWorkoutFilter): Promise<TrainingWorkout[]> {
  return (await api.request('GET /training/workouts', { query: { ...filter } })).data;
}

export function trainingWorkoutsQuery(filter: TrainingWorkoutFilter, enabled = true) {
  return queryOptions({
    queryKey: workoutKeys.training(filter),
    queryFn: () => fetchTrainingWorkouts(filter),
    staleTime: WORKOUTS_STALE_MS,
    enabled,
  });
}

export function useTrainingWorkouts(filter: TrainingWorkoutFilter, enabled = true) {
  return useQuery(trainingWorkoutsQuery(filter, enabled));
}
