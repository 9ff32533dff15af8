// POST, PUT and DELETE /api/workout-planning/workouts[/{id}], file import and export; writes invalidate
// workouts, calendar and every query computed from workouts.
import type { WorkoutCreateRequest, WorkoutFileFormat, WorkoutUpdateRequest } from '@stamina/contract';
import { PLANNING_API_TIMEOUT_MS } from '@stamina/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { WORKOUT_DERIVED_QUERIES } from '../../lib/query-client.ts';
import { workoutKeys } from './keys.ts';

function useInvalidateWorkouts() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: workoutKeys.all }),
      client.invalidateQueries({ queryKey: workoutKeys.calendarAll }),
      ...WORKOUT_DERIVED_QUERIES.map((queryKey) => client.invalidateQueries({ queryKey })),
    ]);
}

export function useCreateWorkout() {
  const invalidate = useInvalidateWorkouts();
  return useMutation({
    mutationFn: async (body: WorkoutCreateRequest) =>
      (
        await api.request('POST /workout-planning/workouts', {
          body,
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
        await api.request('PUT /workout-planning/workouts/{workoutId}', {
          params: { workoutId: id },
          body: changes,
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
      await api.request('DELETE /workout-planning/workouts/{workoutId}', {
        params: { workoutId: id },
        timeoutMs: PLANNING_API_TIMEOUT_MS,
      });
    },
    onSuccess: invalidate,
  });
}

/** POST /api/workout-planning/workouts/import: a .zwo, .mrc or .erg file becomes a workout on `date`. */
export function useImportWorkoutFile() {
  const invalidate = useInvalidateWorkouts();
  return useMutation({
    mutationFn: async ({ file, date }: { file: File; date: string }) => {
      const form = new FormData();
      form.set('workout_date', date);
      form.set('file', file, file.name);
      return (
        await api.request('POST /workout-planning/workouts/import', {
          body: form,
          timeoutMs: PLANNING_API_TIMEOUT_MS,
        })
      ).data;
    },
    onSuccess: invalidate,
  });
}

/** GET /api/workout-planning/workouts/{id}/export and hands the file to the browser as a download. */
export async function downloadWorkoutFile(id: string, format: WorkoutFileFormat): Promise<string> {
  const { blob, fileName } = await api.download('GET /workout-planning/workouts/{workoutId}/export', {
    params: { workoutId: id },
    query: { format },
    timeoutMs: PLANNING_API_TIMEOUT_MS,
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
