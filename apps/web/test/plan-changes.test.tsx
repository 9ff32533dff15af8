// Plan adaptation on the web (docs/adaptation.md): the Journey page's history of changes with Undo and "Adapt
// today", the "Adapted" note on a changed workout, and the adaptation switch in Settings.
import type { PlanChange } from '@stamina/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { WorkoutDetailDialog } from '../src/components/workouts/workout-detail-dialog.tsx';
import { PlanChanges } from '../src/features/plan/components/plan-changes.tsx';
import { writeSession } from '../src/lib/session-store.ts';
import { json, makeWorkout, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';
import { signIn as signInAs } from './dashboard-fixtures.ts';

const PLAN_ID = '11111111-1111-4111-8111-111111111111';
const WORKOUT_ID = '22222222-2222-4222-8222-222222222222';

function change(overrides: Partial<PlanChange> = {}): PlanChange {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    plan_id: PLAN_ID,
    workout_id: WORKOUT_ID,
    date: '2026-03-11',
    source: 'adaptation',
    kind: 'swap',
    reason: "Readiness 38 after a 5-hour night: today's VO2max intervals became a 45-min Z2 run.",
    before: {
      title: 'VO2max intervals',
      workout_date: '2026-03-11',
      sport: 'run',
      duration_minutes: 45,
      intensity_zone: 5,
      status: 'planned',
    },
    after: {
      title: 'Easy run',
      workout_date: '2026-03-11',
      sport: 'run',
      duration_minutes: 45,
      intensity_zone: 2,
      status: 'planned',
    },
    undone_at: null,
    created_at: '2026-03-11T05:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => {
  writeSession(null);
  vi.unstubAllGlobals();
});

describe('Plan changes on the Journey page', () => {
  it('lists each change with its kind, day and reason, and undoes one, refreshing the list', async () => {
    const user = userEvent.setup();
    let items = [
      change(),
      change({
        id: '44444444-4444-4444-8444-444444444444',
        kind: 'rebuild',
        workout_id: null,
        reason: 'Goal changed (race day moved): the weeks from today were drafted again.',
      }),
    ];
    const calls = mockFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === `/api/training/plans/${PLAN_ID}/changes`)
        return json(200, { data: { items, page: 1, page_size: 10, total: items.length } });
      if (method === 'POST' && url.pathname.endsWith('/undo')) {
        items = items.map((c, i) => (i === 0 ? { ...c, undone_at: '2026-03-11T08:00:00.000Z' } : c));
        return json(200, { data: items[0] });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderWithProviders(<PlanChanges planId={PLAN_ID} />);
    const region = await screen.findByRole('region', { name: 'Plan changes' });
    expect(await within(region).findByText(change().reason)).toBeVisible();
    expect(within(region).getByText('Swapped')).toBeVisible();
    expect(within(region).getAllByText('Mar 11, 2026')).toHaveLength(2);
    // A rebuild cannot be undone: one Undo button, for the swap.
    const undo = within(region).getAllByRole('button', { name: /^Undo/ });
    expect(undo).toHaveLength(1);
    await user.click(undo[0]!);
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.method === 'POST' &&
            c.url.pathname === `/api/training/plans/${PLAN_ID}/changes/${change().id}/undo`,
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(/Change undone/)).toBeVisible();
    expect(await within(region).findByText('Undone')).toBeVisible();
    expect(within(region).queryAllByRole('button', { name: /^Undo/ })).toHaveLength(0);
  });

  it('says so when the plan has no changes, and Adapt today reports what the run did', async () => {
    const user = userEvent.setup();
    let items: PlanChange[] = [];
    mockFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === `/api/training/plans/${PLAN_ID}/changes`)
        return json(200, { data: { items, page: 1, page_size: 10, total: items.length } });
      if (method === 'POST' && url.pathname === `/api/training/plans/${PLAN_ID}/adapt`) {
        items = [change()];
        return json(200, { data: { date: '2026-03-11', changes: items } });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderWithProviders(<PlanChanges planId={PLAN_ID} />);
    expect(await screen.findByText('No changes yet')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Adapt today' }));
    // The toast is in the page before sonner marks it mounted (until then it is transparent): wait for both.
    const toast = await screen.findByText('Your plan adapted: 1 change.');
    await waitFor(() => expect(toast).toBeVisible());
    // The history is read again after the run.
    expect(await screen.findByText(change().reason)).toBeVisible();
  });

  it('shows the server message when an undo is refused', async () => {
    const user = userEvent.setup();
    mockFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname.endsWith('/changes'))
        return json(200, { data: { items: [change()], page: 1, page_size: 10, total: 1 } });
      return json(409, {
        message:
          'This workout changed since, so the change cannot be undone; edit the workout on the calendar instead.',
        code: 'CONFLICT',
      });
    });
    renderWithProviders(<PlanChanges planId={PLAN_ID} />);
    await user.click(await screen.findByRole('button', { name: /^Undo/ }));
    expect(
      await screen.findByText(/The change could not be undone: This workout changed since/),
    ).toBeVisible();
  });
});

