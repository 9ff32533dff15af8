import type { Interval } from '@stamina/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadinessHero } from '../src/features/dashboard/components/readiness-hero.tsx';
import { DashboardPage } from '../src/features/dashboard/dashboard-page.tsx';
import { AuthProvider } from '../src/lib/auth-context.tsx';
import { writeSession } from '../src/lib/session-store.ts';
import { renderWithProviders, toEvent } from './calendar-test-utils.tsx';
import {
  failure,
  mockDashboard,
  profile,
  recovery,
  signIn,
  summary,
  todaysWorkout,
} from './dashboard-fixtures.ts';

function renderDashboard() {
  signIn();
  return renderWithProviders(
    <AuthProvider>
      <DashboardPage />
    </AuthProvider>,
    { path: '/dashboard' },
  );
}

const widget = (name: string) => screen.getByRole('region', { name });

/** One parsed step of a workout's structure. */
function step(overrides: Partial<Interval>): Interval {
  return {
    name: 'Step',
    duration_seconds: 60,
    repetitions: 1,
    rest_duration_seconds: 0,
    zone: 2,
    targets: {},
    isRest: false,
    phase: 'main',
    ...overrides,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
});

afterEach(() => {
  writeSession(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Readiness hero', () => {
  const hero = (overrides: Parameters<typeof summary>[0]) =>
    render(
      <MemoryRouter>
        <ReadinessHero summary={summary(overrides)} />
      </MemoryRouter>,
    );

  it.each([
    [85, 'Excellent', 'success'],
    [80, 'Excellent', 'success'],
    [72, 'Great', 'warning'],
    [60, 'Good', 'warning'],
    [59, 'Fair', 'destructive'],
    [39, 'Poor', 'destructive'],
  ])('readiness %i reads %s with the %s indicator', (score, band, indicator) => {
    hero({ readiness_score: score });
    expect(screen.getByTestId('readiness-score')).toHaveTextContent(String(score));
    const word = screen.getByText(band);
    expect(word).toHaveAttribute('data-indicator', indicator);
    expect(word).toHaveClass(`text-${indicator}`);
    expect(screen.queryByText('Estimate')).not.toBeInTheDocument();
  });

  it('shows the trend with its arrow and absolute percent, and the form chip by TSB', () => {
    const { unmount } = hero({
      trends: { readiness_trend: -3.4, volume_trend: 'stable', intensity_trend: 'stable' },
      form_score: -15,
    });
    expect(screen.getByText(/3\.4%/)).toHaveTextContent('Down 3.4% over the last 7 days');
    expect(screen.getByText(/Form -15/)).toHaveTextContent('Form -15 · Negative');
    unmount();

    hero({ form_score: 12.2 });
    expect(screen.getByText(/4\.2%/)).toHaveTextContent('Up 4.2%');
    expect(screen.getByText(/Form \+12\.2/)).toHaveTextContent('Positive');
  });

  it('hides the trend badge at 0 and the form chip at TSB 0; a neutral TSB reads Neutral', () => {
    const { unmount } = hero({
      trends: { readiness_trend: 0, volume_trend: 'stable', intensity_trend: 'stable' },
      form_score: 0,
    });
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Form/)).not.toBeInTheDocument();
    unmount();
    hero({ form_score: 5 });
    expect(screen.getByText(/Form \+5/)).toHaveTextContent('Neutral');
  });

  it('offers "Ask why", which opens the coach with readiness as the topic', () => {
    hero({ readiness_score: 48 });
    expect(screen.getByRole('link', { name: 'Ask why' })).toHaveAttribute('href', '/coach');
  });

  it('shows no stand-in number without a score, and says how to get one', () => {
    hero({ readiness_score: null });
    expect(screen.getByTestId('readiness-score')).toHaveTextContent('—');
    expect(screen.getByText('No score yet')).toBeVisible();
    expect(screen.queryByText('75')).not.toBeInTheDocument();
    expect(screen.getByText(/Log this morning's wellness/)).toBeVisible();
  });

  it('marks a score built on default thresholds as an estimate, with a link to set them', () => {
    hero({ readiness_score: 70, thresholds: { estimated: true, defaults: ['ftp_watts'] } });
    const mark = screen.getByTestId('estimate-mark');
    expect(within(mark).getByText('Estimate')).toBeVisible();
    expect(within(mark).getByRole('link', { name: 'Set thresholds' })).toHaveAttribute(
      'href',
      '/settings/metrics',
    );
  });
});

describe('Dashboard page', () => {
  it('shows the greeting, tiles, widgets in their configured order and the This Week figures', async () => {
    mockDashboard();
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ana Runner' })).toBeVisible();
    expect(screen.getByText("Ready for today's session?")).toBeVisible();
    expect(await screen.findByText('Excellent')).toBeVisible();

    const tiles = screen.getByRole('region', { name: 'Key figures' });
    // Recovery is the Recovery Status widget's (enabled), readiness the hero's: each once on the page.
    expect(within(tiles).queryByText('Recovery')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('readiness-score')).toHaveLength(1);
    expect(within(tiles).getByText('48')).toBeVisible();
    expect(within(tiles).queryByTestId('estimate-mark')).not.toBeInTheDocument();
    expect(within(tiles).getByText('4 days')).toBeVisible();
    expect(within(tiles).getByText('Plan Progress')).toBeVisible();
    expect(within(tiles).getByText('42%')).toBeVisible();
    expect(within(tiles).queryByText('Training Readiness')).not.toBeInTheDocument();

    // Default config: Momentum (streak-tracker) is disabled; the rest by order.
    const grid = await screen.findByTestId('widget-grid');
    const ids = [...grid.querySelectorAll('[data-widget]')].map((el) => el.getAttribute('data-widget'));
    // The Readiness widget is the hero: not drawn twice. Today's workout is its widget, not a second card.
    expect(ids).toEqual(['todays-workout', 'recovery-panel', 'weekly-summary', 'race-countdown']);
    expect(screen.queryByRole('button', { name: 'Start Workout' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Threshold Intervals')).toHaveLength(1);

    const today = widget("Today's Workout");
    expect(within(today).getByText('Threshold Intervals')).toBeVisible();
    expect(within(today).getByText('Intensity 4/5 · Hard')).toBeVisible();
    expect(within(today).getByText('60 min')).toBeVisible();
    expect(within(today).getByText('160-172 bpm')).toBeVisible();

    const recovery = widget('Recovery Status');
    expect(await within(recovery).findByText('72%')).toBeVisible();
    expect(within(recovery).getByText('52 ms')).toBeVisible();
    expect(within(recovery).getByText('6.5 h')).toBeVisible();
    expect(within(recovery).getByText('4/10')).toBeVisible();
    // HRV 52 ≥ 45 good; sleep 6.5 h fair (6-7); fatigue 4 fair (4-6), which for fatigue reads Moderate.
    expect(within(recovery).getByText('Good')).toHaveClass('text-success');
    expect(within(recovery).getByText('Fair')).toHaveClass('text-warning');
    expect(within(recovery).getByText('Moderate')).toHaveClass('text-warning');
    // Two taps to log today's wellness: this link, then Save on the focused form.
    expect(within(recovery).getByRole('link', { name: "Log today's wellness" })).toHaveAttribute(
      'href',
      '/metrics?log=today',
    );

    const week = widget('Weekly Summary');
    expect(await within(week).findByText('3/5')).toBeVisible();
    expect(within(week).getByText('2 sessions remaining')).toBeVisible();

    const race = widget('Race Countdown');
    expect(await within(race).findByText('145')).toBeVisible();
    expect(within(race).getByText('Marathon · Apr 12, 2026')).toBeVisible();
    expect(within(race).getByRole('img', { name: 'Race more than a month away' })).toBeVisible();

    const insights = screen.getByRole('region', { name: 'Recovery Insights' });
    expect(within(insights).getAllByRole('listitem')).toHaveLength(3);

    const thisWeek = screen.getByRole('complementary', { name: 'This Week' });
    expect(within(thisWeek).getByText('3h 30m')).toBeVisible();
    expect(within(thisWeek).getByText('3 of 5')).toBeVisible();
    expect(within(thisWeek).getByRole('progressbar', { name: 'This week completed' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );

    expect(screen.getByRole('link', { name: 'Customize dashboard' })).toHaveAttribute('href', '/settings');
  });

  it('renders only enabled widgets with a component, by order, in the expanded grid', async () => {
    mockDashboard({
      profile: profile({
        layout_style: 'expanded',
        widget_config: [
          { id: 'readiness-score', name: 'Readiness', description: '', enabled: true, order: 2 },
          { id: 'coach-tips', name: 'Coach tips', description: '', enabled: true, order: 0 },
          { id: 'streak-tracker', name: 'Momentum', description: '', enabled: true, order: 1 },
          { id: 'weekly-summary', name: 'Weekly', description: '', enabled: false, order: 3 },
        ],
      }),
      streak: { current_streak: 7, longest_streak: 12, streak_type: 'training_days' },
    });
    renderDashboard();
    const grid = await screen.findByTestId('widget-grid');
    const ids = [...grid.querySelectorAll('[data-widget]')].map((el) => el.getAttribute('data-widget'));
    expect(ids).toEqual(['streak-tracker']);
    expect(grid).toHaveClass('md:grid-cols-2');
    expect(grid).not.toHaveClass('lg:grid-cols-3');

    const momentum = widget('Momentum');
    expect(await within(momentum).findByText('Best streak: 12 days')).toBeVisible();
    expect(within(momentum).getByText('A full week of training. Keep the rhythm!')).toBeVisible();
    // Fade-in delay: order × 100 ms.
    expect(momentum.closest('[style]')).toHaveStyle({ animationDelay: '100ms' });

    await userEvent.click(screen.getByRole('button', { name: 'Compact' }));
    expect(grid).toHaveClass('grid-cols-1');
    expect(grid).not.toHaveClass('md:grid-cols-2');
  });

  it('shows the empty state with Add Widgets when no widget is enabled', async () => {
    mockDashboard({
      profile: profile({
        widget_config: profile().widget_config.map((item) => ({ ...item, enabled: false })),
      }),
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No widgets enabled' })).toBeVisible();
    expect(
      screen.getByText('Customize your dashboard by enabling widgets in the layout settings.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add Widgets' })).toHaveAttribute('href', '/settings/dashboard');
  });

  it('gives each widget its own error state with Try Again', async () => {
    let streakFails = true;
    mockDashboard({
      profile: profile({
        widget_config: profile().widget_config.map((item) => ({ ...item, enabled: true })),
      }),
      streak: () =>
        streakFails
          ? failure()()
          : new Response(
              JSON.stringify({
                data: { current_streak: 2, longest_streak: 2, streak_type: 'training_days' },
              }),
              {
                status: 200,
                headers: { 'content-type': 'application/json' },
              },
            ),
      raceCountdown: failure(),
    });
    renderDashboard();
    const momentum = await screen.findByRole('region', { name: 'Momentum' });
    expect(await within(momentum).findByText('Failed to load momentum')).toBeVisible();
    expect(await within(widget('Race Countdown')).findByText('Failed to load race countdown')).toBeVisible();
    // The others are unaffected.
    expect(await within(widget('Weekly Summary')).findByText('3/5')).toBeVisible();

    streakFails = false;
    await userEvent.click(within(momentum).getByRole('button', { name: 'Try Again' }));
    expect(
      await within(momentum).findByText('Good start. Train again tomorrow to grow your streak.'),
    ).toBeVisible();
  });

  it("says 'Failed to load workout' when the summary cannot be read", async () => {
    mockDashboard({ summary: failure('Dashboard service unavailable') });
    renderDashboard();
    expect(
      await within(await screen.findByRole('region', { name: "Today's Workout" })).findByText(
        'Failed to load workout',
      ),
    ).toBeVisible();
  });

  it('runs a guided session from Start Now: the step, its time left, pause, skip, and Finish asks how it went', async () => {
    // Two steps: 10 min warmup in zone 1, then 3 min at 250 W.
    const stepped = {
      ...todaysWorkout,
      workout_structure: {
        warmup_intervals: [step({ name: 'Warmup', duration_seconds: 600, zone: 1, phase: 'warmup' })],
        main_intervals: [
          step({ name: 'Threshold', duration_seconds: 180, zone: 4, targets: { power_watts: 250 } }),
        ],
        cooldown_intervals: [],
        total_duration_estimated: 780,
        zone_distribution: { zone_1: 77, zone_2: 0, zone_3: 0, zone_4: 23, zone_5: 0 },
      },
    };
    mockDashboard({ calendar: { calendar_events: [toEvent(stepped)] } });
    renderDashboard();
    const start = await within(await screen.findByRole('region', { name: "Today's Workout" })).findByRole(
      'button',
      { name: 'Start Now' },
    );
    await waitFor(() => expect(start).toBeEnabled());
    await userEvent.click(start);
    const session = await screen.findByRole('dialog', { name: todaysWorkout.title }, { timeout: 5000 });
    expect(within(session).getByText('Step 1 of 2')).toBeVisible();
    expect(within(session).getByRole('heading', { name: 'Warmup' })).toBeVisible();
    expect(within(session).getByRole('timer', { name: 'Time left in this step' })).toHaveTextContent('10:00');
    expect(within(session).getByText('Threshold · 3:00')).toBeVisible();

    // Four minutes on, six are left of the warmup and nine in all.
    vi.setSystemTime(new Date(2025, 10, 18, 10, 4, 0));
    await waitFor(() => expect(within(session).getByRole('timer')).toHaveTextContent('6:00'));
    expect(within(session).getByText('9:00')).toBeVisible();

    // Paused, the clock stands still.
    await userEvent.click(within(session).getByRole('button', { name: 'Pause' }));
    expect(within(session).getByText('Step 1 of 2 · Paused')).toBeVisible();
    vi.setSystemTime(new Date(2025, 10, 18, 10, 30, 0));
    await userEvent.click(within(session).getByRole('button', { name: 'Resume' }));
    expect(within(session).getByRole('timer')).toHaveTextContent('6:00');

    // Skip: on to the threshold step, with its target.
    await userEvent.click(within(session).getByRole('button', { name: 'Skip' }));
    expect(within(session).getByRole('heading', { name: 'Threshold' })).toBeVisible();
    expect(within(session).getByText('Zone 4 Threshold · 250 W')).toBeVisible();
    expect(within(session).getByRole('timer')).toHaveTextContent('3:00');

    // Its three minutes run out: all done; Finish opens "How did it go?" with the 7 minutes trained.
    vi.setSystemTime(new Date(2025, 10, 18, 10, 33, 0));
    expect(await within(session).findByRole('heading', { name: 'All steps done' })).toBeVisible();
    await userEvent.click(within(session).getByRole('button', { name: 'Finish' }));
    const detail = await screen.findByRole('dialog', { name: todaysWorkout.title }, { timeout: 5000 });
    expect(await within(detail).findByRole('textbox', { name: 'Actual duration (minutes)' })).toHaveValue(
      '7',
    );
    expect(within(detail).getByRole('button', { name: 'Mark Done' })).toBeVisible();
  });

  it('names the button View for a workout already done, and it opens the workout, with working Edit', async () => {
    const done = { ...todaysWorkout, status: 'completed' as const };
    mockDashboard({
      summary: summary({ todays_workout: { ...summary().todays_workout!, status: 'completed' } }),
      calendar: { calendar_events: [toEvent(done)] },
    });
    renderDashboard();
    const card = await screen.findByRole('region', { name: "Today's Workout" });
    const view = await within(card).findByRole('button', { name: 'View' });
    await waitFor(() => expect(view).toBeEnabled());
    expect(within(card).queryByRole('button', { name: /Start/ })).not.toBeInTheDocument();
    await userEvent.click(view);
    // The dialog is loaded on first use.
    const dialog = await screen.findByRole('dialog', { name: todaysWorkout.title }, { timeout: 5000 });
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: /Edit Workout/i }, { timeout: 5000 })).toBeVisible();
  });

  it('Mark Done asks, as the workout dialog does, what was done before it completes anything', async () => {
    const calls = mockDashboard();
    renderDashboard();
    const card = await screen.findByRole('region', { name: "Today's Workout" });
    const markDone = await within(card).findByRole('button', { name: /Mark Done/ });
    await waitFor(() => expect(markDone).toBeEnabled());
    await userEvent.click(markDone);
    // Not one click: the dialog opens on the optional "How did it go?" form, and nothing is sent yet.
    const dialog = await screen.findByRole('dialog', { name: todaysWorkout.title }, { timeout: 5000 });
    const form = within(dialog).getByRole('form', { name: 'How did it go?' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.type(within(form).getByLabelText('Actual duration (minutes)'), '40');
    await userEvent.selectOptions(within(form).getByLabelText('How hard did it feel? (RPE 1-10)'), '6');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark Done' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/workout-planning/workouts/${todaysWorkout.id}`);
    expect(put.body).toMatchObject({ status: 'completed', actual_duration_minutes: 40, rpe: 6 });
  });

  it('a new account: "Welcome", no stand-in scores, no 0/5 target, estimates marked and offered', async () => {
    mockDashboard({
      summary: summary({
        readiness_score: null,
        recovery_score: null,
        fitness_score: 0,
        fatigue_score: 0,
        form_score: 0,
        active_plan: null,
        thresholds: { estimated: true, defaults: ['ftp_watts', 'threshold_pace_seconds_per_km', 'lthr'] },
        weekly_summary: { ...summary().weekly_summary, completed_sessions: 0, planned_sessions: 0 },
      }),
      recovery: recovery(null),
      weeklySummary: { ...summary().weekly_summary, completed_sessions: 0, planned_sessions: 0 },
      welcome: { first_visit: true, greeting: 'Welcome' },
      estimates: {
        estimated: true,
        thresholds: [
          {
            key: 'ftp_watts',
            sport: 'cycling',
            current: 250,
            threshold_source: 'default',
            estimated: true,
            estimate: null,
            recordings: 1,
            needed: 3,
          },
        ],
      },
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana Runner' })).toBeVisible();
    expect(await screen.findByText('No score yet', { selector: 'p' })).toBeVisible();
    expect(screen.queryByText('75')).not.toBeInTheDocument();
    expect(screen.queryByText('78%')).not.toBeInTheDocument();
    const tiles = screen.getByRole('region', { name: 'Key figures' });
    expect(within(tiles).getByTestId('estimate-mark')).toBeVisible();
    expect(within(tiles).queryByText('Training Readiness')).not.toBeInTheDocument();
    expect(await within(widget('Weekly Summary')).findByText('No sessions planned this week')).toBeVisible();
    expect(screen.queryByText('0/5')).not.toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Your thresholds' });
    expect(within(card).getByText('1 of 3 recordings needed for an estimate')).toBeVisible();
  });

  it('offers Plan Workout without a workout today and opens the add dialog for today', async () => {
    mockDashboard({
      summary: summary({ todays_workout: null, active_plan: null, form_score: 0 }),
      calendar: { calendar_events: [] },
    });
    renderDashboard();
    expect(
      await within(await screen.findByRole('region', { name: "Today's Workout" })).findByText(
        'No workout scheduled for today',
      ),
    ).toBeVisible();
    // Without an active plan the fourth tile offers to make one (readiness is the hero's alone).
    const tiles = screen.getByRole('region', { name: 'Key figures' });
    expect(within(tiles).getByRole('link', { name: 'Make a training plan' })).toHaveAttribute(
      'href',
      '/plan',
    );

    await userEvent.click(screen.getAllByRole('button', { name: 'Plan Workout' })[0]!);
    expect(
      await screen.findByRole('dialog', { name: 'Add Workout for today' }, { timeout: 5000 }),
    ).toBeVisible();
  });
});
