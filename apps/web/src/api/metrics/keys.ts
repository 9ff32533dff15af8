// Query keys and freshness of the Metrics API reads. Every wellness write (today's form, a CSV import)
// invalidates `metricsKeys.all`, so the charts and the latest values refetch at once.
import type { MetricType } from '@stamina/contract';

export const metricsKeys = {
  all: ['metrics'] as const,
  history: (type: MetricType, days: number) => ['metrics', 'history', type, days] as const,
  current: ['metrics', 'current'] as const,
};

const HOUR = 60 * 60 * 1000;
/**
 * Cache lifetimes (docs/performance.md, "How fresh each read is"): historical metrics 24 h, current metrics 4 h.
 * Writes invalidate both.
 */
export const HISTORY_STALE_MS = 24 * HOUR;
export const CURRENT_STALE_MS = 4 * HOUR;
