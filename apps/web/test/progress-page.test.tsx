import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressPage } from '../src/features/progress/progress-page.tsx';
import { mockAnalytics, polarized, stubLayout } from './analytics-fixtures.ts';
import type { Call } from './calendar-test-utils.tsx';
import { renderWithProviders } from './calendar-test-utils.tsx';

// Eleven finished weeks and this week (5 h so far).
const TWELVE = [10, 12, 14, 15, 16, 18, 20, 22, 12, 24, 26, 5];

function renderProgress(query = '') {
  return renderWithProviders(<ProgressPage />, { path: '/progress', initialEntry: `/progress${query}` });
}

const card = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const lastCall = (calls: Call[], path: string) => calls.filter((c) => c.url.pathname === path).at(-1);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
  stubLayout();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Progress page', () => {
  it('shows the figures computed from the athlete’s weeks', async () => {
    const calls = mockAnalytics({ weeklyHours: () => TWELVE, earned: 5, total: 27 });
    renderProgress();

    expect(await screen.findByRole('heading', { level: 1, name: 'Progress' })).toBeVisible();
    const load = card('Weekly Training Load');
    // Peak: week 11's 26 h. Average of the 11 finished weeks: 189 / 11 = 17.2 h (this week is still running).
    expect(await within(load).findByText('Peak: 26h (W11)')).toBeVisible();
    expect(within(load).getByText('Avg: 17.2h')).toBeVisible();
    expect(within(load).getByRole('figure')).toHaveAccessibleName(/peak 26 hours in week 11/);

    const coach = card('Coach Summary');
    // Quarters of 2 weeks: (10 + 12) / 2 = 11 h → (24 + 26) / 2 = 25 h, +127 %.
    expect(await within(coach).findByText('Volume +127%')).toBeVisible();
    expect(within(coach).getByText('87% Consistency')).toBeVisible();
    expect(within(coach).getByText('Perfect 80/20')).toBeVisible();
    expect(within(coach).getByText(/grew 127%, from 11 h to 25 h a week/)).toBeVisible();

    expect(within(card('Consistency')).getByText('87% complete')).toBeVisible();
    expect(within(card('Consistency')).getByText(/Streak: 4 days/)).toBeVisible();
    expect(within(card('Achievements')).getByText('5 of 27 earned')).toBeVisible();
    expect(within(card('Time in Zones')).getByText('Last 12 weeks')).toBeVisible();
    expect(within(card('Time in Zones')).getByRole('figure')).toHaveAccessibleName(/Aerobic \(Z1-Z2\) 72%/);
    expect(screen.queryByText('Demo')).not.toBeInTheDocument();

    // The default period is 12 weeks.
    expect(lastCall(calls, '/api/analytics/weekly-load')?.url.searchParams.get('weeks')).toBe('12');
    expect(lastCall(calls, '/api/analytics/consistency')?.url.searchParams.get('days')).toBe('84');
    expect(lastCall(calls, '/api/analytics/zones')?.url.searchParams.get('period')).toBe('3months');
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');
  });

  it('shows the actual split when the training is not polarized', async () => {
    mockAnalytics({
      weeklyHours: () => TWELVE,
      earned: 5,
      total: 27,
      polarized: polarized({
        is_polarized: false,
        current_distribution: { low: 71.6, moderate: 18.2, high: 10.2 },
      }),
    });
    renderProgress();
    const coach = await screen.findByRole('region', { name: /^Coach Summary/ });
    expect(await within(coach).findByText('72/18/10')).toBeVisible();
    expect(within(coach).queryByText('Perfect 80/20')).not.toBeInTheDocument();
  });

  it('asks for the chosen period: 4W, then All from the first week with training', async () => {
    const calls = mockAnalytics({
      // 'All': 500 empty weeks, then 20 with training (the first on Monday 7 July 2025).
      weeklyHours: (weeks) =>
        weeks === 520 ? [...Array(500).fill(0), ...Array(20).fill(8)] : TWELVE.slice(-weeks),
      earned: 5,
      total: 27,
    });
    const { router } = renderProgress();
    await screen.findByText('Peak: 26h (W11)');

    await userEvent.click(screen.getByRole('button', { name: 'Last 4 weeks' }));
    expect(screen.getByRole('button', { name: 'Last 4 weeks' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(lastCall(calls, '/api/analytics/weekly-load')?.url.searchParams.get('weeks')).toBe('4'),
    );
    await waitFor(() =>
      expect(lastCall(calls, '/api/analytics/consistency')?.url.searchParams.get('days')).toBe('28'),
    );
    expect(lastCall(calls, '/api/analytics/zones')?.url.searchParams.get('period')).toBe('month');
    expect(lastCall(calls, '/api/analytics/fitness-trends')?.url.searchParams.get('days')).toBe('28');
    expect(await within(card('Time in Zones')).findByText('Last 4 weeks')).toBeVisible();
    expect(within(card('Weekly Training Load')).getByText('Avg: 20.7h')).toBeVisible();
    expect(router.state.location.search).toBe('?period=4weeks');

    // The page's period, not the best-effort curve's own.
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: 'All time' }),
    );
    await waitFor(() =>
      expect(lastCall(calls, '/api/analytics/weekly-load')?.url.searchParams.get('weeks')).toBe('520'),
    );
    // 7 July to 18 November 2025, both included: 135 days.
    await waitFor(() =>
      expect(lastCall(calls, '/api/analytics/consistency')?.url.searchParams.get('days')).toBe('135'),
    );
    expect(lastCall(calls, '/api/analytics/fitness-trends')?.url.searchParams.get('days')).toBe('135');
    expect(lastCall(calls, '/api/analytics/zones')?.url.searchParams.get('period')).toBe('all');
    // Trimmed to the 20 weeks with training, numbered from the first of them (W501 of the 520 asked for).
    expect(await screen.findByText('Peak: 8h (W1)')).toBeVisible();
    expect(within(card('Time in Zones')).getByText('All time')).toBeVisible();
    // Two period switches with charts redrawn each time: slow on a busy machine.
  }, 15_000);

  it('shows an error with Try Again, which fetches again', async () => {
    let failing = true;
    const calls = mockAnalytics({
      weeklyHours: () => TWELVE,
      earned: 5,
      total: 27,
      fail: (path) => failing && path === '/api/analytics/weekly-load',
    });
    renderProgress();
    const load = await screen.findByRole('region', { name: /^Weekly Training Load/ });
    expect(await within(load).findByRole('alert')).toHaveTextContent('The analytics service is unavailable');
    failing = false;
    await userEvent.click(within(load).getByRole('button', { name: 'Try Again' }));
    expect(await within(load).findByText('Peak: 26h (W11)')).toBeVisible();
    expect(calls.filter((c) => c.url.pathname === '/api/analytics/weekly-load')).toHaveLength(2);
  });

  it('marks every sample card Demo on an account with no completed workout', async () => {
    mockAnalytics({ weeklyHours: (weeks) => Array(weeks).fill(0), earned: 0, total: 27 });
    renderProgress();
    expect(await screen.findByText(/show sample data, not yours/)).toBeVisible();
    await waitFor(() => expect(screen.getAllByText('Demo')).toHaveLength(5));
    for (const name of [
      'Weekly Training Load',
      'Time in Zones',
      'Consistency',
      'Fitness Trends',
      'Coach Summary',
    ]) {
      expect(within(card(name)).getByText('Demo')).toBeVisible();
    }
    // The sample's own figures; the achievements stay the athlete's (0 earned).
    expect(within(card('Weekly Training Load')).getByText('Peak: 31.1h (W12)')).toBeVisible();
    expect(within(card('Achievements')).getByText('0 of 27 earned')).toBeVisible();
    expect(within(card('Achievements')).queryByText('Demo')).not.toBeInTheDocument();
  });

  it('draws the athlete’s own readiness and recovery once they log wellness, before any workout', async () => {
    mockAnalytics({ weeklyHours: (weeks) => Array(weeks).fill(0), earned: 0, total: 27, recovery: 64 });
    renderProgress();
    expect(await screen.findByText(/show sample data, not yours/)).toBeVisible();
    // The workout cards stay samples; Fitness Trends is the athlete's own.
    await waitFor(() => expect(screen.getAllByText('Demo')).toHaveLength(4));
    const trends = card('Fitness Trends');
    expect(within(trends).queryByText('Demo')).not.toBeInTheDocument();
    expect(within(trends).queryByText('Sample weeks')).not.toBeInTheDocument();
    expect(within(card('Weekly Training Load')).getByText('Demo')).toBeVisible();
  });
});
