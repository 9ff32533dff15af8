// Every write of a workout, in one place (invalidations: docs/screens.md, "How it is built: the calendar, workouts and analytics screens"): create, update, file import and export, and
// the actions on one workout (reschedule, optimistic on every cached calendar range; mark done; delete) with the
// toasts of docs/screens.md, 'Workout editor and dialogs'. Every write invalidates workouts, the calendar and
// every query computed from workouts.
import type {
  Workout,
  WorkoutCreateRequest,
  WorkoutFileFormat,
  WorkoutUpdateRequest,
} from '@stamina/contract';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';
import { PLANNING_API_TIMEOUT_MS } from '../../lib/app-constants.ts';
import { celebrate } from '../../lib/celebrate.ts';
import { formatDay } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { invalidateAfter } from '../invalidation.ts';
import { OFFLINE_TEXTS, QUEUEABLE_NETWORK_MODE, sendOrQueue } from '../offline/write-queue.ts';
import type { CalendarEvent } from './calendar.ts';
import { workoutKeys } from './keys.ts';

const invalidateAll = (client: QueryClient) => invalidateAfter(client, 'workout');

function putWorkout(id: string, changes: WorkoutUpdateRequest) {
  return api
    .request('PUT /workout-planning/workouts/{workoutId}', {
      params: { workoutId: id },
      body: changes,
      timeoutMs: PLANNING_API_TIMEOUT_MS,
    })
    .then((body) => body.data);
}

/**
 * The workout a create queued offline stands for until it is sent (docs/offline.md, "Writes made offline"): its id
 * is the create's Idempotency-Key (a UUID), nothing is parsed yet.
 */
function provisionalWorkout(body: WorkoutCreateRequest, id: string): Workout {
  const now = new Date().toISOString();
  return {
    id,
    title: body.title,
    workout_date: body.workout_date,
    sport: body.sport,
    workout_language_text: body.workout_language_text ?? null,
    duration_minutes: body.duration_minutes ?? null,
    intensity_zone: body.intensity_zone ?? null,
    plan_id: body.plan_id ?? null,
    template_id: body.template_id ?? null,
    status: body.status ?? 'planned',
    workout_data: body.workout_data ?? {},
    workout_structure: null,
    tss: null,
    actual_duration_minutes: null,
    actual_distance_meters: null,
    actual_tss: null,
    rpe: null,
    note: null,
    created_at: now,
    updated_at: now,
  };
}

export function useCreateWorkout() {
  const client = useQueryClient();
  return useMutation({
    networkMode: QUEUEABLE_NETWORK_MODE,
    mutationFn: async (body: WorkoutCreateRequest) => {
      // One key per click, the same on each of the client's retries and on an offline replay: a create is never
      // made twice.
      const key = newIdempotencyKey();
      const outcome = await sendOrQueue(
        {
          type: 'workout-create',
          endpoint: 'POST /workout-planning/workouts',
          params: {},
          method: 'POST',
          body,
          label: `New workout: ${body.title} (${formatDay(body.workout_date)})`,
          idempotencyKey: key,
        },
        async (idempotencyKey) =>
          (
            await api.request('POST /workout-planning/workouts', {
              body,
              idempotencyKey,
              timeoutMs: PLANNING_API_TIMEOUT_MS,
            })
          ).data,
      );
      if (!outcome.queued) return outcome.result;
      toast.info(OFFLINE_TEXTS.savedOffline);
      return provisionalWorkout(body, key);
    },
    onSuccess: () => invalidateAll(client),
  });
}

export function useUpdateWorkout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: WorkoutUpdateRequest }) => putWorkout(id, changes),
    onSuccess: () => invalidateAll(client),
  });
}

/** POST /api/workout-planning/workouts/import: a .zwo, .mrc, .erg or .fit workout file becomes a workout on `date`. */
export function useImportWorkoutFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, date }: { file: File; date: string }) => {
      const form = new FormData();
      form.set('workout_date', date);
      form.set('file', file, file.name);
      return (
        await api.request('POST /workout-planning/workouts/import', {
          body: form,
          idempotencyKey: newIdempotencyKey(),
          timeoutMs: PLANNING_API_TIMEOUT_MS,
        })
      ).data;
    },
    onSuccess: () => invalidateAll(client),
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

const TOASTS = {
  updateFailed: 'Failed to update workout',
  completed: 'Workout marked as completed!',
  deleteFailed: 'Failed to delete workout',
  deleted: 'Workout deleted successfully',
} as const;

/** 'Workout moved to Tue, Nov 18'. */
function movedMessage(date: string): string {
  return `Workout moved to ${formatDay(date, 'short')}`;
}

type Snapshot = [QueryKey, unknown][];

