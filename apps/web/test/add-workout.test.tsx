import type { Workout } from '@stamina/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/components/ui/toaster.tsx';
import {
  AddWorkoutDialog,
  type AddWorkoutDialogProps,
  addWorkoutTitle,
} from '../src/components/workouts/add-workout-dialog.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function created(body: Record<string, unknown>): Workout {
  return {
    id: '00000000-0000-4000-8000-0000000000cc',
    title: String(body.title),
    workout_date: String(body.workout_date),
    sport: body.sport as Workout['sport'],
    workout_language_text: String(body.workout_language_text),
    duration_minutes: 45,
    intensity_zone: 2,
    plan_id: null,
    template_id: null,
    status: 'planned',
    workout_data: {},
    workout_structure: null,
    tss: null,
    actual_duration_minutes: null,
    actual_distance_meters: null,
    actual_tss: null,
    rpe: null,
    note: null,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
  };
}

function renderDialog(props: Partial<AddWorkoutDialogProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const handlers = { onOpenChange: vi.fn(), onCreateCustom: vi.fn(), onCreated: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <Toaster />
      <AddWorkoutDialog open date="2026-12-01" {...handlers} {...props} />
    </QueryClientProvider>,
  );
  return handlers;
}

afterEach(() => vi.unstubAllGlobals());

describe('add-workout dialog', () => {
  it('titles itself with the weekday and date, or today', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Add Workout for Tuesday, December 1' })).toBeVisible();
    expect(addWorkoutTitle(null)).toBe('Add Workout for today');
    expect(addWorkoutTitle(format(new Date(), 'yyyy-MM-dd'))).toBe('Add Workout for today');
  });

  it("reads 'Add Workout for today' when no date is given", () => {
    renderDialog({ date: null });
    expect(screen.getByRole('heading', { name: 'Add Workout for today' })).toBeVisible();
  });

  it('hands the date to Create Custom', async () => {
    const { onCreateCustom, onOpenChange } = renderDialog();
    expect(screen.getByRole('button', { name: /Browse Templates/ })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: /Create Custom/ }));
    expect(onCreateCustom).toHaveBeenCalledWith('2026-12-01');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("uses today's date for Create Custom when no date is given", async () => {
    const { onCreateCustom } = renderDialog({ date: null });
    await userEvent.click(screen.getByRole('button', { name: /Create Custom/ }));
    expect(onCreateCustom).toHaveBeenCalledWith(format(new Date(), 'yyyy-MM-dd'));
  });

  it('Quick Add creates a structured workout with its text, toasts and reports it', async () => {
    const posts: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/workout-planning/workouts') && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        return json(201, { data: created(body) });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    const { onCreated, onOpenChange } = renderDialog();
    for (const name of ['Easy Run', 'Bike Intervals', 'Swim Workout', 'Strength Session']) {
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeEnabled();
    }
    await userEvent.click(screen.getByRole('button', { name: /Bike Intervals/ }));
    expect(await screen.findByText('Workout added')).toBeVisible();
    expect(posts).toEqual([
      {
        title: 'Bike Intervals',
        workout_date: '2026-12-01',
        sport: 'bike',
        workout_language_text: 'Warmup: 15min Z2\nMain: 4x 5min Z4 with 3min recovery\nCooldown: 10min Z1',
      },
    ]);
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ title: 'Bike Intervals' })),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says so when a Quick Add fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () =>
      json(400, { message: 'Use a date in the form YYYY-MM-DD', code: 'BAD' }),
    );
    const { onCreated } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: /Easy Run/ }));
    expect(await screen.findByText('Failed to add workout')).toBeVisible();
    expect(onCreated).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('add-workout dialog: a create that fails on the way', () => {
  it('retries Quick Add with one Idempotency-Key, so the server can make one workout of it', async () => {
    const keys: (string | undefined)[] = [];
    let attempts = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/workout-planning/workouts') && init.method === 'POST') {
        keys.push((init.headers as Record<string, string>)['idempotency-key']);
        attempts++;
        if (attempts === 1) return json(503, { message: 'Unavailable', code: 'SERVICE_UNAVAILABLE' });
        return json(201, { data: created(JSON.parse(String(init.body))) });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    const { onCreated } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: /Easy Run/ }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled(), { timeout: 3000 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses a new key for a new click', async () => {
    const keys: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key'] ?? '');
      return json(201, { data: created(JSON.parse(String(init.body))) });
    });
    const { onCreated } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: /Easy Run/ }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    await userEvent.click(screen.getByRole('button', { name: /Easy Run/ }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(2));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('add-workout dialog: importing a file', () => {
  it('uploads the chosen .zwo with the day, toasts and reports the new workout', async () => {
    const sent: FormData[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/workout-planning/workouts/import') && init.method === 'POST') {
        sent.push(init.body as FormData);
        return json(201, {
          data: created({
            title: 'Zwift tempo',
            workout_date: '2026-12-01',
            sport: 'bike',
            workout_language_text: '',
          }),
        });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    const { onCreated, onOpenChange } = renderDialog();
    const file = new File(['<workout_file/>'], 'tempo.zwo', { type: 'application/xml' });
    const input = screen.getByLabelText(/Import File/);
    expect(input).toHaveAttribute('accept', '.zwo,.mrc,.erg,.fit');
    await userEvent.upload(input, file);
    expect(await screen.findByText('Workout imported')).toBeVisible();
    expect(sent[0]?.get('workout_date')).toBe('2026-12-01');
    expect((sent[0]!.get('file') as File).name).toBe('tempo.zwo');
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ title: 'Zwift tempo' })),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the server message when the file is refused', async () => {
    vi.stubGlobal('fetch', async () =>
      json(400, { message: 'This .zwo file is not valid XML', code: 'VALIDATION_FAILED' }),
    );
    const { onCreated } = renderDialog();
    await userEvent.upload(screen.getByLabelText(/Import File/), new File(['x'], 'bad.zwo'));
    expect(await screen.findByText('Import failed')).toBeVisible();
    expect(screen.getByText('This .zwo file is not valid XML')).toBeVisible();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
