// GET /api/workout-planning/calendar (both dates required)
import type { Workout } from '@stamina/contract';
import { PLANNING_API_TIMEOUT_MS } from '@stamina/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WORKOUTS_STALE_MS, workoutKeys } from './keys.ts';

export interface CalendarEvent {
  id: string;
  event_date: string;
  event_type: 'workout';
  title: string;
  sport: Workout['sport'];
  status: Workout['status'];
  duration_minutes: number | null;
  intensity_zone: number | null;
  workout: Workout;
}

export function calendarQuery(dateFrom: string, dateTo: string) {
  return queryOptions({
    queryKey: workoutKeys.calendar(dateFrom, dateTo),
    queryFn: async () =>
      (
        await api.get<{ data: { calendar_events: CalendarEvent[] } }>('/workout-planning/calendar', {
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
