// GET /api/activities: a page of the athlete's recorded activities, newest first, by sport and date range.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { ACTIVITIES_PAGE_SIZE, ACTIVITIES_STALE_MS, type ActivityFilter, activityKeys } from './keys.ts';

export function activitiesQuery(filter: ActivityFilter) {
  return queryOptions({
    queryKey: activityKeys.list(filter),
    queryFn: async () =>
      (await api.request('GET /activities', { query: { ...filter, page_size: ACTIVITIES_PAGE_SIZE } })).data,
    staleTime: ACTIVITIES_STALE_MS,
    // Paging keeps the current page on screen until the next one is there.
    placeholderData: keepPreviousData,
  });
}

export function useActivities(filter: ActivityFilter) {
  return useQuery(activitiesQuery(filter));
}
