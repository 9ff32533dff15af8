// Query keys of the workouts feature; mutations invalidate the whole family after a change.
export const workoutKeys = {
  all: ['workouts'] as const,
  list: (filter: object) => ['workouts', 'list', filter] as const,
  detail: (id: string) => ['workouts', 'detail', id] as const,
  training: (filter: object) => ['workouts', 'training', filter] as const,
  calendar: (from: string, to: string) => ['calendar', from, to] as const,
  calendarAll: ['calendar'] as const,
};

/** Workouts and calendar stay fresh for 2 minutes (docs/performance.md, "How fresh each read is"). */
export const WORKOUTS_STALE_MS = 2 * 60 * 1000;
