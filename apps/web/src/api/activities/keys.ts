// Query keys and freshness of the activities reads (docs/activities.md, "Web"). Every import, match, rename,
// sport change and delete invalidates the whole family (api/invalidation.ts), so these lifetimes only bound
// what another device changes.
import type { ActivitySport } from '@stamina/contract';

export interface ActivityFilter {
  sport?: ActivitySport;
  from?: string;
  to?: string;
  /** Distance range, metres. */
  min_distance_m?: number;
  max_distance_m?: number;
  page: number;
  /** Rows a page; the list's default (ACTIVITIES_PAGE_SIZE) when left out. */
  page_size?: number;
}

export type CurveType = 'power' | 'pace';
export type CurvePeriod = 'week' | 'month' | '3months' | 'year' | 'all';

export const activityKeys = {
  all: ['activities'] as const,
  list: (filter: ActivityFilter) => ['activities', 'list', filter] as const,
  detail: (id: string) => ['activities', 'detail', id] as const,
  streams: (id: string) => ['activities', 'streams', id] as const,
  /** Every activity's analysis (a weight logged changes their W/kg). */
  analysisAll: ['activities', 'analysis'] as const,
  analysis: (id: string) => ['activities', 'analysis', id] as const,
  curves: (type: CurveType, period: CurvePeriod) => ['activities', 'curves', type, period] as const,
  /** Outside the family: an upload's status is not made stale by the writes it causes. */
  importBatch: (batchId: string) => ['activity-imports', batchId] as const,
};

const MINUTE = 60 * 1000;

/**
 * Activity history: 12 h (docs/performance.md, "How fresh each read is"). A recording changes only by the athlete's
 * own writes.
 */
export const ACTIVITIES_STALE_MS = 12 * 60 * MINUTE;
/** Streams never change once imported (a sport change stores the same values; its write invalidates them). */
export const STREAMS_STALE_MS = Number.POSITIVE_INFINITY;
/** Best-effort curves are performance trends: 1 h. */
export const CURVES_STALE_MS = 60 * MINUTE;
/** How often an upload's batch is asked for its files' status while any is queued or processing. */
export const IMPORT_POLL_MS = 1000;
/** A page of the list. */
export const ACTIVITIES_PAGE_SIZE = 20;
