// GET /api/activities: a page of the athlete's recorded activities, newest first, by sport and date range.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api-client.ts';
import { ACTIVITIES_PAGE_SIZE, ACTIVITIES_STALE_MS, type ActivityFilter, activityKeys } from './keys.ts';

export function activitiesQuery(filter: ActivityFilter) {
  return queryOptions({
    queryKey: activityKeys.list(filter),
    queryFn: async () =>
      (
        await api.request('GET /activities', {
          query: { ...filter, page_size: filter.page_size ?? ACTIVITIES_PAGE_SIZE },
        })
      ).data,
    staleTime: ACTIVITIES_STALE_MS,
    // Paging keeps the current page on screen until the next one is there.
    placeholderData: keepPreviousData,
  });
}

export function useActivities(filter: ActivityFilter) {
  return useQuery(activitiesQuery(filter));
}

/** The most a page holds: enough for every recording of a calendar range. */
const RANGE_PAGE_SIZE = 100;

/** What the recordings of a calendar range measured (`useRecordedFigures`). */
export interface RecordedFigures {
  /**
   * By activity id: a session an activity completed shows the recording's TSS (the workout's own `tss` is its
   * planned one), and its distance counts in the week's totals.
   */
  byActivity: ReadonlyMap<string, { tss: number | null; distanceMeters: number | null }>;
  /** By local day, the TSS of recordings that completed no workout: they count in the day's load too. */
  unclaimedByDay: ReadonlyMap<string, readonly number[]>;
}

/** The recordings between two days (docs/screens.md, "Training calendar"). */
export function useRecordedFigures(from: string, to: string): RecordedFigures {
  const query = useQuery({
    ...activitiesQuery({ from, to, page: 1, page_size: RANGE_PAGE_SIZE }),
    placeholderData: undefined,
  });
  const items = query.data?.items;
  return useMemo(() => {
    const byActivity = new Map<string, { tss: number | null; distanceMeters: number | null }>();
    const unclaimedByDay = new Map<string, number[]>();
    for (const a of items ?? []) {
      byActivity.set(a.id, { tss: a.tss, distanceMeters: a.distance_m });
      if (a.tss !== null && a.workout_id === null)
        unclaimedByDay.set(a.local_date, [...(unclaimedByDay.get(a.local_date) ?? []), a.tss]);
    }
    return { byActivity, unclaimedByDay };
  }, [items]);
}
