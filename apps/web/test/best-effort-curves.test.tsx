// The best-effort curves of the Progress and Analytics pages: power by duration, pace by distance in the
// athlete's units, each linked to the activity that set it; the type and period are chosen on the card.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BestEffortCurves } from '../src/components/charts/best-effort-curves.tsx';
import { json, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';

afterEach(() => vi.unstubAllGlobals());

const POWER = [
  { x: 60, label: '1 min', value: 410, activity_id: 'a-2', date: '2025-11-02' },
  { x: 5, label: '5 s', value: 912, activity_id: 'a-1', date: '2025-10-20' },
];
const PACE = [{ x: 5000, label: '5 km', value: 1250, activity_id: 'a-3', date: '2025-11-09' }];

describe('Best efforts', { timeout: 20_000 }, () => {
  it('lists power by duration, shortest first, each linked to its activity', async () => {
    const calls = mockFetch((call) => {
      const type = call.url.searchParams.get('type');
      const period = call.url.searchParams.get('period');
      const points = type === 'power' ? POWER : period === 'all' ? PACE : [];
      return json(200, { data: { type, period, points } });
    });
    renderWithProviders(<BestEffortCurves />);
    const table = await screen.findByRole('table', { name: 'Best power by duration' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['5 s912 WOct 20, 2025', '1 min410 WNov 2, 2025']);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/activities/a-1');
    expect(calls[0]?.url.searchParams.get('period')).toBe('3months');

    await userEvent.click(screen.getByRole('button', { name: 'Pace' }));
    // No pace in three months: the choices stay, with a pointer to the upload.
    expect(await screen.findByText('No pace best efforts yet')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'All time' }));
    const pace = await screen.findByRole('table', { name: 'Best pace by distance' });
    expect(within(pace).getByRole('row', { name: /5 km/ })).toHaveTextContent('20:50 (4:10 /km)');
    await waitFor(() => expect(calls.at(-1)?.url.search).toBe('?type=pace&period=all'));
  });
});
