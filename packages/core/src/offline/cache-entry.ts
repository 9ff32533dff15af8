// The offline cache's entries and lifetimes (docs/offline.md, "What is cached, and for how long"). Pure: the service
// worker stores an entry's timestamp, expiry and version beside each saved API answer and asks `entryStatus`
// whether it may still be used.

/** The name of the service worker's cache of API reads. */
export const OFFLINE_API_CACHE_NAME = 'stamina-api';

/** The version every entry is written with; an entry of any other version is a miss (and is removed). */
export const CACHE_VERSION = '1.0.0';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The default lifetime of an entry: 24 hours. */
export const CACHE_MAX_AGE_MS = 24 * HOUR;

/** Lifetimes per kind of data. */
export const CACHE_LIFETIMES_MS = {
  dailyMetrics: 6 * HOUR,
  currentMetrics: 4 * HOUR,
  historicalMetrics: 24 * HOUR,
  activityHistory: 12 * HOUR,
  trainingSessions: 2 * HOUR,
  zoneAnalysis: 4 * HOUR,
  fitnessTrends: 1 * HOUR,
  weeklySummaries: 2 * HOUR,
  connectionStatus: 30 * MINUTE,
  vo2Max: 7 * 24 * HOUR,
  sleepPatterns: 24 * HOUR,
  achievements: 15 * MINUTE,
  performanceTrends: 1 * HOUR,
  raceCalendar: 24 * HOUR,
} as const;

export type CacheKind = keyof typeof CACHE_LIFETIMES_MS;

/** What is kept beside the data of an entry. */
export interface CacheEntryMeta {
  /** When the data was saved, ms since the epoch. */
  timestamp: number;
  /** Until when it may be used, ms since the epoch. */
  expiresAt: number;
  version: string;
}

export interface CacheEntry<T> extends CacheEntryMeta {
  data: T;
}

/** An entry for `data` saved at `now`, valid for `maxAgeMs` (24 h unless told). */
export function createCacheEntry<T>(
  data: T,
  now: number,
  maxAgeMs: number = CACHE_MAX_AGE_MS,
): CacheEntry<T> {
  return { data, timestamp: now, expiresAt: now + maxAgeMs, version: CACHE_VERSION };
}

/**
 * Whether an entry read back may be used: 'fresh' until its expiresAt (exclusive), 'expired' from then on,
 * 'mismatch' when written by another version, 'unreadable' when it is not an entry at all. Anything but 'fresh'
 * is a miss, and the reader removes the entry.
 */
export function entryStatus(
  entry: unknown,
  now: number,
  version: string = CACHE_VERSION,
): 'fresh' | 'expired' | 'mismatch' | 'unreadable' {
  if (typeof entry !== 'object' || entry === null) return 'unreadable';
  const { timestamp, expiresAt, version: entryVersion } = entry as Partial<CacheEntryMeta>;
  if (
    typeof timestamp !== 'number' ||
    typeof expiresAt !== 'number' ||
    typeof entryVersion !== 'string' ||
    !Number.isFinite(timestamp) ||
    !Number.isFinite(expiresAt)
  ) {
    return 'unreadable';
  }
  if (entryVersion !== version) return 'mismatch';
  return now < expiresAt ? 'fresh' : 'expired';
}

/** A cache key from its parts, joined with underscores. */
export function cacheKey(...parts: readonly (string | number)[]): string {
  return parts.join('_');
}

/**
 * Which API reads are kept for offline use, and for how long: the first rule whose prefix starts the path (after
 * `/api`) wins; a path no rule names is not cached (log streams, health checks, downloads, upload progress and
 * onboarding polling must never be answered from a cache). docs/offline.md, "What is cached, and for how long".
 */
const API_CACHE_RULES: readonly (readonly [prefix: string, lifetime: CacheKind | 'default' | null])[] = [
  ['/activities/imports', null],
  ['/athletes/me/avatar', null],
  ['/auth/me', 'default'],
  ['/athletes/me', 'default'],
  ['/workout-planning/', 'trainingSessions'],
  ['/training/workouts', 'trainingSessions'],
  ['/training/plans', 'raceCalendar'],
  ['/training/form-fitness', 'fitnessTrends'],
  ['/training/load-trends', 'fitnessTrends'],
  ['/training/weekly-load', 'weeklySummaries'],
  ['/training/summary/week', 'weeklySummaries'],
  ['/training/zones-distribution', 'zoneAnalysis'],
  ['/training/', 'trainingSessions'],
  ['/dashboard/', 'dailyMetrics'],
  ['/v1/metrics/vo2max', 'vo2Max'],
  ['/v1/metrics/sleep', 'sleepPatterns'],
  ['/v1/metrics/history', 'historicalMetrics'],
  ['/v1/metrics/', 'currentMetrics'],
  ['/metrics', 'dailyMetrics'],
  ['/analytics/achievements', 'achievements'],
  ['/analytics/zones', 'zoneAnalysis'],
  ['/analytics/detailed-zones', 'zoneAnalysis'],
  ['/analytics/polarized', 'zoneAnalysis'],
  ['/analytics/fitness-trends', 'fitnessTrends'],
  ['/analytics/fitness-form', 'fitnessTrends'],
  ['/analytics/performance-trends', 'performanceTrends'],
  ['/analytics/weekly-load', 'weeklySummaries'],
  ['/analytics/health', null],
  ['/analytics/', 'default'],
  ['/activities', 'activityHistory'],
  ['/devices', 'connectionStatus'],
  ['/notifications', 'default'],
  ['/workout-bank/', 'default'],
  ['/v1/workout-bank/', 'default'],
];

function startsRule(path: string, prefix: string): boolean {
  return prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);
}

/** The lifetime in ms of a cached answer to GET `/api` + `path` (a pathname, no query), or null when that read is never cached. */
export function apiCacheLifetimeMs(path: string): number | null {
  if (/\/(export|health)(\/|$)/.test(path)) return null;
  const rule = API_CACHE_RULES.find(([prefix]) => startsRule(path, prefix));
  if (!rule || rule[1] === null) return null;
  return rule[1] === 'default' ? CACHE_MAX_AGE_MS : CACHE_LIFETIMES_MS[rule[1]];
}
