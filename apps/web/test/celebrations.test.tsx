import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardKeys } from '../src/api/dashboard/keys.ts';
import {
  achievedZone,
  EMPTY_QUEUE,
  flameScale,
  metricCelebration,
  queueReducer,
  streakCelebration,
  streakMilestoneReached,
  workoutCelebration,
  zoneCelebration,
} from '../src/features/celebrations/celebration-queue.ts';
import { CelebrationsProvider } from '../src/features/celebrations/celebrations-provider.tsx';
import { celebrate } from '../src/lib/celebrate.ts';
import { json, mockFetch } from './calendar-test-utils.tsx';

const confetti = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('canvas-confetti', () => ({ default: confetti }));

describe('celebration texts and rules (docs/screens.md, "Celebrations")', () => {
  it('says what the spec says', () => {
    expect(workoutCelebration('run')).toMatchObject({
      title: 'Workout Completed!',
      message: 'Great job finishing your run session!',
    });
    expect(streakCelebration(14)).toMatchObject({
      title: '14 Day Streak!',
      message: "You're on fire! Keep up the consistency!",
    });
    expect(zoneCelebration(4).title).toBe('Zone 4 Achievement!');
    expect(metricCelebration('HRV', 52)).toMatchObject({ title: 'HRV Logged!', message: 'Value: 52' });
  });

  it('scales the flame by days / 7, capped at 3', () => {
    expect(flameScale(7)).toBe(1);
    expect(flameScale(14)).toBe(2);
    expect(flameScale(30)).toBe(3);
  });

  it('celebrates a streak only when a completion moves it onto a milestone', () => {
    expect(streakMilestoneReached(6, 7)).toBe(true);
    expect(streakMilestoneReached(7, 7)).toBe(false);
    expect(streakMilestoneReached(12, 13)).toBe(false);
    expect(streakMilestoneReached(undefined, 30)).toBe(true);
  });

  it('awards a zone for a main set in Z4 or Z5, else by the stated zone', () => {
    const step = (zone: number, phase = 'main') => ({ zone, phase, isRest: false, duration_seconds: 300 });
    const structure = (main: unknown[]) => ({ warmup_intervals: [step(2, 'warmup')], main_intervals: main });
    expect(achievedZone({ intensity_zone: 2, workout_structure: structure([step(5), step(5)]) })).toBe(5);
    expect(achievedZone({ intensity_zone: 4, workout_structure: structure([step(3)]) })).toBeNull();
    expect(achievedZone({ intensity_zone: 4, workout_structure: null })).toBe(4);
    expect(achievedZone({ intensity_zone: 2, workout_structure: null })).toBeNull();
  });
});

describe('celebration queue', () => {
  it('shows one at a time, pauses before the next and ignores a stale completion', () => {
    let state = queueReducer(EMPTY_QUEUE, { type: 'add', celebration: workoutCelebration('bike') });
    state = queueReducer(state, { type: 'add', celebration: zoneCelebration(5) });
    expect(state.current?.title).toBe('Workout Completed!');
    expect(state.waiting).toHaveLength(1);
    expect(queueReducer(state, { type: 'complete', id: 99 })).toBe(state);
    state = queueReducer(state, { type: 'complete', id: state.current!.id });
    expect(state).toMatchObject({ current: null, pausing: true });
    // An arrival during the pause waits its turn.
    state = queueReducer(state, { type: 'add', celebration: metricCelebration('Sleep', '7.5 h') });
    expect(state.current).toBeNull();
    state = queueReducer(state, { type: 'advance' });
    expect(state.current?.title).toBe('Zone 5 Achievement!');
    state = queueReducer(state, { type: 'complete', id: state.current!.id });
    state = queueReducer(state, { type: 'advance' });
    expect(state.current?.title).toBe('Sleep Logged!');
    state = queueReducer(state, { type: 'complete', id: state.current!.id });
    expect(state).toMatchObject({ current: null, pausing: false, waiting: [] });
  });
});

describe('Celebrations provider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    confetti.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function renderProvider() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <CelebrationsProvider>
          <p>page</p>
        </CelebrationsProvider>
      </QueryClientProvider>,
    );
    return client;
  }

  const live = () => screen.getByRole('status');
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('plays each for its duration, the next 500 ms after the current completes', async () => {
    renderProvider();
    act(() => {
      celebrate({ type: 'metric-logged', metric: 'HRV', value: 52 });
      celebrate({ type: 'metric-logged', metric: 'Sleep', value: '7.5 h' });
    });
    expect(live()).toHaveTextContent('HRV Logged!Value: 52');
    await advance(2999);
    expect(live()).toHaveTextContent('HRV Logged!');
    await advance(1);
    expect(live()).toHaveTextContent('');
    await advance(499);
    expect(live()).toHaveTextContent('');
    await advance(1);
    expect(live()).toHaveTextContent('Sleep Logged!Value: 7.5 h');
    expect(document.querySelector('[data-particles="12"]')).not.toBeNull();
    await advance(3000);
    expect(live()).toHaveTextContent('');
  });

  it('turns a completed Z4 workout into workout, zone and streak celebrations, with 30 confetti pieces', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/dashboard/widgets/streak'
        ? json(200, { data: { current_streak: 7, longest_streak: 7, streak_type: 'training_days' } })
        : json(404, { message: 'Not found' }),
    );
    const client = renderProvider();
    client.setQueryData(dashboardKeys.streak, {
      current_streak: 6,
      longest_streak: 6,
      streak_type: 'training_days',
    });
    await act(async () => {
      celebrate({
        type: 'workout-completed',
        workout: { id: 'w1', sport: 'run', intensity_zone: 4, workout_structure: null },
      });
    });
    expect(live()).toHaveTextContent('Workout Completed!Great job finishing your run session!');
    await advance(0);
    expect(confetti).toHaveBeenCalledWith(expect.objectContaining({ particleCount: 30 }));

    // Each step separately: React schedules the pause timer once it has rendered the completion.
    await advance(4000);
    await advance(500);
    expect(live()).toHaveTextContent('Zone 4 Achievement!');
    await advance(4000);
    await advance(500);
    expect(live()).toHaveTextContent("7 Day Streak!You're on fire! Keep up the consistency!");
    expect(live()).toHaveTextContent('7 day streak!');
    expect(document.querySelector('[data-scale="1"]')).not.toBeNull();
    await advance(4999);
    expect(live()).toHaveTextContent('7 Day Streak!');
    await advance(1);
    expect(live()).toHaveTextContent('');
  });
});
