import type { User } from '@stamina/contract';
import type { Units, WeekStart } from '@stamina/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarPage } from '../src/features/calendar/calendar-page.tsx';
import { AuthProvider } from '../src/lib/auth-context.tsx';
import { readSession, writeSession } from '../src/lib/session-store.ts';
import { makeActivity } from './activity-fixtures.ts';
import {
  type Call,
  json,
  makeWorkout,
  mockFetch,
  renderWithProviders,
  toEvent,
} from './calendar-test-utils.tsx';
import { signIn } from './dashboard-fixtures.ts';

const athlete = (weekStart: WeekStart | undefined, units: Units = 'metric'): User => ({
  id: '00000000-0000-4000-8000-000000000000',
  athlete_id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ana@example.com',
  name: 'Ana Runner',
  user_metadata: { name: 'Ana Runner', units, ...(weekStart ? { weekStart } : {}) },
  email_confirmed_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
});

/** The calendar of an athlete signed in with a week start (most tests here: Sunday weeks). */
function renderCalendar(
  query = 'view=week&date=2025-11-18',
  weekStart: WeekStart | null = 'sunday',
  units: Units = 'metric',
) {
  signIn(athlete(weekStart ?? undefined, units));
  return renderWithProviders(
    <AuthProvider>
      <CalendarPage />
    </AuthProvider>,
    { path: '/calendar', initialEntry: `/calendar?${query}` },
  );
}

/** The calendar's calls answered by `handler`; the signed-in athlete's profile by itself. */
function mockCalendarFetch(handler: (call: Call) => Response | Promise<Response>) {
  return mockFetch((call) => {
    const user = readSession()?.user;
    if (call.url.pathname === '/api/auth/me' && user) return json(200, { data: user });
    return handler(call);
  });
}

const calendarCalls = (calls: ReturnType<typeof mockFetch>) =>
  calls.filter((c) => c.url.pathname === '/api/workout-planning/calendar');

beforeEach(() => {
  // Only the clock's date is fixed ("today" is Tuesday 18 November 2025); timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
});

