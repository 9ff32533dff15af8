// Query keys and freshness of the plan feature; every plan mutation invalidates the whole `plans` family,
// because one write (create, complete, delete) changes the active plan, the history and the progress at once.
export const planKeys = {
  all: ['plans'] as const,
  active: ['plans', 'active'] as const,
  list: ['plans', 'list'] as const,
  progress: (id: string) => ['plans', 'progress', id] as const,
};

/**
 * The plan and the history change only through this feature's mutations (which invalidate them), so they
 * keep the race countdown's 24 h freshness (spec part 2 §9).
 */
export const PLANS_STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Progress counts the plan's workouts, which change on the calendar and the workout list without invalidating
 * plan queries; so it keeps the workouts' 2 min freshness rather than training load's 30 min.
 */
export const PLAN_PROGRESS_STALE_MS = 2 * 60 * 1000;