describe('the Adapted note on a workout', () => {
  it("shows the latest change's reason on an adapted workout, and nothing once it was undone", async () => {
    let items = [change()];
    const calls = mockFetch(({ url }) => {
      if (url.pathname === `/api/training/plans/${PLAN_ID}/changes`)
        return json(200, { data: { items, page: 1, page_size: 10, total: items.length } });
      return json(200, {});
    });
    const workout = makeWorkout({ id: WORKOUT_ID, plan_id: PLAN_ID, title: 'Easy run' });
    const view = renderWithProviders(
      <WorkoutDetailDialog workout={workout} open onOpenChange={() => {}} onEdit={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Easy run' });
    expect(await within(dialog).findByText('Adapted')).toBeVisible();
    expect(within(dialog).getByText(change().reason)).toBeVisible();
    expect(calls.find((c) => c.url.pathname.endsWith('/changes'))?.url.searchParams.get('workout_id')).toBe(
      WORKOUT_ID,
    );
    items = [change({ undone_at: '2026-03-11T08:00:00.000Z' })];
    await view.client.invalidateQueries();
    await waitFor(() => expect(within(dialog).queryByText('Adapted')).toBeNull());
  });

  it('asks nothing for a workout outside any plan', async () => {
    const calls = mockFetch(() => json(200, {}));
    renderWithProviders(
      <WorkoutDetailDialog
        workout={makeWorkout({ title: 'My run' })}
        open
        onOpenChange={() => {}}
        onEdit={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'My run' })).toBeVisible();
    expect(screen.queryByText('Adapted')).toBeNull();
    expect(calls.filter((c) => c.url.pathname.includes('/changes'))).toEqual([]);
  });
});

describe('the adaptation switch in Settings', () => {
  const account = {
    id: '00000000-0000-4000-8000-000000000000',
    athlete_id: '00000000-0000-4000-8000-0000000000a1',
    email: 'ana@example.com',
    name: 'Ana Runner',
    user_metadata: { name: 'Ana Runner', units: 'metric' as const },
    email_confirmed_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
  };
  const athlete = {
    id: account.athlete_id,
    layout_style: 'minimal',
    widget_config: [],
    onboarding_complete: true,
    notification_preferences: {
      missedSession: true,
      newWeekPlan: true,
      recoveryWarning: true,
      dailyEmail: false,
      pushPlanChanges: true,
      pushMissedKeySession: true,
    },
    adaptation_enabled: true,
  };

  it('shows adaptation on by default and turns it off with one save', async () => {
    const user = userEvent.setup();
    signInAs(account);
    const calls = mockFetch(({ method, url, body }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: account });
      if (url.pathname === '/api/athletes/me' && method === 'GET') return json(200, { data: athlete });
      if (url.pathname === '/api/athletes/me' && method === 'PUT')
        return json(200, { data: { ...athlete, ...(body as object) } });
      return json(404, { message: 'Not found' });
    });
    render(
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/settings/preferences'] })} />,
    );
    const toggle = await screen.findByRole('switch', { name: 'Adapt my plan automatically' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    const puts = calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/athletes/me');
    expect(puts.map((c) => c.body)).toEqual([{ adaptation_enabled: false }]);
  });
});
