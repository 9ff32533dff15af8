// GET /api/workout-planning/calendar (both dates required)
import type { CalendarEvent } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { PLANNING_API_TIMEOUT_MS } from '../../lib/app-constants.ts';
import { WORKOUTS_STALE_MS, workoutKeys } from './keys.ts';

export type { CalendarEvent };

export function calendarQuery(dateFrom: string, dateTo: string) {
  return queryOptions({
    queryKey: workoutKeys.calendar(dateFrom, dateTo),
    queryFn: async () =>
      (
        await api.request('GET /workout-planning/calendar', {
          query: { date_from: dateFrom, date_to: dateTo },
          timeoutMs: PLANNING_API_TIMEOUT_MS,
        })
      ).data.calendar_events,
    staleTime: WORKOUTS_STALE_MS,
    enabled: Boolean(dateFrom && dateTo),
  });
}

export function useCalendar(dateFrom: string, dateTo: string) {
  return useQuery(calendarQuery(dateFrom, dateTo));
}
