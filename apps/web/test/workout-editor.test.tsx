import type { Workout } from '@stamina/contract';
import { type Interval, type ParsedWorkout, type ParseWarning, summarize } from '@stamina/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/components/ui/toaster.tsx';
import { ConfidenceBadge } from '../src/components/workouts/confidence-badge.tsx';
import {
  WorkoutEditorDialog,
  type WorkoutEditorDialogProps,
} from '../src/components/workouts/workout-editor-dialog.tsx';
import { buildCreateRequest, firstFreeDate } from '../src/components/workouts/workout-form.ts';

// jsdom has no ResizeObserver and lays nothing out; this one reports a 640×240 box for recharts.
class ResizeObserverStub {
  constructor(
    private readonly callback: (entries: { contentRect: { width: number; height: number } }[]) => void,
  ) {}
  observe() {
    this.callback([{ contentRect: { width: 640, height: 240 } }]);
  }
  unobserve() {}
  disconnect() {}
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function step(
  name: string,
  minutes: number,
  zone: Interval['zone'],
  extra: Partial<Interval> = {},
): Interval {
  return {
    name,
    duration_seconds: minutes * 60,
    repetitions: 1,
    rest_duration_seconds: 0,
    zone,
    targets: {},
    isRest: false,
    phase: 'main',
    ...extra,
  };
}

/** 15 + 5×3 + 5×2 ... kept small: 15 min warmup, 3 min Z4, 2 min rest, 10 min cooldown = 30.5 min with 30 s. */
function parsed(confidence = 0.9, warnings: ParseWarning[] = []): ParsedWorkout {
  return summarize(
    [
      step('Warmup', 15, 1, { phase: 'warmup' }),
      step('Interval 1', 3, 4),
      step('Recovery', 2, 1, { isRest: true }),
      { ...step('Strides', 0, 5), duration_seconds: 30 },
      step('Cooldown', 10, 1, { phase: 'cooldown' }),
    ],
    confidence,
    warnings,
  );
}

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function stubApi(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetcher = vi.fn(async (url: string, init: RequestInit = {}) => {
    const call = {
      url: String(url),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetcher);
  return calls;
}

const parseCalls = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/workout-planning/parse-workout'));

function savedWorkout(overrides: Partial<Workout> = {}): Workout {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    title: 'Run Workout',
    workout_date: '2026-03-10',
    sport: 'run',
    workout_language_text: null,
    duration_minutes: null,
    intensity_zone: null,
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
    ...overrides,
  };
}

function renderEditor(props: Partial<WorkoutEditorDialogProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <Toaster />
      <WorkoutEditorDialog
        open
        onOpenChange={onOpenChange}
        mode="create"
        initialDate="2026-03-10"
        onSaved={onSaved}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onOpenChange, onSaved, client };
}

const description = () => screen.getByLabelText('Workout description');
const createButton = () => screen.getByRole('button', { name: 'Create' });

/** Lets the debounce elapse and the parse answer arrive. */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('workout editor: live parse', () => {
  it('parses only once the text has stopped changing for 1000 ms', async () => {
    vi.useFakeTimers(); // time moves only when the test moves it
    const calls = stubApi(() => json(200, { data: parsed() }));
    renderEditor();
    fireEvent.change(description(), { target: { value: 'Warmup: 15min' } });
    await elapse(600);
    fireEvent.change(description(), { target: { value: 'Warmup: 15min easy, 5x 3min @ Z4' } });
    await elapse(999);
    expect(parseCalls(calls)).toHaveLength(0);
    await elapse(1);
    expect(parseCalls(calls)).toHaveLength(1);
    expect(parseCalls(calls)[0]!.body).toEqual({
      workout_text: 'Warmup: 15min easy, 5x 3min @ Z4',
      sport: 'run',
      calculate_zones: true,
      // The workout's day: the server reads the text with the athlete's thresholds of that day.
      workout_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('re-parses when only the sport changes', async () => {
    vi.useFakeTimers();
    const calls = stubApi(() => json(200, { data: parsed() }));
    renderEditor();
    fireEvent.change(description(), { target: { value: '4x 5min Z4' } });
    await elapse(1000);
    expect(parseCalls(calls)).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: 'Bike' }));
    await elapse(999);
    expect(parseCalls(calls)).toHaveLength(1);
    await elapse(1);
    expect(parseCalls(calls)).toHaveLength(2);
    expect(parseCalls(calls)[1]!.body).toMatchObject({ sport: 'bike' });
  });

  it('fills an empty duration (minutes, rounded up) and title after a successful parse, and draws the preview', async () => {
    stubApi(() => json(200, { data: parsed(0.92) }));
    renderEditor();
    fireEvent.change(description(), {
      target: { value: 'Warmup: 15min easy, 3min Z4, 2min rest, cooldown 10min' },
    });
    await elapse(1000);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Run Workout'));
    // 30.5 minutes rounds up to 31.
    expect(screen.getByLabelText('Duration (min)')).toHaveValue(31);
    expect(screen.getByTestId('confidence-level')).toHaveTextContent('High');
    expect(screen.getByRole('heading', { name: 'Zone Distribution' })).toBeVisible();
    expect(
      await screen.findByRole('table', { name: 'Workout steps' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('keeps a title and duration the athlete already typed', async () => {
    stubApi(() => json(200, { data: parsed() }));
    renderEditor();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Tuesday track' } });
    fireEvent.change(screen.getByLabelText('Duration (min)'), { target: { value: '50' } });
    fireEvent.change(description(), { target: { value: '5x 3min Z4' } });
    await elapse(1000);
    await screen.findByTestId('confidence-level');
    expect(screen.getByLabelText('Title')).toHaveValue('Tuesday track');
    expect(screen.getByLabelText('Duration (min)')).toHaveValue(50);
  });

  it('highlights each fragment the parser did not understand with <mark>, as text', async () => {
    const text = 'Warmup: 15min easy, 5x 3min @ Z4 <b>wobble</b> then 10min';
    const start = text.indexOf('<b>wobble</b>');
    const warning = {
      message: 'Not understood',
      start,
      end: start + '<b>wobble</b>'.length,
      text: '<b>wobble</b>',
    };
    stubApi(() => json(200, { data: parsed(0.6, [warning]) }));
    renderEditor();
    fireEvent.change(description(), { target: { value: `  ${text}  ` } });
    await elapse(1000);
    const region = await screen.findByRole('region', { name: 'Parts not understood' });
    const marks = region.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent('<b>wobble</b>');
    expect(region.querySelector('b')).toBeNull();
    expect(within(region).getByText(/Not understood/)).toBeVisible();
    expect(screen.getByTestId('confidence-level')).toHaveTextContent('Medium');
  });

  it('shows the parse error and clears the result; clearing the text clears the result', async () => {
    let fail = false;
    stubApi(() =>
      fail
        ? json(413, { message: 'Workout text is limited to 10000 characters', code: 'PAYLOAD_TOO_LARGE' })
        : json(200, { data: parsed() }),
    );
    renderEditor();
    fireEvent.change(description(), { target: { value: '5x 3min Z4' } });
    await elapse(1000);
    await screen.findByTestId('confidence-level');
    fail = true;
    fireEvent.change(description(), { target: { value: '5x 3min Z4 and more' } });
    await elapse(1000);
    expect(await screen.findByRole('alert')).toHaveTextContent('Workout text is limited to 10000 characters');
    expect(screen.queryByTestId('confidence-level')).toBeNull();

    fail = false;
    fireEvent.change(description(), { target: { value: '6x 3min Z4' } });
    await elapse(1000);
    await screen.findByTestId('confidence-level');
    fireEvent.change(description(), { target: { value: '' } });
    expect(screen.queryByTestId('confidence-level')).toBeNull();
    expect(screen.getByText('No workout data to display')).toBeVisible();
  });

  it('fills the text from a quick example of the chosen sport', async () => {
    stubApi(() => json(200, { data: parsed() }));
    renderEditor({ initialSport: 'swim' });
    fireEvent.click(screen.getByRole('button', { name: 'CSS 100s' }));
    expect(description()).toHaveValue(
      'Warmup: 400m easy\nMain: 10x 100m @ 1:40/100m with 15s rest\nCooldown: 200m easy',
    );
    expect(screen.getByText('repetitions x duration @ intensity')).toBeVisible();
    expect(screen.getByText('85% FTP')).toBeVisible();
  });

  it('hides and shows the preview', async () => {
    stubApi(() => json(200, { data: parsed() }));
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Hide preview' }));
    expect(screen.queryByText('No workout data to display')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show preview' }));
    expect(await screen.findByText('No workout data to display', {}, { timeout: 5000 })).toBeVisible();
  });
});

describe('confidence badge', () => {
  it('shows the level and the percentage', () => {
    render(<ConfidenceBadge confidence={0.42} />);
    expect(screen.getByTestId('confidence-level')).toHaveTextContent('Low');
    expect(screen.getByText('(42%)')).toBeVisible();
  });
});

describe('workout editor: saving', () => {
  it('enables Create only with a title, a date and a sport, and posts the trimmed fields', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.url.endsWith('/workouts')
        ? json(201, { data: savedWorkout({ title: 'Hill reps' }) })
        : json(200, { data: parsed() }),
    );
    const { onSaved, onOpenChange } = renderEditor();
    expect(createButton()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '   ' } });
    expect(createButton()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '  Hill reps ' } });
    expect(createButton()).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    expect(createButton()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-03-12' } });
    fireEvent.change(screen.getByLabelText('Duration (min)'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('Primary zone'), { target: { value: '3' } });
    fireEvent.change(description(), { target: { value: '   ' } });
    fireEvent.click(createButton());

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/workout-planning/workouts'));
    expect(post?.body).toEqual({
      title: 'Hill reps',
      workout_date: '2026-03-12',
      sport: 'run',
      duration_minutes: 42,
      intensity_zone: 3,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("reads 'Saving...' while the save is pending and sends the trimmed text", async () => {
    let answer: (r: Response) => void = () => {};
    const calls = stubApi((call) =>
      call.method === 'POST' && call.url.endsWith('/workouts')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : json(200, { data: parsed() }),
    );
    renderEditor({ initialSport: 'bike' });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sweet spot' } });
    fireEvent.change(description(), { target: { value: '\n  3x 12min sweet spot  \n' } });
    fireEvent.click(createButton());
    expect(await screen.findByRole('button', { name: /Saving\.\.\./ })).toBeDisabled();
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/workouts'));
    expect(post?.body).toEqual({
      title: 'Sweet spot',
      workout_date: '2026-03-10',
      sport: 'bike',
      workout_language_text: '3x 12min sweet spot',
    });
    answer(json(201, { data: savedWorkout() }));
  });

  it("turns a blank title into '<Sport> Workout' and leaves out what was not provided", () => {
    expect(
      buildCreateRequest({
        title: '  ',
        date: '2026-03-10',
        sport: 'swim',
        durationMinutes: '',
        zone: '',
        text: '  ',
      }),
    ).toEqual({ title: 'Swim Workout', workout_date: '2026-03-10', sport: 'swim' });
    expect(
      buildCreateRequest({
        title: '',
        date: '2026-03-10',
        sport: 'strength',
        durationMinutes: '45.7',
        zone: '2',
        text: ' Main: 4x 8min Z3 ',
      }),
    ).toEqual({
      title: 'Strength Workout',
      workout_date: '2026-03-10',
      sport: 'strength',
      duration_minutes: 45,
      intensity_zone: 2,
      workout_language_text: 'Main: 4x 8min Z3',
    });
  });

  it('posts the auto-filled title after a parse', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.url.endsWith('/workouts')
        ? json(201, { data: savedWorkout() })
        : json(200, { data: parsed() }),
    );
    renderEditor({ initialSport: 'bike' });
    fireEvent.change(description(), { target: { value: '4x 8min Z4' } });
    await elapse(1000);
    await waitFor(() => expect(createButton()).toBeEnabled());
    fireEvent.click(createButton());
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/workouts'))).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/workouts'));
    expect(post?.body).toMatchObject({
      title: 'Bike Workout',
      duration_minutes: 31,
      workout_language_text: '4x 8min Z4',
    });
  });

  it('logs a failed save and tells the athlete', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi((call) =>
      call.method === 'POST' && call.url.endsWith('/workouts')
        ? json(400, { message: 'title must be at most 200 characters', code: 'VALIDATION_FAILED' })
        : json(200, { data: parsed() }),
    );
    const { onSaved, onOpenChange } = renderEditor();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Easy' } });
    fireEvent.click(createButton());
    expect(await screen.findByText('Failed to save workout')).toBeVisible();
    expect(logged).toHaveBeenCalledWith('Failed to save workout', expect.any(Error));
    expect(onSaved).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(createButton()).toBeEnabled();
  });

  it('auto-schedules onto the next free day', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.url.includes('/workout-planning/workouts')) {
        return json(200, {
          data: [
            savedWorkout({ workout_date: '2026-03-10' }),
            savedWorkout({ id: '00000000-0000-4000-8000-0000000000bb', workout_date: '2026-03-11' }),
          ],
        });
      }
      if (call.method === 'POST' && call.url.endsWith('/workouts')) {
        return json(201, { data: savedWorkout({ workout_date: '2026-03-12' }) });
      }
      return json(200, { data: parsed() });
    });
    const { onSaved } = renderEditor();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Long run' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Auto-schedule/ }));
    fireEvent.click(createButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const list = calls.find((c) => c.method === 'GET');
    expect(list?.url).toContain('date_from=2026-03-10');
    expect(list?.url).toContain('date_to=2026-03-23');
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/workouts'));
    expect(post?.body).toMatchObject({ workout_date: '2026-03-12' });
    expect(firstFreeDate('2026-03-10', [])).toBe('2026-03-10');
  });

  it('prefills from the workout in edit mode and sends a PUT', async () => {
    const workout = savedWorkout({
      title: 'Threshold run',
      workout_date: '2026-03-14',
      duration_minutes: 55,
      intensity_zone: 4,
      workout_language_text: '5x 3min Z4',
    });
    const calls = stubApi((call) =>
      call.method === 'PUT'
        ? json(200, { data: { ...workout, title: 'Threshold run v2' } })
        : json(200, { data: parsed() }),
    );
    const { onSaved } = renderEditor({ mode: 'edit', workout });
    expect(screen.getByRole('heading', { name: 'Edit Workout' })).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveValue('Threshold run');
    expect(screen.getByLabelText('Duration (min)')).toHaveValue(55);
    expect(description()).toHaveValue('5x 3min Z4');
    expect(screen.queryByRole('checkbox', { name: /Auto-schedule/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Threshold run v2' } });
    fireEvent.change(screen.getByLabelText('Primary zone'), { target: { value: '' } });
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ title: 'Threshold run v2' })),
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toMatch(/\/workout-planning\/workouts\/00000000-0000-4000-8000-0000000000aa$/);
    expect(put?.body).toEqual({
      title: 'Threshold run v2',
      workout_date: '2026-03-14',
      sport: 'run',
      workout_language_text: '5x 3min Z4',
      duration_minutes: 55,
      intensity_zone: null,
    });
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/workouts'))).toBe(false);
  });
});
