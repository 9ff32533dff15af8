// Shared fixtures for the calendar, workout-detail and workouts-page tests: workouts, a routed fetch mock and
// a render that provides a fresh query client, a router and the toaster.
import type { Workout } from '@stamina/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CalendarEvent } from '../src/api/workouts/calendar.ts';
import { Toaster } from '../src/components/ui/toaster.tsx';

let counter = 0;

export function makeWorkout(overrides: Partial<Workout> = {}): Workout {
  counter++;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `Workout ${counter}`,
    workout_date: '2025-11-18',
    sport: 'run',
    workout_language_text: null,
    duration_minutes: 45,
    intensity_zone: 2,
    plan_id: null,
    template_id: null,
    status: 'planned',
    workout_data: {},
    workout_structure: null,
    tss: null,
    actual_duration_minutes: null,
    actual_distance_meters: null,
    actual_tss: null,
    rpe: null,
    note: null,
    created_at: '2025-11-01T00:00:00.000Z',
    updated_at: '2025-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function toEvent(workout: Workout): CalendarEvent {
  return {
    id: workout.id,
    event_date: workout.workout_date,
    event_type: 'workout',
    title: workout.title,
    sport: workout.sport,
    status: workout.status,
    duration_minutes: workout.duration_minutes,
    intensity_zone: workout.intensity_zone,
    activity_id: null,
    workout,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** Stubs fetch; `handler` answers every call, and every call is recorded. */
export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetcher = vi.fn(async (input: string, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: new URL(input, 'http://localhost'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetcher);
  return calls;
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', initialEntry }: { path?: string; initialEntry?: string } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [initialEntry ?? path] });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}