/** Applies `change` to the workout in every cached calendar range and workout list; returns what was there. */
async function patchCaches(
  client: QueryClient,
  id: string,
  change: (workout: Workout) => Workout | null,
): Promise<Snapshot> {
  await Promise.all([
    client.cancelQueries({ queryKey: workoutKeys.calendarAll }),
    client.cancelQueries({ queryKey: workoutKeys.all }),
  ]);
  const snapshot: Snapshot = [
    ...client.getQueriesData({ queryKey: workoutKeys.calendarAll }),
    ...client.getQueriesData({ queryKey: workoutKeys.all }),
  ];
  client.setQueriesData<CalendarEvent[]>({ queryKey: workoutKeys.calendarAll }, (events) =>
    events?.flatMap((event) => {
      if (event.id !== id) return [event];
      const next = change(event.workout);
      return next
        ? [{ ...event, event_date: next.workout_date, status: next.status, title: next.title, workout: next }]
        : [];
    }),
  );
  client.setQueriesData<Workout[]>({ queryKey: [...workoutKeys.all, 'list'] }, (workouts) =>
    workouts?.flatMap((workout) => {
      if (workout.id !== id) return [workout];
      const next = change(workout);
      return next ? [next] : [];
    }),
  );
  return snapshot;
}

function restore(client: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
}

/** Moves a workout to another day; the calendar shows it there at once and moves it back if the server refuses. */
export function useRescheduleWorkout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ workout, date }: { workout: Workout; date: string }) =>
      putWorkout(workout.id, { workout_date: date }),
    onMutate: async ({ workout, date }) => ({
      snapshot: await patchCaches(client, workout.id, (w) => ({ ...w, workout_date: date })),
    }),
    onError: (_error, _vars, context) => {
      restore(client, context?.snapshot);
      toast.error(TOASTS.updateFailed);
    },
    onSuccess: (_saved, { date }) => {
      toast.success(movedMessage(date));
    },
    onSettled: () => invalidateAll(client),
  });
}

/** What was actually done, logged with Mark Done or later (docs/training-load.md, "Logged sessions"). */
export type WorkoutLogged = Pick<
  WorkoutUpdateRequest,
  'actual_duration_minutes' | 'actual_distance_meters' | 'rpe' | 'note'
>;

export interface MarkDone {
  workout: Workout;
  logged?: WorkoutLogged;
}

/** Saves what was done on a workout already completed (its RPE, note, duration or distance). */
export function useLogWorkout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ workout, logged }: { workout: Workout; logged: WorkoutLogged }) =>
      putWorkout(workout.id, logged),
    onSuccess: async (saved) => {
      await patchCaches(client, saved.id, () => saved);
      toast.success('Saved how it went');
    },
    onError: () => toast.error(TOASTS.updateFailed),
    onSettled: () => invalidateAll(client),
  });
}

export function useMarkWorkoutDone() {
  const client = useQueryClient();
  return useMutation({
    networkMode: QUEUEABLE_NETWORK_MODE,
    mutationFn: async ({ workout, logged = {} }: MarkDone): Promise<Workout & { queued?: true }> => {
      const body: WorkoutUpdateRequest = { status: 'completed', ...logged };
      const outcome = await sendOrQueue(
        {
          type: 'workout-done',
          endpoint: 'PUT /workout-planning/workouts/{workoutId}',
          params: { workoutId: workout.id },
          method: 'PUT',
          body,
          label: `Mark done: ${workout.title} (${formatDay(workout.workout_date)})`,
          // What the athlete saw: a replay refuses to overwrite a newer change (docs/offline.md, "Conflicts").
          baseUpdatedAt: workout.updated_at,
        },
        () => putWorkout(workout.id, body),
      );
      return outcome.queued ? { ...workout, ...logged, status: 'completed', queued: true } : outcome.result;
    },
    onSuccess: async ({ queued, ...saved }) => {
      await patchCaches(client, saved.id, () => saved);
      if (queued) {
        toast.info(OFFLINE_TEXTS.markedDoneOffline);
        return;
      }
      toast.success(TOASTS.completed);
      // The shell's celebrations provider turns this into the workout, zone and streak celebrations.
      celebrate({ type: 'workout-completed', workout: saved });
    },
    onError: () => {
      toast.error(TOASTS.updateFailed);
    },
    // A queued change is not on the server yet: a refetch now would show the workout as it was.
    onSettled: (result) => (result?.queued ? undefined : invalidateAll(client)),
  });
}

export function useRemoveWorkout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (workout: Workout) => {
      await api.request('DELETE /workout-planning/workouts/{workoutId}', {
        params: { workoutId: workout.id },
        timeoutMs: PLANNING_API_TIMEOUT_MS,
      });
    },
    onSuccess: async (_nothing, workout) => {
      await patchCaches(client, workout.id, () => null);
      toast.success(TOASTS.deleted);
    },
    onError: () => {
      toast.error(TOASTS.deleteFailed);
    },
    onSettled: () => invalidateAll(client),
  });
}
