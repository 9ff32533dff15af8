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

/** The recorded TSS of a calendar range (`useRecordedTss`). */
export interface RecordedTss {
  /** TSS by activity id: a session an activity completed shows the recording's TSS. */
  byActivity: ReadonlyMap<string, number>;
  /** By local day, the TSS of recordings that completed no workout: they count in the day's load too. */
  unclaimedByDay: ReadonlyMap<string, readonly number[]>;
}

/**
 * The recorded TSS of the activities between two days: the calendar shows a session an activity completed with
 * the recording's TSS (the workout's own `tss` is its planned one), and a day's load counts every recording
 * (docs/screens.md, "Training calendar").
 */
export function useRecordedTss(from: string, to: string): RecordedTss {
  const query = useQuery({
    ...activitiesQuery({ from, to, page: 1, page_size: RANGE_PAGE_SIZE }),
    placeholderData: undefined,
  });
  const items = query.data?.items;
  return useMemo(() => {
    const byActivity = new Map<string, number>();
    const unclaimedByDay = new Map<string, number[]>();
    for (const a of items ?? []) {
      if (a.tss === null) continue;
      byActivity.set(a.id, a.tss);
      if (a.workout_id === null)
        unclaimedByDay.set(a.local_date, [...(unclaimedByDay.get(a.local_date) ?? []), a.tss]);
    }
    return { byActivity, unclaimedByDay };
  }, [items]);
}