afterEach(() => {
  writeSession(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('training calendar, week view', () => {
  it('asks for the Sunday-to-Saturday week and shows 7 days with the workout on its day', async () => {
    const tempo = makeWorkout({
      title: 'Tempo Run',
      workout_date: '2025-11-19',
      intensity_zone: 4,
      duration_minutes: 60,
      tss: 125,
    });
    const calls = mockCalendarFetch(() => json(200, { data: { calendar_events: [toEvent(tempo)] } }));
    renderCalendar();

    const wednesday = await screen.findByRole('region', { name: 'Wednesday, November 19' });
    expect(within(wednesday).getByText('Tempo Run')).toBeVisible();
    expect(within(wednesday).getByText('Z4')).toBeVisible();
    expect(within(wednesday).getByText('1h')).toBeVisible();
    // The day's load is its TSS (docs/screens.md, "Training calendar"): 125 is 'High'.
    expect(within(wednesday).getByText('High')).toBeVisible();

    // Seven days, then the week's totals.
    const dayNames = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(dayNames).toHaveLength(8);
    expect(dayNames[7]).toMatch(/^Week totals/);
    expect(dayNames[0]).toMatch(/^Sunday, November 16/);
    expect(dayNames[6]).toMatch(/^Saturday, November 22/);
    expect(screen.getByRole('region', { name: 'Sunday, November 16' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Saturday, November 22' })).toBeInTheDocument();
    expect(screen.getAllByText('No sessions planned')).toHaveLength(6);

    const [call] = calendarCalls(calls);
    expect(call?.url.searchParams.get('date_from')).toBe('2025-11-16');
    expect(call?.url.searchParams.get('date_to')).toBe('2025-11-22');
    expect(screen.getByRole('button', { name: /Nov 16 – 22, 2025/ })).toBeVisible();
  });

  it('counts upcoming, completed and volume for the week', async () => {
    mockCalendarFetch(() =>
      json(200, {
        data: {
          calendar_events: [
            makeWorkout({ workout_date: '2025-11-16', status: 'completed', duration_minutes: 60 }),
            makeWorkout({ workout_date: '2025-11-17', status: 'planned', duration_minutes: 30 }),
            makeWorkout({ workout_date: '2025-11-20', status: 'planned', duration_minutes: 90 }),
            makeWorkout({ workout_date: '2025-11-21', status: 'skipped', duration_minutes: 120 }),
          ].map(toEvent),
        },
      }),
    );
    renderCalendar();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    // Upcoming counts planned workouts from today (the 18th) on; the 17th has passed.
    expect(within(summary).getByText('Upcoming').parentElement).toHaveTextContent('Upcoming1');
    expect(within(summary).getByText('Completed').parentElement).toHaveTextContent('Completed1');
    // Volume: every workout not skipped (60 + 30 + 90 min).
    expect(within(summary).getByText('3.0 h')).toBeVisible();
    expect(within(summary).getByText('1.0 h done')).toBeVisible();
  });

  it('shows the whole-range empty state with Add First Workout', async () => {
    mockCalendarFetch(() => json(200, { data: { calendar_events: [] } }));
    renderCalendar();
    expect(await screen.findByText('No workouts planned')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add First Workout' }));
    expect(await screen.findByRole('dialog', { name: 'Add Workout for today' })).toBeVisible();
  });

  it('moves by a week with previous and next, and Today comes back', async () => {
    const calls = mockCalendarFetch(() => json(200, { data: { calendar_events: [] } }));
    renderCalendar();
    await screen.findByText('No workouts planned');

    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('button', { name: /Nov 23 – 29, 2025/ })).toBeVisible();
    await waitFor(() =>
      expect(calendarCalls(calls).at(-1)?.url.searchParams.get('date_from')).toBe('2025-11-23'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('button', { name: /Nov 9 – 15, 2025/ })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('button', { name: /Nov 16 – 22, 2025/ })).toBeVisible();
  });

  it('jumps to the week of a date picked in the period popover', async () => {
    const calls = mockCalendarFetch(() => json(200, { data: { calendar_events: [] } }));
    renderCalendar();
    await userEvent.click(await screen.findByRole('button', { name: /Choose a date/ }));
    const grid = await screen.findByRole('grid', { name: 'Go to date' });
    // Keyboard: focus starts on the current day; two weeks down, then Enter.
    expect(within(grid).getByRole('button', { name: 'Tuesday, November 18, 2025' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByRole('button', { name: /Nov 30 – Dec 6, 2025/ })).toBeVisible();
    await waitFor(() =>
      expect(calendarCalls(calls).at(-1)?.url.searchParams.get('date_from')).toBe('2025-11-30'),
    );
  });
});

describe("training calendar, the athlete's week start", () => {
  it('starts weeks on Monday by default, in the week view, the month grid and the date picker', async () => {
    const tempo = makeWorkout({ title: 'Tempo Run', workout_date: '2025-11-19' });
    const calls = mockCalendarFetch(() => json(200, { data: { calendar_events: [toEvent(tempo)] } }));
    // An athlete who never chose: the profile has no weekStart.
    renderCalendar('view=week&date=2025-11-18', null);
    await screen.findByText('Tempo Run');
    const dayNames = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(dayNames[0]).toMatch(/^Monday, November 17/);
    expect(dayNames[6]).toMatch(/^Sunday, November 23/);
    const [week] = calendarCalls(calls);
    expect(week?.url.searchParams.get('date_from')).toBe('2025-11-17');
    expect(week?.url.searchParams.get('date_to')).toBe('2025-11-23');
    expect(screen.getByRole('button', { name: /Nov 17 – 23, 2025/ })).toBeVisible();

    // The period popover's month grid starts its weeks on Monday too.
    await userEvent.click(screen.getByRole('button', { name: /Nov 17 – 23, 2025/ }));
    const grid = await screen.findByRole('grid');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.getAttribute('abbr'));
    expect(headers[0]).toBe('Monday');
    expect(headers[6]).toBe('Sunday');
  });

  it('draws the month from the Saturday before the 1st when the week starts on Saturday', async () => {
    const calls = mockCalendarFetch(() => json(200, { data: { calendar_events: [] } }));
    renderCalendar('view=month&date=2025-11-18', 'saturday');
    await screen.findByRole('region', { name: 'Saturday, November 1' });
    // 1 November 2025 is a Saturday: the grid starts on it and ends on Friday 5 December.
    const [month] = calendarCalls(calls);
    expect(month?.url.searchParams.get('date_from')).toBe('2025-11-01');
    expect(month?.url.searchParams.get('date_to')).toBe('2025-12-05');
  });
});

describe('training calendar, month view', () => {
  it('shows the Sunday-to-Saturday grid with the first title and +N', async () => {
    const calls = mockCalendarFetch(() =>
      json(200, {
        data: {
          calendar_events: [
            makeWorkout({ title: 'Long Ride', sport: 'bike', workout_date: '2025-11-22', tss: 80 }),
            makeWorkout({ title: 'Core Strength', sport: 'strength', workout_date: '2025-11-22' }),
            makeWorkout({ title: 'Recovery Swim', sport: 'swim', workout_date: '2025-11-22' }),
            makeWorkout({ title: 'Easy Run', workout_date: '2025-11-03' }),
          ].map(toEvent),
        },
      }),
    );
    renderCalendar('view=month&date=2025-11-18');
    expect(await screen.findByText('Long Ride')).toBeVisible();
    expect(screen.queryByText('Core Strength')).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: '2 more workouts on Saturday, November 22' });
    expect(more).toHaveTextContent('+2');
    await userEvent.click(more);
    expect(await screen.findByText('Core Strength')).toBeVisible();
    expect(screen.getByText('Recovery Swim')).toBeVisible();

    // The grid starts on the Sunday before 1 November and ends on the Saturday after 30 November.
    const [call] = calendarCalls(calls);
    expect(call?.url.searchParams.get('date_from')).toBe('2025-10-26');
    expect(call?.url.searchParams.get('date_to')).toBe('2025-12-06');
    expect(screen.getByRole('region', { name: 'Sunday, October 26' })).toBeInTheDocument();
    const saturday = screen.getByRole('region', { name: 'Saturday, November 22, 3 workouts' });
    // A month cell shows the session's duration and TSS, not its title only.
    expect(within(saturday).getByText('45 min')).toBeVisible();
    expect(within(saturday).getByText('80 TSS')).toBeVisible();

    // Each week has its totals beside it, done against planned, and by sport in a popover.
    const byWeek = screen.getByRole('button', { name: 'Week of November 16: totals by sport' });
    const week = byWeek.parentElement!;
    expect(week).toHaveTextContent('0h / 2h 15m');
    expect(week).toHaveTextContent('TSS 0 / 80');
    await userEvent.click(byWeek);
    const table = await screen.findByRole('table', { name: 'Week of November 16, totals by sport' });
    expect(within(table).getAllByRole('row')).toHaveLength(5); // header, bike, strength, swim, total
  });

  it('moves by a month with previous and next', async () => {
    const calls = mockCalendarFetch(() => json(200, { data: { calendar_events: [] } }));
    renderCalendar('view=month&date=2025-11-18');
    expect(await screen.findByRole('button', { name: /November 2025/ })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('button', { name: /December 2025/ })).toBeVisible();
    await waitFor(() =>
      expect(calendarCalls(calls).at(-1)?.url.searchParams.get('date_from')).toBe('2025-11-30'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('button', { name: /October 2025/ })).toBeVisible();
  });
});

describe('training calendar, agenda view', () => {
  it('lists only the days with workouts over the current week plus two', async () => {
    const calls = mockCalendarFetch(() =>
      json(200, {
        data: {
          calendar_events: [
            makeWorkout({ title: 'Intervals', workout_date: '2025-11-18' }),
            makeWorkout({ title: 'Brick', workout_date: '2025-12-04' }),
          ].map(toEvent),
        },
      }),
    );
    renderCalendar('view=agenda&date=2025-11-18');
    expect(await screen.findByRole('region', { name: /Tuesday, November 18/ })).toHaveTextContent(
      'Intervals',
    );
    expect(screen.getByRole('region', { name: /Thursday, December 4/ })).toHaveTextContent('Brick');
    expect(screen.queryByText('No sessions planned')).not.toBeInTheDocument();
    const [call] = calendarCalls(calls);
    expect(call?.url.searchParams.get('date_from')).toBe('2025-11-16');
    expect(call?.url.searchParams.get('date_to')).toBe('2025-12-06');
  });

  it('totals each listed week after its days, with a timed run distance marked as estimated', async () => {
    // 40 min at 5:00/km: about 8 km, estimated from time.
    const timed = {
      warmup_intervals: [],
      main_intervals: [
        {
          name: 'Steady',
          duration_seconds: 2400,
          repetitions: 1,
          rest_duration_seconds: 0,
          zone: 2 as const,
          targets: { pace_per_km_seconds: 300 },
          isRest: false,
          phase: 'main' as const,
        },
      ],
      cooldown_intervals: [],
      total_duration_estimated: 2400,
      zone_distribution: { zone_1: 0, zone_2: 100, zone_3: 0, zone_4: 0, zone_5: 0 },
    };
    mockCalendarFetch(() =>
      json(200, {
        data: {
          calendar_events: [
            makeWorkout({
              title: 'Steady',
              workout_date: '2025-11-18',
              duration_minutes: 40,
              tss: 35,
              workout_structure: timed,
            }),
            makeWorkout({
              title: 'Brick',
              sport: 'bike',
              workout_date: '2025-12-04',
              duration_minutes: 90,
              tss: 80,
            }),
          ].map(toEvent),
        },
      }),
    );
    renderCalendar('view=agenda&date=2025-11-18', 'sunday');
    const first = await screen.findByRole('region', { name: /Week totals, week of November 16/ });
    const run = within(first).getAllByRole('row')[1]!;
    expect(run).toHaveTextContent('0h / 40 min');
    expect(run).toHaveTextContent('— / ≈ 8.00 km');
    expect(within(run).getByText('— done of about 8.00 km planned')).toHaveClass('sr-only');
    expect(first).toHaveTextContent('≈ estimated from the planned time');
    const last = screen.getByRole('region', { name: /Week totals, week of November 30/ });
    expect(last).toHaveTextContent('0h / 1h 30m');
    // The empty middle week has no days and no totals.
    expect(screen.queryByRole('region', { name: /week of November 23/ })).not.toBeInTheDocument();
  });
});

describe('training calendar, failures', () => {
  it('shows the load error with the message, and Try Again refetches', async () => {
    let fail = true;
    const calls = mockCalendarFetch(() =>
      fail
        ? json(400, { message: 'The calendar range is limited to 366 days', code: 'VALIDATION' })
        : json(200, { data: { calendar_events: [toEvent(makeWorkout({ title: 'Back Again' }))] } }),
    );
    renderCalendar();
    expect(await screen.findByText('Unable to load workouts')).toBeVisible();
    expect(screen.getByText('The calendar range is limited to 366 days')).toBeVisible();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Back Again')).toBeVisible();
    expect(calendarCalls(calls)).toHaveLength(2);
  });

  it('falls back to the generic text when the error has no message', async () => {
    mockCalendarFetch(() => json(400, { message: '', code: 'UNKNOWN' }));
    renderCalendar();
    expect(await screen.findByText('Unable to load workouts')).toBeVisible();
    expect(screen.getByText('Something went wrong while loading your calendar data.')).toBeVisible();
  });
});

describe('training calendar, workouts', () => {
  it('opens the detail dialog from a card and Mark Done sends status completed', async () => {
    const run = makeWorkout({ title: 'Threshold Run', workout_date: '2025-11-18', intensity_zone: 4 });
    const calls = mockCalendarFetch((call) => {
      if (call.method === 'PUT') return json(200, { data: { ...run, status: 'completed' } });
      return json(200, { data: { calendar_events: [toEvent(run)] } });
    });
    renderCalendar();
    await userEvent.click(await screen.findByRole('button', { name: 'Threshold Run, Run, 45 min, Zone 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Threshold Run' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark Done' }));
    // The optional "How did it go?" form, sent as it is.
    const form = within(dialog).getByRole('form', { name: 'How did it go?' });
    await userEvent.click(within(form).getByRole('button', { name: 'Mark Done' }));

    expect(await screen.findByText('Workout marked as completed!')).toBeVisible();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/workout-planning/workouts/${run.id}`);
    expect(put?.body).toEqual({ status: 'completed' });
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Mark Done' })).not.toBeInTheDocument(),
    );
  });

  it('draws a completed workout as done, with a check and what was done, not struck through', async () => {
    mockCalendarFetch(() =>
      json(200, {
        data: {
          calendar_events: [
            toEvent(
              makeWorkout({
                title: 'Done Run',
                status: 'completed',
                tss: 40,
                actual_duration_minutes: 52,
                actual_tss: 47.4,
              }),
            ),
          ],
        },
      }),
    );
    renderCalendar();
    const card = await screen.findByRole('button', {
      name: 'Done Run, Run, 52 min, Zone 2, Completed, TSS 47',
    });
    const title = within(card).getByText('Done Run');
    expect(title).not.toHaveClass('line-through');
    expect(within(card).getByText('Completed')).toHaveClass('sr-only');
    expect(within(card).getByText('Done')).toBeVisible();
    expect(within(card).getByText('52 min')).toBeVisible();
    expect(within(card).getByText('TSS 47')).toBeVisible();
  });

  it("totals the week per sport, done against planned, in the athlete's units", async () => {
    const structure = (meters: number) => ({
      warmup_intervals: [],
      main_intervals: [
        {
          name: 'Run',
          duration_seconds: 1800,
          repetitions: 2,
          rest_duration_seconds: 0,
          zone: 2 as const,
          targets: {},
          isRest: false,
          phase: 'main' as const,
          distance_meters: meters,
        },
      ],
      cooldown_intervals: [],
      total_duration_estimated: 3600,
      zone_distribution: { zone_1: 0, zone_2: 100, zone_3: 0, zone_4: 0, zone_5: 0 },
    });
    const events = [
      // Done: planned 60 min, 10 km (2 × 5 km), TSS 56; logged 50 min, 9.656 km (6 mi), TSS 50.
      makeWorkout({
        title: 'Steady',
        workout_date: '2025-11-17',
        duration_minutes: 60,
        tss: 56,
        status: 'completed',
        workout_structure: structure(5000),
        actual_duration_minutes: 50,
        actual_distance_meters: 9656.064,
        actual_tss: 50,
      }),
      // Planned: 30 min, 4 km, TSS 30.
      makeWorkout({
        title: 'Shakeout',
        workout_date: '2025-11-20',
        duration_minutes: 30,
        tss: 30,
        workout_structure: structure(2000),
      }),
      // A planned ride; a skipped one counts nothing.
      makeWorkout({
        title: 'Spin',
        sport: 'bike',
        workout_date: '2025-11-21',
        duration_minutes: 100,
        tss: 70,
      }),
      makeWorkout({
        title: 'Gone',
        sport: 'bike',
        workout_date: '2025-11-22',
        duration_minutes: 60,
        tss: 60,
        status: 'skipped',
      }),
    ].map(toEvent);
    mockCalendarFetch(() => json(200, { data: { calendar_events: events } }));
    renderCalendar('view=week&date=2025-11-18', 'monday', 'imperial');

    const totals = await screen.findByRole('region', { name: /Week totals/ });
    const table = within(totals).getByRole('table', { name: 'Week totals by sport, done and planned' });
    // Bike first: the most planned time.
    const [bike, run] = within(table).getAllByRole('row').slice(1, 3);
    expect(bike).toHaveTextContent(/^Bike/);
    expect(bike).toHaveTextContent('0h / 1h 40m');
    expect(bike).toHaveTextContent('0 / 70');
    expect(run).toHaveTextContent('50 min / 1h 30m');
    // 10 km + 4 km planned is 8.70 mi; 6 mi done.
    expect(run).toHaveTextContent('6.00 mi / 8.70 mi');
    expect(run).toHaveTextContent('50 / 86');
    expect(within(run!).getByText('50 min done of 1h 30m planned')).toHaveClass('sr-only');
    const total = within(table).getAllByRole('row').at(-1)!;
    expect(total).toHaveTextContent(/^Total/);
    expect(total).toHaveTextContent('50 min / 3h 10m');
    expect(total).toHaveTextContent('50 / 156');
  });

  it("shows a completed session with its recording's TSS and links its detail to the activity", async () => {
    const ride = makeWorkout({ title: 'Sweet Spot', sport: 'bike', status: 'completed', tss: 74.6 });
    const done = makeWorkout({ title: 'Marked Run', status: 'completed', tss: 40 });
    const calls = mockCalendarFetch((call) =>
      call.url.pathname === '/api/activities'
        ? json(200, {
            data: { items: [makeActivity({ id: 'act-7', tss: 118.4 })], page: 1, page_size: 100, total: 1 },
          })
        : json(200, {
            data: { calendar_events: [{ ...toEvent(ride), activity_id: 'act-7' }, toEvent(done)] },
          }),
    );
    renderCalendar();
    const card = await screen.findByRole('button', {
      name: 'Sweet Spot, Bike, 45 min, Zone 2, Completed, TSS 118',
    });
    expect(within(card).getByText('TSS 118')).toBeVisible();
    // Marked done by hand: its own TSS.
    expect(
      screen.getByRole('button', { name: 'Marked Run, Run, 45 min, Zone 2, Completed, TSS 40' }),
    ).toBeVisible();
    const list = calls.find((c) => c.url.pathname === '/api/activities')!.url.searchParams;
    expect([list.get('from'), list.get('to'), list.get('page_size')]).toEqual([
      '2025-11-16',
      '2025-11-22',
      '100',
    ]);
    await userEvent.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Sweet Spot' });
    expect(within(dialog).getByText('TSS 118')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'View activity' })).toHaveAttribute(
      'href',
      '/activities/act-7',
    );
  });

  it('loads each day with TSS, the one load: logged, recorded and unclaimed recordings, skipped ones not', async () => {
    const events = [
      // 90 min in zone 2 was 90 'Moderate' as minutes × zone weight; its TSS 62 is 'Moderate' too, but:
      makeWorkout({ title: 'Long Run', workout_date: '2025-11-17', duration_minutes: 90, tss: 62 }),
      // marked done with a logged TSS: that counts, not the planned one.
      makeWorkout({
        title: 'Logged',
        workout_date: '2025-11-18',
        status: 'completed',
        tss: 40,
        actual_tss: 130,
      }),
      makeWorkout({ title: 'Skipped', workout_date: '2025-11-19', status: 'skipped', tss: 150 }),
      // zone 5 for 45 min was 112.5 'Moderate'; its TSS is 30: 'Light'.
      makeWorkout({ title: 'Strides', workout_date: '2025-11-20', intensity_zone: 5, tss: 30 }),
    ].map(toEvent);
    mockCalendarFetch((call) =>
      call.url.pathname === '/api/activities'
        ? json(200, {
            data: {
              // A ride no workout claims, on the Monday: 62 + 120 = 182, 'Very High'.
              items: [makeActivity({ id: 'act-9', local_date: '2025-11-17', tss: 120, workout_id: null })],
              page: 1,
              page_size: 100,
              total: 1,
            },
          })
        : json(200, { data: { calendar_events: events } }),
    );
    renderCalendar();
    const day = (name: string) => screen.findByRole('region', { name: new RegExp(`^${name}`) });
    expect(await within(await day('Monday, November 17')).findByText('Very High')).toBeVisible();
    expect(within(await day('Tuesday, November 18')).getByText('High')).toBeVisible();
    expect(within(await day('Wednesday, November 19')).getByText('Rest')).toBeVisible();
    expect(within(await day('Thursday, November 20')).getByText('Light')).toBeVisible();
  });

  it('moves a workout to the next day by keyboard, optimistically, and says where', async () => {
    const run = makeWorkout({ title: 'Hill Repeats', workout_date: '2025-11-18' });
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockCalendarFetch(async (call) => {
      if (call.method === 'PUT') {
        await answered;
        return json(200, { data: { ...run, workout_date: '2025-11-19' } });
      }
      const moved = calls.some((c) => c.method === 'PUT');
      return json(200, {
        data: { calendar_events: [toEvent(moved ? { ...run, workout_date: '2025-11-19' } : run)] },
      });
    });
    stubDayLayout();
    renderCalendar();

    const handle = await screen.findByRole('button', { name: 'Move Hill Repeats, Tuesday, November 18' });
    handle.focus();
    await userEvent.keyboard('[Space]');
    await new Promise((r) => setTimeout(r, 10));
    await userEvent.keyboard('[ArrowRight]');
    await new Promise((r) => setTimeout(r, 10));
    await userEvent.keyboard('[Space]');

    // The card shows on Wednesday before the server answers.
    const wednesday = screen.getByRole('region', { name: 'Wednesday, November 19' });
    expect(await within(wednesday).findByText('Hill Repeats')).toBeVisible();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ workout_date: '2025-11-19' });
    release();
    expect(await screen.findByText('Workout moved to Wed, Nov 19')).toBeVisible();
  });

  it('puts the workout back and says so when the move fails', async () => {
    const run = makeWorkout({ title: 'Fartlek', workout_date: '2025-11-18' });
    const calls = mockCalendarFetch((call) =>
      call.method === 'PUT'
        ? json(404, { message: 'Workout not found', code: 'NOT_FOUND' })
        : json(200, { data: { calendar_events: [toEvent(run)] } }),
    );
    stubDayLayout();
    renderCalendar();
    const handle = await screen.findByRole('button', { name: 'Move Fartlek, Tuesday, November 18' });
    handle.focus();
    await userEvent.keyboard('[Space]');
    await new Promise((r) => setTimeout(r, 10));
    await userEvent.keyboard('[ArrowLeft]');
    await new Promise((r) => setTimeout(r, 10));
    await userEvent.keyboard('[Space]');
    expect(await screen.findByText('Failed to update workout')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ workout_date: '2025-11-17' });
    const tuesday = screen.getByRole('region', { name: 'Tuesday, November 18, today' });
    expect(within(tuesday).getByText('Fartlek')).toBeVisible();
  });
});

/**
 * jsdom lays nothing out; give each day column a box side by side (Sunday at x = 0, 100 px wide) and each
 * card a box inside its day, so dnd-kit can measure the drop targets. The drag overlay starts where its card is.
 */
function stubDayLayout() {
  const original = Element.prototype.getBoundingClientRect;
  const box = (left: number, top: number, width: number, height: number) =>
    ({ x: left, y: top, left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;
  const column = (date: string) => new Date(`${date}T12:00:00`).getDay() * 100;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const overlay =
      this.closest<HTMLElement>('[data-drag-overlay]') ??
      this.querySelector<HTMLElement>('[data-drag-overlay]');
    if (overlay?.dataset.dragOverlay) return box(column(overlay.dataset.dragOverlay) + 10, 40, 80, 40);
    const day = this.closest<HTMLElement>('section[data-date]');
    if (!day?.dataset.date) return original.call(this);
    return this === day
      ? box(column(day.dataset.date), 0, 100, 300)
      : box(column(day.dataset.date) + 10, 40, 80, 40);
  });
}
