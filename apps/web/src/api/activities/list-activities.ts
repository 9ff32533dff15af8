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

/**
 * What the recordings between two days measured, by activity id: the calendar shows a session an activity
 * completed with the recording's TSS (the workout's own `tss` is its planned one), and counts its distance in
 * the week's totals. Asked only when `enabled` (some event of the range has an activity).
 */
export function useRecordedFigures(
  from: string,
  to: string,
  enabled: boolean,
): ReadonlyMap<string, { tss: number | null; distanceMeters: number | null }> {
  const query = useQuery({
    ...activitiesQuery({ from, to, page: 1, page_size: RANGE_PAGE_SIZE }),
    enabled,
    placeholderData: undefined,
  });
  const items = query.data?.items;
  return useMemo(
    () => new Map((items ?? []).map((a) => [a.id, { tss: a.tss, distanceMeters: a.distance_m }] as const)),
    [items],
  );
}
