// Query keys and freshness of the Dashboard API reads (docs/performance.md, "How fresh each read is").
// Everything sits under ['dashboard'], which is one of the workout-derived families: a workout write refreshes the
// page.
const MINUTE = 60 * 1000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: ['dashboard', 'summary'] as const,
  recovery: (days: number) => ['dashboard', 'recovery', days] as const,
  readiness: ['dashboard', 'widgets', 'readiness'] as const,
  weeklySummary: ['dashboard', 'widgets', 'weekly-summary'] as const,
  streak: ['dashboard', 'widgets', 'streak'] as const,
  raceCountdown: ['dashboard', 'widgets', 'race-countdown'] as const,
};

export const athleteKeys = {
  me: ['athletes', 'me'] as const,
};

/** The summary is refetched every 5 minutes while the page is open. */
export const SUMMARY_REFETCH_MS = 5 * MINUTE;
export const READINESS_STALE_MS = 10 * MINUTE;
export const WEEKLY_SUMMARY_STALE_MS = 20 * MINUTE;
export const STREAK_STALE_MS = 60 * MINUTE;
export const RACE_COUNTDOWN_STALE_MS = 24 * 60 * MINUTE;
export const RECOVERY_STALE_MS = 15 * MINUTE;
/** 5 min (docs/performance.md, 'How fresh each read is'); only Settings changes it, and invalidates it. */
export const PROFILE_STALE_MS = 5 * MINUTE;
