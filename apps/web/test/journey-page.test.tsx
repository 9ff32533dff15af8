import type { PlanProgress, TrainingPlan } from '@stamina/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/components/ui/toaster.tsx';
import { JourneyPage } from '../src/features/plan/journey-page.tsx';
import { type Call, json, mockFetch } from './calendar-test-utils.tsx';

const PLAN_ID = '11111111-1111-4111-8111-111111111111';

const plan: TrainingPlan = {
  id: PLAN_ID,
  title: 'Marathon 2026',
  race_type: 'Marathon',
  race_date: '2026-03-15',
  target_time: '3:30:00',
  start_date: '2025-09-01',
  status: 'active',
  phases: [
    { name: 'base', label: 'Foundation', start_date: '2025-09-01', end_date: '2025-09-28', focus: null },
    { name: 'base', label: 'Base Building', start_date: '2025-09-29', end_date: '2025-11-23', focus: null },
    { name: 'build', label: 'Build Phase', start_date: '2025-11-24', end_date: '2026-02-01', focus: null },
    { name: 'peak', label: 'Peak & Taper', start_date: '2026-02-02', end_date: '2026-03-15', focus: null },
  ],
  created_at: '2025-09-01T00:00:00.000Z',
  updated_at: '2025-09-01T00:00:00.000Z',
};

function phase(
  label: string,
  start: string,
  end: string,
  weeks: number,
  status: 'completed' | 'current' | 'upcoming',
  pct: number,
  focus: string | null = null,
) {
  return {
    label,
    names: ['base' as const],
    start_date: start,
    end_date: end,
    weeks,
    focus,
    status,
    progress_percentage: pct,
  };
}

const baseBuilding = phase(
  'Base Building',
  '2025-09-29',
  '2025-11-23',
  8,
  'current',
  90,
  'Build aerobic volume with easy long runs',
);

const progress: PlanProgress = {
  plan_id: PLAN_ID,
  today: '2025-11-18',
  start_date: '2025-09-01',
  race_date: '2026-03-15',
  days_to_go: 117,
  total_weeks: 28,
  current_week: 12,
  progress_percentage: 41.7,
  current_phase: baseBuilding,
  phases: [
    phase('Foundation', '2025-09-01', '2025-09-28', 4, 'completed', 100),
    baseBuilding,
    phase('Build Phase', '2025-11-24', '2026-02-01', 10, 'upcoming', 0),
    phase('Peak & Taper', '2026-02-02', '2026-03-15', 6, 'upcoming', 0),
  ],
  milestones: [
    {
      title: 'Fitness test',
      description: 'A 30-minute time trial',
      date: '2025-09-28',
      type: 'test',
      status: 'completed',
    },
    {
      title: 'Half marathon tune-up',
      description: 'Race at goal effort',
      date: '2026-01-18',
      type: 'milestone',
      status: 'future',
    },
    { title: 'Race day', description: 'Marathon', date: '2026-03-15', type: 'race', status: 'goal' },
  ],
  weekly_goals: [{ text: 'Complete 4 sessions', current_value: 2, target_value: 4, unit: 'sessions' }],
  sessions: { planned: 40, completed: 30, skipped: 2 },
};

