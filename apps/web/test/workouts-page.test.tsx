import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkoutsPage } from '../src/features/workouts-list/workouts-page.tsx';
import { json, makeWorkout, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';

const listCalls = (calls: ReturnType<typeof mockFetch>) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/workout-planning/workouts');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/workouts', () => {
  it('lists the last four weeks through the next four as cards', async () => {
    const calls = mockFetch(() =>
      json(200, {
        data: [
          makeWorkout({
            title: 'Easy Run',
            workout_date: '2025-11-10',
            intensity_zone: 2,
            duration_minutes: 40,
          }),
          makeWorkout({ title: 'Sweet Spot', sport: 'bike', workout_date: '2025-11-19', intensity_zone: 3 }),
        ],
      }),
    );
    renderWithProviders(<WorkoutsPage />);
    const card = await screen.findByRole('button', {
      name: 'Easy Run, Run, Monday, November 10, 40 min, Zone 2',
    });
    expect(within(card).getByText('Mon, Nov 10')).toBeVisible();
    expect(within(card).getByText('40 min')).toBeVisible();
    expect(within(card).getByText('Z2')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Sweet Spot, Bike/ })).toBeVisible();
    expect(screen.getByText('2 workouts')).toBeVisible();

    const query = listCalls(calls)[0]?.url.searchParams;
    expect(query?.get('date_from')).toBe('2025-10-21');
    expect(query?.get('date_to')).toBe('2025-12-16');
    expect(query?.get('limit')).toBe('100');
    expect(query?.has('sport')).toBe(false);
  });

  it('filters by sport and status', async () => {
    const calls = mockFetch(() => json(200, { data: [] }));
    renderWithProviders(<WorkoutsPage />);
    await screen.findByText('No workouts found');
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'swim');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'completed');
    await waitFor(() => {
      const query = listCalls(calls).at(-1)?.url.searchParams;
      expect(query?.get('sport')).toBe('swim');
      expect(query?.get('status')).toBe('completed');
    });
    expect(screen.getByText('No workout matches these filters.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(screen.getByLabelText('Sport')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    // The unfiltered list is still cached, so it shows again without a new call.
    expect(await screen.findByText('You have no workouts in these eight weeks yet.')).toBeVisible();
  });

  it('filters by date range and refuses a reversed one', async () => {
    const calls = mockFetch(() => json(200, { data: [] }));
    renderWithProviders(<WorkoutsPage />);
    await screen.findByText('No workouts found');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2025-11-01');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url.searchParams.get('date_from')).toBe('2025-11-01'),
    );
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The start date must not be after the end date.',
    );
  });

  it('opens the detail dialog from a card', async () => {
    mockFetch(() =>
      json(200, { data: [makeWorkout({ title: 'Pool Session', sport: 'swim', duration_minutes: null })] }),
    );
    renderWithProviders(<WorkoutsPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Pool Session, Swim/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pool Session' });
    expect(within(dialog).getByText('No duration')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeVisible();
  });

  it('shows the error state and Try Again refetches', async () => {
    let fail = true;
    const calls = mockFetch(() =>
      fail
        ? json(400, { message: 'limit must be at most 500', code: 'VALIDATION' })
        : json(200, { data: [] }),
    );
    renderWithProviders(<WorkoutsPage />);
    expect(await screen.findByText('Unable to load workouts')).toBeVisible();
    expect(screen.getByText('limit must be at most 500')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No workouts found')).toBeVisible();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('opens the add dialog from Add Workout', async () => {
    mockFetch(() => json(200, { data: [] }));
    renderWithProviders(<WorkoutsPage />);
    await screen.findByText('No workouts found');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Workout' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Add Workout for today' })).toBeVisible();
  });
});
