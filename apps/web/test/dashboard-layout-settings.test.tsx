import type { AthleteProfile } from '@stamina/contract';
import { defaultWidgetConfig } from '@stamina/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardLayoutSettings } from '../src/features/settings/dashboard-layout-settings.tsx';
import { json, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';

function profile(overrides: Partial<AthleteProfile> = {}): AthleteProfile {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    layout_style: 'minimal',
    widget_config: defaultWidgetConfig(),
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
    tracked_metrics: {
      heart_rate: true,
      pace: true,
      power: true,
      hrv: true,
      sleep: true,
      fatigue: true,
      rpe: true,
    },
    avatar_version: null,
    ...overrides,
  };
}

function mockProfileApi(stored = profile()) {
  let current = stored;
  return mockFetch(({ method, url, body }) => {
    if (url.pathname !== '/api/athletes/me') return json(404, { message: 'Not found' });
    if (method === 'PUT') current = { ...current, ...(body as Partial<AthleteProfile>) };
    return json(200, { data: current });
  });
}

const names = () =>
  within(screen.getByRole('list', { name: 'Widget order' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('p')?.textContent);

const renderPage = () => renderWithProviders(<DashboardLayoutSettings />, { path: '/settings/dashboard' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Dashboard Layout settings', () => {
  it('shows the stored style and widgets in their order, with the spec badges', async () => {
    mockProfileApi(profile({ layout_style: 'expanded' }));
    renderPage();
    expect(await screen.findByRole('radio', { name: /Expanded/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Minimal/ })).toHaveAccessibleName(/Recommended/);
    expect(screen.getByRole('radio', { name: /Progressive/ })).toHaveAccessibleName(/Beta/);
    expect(names()).toEqual([
      "Today's Workout",
      'Recovery Status',
      'Weekly Summary',
      'Race Countdown',
      'Momentum',
      'Readiness',
    ]);
    expect(screen.getByRole('switch', { name: 'Show Momentum' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Drag to reorder Readiness' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Layout' })).toBeDisabled();
  });

  it('reorders with the keyboard buttons, hides a widget, and saves the order renumbered from 0', async () => {
    const calls = mockProfileApi();
    renderPage();
    const up = await screen.findByRole('button', { name: 'Move Readiness up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(names().slice(3)).toEqual(['Readiness', 'Race Countdown', 'Momentum']);
    // Focus stays with the moved widget.
    expect(screen.getByRole('button', { name: 'Move Readiness up' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: "Move Today's Workout down" }));
    expect(names().slice(0, 2)).toEqual(['Recovery Status', "Today's Workout"]);
    expect(screen.getByRole('button', { name: 'Move Recovery Status up' })).toBeDisabled();

    await userEvent.click(screen.getByRole('switch', { name: 'Show Weekly Summary' }));
    expect(screen.getByRole('switch', { name: 'Show Weekly Summary' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Progressive/ }));

    await userEvent.click(screen.getByRole('button', { name: 'Save Layout' }));
    expect(await screen.findByText('Dashboard layout saved successfully!')).toBeVisible();
    const put = calls.find((c) => c.method === 'PUT');
    const body = put?.body as {
      layout_style: string;
      widget_config: { id: string; order: number; enabled: boolean }[];
    };
    expect(body.layout_style).toBe('progressive');
    expect(body.widget_config.map((w) => [w.id, w.order, w.enabled])).toEqual([
      ['recovery-panel', 0, true],
      ['todays-workout', 1, true],
      ['weekly-summary', 2, false],
      ['readiness-score', 3, true],
      ['race-countdown', 4, true],
      ['streak-tracker', 5, false],
    ]);
    // The profile is read again, and the saved layout is now the stored one.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: 'Save Layout' })).toBeDisabled();
  });

  it('Cancel puts back the stored layout without saving', async () => {
    const calls = mockProfileApi();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Move Recovery Status up' }));
    await userEvent.click(screen.getByRole('switch', { name: "Show Today's Workout" }));
    await userEvent.click(screen.getByRole('radio', { name: /Expanded/ }));
    expect(screen.getByText('You have unsaved changes.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(names().slice(0, 2)).toEqual(["Today's Workout", 'Recovery Status']);
    expect(screen.getByRole('switch', { name: "Show Today's Workout" })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Minimal/ })).toBeChecked();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says so when saving fails and keeps the changes', async () => {
    mockFetch(({ method }) =>
      method === 'PUT' ? json(400, { message: 'Unknown widget id' }) : json(200, { data: profile() }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Move Recovery Status up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Layout' }));
    expect(await screen.findByText('Could not save the layout: Unknown widget id')).toBeVisible();
    expect(names()[0]).toBe('Recovery Status');
  });
});
