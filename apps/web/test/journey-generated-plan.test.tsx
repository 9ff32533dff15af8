// The Journey page of a plan generated from a goal: its weeks as volume bars (kinds told apart by more than
// colour, the current week marked), this week's sessions with their reasons, why the plan is built so, and the
// Rebuild Plan dialog, which sends only what changed and refreshes the plan and its sessions.

import type { PlanOutline, PlanProgress, TrainingPlan, TrainingWorkout } from '@stamina/contract';
import { emptyAthleteFacts } from '@stamina/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/components/ui/toaster.tsx';
import { JourneyPage } from '../src/features/plan/journey-page.tsx';
import { type Call, json, mockFetch } from './calendar-test-utils.tsx';

const PLAN_ID = '22222222-2222-4222-8222-222222222222';

const plan: TrainingPlan = {
  id: PLAN_ID,
  title: 'Marathon — 2026-01-25',
  race_type: 'Marathon',
  race_date: '2026-01-25',
  target_time: null,
  start_date: '2025-11-11',
  status: 'active',
  phases: [
    { name: 'base', label: 'Base Building', start_date: '2025-11-11', end_date: '2025-12-08', focus: null },
    { name: 'build', label: 'Build Phase', start_date: '2025-12-09', end_date: '2026-01-04', focus: null },
    { name: 'peak', label: 'Peak & Taper', start_date: '2026-01-05', end_date: '2026-01-25', focus: null },
  ],
  created_at: '2025-11-11T00:00:00.000Z',
  updated_at: '2025-11-11T00:00:00.000Z',
};

const progress: PlanProgress = {
  plan_id: PLAN_ID,
  today: '2025-11-18',
  start_date: '2025-11-11',
  race_date: '2026-01-25',
  days_to_go: 68,
  total_weeks: 11,
  current_week: 2,
  progress_percentage: 10,
  current_phase: null,
  phases: [],
  milestones: [],
  weekly_goals: [],
  sessions: { planned: 60, completed: 5, skipped: 0 },
};

function week(
  n: number,
  start: string,
  end: string,
  kind: PlanOutline['weeks'][number]['kind'],
  hours: number,
) {
  return {
    week: n,
    start,
    end,
    phase: 'base',
    label: 'Base Building',
    kind,
    target_hours: hours,
    hours,
    tss: hours * 50,
    sessions: 6,
  };
}

const outline: PlanOutline = {
  plan_id: PLAN_ID,
  goal_context: {
    primary_event: {
      sport: 'run',
      distance: 'Marathon',
      distance_meters: 42_195,
      race_type: 'Marathon',
      date: '2026-01-25',
      target: 'finish',
    },
    weekly_hours: 6,
    weekly_hours_range: null,
    experience: 'intermediate',
    injuries: [],
    preferences: {
      long_run_day: 'sunday',
      long_ride_day: 'saturday',
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
      experience: false,
      injuries: true,
      long_run_day: true,
      long_ride_day: true,
      no_swim_day: true,
      rest_days: true,
    },
  },
  profile: {
    ctl: 30,
    weekly_hours: 4,
    longest_session_minutes: { run: 80, bike: 0, swim: 0 },
    thresholds: {
      ftp_watts: null,
      threshold_pace_seconds_per_km: 280,
      css_seconds_per_100m: null,
      max_hr: null,
      lthr: null,
    },
    data: {
      from: '2025-08-19',
      to: '2025-11-10',
      training_days: 30,
      activities: 30,
      completed_workouts: 0,
      wellness_days: 0,
      hrv_average: null,
      resting_hr_average: null,
      sleep_hours_average: null,
    },
  },
  explainability: {
    bullets: [
      'Volume starts at the 4 hours a week you train now and builds to 6.',
      'Every fourth week is lighter, so the training sinks in.',
    ],
  },
  feasibility: null,
  review: null,
  weeks: [
    week(1, '2025-11-11', '2025-11-17', 'load', 4),
    week(2, '2025-11-18', '2025-11-24', 'load', 4.5),
    week(3, '2025-11-25', '2025-12-01', 'deload', 3),
    week(4, '2026-01-13', '2026-01-19', 'taper', 3.5),
    week(5, '2026-01-20', '2026-01-25', 'race', 2),
  ],
  generated_at: '2025-11-11T08:00:00.000Z',
};

const sessions: TrainingWorkout[] = [
  {
    id: '33333333-3333-4333-8333-333333333333',
    title: 'Easy run',
    description: 'An easy run to build your aerobic base without adding fatigue.',
    intensity: 2,
    duration: 45,
    target_heart_rate_min: null,
    target_heart_rate_max: null,
    sport: 'run',
    plan_id: PLAN_ID,
    workout_date: '2025-11-18',
    status: 'completed',
    actual_duration_minutes: null,
    actual_distance_meters: null,
    actual_tss: null,
    rpe: null,
    note: null,
  },
  {
    id: '44444444-4444-4444-8444-444444444444',
    title: 'Long run',
    description: 'Your long run on Sunday, your preferred day, 10 minutes longer than last week.',
    intensity: 2,
    duration: 100,
    target_heart_rate_min: null,
    target_heart_rate_max: null,
    sport: 'run',
    plan_id: PLAN_ID,
    workout_date: '2025-11-23',
    status: 'planned',
    actual_duration_minutes: null,
    actual_distance_meters: null,
    actual_tss: null,
    rpe: null,
    note: null,
  },
];

