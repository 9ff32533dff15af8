// POST, PUT and DELETE /api/workout-planning/workouts[/{id}]; each invalidates workouts and calendar.
import type { Workout, WorkoutCreateRequest, WorkoutUpdateRequest } from '@stamina/contract';
import { PLANNING_API_TIMEOUT_MS } from '@stamina/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workoutKeys } from './keys.ts';

function useInvalidateWorkouts() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: workoutKeys.all }),
      client.invalidateQueries({ queryKey: workoutKeys.calendarAll }),
    ]);
}

export function useCreateWorkout() {
  const invalidate = useInvalidateWorkouts();
  return useMutation({
    mutationFn: async (body: WorkoutCreateRequest) =>
      (
        await api.post<{ data: Workout }>('/workout-planning/workouts', body, {
          timeoutMs: PLANNING_API_TIMEOUT_MS,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useUpdateWorkout() {
  const invalidate = useInvalidateWorkouts();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: WorkoutUpdateRequest }) =>
      (
        await api.put<{ data: Workout }>(`/workout-planning/workouts/${id}`, changes, {
          timeoutMs: PLANNING_API_TIMEOUT_MS,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteWorkout() {
  const invalidate = useInvalidateWorkouts();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/workout-planning/workouts/${id}`, { timeoutMs: PLANNING_API_TIMEOUT_MS });
    },
    onSuccess: invalidate,
  });
}