/** A small plan API: the active plan (or none) and its progress; writes change what the next GET returns. */
function planApi(
  initial: TrainingPlan | null,
  overrides: (call: Call) => Response | undefined = () => undefined,
) {
  let active = initial;
  const calls = mockFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (call.method === 'GET' && path === '/api/training/plans/active') return json(200, { data: active });
    if (call.method === 'GET' && path === '/api/training/plans') return json(200, { data: [] });
    if (call.method === 'GET' && path === `/api/training/plans/${PLAN_ID}/progress`) {
      return json(200, { data: progress });
    }
    // A plan made by hand has no outline.
    if (call.method === 'GET' && path === `/api/training/plans/${PLAN_ID}/outline`) {
      return json(200, { data: null });
    }
    if (call.method === 'POST' && path === '/api/training/plans') {
      active = { ...plan, ...(call.body as Partial<TrainingPlan>) };
      return json(201, { data: active });
    }
    if (call.method === 'DELETE' && path === `/api/training/plans/${PLAN_ID}`) {
      active = null;
      return new Response(null, { status: 204 });
    }
    if (call.method === 'PUT' && path === `/api/training/plans/${PLAN_ID}`) {
      const changes = call.body as Partial<TrainingPlan>;
      const saved = { ...plan, ...changes };
      active = saved.status === 'active' ? saved : null;
      return json(200, { data: saved });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  return calls;
}

function CoachProbe() {
  const location = useLocation();
  return <p>Coach page with {JSON.stringify(location.state)}</p>;
}

function renderJourney() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/plan', element: <JourneyPage /> },
      { path: '/coach', element: <CoachProbe /> },
    ],
    { initialEntries: ['/plan'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router };
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

beforeEach(() => {
  // "Today" is Tuesday 18 November 2025; only the date is faked, timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Journey page with an active plan', () => {
  it('shows the goal, target, race date, days to go, week X of Y and progress', async () => {
    planApi(plan);
    renderJourney();
    expect(await screen.findByRole('heading', { name: 'Marathon 2026' })).toBeVisible();
    expect(screen.getByText('Goal: Marathon')).toBeVisible();
    // Each figure sits in the <dd> after its <dt> label.
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(stat('Target time')).toHaveTextContent('3:30:00');
    expect(stat('Race date')).toHaveTextContent('Mar 15, 2026');
    expect(stat('Days to go')).toHaveTextContent('117 days');
    expect(stat('Training week')).toHaveTextContent('Week 12 of 28');
    expect(screen.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getAllByRole('progressbar', { name: 'Base Building progress' })[0]).toHaveAttribute(
      'aria-valuenow',
      '90',
    );
    expect(screen.getByText('30 of 40 planned sessions completed, 2 skipped.')).toBeVisible();
    const focus = screen.getByRole('region', { name: 'Current focus' });
    expect(within(focus).getByText('Build aerobic volume with easy long runs')).toBeVisible();
    expect(within(focus).getByText('2 / 4 sessions')).toBeVisible();
    expect(within(focus).getByRole('progressbar', { name: 'Complete 4 sessions' })).toHaveAttribute(
      'aria-valuemax',
      '4',
    );
  });

  it('shows the phase map with each status as text and the milestones with dates and statuses', async () => {
    planApi(plan);
    renderJourney();
    const map = await screen.findByRole('region', { name: 'Phase map' });
    const phases = within(map).getAllByRole('listitem');
    expect(phases.map((li) => li.getAttribute('aria-label'))).toEqual([
      'Foundation, completed',
      'Base Building, current',
      'Build Phase, upcoming',
      'Peak & Taper, upcoming',
    ]);
    expect(within(phases[0]!).getByText('Completed')).toBeVisible();
    expect(within(phases[1]!).getByText('Current')).toBeVisible();
    expect(phases[1]).toHaveAttribute('aria-current', 'step');
    expect(within(phases[2]!).getByText('Upcoming')).toBeVisible();
    expect(within(phases[2]!).getByText('Nov 24, 2025 – Feb 1, 2026 · 10 weeks')).toBeVisible();

    const milestones = screen.getByRole('region', { name: 'Key milestones' });
    const items = within(milestones).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Fitness test')).toBeVisible();
    expect(within(items[0]!).getByText('Test')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Sep 28, 2025')).toBeVisible();
    expect(within(items[0]!).getByText('Completed')).toBeVisible();
    expect(within(items[1]!).getByText('Upcoming')).toBeVisible();
    expect(within(items[2]!).getByText('Race')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Goal')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Training philosophy' })).toBeVisible();
  });

  it('Talk to Coach About Plan opens the coach with the plan as the topic', async () => {
    planApi(plan);
    const { router } = renderJourney();
    await userEvent.click(await screen.findByRole('button', { name: 'Talk to Coach About Plan' }));
    expect(await screen.findByText(`Coach page with {"topic":"plan","planId":"${PLAN_ID}"}`)).toBeVisible();
    expect(router.state.location.pathname).toBe('/coach');
  });

  it('asks before deleting, keeps the plan on Keep Plan, and DELETEs on confirm', async () => {
    const calls = planApi(plan);
    renderJourney();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Plan' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this plan?' });
    expect(within(dialog).getByRole('button', { name: 'Keep Plan' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Plan' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this plan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    expect(await screen.findByText('Plan deleted')).toBeVisible();
    expect(writes(calls).map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      `DELETE /api/training/plans/${PLAN_ID}`,
    ]);
    // With no active plan left, the page offers to start a new one.
    expect(await screen.findByRole('form', { name: 'Create your training plan' })).toBeVisible();
  });

  it('edits the title, race date and target time with a PUT', async () => {
    const calls = planApi(plan);
    renderJourney();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit plan' });
    const title = within(dialog).getByLabelText('Plan title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Spring Marathon');
    await userEvent.clear(within(dialog).getByLabelText('Target time (optional)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Plan updated')).toBeVisible();
    const put = writes(calls)[0];
    expect(put?.method).toBe('PUT');
    expect(put?.body).toEqual({ title: 'Spring Marathon', race_date: '2026-03-15', target_time: null });
  });

  it('marks the plan complete with a PUT of the status', async () => {
    const calls = planApi(plan);
    renderJourney();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText('Plan marked as complete. Well done!')).toBeVisible();
    expect(writes(calls)[0]?.body).toEqual({ status: 'completed' });
  });
});

