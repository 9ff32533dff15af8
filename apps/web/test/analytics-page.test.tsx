import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsPage } from '../src/features/analytics/analytics-page.tsx';
import { AchievementsList } from '../src/features/analytics/components/achievements-list.tsx';
import { mockAnalytics, stubLayout, zones } from './analytics-fixtures.ts';
import type { Call } from './calendar-test-utils.tsx';
import { renderWithProviders } from './calendar-test-utils.tsx';

const TWELVE = [10, 12, 14, 15, 16, 18, 20, 22, 12, 24, 26, 5];

function renderAnalytics(query = '') {
  return renderWithProviders(<AnalyticsPage />, { path: '/analytics', initialEntry: `/analytics${query}` });
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

describe('Analytics page', () => {
  it('shows hours, zones against targets, form, readiness and achievements from the API', async () => {
    const calls = mockAnalytics({ weeklyHours: () => TWELVE, earned: 1, total: 3, zones: zones() });
    renderAnalytics();

    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    const hours = card('Weekly Hours by Sport');
    // 10 + 12 + … + 5 = 194 h over the 12 weeks.
    expect(await within(hours).findByText('Total: 194h')).toBeVisible();
    // Each week: 1 h of swim at 50 TSS and the rest bike at 60 per hour: 12 × 50 + 182 × 60.
    expect(within(hours).getByText('TSS: 11,520')).toBeVisible();
    expect(within(hours).getByRole('table', { name: 'Hours by sport per week' })).toBeInTheDocument();

    const zoneCard = card('Zone Distribution');
    expect(await within(zoneCard).findByText('72%')).toBeVisible();
    expect(within(zoneCard).getByText(/of 80% target/)).toBeVisible();
    expect(within(zoneCard).getByText(/of 5% target/)).toBeVisible();
    expect(within(zoneCard).getByText(/of 15% target/)).toBeVisible();
    expect(within(zoneCard).getByText('100')).toBeVisible();
    expect(within(zoneCard).getByText('Polarized')).toBeVisible();

    const form = card('Fitness, Fatigue and Form');
    expect(await within(form).findByRole('figure')).toHaveAccessibleName(/Fitness, fatigue and form from/);
    expect(within(form).getByText('Neutral:')).toBeVisible();

    const readiness = card('Race Readiness');
    expect(
      await within(readiness).findByRole('img', { name: 'Race readiness 72 out of 100, Great' }),
    ).toBeVisible();
    expect(within(readiness).getByText('27')).toBeVisible();
    expect(within(readiness).getByText('1:45:00')).toBeVisible();
    expect(within(readiness).getByText(/Riegel's endurance model/)).toBeVisible();
    expect(within(readiness).getByText('Build long-run endurance')).toBeVisible();

    const earned = card('Achievements');
    expect(await within(earned).findByText('1 of 3 earned')).toBeVisible();
    const items = within(earned).getAllByRole('listitem');
    // Earned first, with its date; the others with progress bars.
    expect(items[0]).toHaveTextContent('Earned 1');
    expect(items[0]).toHaveTextContent('Earned Sep 2, 2025');
    expect(within(earned).getAllByRole('progressbar')).toHaveLength(2);

    expect(lastCall(calls, '/api/analytics/weekly-load')?.url.searchParams.get('weeks')).toBe('12');
    // The fitness chart has its own range, 3 months by default.
    expect(lastCall(calls, '/api/analytics/fitness-trends')?.url.searchParams.get('days')).toBe('91');
    expect(lastCall(calls, '/api/analytics/zones')?.url.searchParams.get('period')).toBe('3months');
    expect(screen.queryByText('Demo')).not.toBeInTheDocument();
  });

  it('switches to 3 months and keeps the choice in the URL', async () => {
    const calls = mockAnalytics({ weeklyHours: (weeks) => Array(weeks).fill(6), earned: 1, total: 3 });
    const { router } = renderAnalytics();
    await screen.findByText('Total: 72h');
    const period = screen.getByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: '12 weeks' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(period).getByRole('button', { name: '3 months' }));
    expect(within(period).getByRole('button', { name: '3 months' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?period=3months');
    await waitFor(() =>
      expect(lastCall(calls, '/api/analytics/weekly-load')?.url.searchParams.get('weeks')).toBe('13'),
    );
    expect(await screen.findByText('Total: 78h')).toBeVisible();
  });

  it('projects fitness to race day and switches the chart range', async () => {
    // Today CTL 48.9 (the fixture's last day), then two projected days to race day on Nov 20.
    const calls = mockAnalytics({
      weeklyHours: () => TWELVE,
      earned: 1,
      total: 3,
      projection: {
        end_date: '2025-11-20',
        ends_at: 'race',
        race_date: '2025-11-20',
        records: [
          { date: '2025-11-18', tss: 0, ctl: 49, atl: 45, tsb: 4 },
          { date: '2025-11-19', tss: 100, ctl: 50.2, atl: 52.3, tsb: -2.1 },
          { date: '2025-11-20', tss: 0, ctl: 49, atl: 45.3, tsb: 3.7 },
        ],
      },
    });
    const { router } = renderAnalytics();
    const form = card('Fitness, Fatigue and Form');
    expect(await within(form).findByText('Race day: fitness 49, form 4 (projected)')).toBeVisible();
    expect(within(form).getByText(/Daily, last 3 months, projected to race day/)).toBeVisible();
    expect(within(form).getByRole('figure')).toHaveAccessibleName(
      /Projected from the planned sessions to race day, Nov 20: fitness 49, fatigue 45, form 4\./,
    );
    expect(within(form).getByText(/Projected from planned sessions/)).toBeVisible();
    // The screen-reader table ends on the projected race day.
    expect(within(form).getByRole('rowheader', { name: 'Nov 20 (projected)' })).toBeInTheDocument();

    const range = within(form).getByRole('group', { name: 'Fitness chart range' });
    expect(within(range).getByRole('button', { name: '3 months' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(range).getByRole('button', { name: '6 weeks' }));
    expect(router.state.location.search).toBe('?fitness=6w');
    await waitFor(() =>
      expect(lastCall(calls, '/api/analytics/fitness-trends')?.url.searchParams.get('days')).toBe('42'),
    );
    // Ranges up to all time ('All' asks for ten years; fitnessChartRows trims and thins them, analytics-model.test).
    expect(
      within(range)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['6 weeks', '3 months', '6 months', '1 year', 'All time']);
  });

  it('shows an error with Try Again on the card that failed', async () => {
    let failing = true;
    mockAnalytics({
      weeklyHours: () => TWELVE,
      earned: 1,
      total: 3,
      fail: (path) => failing && path === '/api/analytics/achievements',
    });
    renderAnalytics();
    const earned = await screen.findByRole('region', { name: /^Achievements/ });
    expect(await within(earned).findByRole('alert')).toHaveTextContent(
      'The analytics service is unavailable',
    );
    // The other cards still show.
    expect(await within(card('Weekly Hours by Sport')).findByText('Total: 194h')).toBeVisible();
    failing = false;
    await userEvent.click(within(earned).getByRole('button', { name: 'Try Again' }));
    expect(await within(earned).findByText('1 of 3 earned')).toBeVisible();
  });

  it('marks the sample charts Demo on an account with no completed workout', async () => {
    mockAnalytics({
      weeklyHours: (weeks) => Array(weeks).fill(0),
      earned: 0,
      total: 3,
      zones: zones({ total_time_minutes: 0 }),
    });
    renderAnalytics();
    expect(await screen.findByText(/show sample data, not yours/)).toBeVisible();
    await waitFor(() => expect(screen.getAllByText('Demo')).toHaveLength(3));
    for (const name of ['Weekly Hours by Sport', 'Zone Distribution', 'Fitness, Fatigue and Form']) {
      expect(within(card(name)).getByText('Demo')).toBeVisible();
    }
    expect(within(card('Achievements')).getByText('0 of 3 earned')).toBeVisible();
  });

  it('shows the best power efforts of the last 3 months, linked to their activities', async () => {
    const calls = mockAnalytics({ weeklyHours: () => TWELVE, earned: 1, total: 3 });
    renderAnalytics();
    const best = await screen.findByRole('region', { name: /^Best efforts/ }, { timeout: 5000 });
    const row = await within(best).findByRole('row', { name: /5 min/ });
    expect(row).toHaveTextContent('280 W');
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/activities/a-1');
    const curve = calls.find((c: Call) => c.url.pathname === '/api/activities/curves');
    expect(curve?.url.search).toBe('?type=power&period=3months');
  });
});

describe('Achievements list', () => {
  const achievement = (i: number, earned: boolean) => ({
    id: `a${i}`,
    name: `Goal ${i}`,
    description: `Reach goal ${i}`,
    emoji: '🏅',
    category: 'volume',
    earned,
    earned_date: earned ? `2025-11-0${i}` : null,
    progress_percentage: earned ? 100 : 90 - i * 5,
    current_value: i,
    target_value: 20,
    unit: 'h',
  });

  it('shows the earned ones and the six closest, and every one on Show all', async () => {
    const list = [1, 2]
      .map((i) => achievement(i, true))
      .concat([3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((i) => achievement(i, false)));
    render(<AchievementsList achievements={list} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    // Earned newest first, then the closest unearned: goal 3 (75 %) before goal 8 (50 %); goal 9 is left out.
    expect(
      screen.getAllByRole('listitem').map((item) => within(item).getByText(/^Goal/).textContent),
    ).toEqual(['Goal 2', 'Goal 1', 'Goal 3', 'Goal 4', 'Goal 5', 'Goal 6', 'Goal 7', 'Goal 8']);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 12' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
  });
});
