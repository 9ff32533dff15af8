// Onboarding sessions as the server sends them, and a fetch stub that also reads multipart bodies.

import type { OnboardingSession, OnboardingStatusResponse } from '@stamina/contract';
import { emptyAthleteFacts } from '@stamina/core';
import { vi } from 'vitest';

export const SESSION_ID = '00000000-0000-4000-8000-00000000a001';

export const goalContext = {
  primary_event: {
    sport: 'run',
    distance: 'Marathon',
    distance_meters: 42195,
    race_type: 'Marathon',
    date: '2027-04-11',
    target: 'finish',
  },
  weekly_hours: 6,
  weekly_hours_range: null,
  experience: 'intermediate',
  injuries: [],
  preferences: {
    long_run_day: 'sunday',
    long_ride_day: 'friday',
    no_swim_day: 'sunday',
    rest_days: [],
    weekday_max_minutes: null,
    sport_exclusions: [],
  },
  athlete: emptyAthleteFacts(),
  other_events: [],
  notes: [],
  assumed: {
    sport: false,
    distance: false,
    date: false,
    target: true,
    weekly_hours: false,
    experience: true,
    injuries: true,
    long_run_day: false,
    long_ride_day: true,
    no_swim_day: true,
    rest_days: true,
  },
} satisfies OnboardingSession['goal_context'];

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export function weekDraft(prefix = 'Easy run'): NonNullable<OnboardingSession['week_plan_draft']> {
  return {
    sessions: DAYS.map((dow, index) => ({
      dow,
      type: index === 6 ? 'long' : 'easy',
      sport: 'run',
      duration_min: index === 6 ? 90 : 40 + index,
      date: `2026-12-0${index + 1}`,
      title: `${prefix} ${index + 1}`,
      reason: `Reason ${index + 1}`,
    })),
  };
}

export function makeSession(overrides: Partial<OnboardingSession> = {}): OnboardingSession {
  return {
    onboarding_session_id: SESSION_ID,
    status: 'CREATED',
    ready_for_review: false,
    consent_version: '1.0.0',
    language: 'en',
    prompt: null,
    goal_context: null,
    goal_parsed_by: null,
    profile: null,
    week_plan_draft: null,
    explainability: null,
    feasibility: null,
    plan_review: null,
    plan_summary: null,
    devices_skipped: false,
    plan_id: null,
    error: null,
    created_at: '2026-11-26T10:00:00.000Z',
    updated_at: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

export function draftedSession(overrides: Partial<OnboardingSession> = {}): OnboardingSession {
  return makeSession({
    status: 'PLAN_DRAFTED',
    ready_for_review: true,
    prompt: 'I want to run a marathon in April, 6 hours a week, long runs on Sunday',
    goal_context: goalContext,
    goal_parsed_by: 'rules',
    week_plan_draft: weekDraft(),
    explainability: {
      bullets: ['Volume starts near the 5.2 h a week you trained lately.', 'A 2-week taper.'],
    },
    plan_summary: {
      start_date: '2026-11-30',
      race_date: '2027-04-11',
      weeks: 19,
      sessions: 110,
      total_hours: 120,
      peak_week_hours: 8.5,
    },
    updated_at: '2026-11-26T10:01:00.000Z',
    ...overrides,
  });
}

export function status(overrides: Partial<OnboardingStatusResponse> = {}): OnboardingStatusResponse {
  return {
    step: 'wearable_connection',
    onboarding_complete: false,
    wearable_connection_complete: false,
    conversational_chat_complete: false,
    active_session: null,
    voice_available: false,
    ...overrides,
  };
}

export const approvedPlan = {
  id: '00000000-0000-4000-8000-00000000b001',
  title: 'Marathon 2027-04-11',
  race_date: '2027-04-11',
};

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface OnboardingCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Stubs fetch like the other tests' mockFetch, and keeps a FormData body as it is. */
export function stubApi(handler: (call: OnboardingCall) => Response | Promise<Response>) {
  const calls: OnboardingCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const body = init?.body;
      const call: OnboardingCall = {
        method: init?.method ?? 'GET',
        path: new URL(input, 'http://localhost').pathname,
        body: body instanceof FormData ? body : body ? JSON.parse(String(body)) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}