function planApi(overrides: (call: Call) => Response | undefined = () => undefined) {
  let rebuilt = false;
  return mockFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (call.method === 'GET' && path === '/api/training/plans/active') return json(200, { data: plan });
    if (call.method === 'GET' && path === `/api/training/plans/${PLAN_ID}/progress`)
      return json(200, { data: progress });
    if (call.method === 'GET' && path === `/api/training/plans/${PLAN_ID}/outline`) {
      const weeks = rebuilt ? outline.weeks.map((w) => ({ ...w, hours: w.hours + 1 })) : outline.weeks;
      return json(200, { data: { ...outline, weeks } });
    }
    if (call.method === 'GET' && path === '/api/training/workouts') return json(200, { data: sessions });
    if (call.method === 'GET' && path === `/api/training/plans/${PLAN_ID}/changes`)
      return json(200, { data: { items: [], page: 1, page_size: 10, total: 0 } });
    if (call.method === 'POST' && path === `/api/training/plans/${PLAN_ID}/rebuild`) {
      rebuilt = true;
      return json(200, {
        data: { plan, outline, workouts_removed: 40, workouts_created: 42 },
      });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

function renderJourney() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/plan', element: <JourneyPage /> }], {
    initialEntries: ['/plan'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // "Today" is Tuesday 18 November 2025: the plan's week 2.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Journey page of a generated plan', { timeout: 20_000 }, () => {
  it('shows the weekly volume with each kind of week named and this week marked', async () => {
    planApi();
    renderJourney();
    const volume = await screen.findByRole('region', { name: 'Weekly volume' });
    expect(
      within(volume).getByText(/Planned hours for each of the plan's 5 weeks.*this is week 2/),
    ).toBeVisible();
    const legend = within(volume).getByRole('list', { name: 'Kinds of week' });
    expect(within(legend).getByText('Deload week (D)')).toBeInTheDocument();
    expect(within(legend).getByText('Taper week (T)')).toBeInTheDocument();
    expect(within(legend).getByText('This week (Now)')).toBeInTheDocument();
    // The table behind the chart: every week with its kind and hours, the current one marked.
    const rows = within(volume).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(rows[2]).toHaveAttribute('aria-current', 'date');
    expect(rows[2]).toHaveTextContent('Week 2, this week');
    expect(rows[2]).toHaveTextContent('4.5 h');
    expect(rows[3]).toHaveTextContent('Deload week');
    expect(rows[5]).toHaveTextContent('Race week');
  });

  it("lists this week's sessions of the plan with their reasons, and why the plan is built so", async () => {
    const calls = planApi();
    renderJourney();
    const week = await screen.findByRole('region', { name: "This week's sessions" });
    expect(
      await within(week).findByText(
        'Your long run on Sunday, your preferred day, 10 minutes longer than last week.',
      ),
    ).toBeVisible();
    expect(within(week).getByText('Completed')).toBeVisible();
    expect(within(week).getByText(/Week 2: Nov 18 – 24, 2025/)).toBeVisible();
    const read = calls.find((c) => c.url.pathname === '/api/training/workouts')!;
    expect(Object.fromEntries(read.url.searchParams)).toEqual({
      plan_id: PLAN_ID,
      date_from: '2025-11-18',
      date_to: '2025-11-24',
    });
    const why = screen.getByRole('region', { name: 'Why this plan' });
    expect(within(why).getAllByRole('listitem')).toHaveLength(2);
    expect(within(why).getByText(/Every fourth week is lighter/)).toBeVisible();
  });

  it("shows the feasibility note and the reviewer's verdict under Why this plan, failed checks first", async () => {
    const user = userEvent.setup();
    planApi((call) => {
      if (call.url.pathname !== `/api/training/plans/${PLAN_ID}/outline`) return undefined;
      return json(200, {
        data: {
          ...outline,
          feasibility: {
            verdict: 'stretch',
            predicted_time: '3:19:30',
            target_time: '3:15:00',
            suggested_target: null,
            method: 'Riegel from your 3:21 marathon',
            message: 'Within reach if the build goes well.',
          },
          review: {
            passed: false,
            findings: [
              {
                rule: 'ramp',
                passed: true,
                severity: 'error',
                figure: 'largest rise 9 % (week 5)',
                message: 'Fine.',
              },
              {
                rule: 'hard_after_long',
                passed: false,
                severity: 'error',
                figure: '1 hard day after the longest (week 3)',
                message: 'Move the intervals off Monday.',
              },
              {
                rule: 'taper',
                passed: true,
                severity: 'warning',
                figure: '2 weeks, volume −45 %',
                message: 'Fine.',
              },
              {
                rule: 'rest_streak',
                passed: false,
                severity: 'warning',
                figure: '3 days off in a row (week 2)',
                message: 'Spread the rest days.',
              },
            ],
          },
        },
      });
    });
    renderJourney();
    const why = await screen.findByRole('region', { name: 'Why this plan' });
    const note = await within(why).findByRole('region', { name: 'Your target: A stretch' });
    expect(within(note).getByText('3:19:30')).toBeVisible();
    expect(within(note).getByText('Within reach if the build goes well.')).toBeVisible();
    expect(within(note).getByText(/Riegel from your 3:21 marathon/)).toBeVisible();
    // The Journey shows the note; the choice of target is the review's and the rebuild's.
    expect(within(note).queryByRole('button')).toBeNull();

    const verdict = within(why).getByRole('region', { name: "Coach's check: 2 of 4 checks not met" });
    const failed = within(within(verdict).getByRole('list', { name: 'Checks not met' })).getAllByRole(
      'listitem',
    );
    expect(failed.map((item) => item.textContent)).toEqual([
      'Failed: Hard after long · 1 hard day after the longest (week 3)Move the intervals off Monday.',
      'Worth a look: Rest streak · 3 days off in a row (week 2)Spread the rest days.',
    ]);
    const passed = within(verdict).getByRole('list', { name: 'Checks passed', hidden: true });
    expect(passed).not.toBeVisible();
    await user.click(within(verdict).getByText('Show the 2 checks passed'));
    expect(passed).toBeVisible();
    expect(
      within(passed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Passed: Ramp · largest rise 9 % (week 5)', 'Passed: Taper · 2 weeks, volume −45 %']);
  });

  it('rebuilds with a new race date and weekly hours, sending only what changed, then refetches', async () => {
    const user = userEvent.setup();
    const calls = planApi();
    renderJourney();
    await user.click(await screen.findByRole('button', { name: 'Rebuild Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rebuild plan' });
    const hours = within(dialog).getByLabelText('Weekly hours');
    expect(hours).toHaveValue('6');
    expect(
      within(hours)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 12, 15].map((h) => `${h} hours`));
    await user.selectOptions(hours, '8');
    const outlineReads = () => calls.filter((c) => c.url.pathname.endsWith('/outline')).length;
    const before = outlineReads();
    await user.click(within(dialog).getByRole('button', { name: 'Rebuild Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/training/plans/${PLAN_ID}/rebuild`);
    expect(post.body).toEqual({ weekly_hours: 8 });
    expect(
      await screen.findByText(/Plan rebuilt: 42 sessions planned from today \(40 replaced\)/),
    ).toBeVisible();
    await waitFor(() => expect(outlineReads()).toBeGreaterThan(before));
    expect(await screen.findByText('5.5 h')).toBeInTheDocument();
  });

  it('refuses a race date that is not after today without calling the server', async () => {
    const user = userEvent.setup();
    const calls = planApi();
    renderJourney();
    await user.click(await screen.findByRole('button', { name: 'Rebuild Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rebuild plan' });
    const date = within(dialog).getByLabelText('Race date');
    await user.clear(date);
    await user.type(date, '2025-11-18');
    await user.click(within(dialog).getByRole('button', { name: 'Rebuild Plan' }));
    expect(within(dialog).getByText('The race date must be after today')).toBeVisible();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's message when the rebuild is refused, keeping the dialog open", async () => {
    const user = userEvent.setup();
    planApi((call) =>
      call.method === 'POST'
        ? json(409, { message: 'This plan was made by hand, not generated from a goal', code: 'CONFLICT' })
        : undefined,
    );
    renderJourney();
    await user.click(await screen.findByRole('button', { name: 'Rebuild Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rebuild plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Rebuild Plan' }));
    expect(
      await within(dialog).findByText(/The plan was not rebuilt: This plan was made by hand/),
    ).toBeVisible();
  });

  it('keeps the page of a plan made by hand: no volume, no rebuild', async () => {
    planApi((call) => (call.url.pathname.endsWith('/outline') ? json(200, { data: null }) : undefined));
    renderJourney();
    expect(await screen.findByRole('heading', { name: plan.title })).toBeVisible();
    await waitFor(() => expect(screen.queryByText("Loading your plan's weeks")).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Weekly volume' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rebuild Plan' })).not.toBeInTheDocument();
  });

  it('shows an error with Try Again when the outline cannot be read, and the rest of the page', async () => {
    const user = userEvent.setup();
    let fail = true;
    planApi((call) =>
      call.url.pathname.endsWith('/outline') && fail
        ? json(400, { message: 'The plan store is busy', code: 'BAD_REQUEST' })
        : undefined,
    );
    renderJourney();
    expect(await screen.findByText("Unable to load your plan's weeks")).toBeVisible();
    expect(screen.getByText('The plan store is busy')).toBeVisible();
    expect(screen.getByRole('heading', { name: plan.title })).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Weekly volume' })).toBeVisible();
  });
});
