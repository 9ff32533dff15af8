import type { Workout } from '@stamina/contract';
import type { Interval } from '@stamina/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkoutDetailDialog } from '../src/components/workouts/workout-detail-dialog.tsx';
import { json, makeWorkout, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';

function renderDialog(workout: Workout, handlers: { onOpenChange?: () => void; onEdit?: () => void } = {}) {
  const onOpenChange = vi.fn(handlers.onOpenChange);
  const onEdit = vi.fn(handlers.onEdit);
  renderWithProviders(
    <WorkoutDetailDialog workout={workout} open onOpenChange={onOpenChange} onEdit={onEdit} />,
  );
  return { onOpenChange, onEdit, dialog: screen.getByRole('dialog', { name: workout.title }) };
}

const step = (name: string, seconds: number, zone: Interval['zone'], phase: Interval['phase']): Interval => ({
  name,
  duration_seconds: seconds,
  repetitions: 1,
  rest_duration_seconds: 0,
  zone,
  targets: {},
  isRest: false,
  phase,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Mark Done, then the optional "How did it go?" form filled with `values` and sent. */
async function markDoneWith(
  dialog: HTMLElement,
  values: { minutes?: string; distance?: string; rpe?: string; note?: string },
) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Mark Done' }));
  const form = within(dialog).getByRole('form', { name: 'How did it go?' });
  if (values.minutes)
    await userEvent.type(within(form).getByLabelText('Actual duration (minutes)'), values.minutes);
  if (values.distance) await userEvent.type(within(form).getByLabelText('Distance (km)'), values.distance);
  if (values.rpe)
    await userEvent.selectOptions(
      within(form).getByLabelText('How hard did it feel? (RPE 1-10)'),
      values.rpe,
    );
  if (values.note) await userEvent.type(within(form).getByLabelText('Note'), values.note);
  await userEvent.click(within(form).getByRole('button', { name: 'Mark Done' }));
}

describe('workout detail dialog', () => {
  it('Mark Done asks, optionally, what was done: duration, distance, RPE and a note go with it', async () => {
    const workout = makeWorkout({ title: 'Tempo', duration_minutes: 60 });
    const done = {
      ...workout,
      status: 'completed',
      actual_duration_minutes: 50,
      actual_distance_meters: 10_500,
      rpe: 7,
      actual_tss: 56.3,
      note: 'Windy',
    };
    const calls = mockFetch((call) =>
      call.method === 'PUT'
        ? json(200, { data: done })
        : json(200, { data: { tracked_metrics: { rpe: true } } }),
    );
    const { dialog } = renderDialog(workout);
    await markDoneWith(dialog, { minutes: '50', distance: '10.5', rpe: '7', note: 'Windy' });
    // Sonner fades a new toast in (opacity 0 until its mount effect runs), so wait until it shows.
    await waitFor(() => expect(screen.getByText('Workout marked as completed!')).toBeVisible());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'completed',
      actual_duration_minutes: 50,
      actual_distance_meters: 10_500,
      rpe: 7,
      note: 'Windy',
    });
    // The completed workout shows what was done, and the TSS that counts.
    expect(await within(dialog).findByText('RPE 7')).toBeVisible();
    expect(within(dialog).getByText('50 min done')).toBeVisible();
    expect(within(dialog).getByText('TSS 56')).toBeVisible();
    expect(within(dialog).getByText('Windy')).toBeVisible();
  });

  it('does not ask for RPE when the athlete does not track it', async () => {
    mockFetch(() => json(200, { data: { tracked_metrics: { rpe: false } } }));
    const { dialog } = renderDialog(makeWorkout({ title: 'Tempo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark Done' }));
    const form = within(dialog).getByRole('form', { name: 'How did it go?' });
    await waitFor(() =>
      expect(within(form).queryByLabelText('How hard did it feel? (RPE 1-10)')).not.toBeInTheDocument(),
    );
    expect(within(form).getByLabelText('Note')).toBeVisible();
  });

  it('shows sport, title, date, duration, zone with its description, notes and the intensity chart', async () => {
    mockFetch(() => json(200, {}));
    const { dialog } = renderDialog(
      makeWorkout({
        title: 'Threshold Intervals',
        sport: 'bike',
        duration_minutes: 75,
        intensity_zone: 4,
        workout_data: { notes: 'Keep cadence above 90' },
        workout_structure: {
          warmup_intervals: [step('Warmup', 900, 2, 'warmup')],
          main_intervals: [step('Work', 1200, 4, 'main')],
          cooldown_intervals: [step('Cooldown', 600, 1, 'cooldown')],
          total_duration_estimated: 2700,
          zone_distribution: { zone_1: 22.2, zone_2: 33.3, zone_3: 0, zone_4: 44.5, zone_5: 0 },
        },
      }),
    );
    expect(within(dialog).getByText('Bike')).toBeVisible();
    expect(within(dialog).getByText('Tuesday, November 18, 2025')).toBeVisible();
    expect(within(dialog).getByText('1h 15m')).toBeVisible();
    const intensity = within(dialog).getByText('Intensity zone').parentElement as HTMLElement;
    expect(within(intensity).getByText('Z4')).toBeVisible();
    expect(within(intensity).getByText('Threshold')).toBeVisible();
    expect(within(intensity).getByText('Hard')).toBeVisible();
    expect(within(dialog).getByText('Keep cadence above 90')).toBeVisible();
    expect(await within(dialog).findByRole('figure', {}, { timeout: 5_000 })).toHaveAccessibleName(
      /Bike intensity profile/,
    );
  });

  it("says 'No duration' and offers Mark Done for a planned workout", () => {
    mockFetch(() => json(200, {}));
    const { dialog } = renderDialog(makeWorkout({ title: 'Open Swim', duration_minutes: null }));
    expect(within(dialog).getByText('No duration')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Mark Done' })).toBeVisible();
  });

  it('hides Mark Done for a completed workout and shows it checked, not struck through (that reads as cancelled)', () => {
    mockFetch(() => json(200, {}));
    const { dialog } = renderDialog(makeWorkout({ title: 'Done Ride', status: 'completed' }));
    expect(within(dialog).queryByRole('button', { name: 'Mark Done' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Done Ride' })).not.toHaveClass('line-through');
    expect(within(dialog).getAllByText('Completed').length).toBeGreaterThan(0);
  });

  it("Mark Done sends status completed and toasts 'Workout marked as completed!'", async () => {
    const workout = makeWorkout({ title: 'Tempo' });
    const calls = mockFetch(() => json(200, { data: { ...workout, status: 'completed' } }));
    const { dialog } = renderDialog(workout);
    await markDoneWith(dialog, {});
    // Sonner fades a new toast in (opacity 0 until its mount effect runs), so wait until it shows.
    await waitFor(() => expect(screen.getByText('Workout marked as completed!')).toBeVisible());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ method: 'PUT', body: { status: 'completed' } });
    expect(put?.url.pathname).toBe(`/api/workout-planning/workouts/${workout.id}`);
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Mark Done' })).not.toBeInTheDocument(),
    );
  });

  it("toasts 'Failed to update workout' when Mark Done fails", async () => {
    mockFetch(() => json(404, { message: 'Workout not found', code: 'NOT_FOUND' }));
    const { dialog } = renderDialog(makeWorkout({ title: 'Tempo' }));
    await markDoneWith(dialog, {});
    expect(await screen.findByText('Failed to update workout')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Mark Done' })).toBeVisible();
  });

  it('deletes after a confirm and toasts success', async () => {
    const workout = makeWorkout({ title: 'Long Run' });
    const calls = mockFetch(() => json(200, { data: { id: workout.id, deleted: true } }));
    const { dialog, onOpenChange } = renderDialog(workout);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(calls).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: 'Delete workout' });
    expect(confirm).toHaveFocus();
    await userEvent.click(confirm);
    expect(await screen.findByText('Workout deleted successfully')).toBeVisible();
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.url.pathname).toBe(`/api/workout-planning/workouts/${workout.id}`);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("toasts 'Failed to delete workout' when the delete fails", async () => {
    mockFetch(() => json(404, { message: 'Workout not found', code: 'NOT_FOUND' }));
    const { dialog } = renderDialog(makeWorkout({ title: 'Long Run' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete workout' }));
    expect(await screen.findByText('Failed to delete workout')).toBeVisible();
  });

  it('reschedules through the date picker: PUTs the new date, toasts it and closes', async () => {
    const workout = makeWorkout({ title: 'Hill Sprints', workout_date: '2025-11-18' });
    const calls = mockFetch(() => json(200, { data: { ...workout, workout_date: '2025-11-20' } }));
    const { dialog, onOpenChange } = renderDialog(workout);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    const picker = within(dialog).getByRole('grid', { name: 'Choose a new date for Hill Sprints' });
    // Keyboard: focus starts on the current date; two days on, then Enter.
    expect(within(picker).getByRole('button', { name: 'Tuesday, November 18, 2025' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(await screen.findByText('Workout moved to Thu, Nov 20')).toBeVisible();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { workout_date: '2025-11-20' } });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('opens at its actions again after being closed on another step', async () => {
    mockFetch(() => json(200, {}));
    const workout = makeWorkout({ title: 'Tempo Ride' });
    function Page() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <WorkoutDetailDialog workout={workout} open={open} onOpenChange={setOpen} onEdit={() => {}} />
        </>
      );
    }
    renderWithProviders(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(screen.getByRole('grid', { name: 'Choose a new date for Tempo Ride' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Tempo Ride' });
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeVisible();
    expect(within(dialog).queryByRole('grid')).toBeNull();
  });

  it('Edit hands the workout to the page', async () => {
    mockFetch(() => json(200, {}));
    const workout = makeWorkout({ title: 'Easy Spin' });
    const { dialog, onEdit } = renderDialog(workout);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(workout);
  });
});

describe('workout detail dialog: files', () => {
  const structure = {
    warmup_intervals: [step('Warmup', 600, 2, 'warmup')],
    main_intervals: [step('Work', 1200, 4, 'main')],
    cooldown_intervals: [],
    total_duration_estimated: 1800,
    zone_distribution: { zone_1: 0, zone_2: 33.3, zone_3: 0, zone_4: 66.7, zone_5: 0 },
  };

  it('offers every format a ride can be written in', async () => {
    mockFetch(() => json(200, {}));
    const { dialog } = renderDialog(makeWorkout({ sport: 'bike', workout_structure: structure }));
    const group = await within(dialog).findByRole('group', { name: 'Download workout file' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Download as Zwift .zwo', 'Download as Garmin FIT', 'Download as .mrc', 'Download as .erg']);
  });

  it('downloads the file under the name the server gives it', async () => {
    const calls = mockFetch(
      () =>
        new Response('<workout_file/>', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="Tempo.zwo"' },
        }),
    );
    const createObjectURL = vi.fn(() => 'blob:tempo');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const workout = makeWorkout({ sport: 'run', workout_structure: structure });
    const { dialog } = renderDialog(workout);
    const group = await within(dialog).findByRole('group', { name: 'Download workout file' });
    expect(within(group).getAllByRole('button')).toHaveLength(2);
    await userEvent.click(within(group).getByRole('button', { name: 'Download as Zwift .zwo' }));
    expect(await screen.findByText('Downloaded Tempo.zwo')).toBeVisible();
    expect(calls[0]?.url.pathname).toBe(`/api/workout-planning/workouts/${workout.id}/export`);
    expect(calls[0]?.url.searchParams.get('format')).toBe('zwo');
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('has no downloads for a workout without steps', () => {
    mockFetch(() => json(200, {}));
    const { dialog } = renderDialog(makeWorkout({ sport: 'swim', workout_structure: null }));
    expect(within(dialog).queryByRole('group', { name: 'Download workout file' })).toBeNull();
  });
});
