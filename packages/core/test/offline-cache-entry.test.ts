import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apiCacheLifetimeMs,
  CACHE_LIFETIMES_MS,
  CACHE_MAX_AGE_MS,
  CACHE_VERSION,
  cacheKey,
  createCacheEntry,
  entryStatus,
} from '../src/index.ts';

const HOUR = 3_600_000;

describe('offline cache entries', () => {
  it('are written with the timestamp, a 24 h default expiry and version 1.0.0', () => {
    expect(createCacheEntry({ a: 1 }, 1_000)).toEqual({
      data: { a: 1 },
      timestamp: 1_000,
      expiresAt: 1_000 + 24 * HOUR,
      version: '1.0.0',
    });
    expect(CACHE_VERSION).toBe('1.0.0');
    expect(CACHE_MAX_AGE_MS).toBe(24 * HOUR);
  });

  it('are fresh strictly before expiresAt and expired from it on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 30 }), (now, age) => {
        const entry = createCacheEntry('x', now, age);
        expect(entryStatus(entry, now)).toBe('fresh');
        expect(entryStatus(entry, now + age - 1)).toBe('fresh');
        expect(entryStatus(entry, now + age)).toBe('expired');
      }),
    );
  });

  it('of another version are a mismatch, and anything else unreadable', () => {
    expect(entryStatus({ ...createCacheEntry(1, 0), version: '0.9.0' }, 1)).toBe('mismatch');
    expect(entryStatus(null, 1)).toBe('unreadable');
    expect(entryStatus('text', 1)).toBe('unreadable');
    expect(entryStatus({ timestamp: '1', expiresAt: 2, version: '1.0.0' }, 1)).toBe('unreadable');
    expect(entryStatus({ timestamp: 1, expiresAt: Number.NaN, version: '1.0.0' }, 1)).toBe('unreadable');
  });

  it('have keys joined with underscores', () => {
    expect(cacheKey('user-1', '/api/dashboard/summary', 3)).toBe('user-1_/api/dashboard/summary_3');
  });
});

describe('which API reads are cached offline', () => {
  it('gives each kind of read its lifetime', () => {
    expect(apiCacheLifetimeMs('/workout-planning/calendar')).toBe(2 * HOUR);
    expect(apiCacheLifetimeMs('/workout-planning/workouts/abc')).toBe(CACHE_LIFETIMES_MS.trainingSessions);
    expect(apiCacheLifetimeMs('/training/plans/active')).toBe(24 * HOUR);
    expect(apiCacheLifetimeMs('/dashboard/summary')).toBe(6 * HOUR);
    expect(apiCacheLifetimeMs('/v1/metrics/current')).toBe(4 * HOUR);
    expect(apiCacheLifetimeMs('/v1/metrics/history')).toBe(24 * HOUR);
    expect(apiCacheLifetimeMs('/analytics/achievements')).toBe(15 * 60_000);
    expect(apiCacheLifetimeMs('/analytics/fitness-trends')).toBe(HOUR);
    expect(apiCacheLifetimeMs('/activities')).toBe(12 * HOUR);
    expect(apiCacheLifetimeMs('/auth/me')).toBe(24 * HOUR);
    expect(apiCacheLifetimeMs('/metrics')).toBe(6 * HOUR);
  });

  it('never caches streams, health checks, downloads, upload progress, the picture or unknown reads', () => {
    for (const path of [
      '/v1/logs/stream',
      '/v1/logs/recent',
      '/v1/health',
      '/dashboard/health',
      '/workout-planning/workouts/abc/export',
      '/activities/imports/batch-1',
      '/athletes/me/avatar',
      '/onboarding/status',
      '/metricsx',
      '/auth/refresh',
    ]) {
      expect(apiCacheLifetimeMs(path), path).toBeNull();
    }
  });
});