describe('Journey page without an active plan', () => {
  it('explains the journey and shows the form, with start date today and no progress request', async () => {
    const calls = planApi(null);
    renderJourney();
    expect(await screen.findByRole('heading', { name: 'You have no active training plan' })).toBeVisible();
    const form = screen.getByRole('form', { name: 'Create your training plan' });
    expect(within(form).getByLabelText('Start date (optional)')).toHaveValue('2025-11-18');
    expect(within(form).getByRole('combobox', { name: 'Race type' })).toHaveValue('');
    expect(calls.some((c) => c.url.pathname.endsWith('/progress'))).toBe(false);
  });

  it('shows field errors for a bad target time and a past race date, and sends nothing', async () => {
    const calls = planApi(null);
    renderJourney();
    const form = await screen.findByRole('form', { name: 'Create your training plan' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Race type' }), 'Marathon');
    const raceDate = within(form).getByLabelText('Race date');
    await userEvent.type(raceDate, '2025-11-01');
    const target = within(form).getByLabelText('Target time (optional)');
    await userEvent.type(target, '3h30');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Plan' }));

    expect(await within(form).findByText('The race date must be after today.')).toBeVisible();
    expect(raceDate).toHaveAttribute('aria-invalid', 'true');
    expect(raceDate).toHaveAccessibleDescription('The race date must be after today.');
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(target.getAttribute('aria-describedby')).toMatch(/-error/);
    expect(
      within(form).getByText('Write the target time as h:mm:ss or mm:ss, for example 3:30:00 or 45:00.'),
    ).toBeVisible();
    expect(writes(calls)).toEqual([]);
  });

  it('requires a race type', async () => {
    const calls = planApi(null);
    renderJourney();
    const form = await screen.findByRole('form', { name: 'Create your training plan' });
    await userEvent.type(within(form).getByLabelText('Race date'), '2026-04-20');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Plan' }));
    expect(await within(form).findByText('Choose the kind of race you are training for.')).toBeVisible();
    // Focus moves to the first field to fix after the errors render.
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Race type' })).toHaveFocus());
    // The title is empty only because it follows the race type, so it gets no error of its own.
    expect(within(form).getByLabelText('Plan title')).not.toHaveAttribute('aria-invalid');
    expect(writes(calls)).toEqual([]);
  });

  it('POSTs the plan with a title suggested from the race, then shows the journey', async () => {
    const calls = planApi(null);
    renderJourney();
    const form = await screen.findByRole('form', { name: 'Create your training plan' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Race type' }), 'Marathon');
    await userEvent.type(within(form).getByLabelText('Race date'), '2026-03-15');
    expect(within(form).getByLabelText('Plan title')).toHaveValue('Marathon 2026');
    await userEvent.type(within(form).getByLabelText('Target time (optional)'), '3:30:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByRole('heading', { name: 'Marathon 2026' })).toBeVisible();
    expect(await screen.findByText('Week 12 of 28')).toBeVisible();
    const [post] = writes(calls);
    expect(post?.method).toBe('POST');
    expect(post?.url.pathname).toBe('/api/training/plans');
    expect(post?.body).toEqual({
      title: 'Marathon 2026',
      race_type: 'Marathon',
      race_date: '2026-03-15',
      target_time: '3:30:00',
      start_date: '2025-11-18',
    });
  });

  it("shows the server's message when it refuses the plan", async () => {
    planApi(null, (call) =>
      call.method === 'POST'
        ? json(400, { message: 'The race must be at least 4 weeks away', code: 'VALIDATION_FAILED' })
        : undefined,
    );
    renderJourney();
    const form = await screen.findByRole('form', { name: 'Create your training plan' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Race type' }), '5K');
    await userEvent.type(within(form).getByLabelText('Race date'), '2025-11-25');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Plan' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Your plan could not be created: The race must be at least 4 weeks away',
    );
  });
});

describe('Journey page loading errors', () => {
  it('shows the error with its message, and Try Again refetches', async () => {
    let failures = 1;
    const calls = planApi(plan, (call) => {
      if (call.url.pathname === '/api/training/plans/active' && failures > 0) {
        failures--;
        return json(400, { message: 'The plan store is busy', code: 'BAD_REQUEST' });
      }
      return undefined;
    });
    renderJourney();
    expect(await screen.findByRole('heading', { name: 'Unable to load your training plan' })).toBeVisible();
    expect(screen.getByText('The plan store is busy')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Marathon 2026' })).toBeVisible();
    expect(calls.filter((c) => c.url.pathname === '/api/training/plans/active')).toHaveLength(2);
  });
});
