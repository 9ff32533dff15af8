// Query keys and freshness of the plan feature; every plan write invalidates the whole `plans` family (and what
// else reads the plan: api/invalidation.ts), because one write changes the active plan, history and progress.
export const planKeys = {
  all: ['plans'] as const,
  active: ['plans', 'active'] as const,
  list: ['plans', 'list'] as const,
  progress: (id: string) => ['plans', 'progress', id] as const,
  outline: (id: string) => ['plans', 'outline', id] as const,
  /** The plan's history of changes (docs/adaptation.md), a page of it, or one workout's. */
  changes: (id: string, page: number, workoutId?: string) =>
    ['plans', 'changes', id, page, workoutId ?? null] as const,
};

/**
 * Changes come from the daily job as well as from the athlete's own adapt and undo (which invalidate them), so
 * they keep the workouts' 2 min freshness (docs/performance.md, "How fresh each read is").
 */
export const PLAN_CHANGES_STALE_MS = 2 * 60 * 1000;

/**
 * The plan and the history change only through this feature's mutations (which invalidate them), so they
 * keep the race countdown's 24 h freshness (docs/performance.md, "How fresh each read is").
 */
export const PLANS_STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Progress counts the plan's workouts; every workout write invalidates it (api/invalidation.ts), so it keeps training load's 30 min
 * freshness (docs/performance.md, "How fresh each read is").
 */
export const PLAN_PROGRESS_STALE_MS = 30 * 60 * 1000;
