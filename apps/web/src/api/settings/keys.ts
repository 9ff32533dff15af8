// Query keys and freshness of the thresholds reads (docs/zones.md). They change only from Settings → Metrics &
// Zones, whose save invalidates them ('thresholds' in api/invalidation.ts).
export const thresholdKeys = {
  all: ['thresholds'] as const,
  sportMetrics: ['thresholds', 'sport-metrics'] as const,
  zones: ['thresholds', 'zones'] as const,
  estimates: ['thresholds', 'estimates'] as const,
};

/** Zone analysis keeps 4 h (docs/performance.md, "How fresh each read is"). */
export const THRESHOLDS_STALE_MS = 4 * 60 * 60 * 1000;
