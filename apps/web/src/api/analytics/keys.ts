// Query keys and freshness of the Analytics API reads. The Progress page reads the same queries, so the two
// pages share one cache: switching between them does not refetch what is still fresh.
import type { AnalyticsPeriod } from '@stamina/contract';

export const analyticsKeys = {
  all: ['analytics'] as const,
  weeklyLoad: (weeks: number) => ['analytics', 'weekly-load', weeks] as const,
  zones: (period: AnalyticsPeriod) => ['analytics', 'zones', period] as const,
  polarized: (period: AnalyticsPeriod) => ['analytics', 'polarized', period] as const,
  fitnessTrends: (days: number) => ['analytics', 'fitness-trends', days] as const,
  fitnessProjection: ['analytics', 'fitness-projection'] as const,
  consistency: (days: number) => ['analytics', 'consistency', days] as const,
  achievements: ['analytics', 'achievements'] as const,
  raceReadiness: ['analytics', 'race-readiness'] as const,
};

const MINUTE = 60 * 1000;

/** Cache freshness (docs/performance.md, "How fresh each read is"): training load 30 min. */
export const WEEKLY_LOAD_STALE_MS = 30 * MINUTE;
/** Zone analysis changes only when a workout is completed: 4 h. Polarization is read from the same zones. */
export const ZONES_STALE_MS = 4 * 60 * MINUTE;
/** Form-fitness 1 h (same table); fitness trends are the same series with readiness added. */
export const FITNESS_TRENDS_STALE_MS = 60 * MINUTE;
/** Consistency 30 min (same table). */
export const CONSISTENCY_STALE_MS = 30 * MINUTE;
/** Achievements 15 min (same table). */
export const ACHIEVEMENTS_STALE_MS = 15 * MINUTE;
/** Race readiness: from the form-fitness series, so 1 h too (docs/performance.md, 'How fresh each read is'). */
export const RACE_READINESS_STALE_MS = 60 * MINUTE;
