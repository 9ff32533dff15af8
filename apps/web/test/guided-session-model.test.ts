import type { Interval } from '@stamina/core';
import { describe, expect, it } from 'vitest';
import {
  guidedSteps,
  pauseClock,
  resumeClock,
  sessionView,
  settle,
  skipStep,
  startClock,
} from '../src/features/dashboard/guided-session-model.ts';
import { makeWorkout } from './calendar-test-utils.tsx';

const interval = (overrides: Partial<Interval>): Interval => ({
  name: 'Rep',
  duration_seconds: 60,
  repetitions: 1,
  rest_duration_seconds: 0,
  zone: 4,
  targets: {},
  isRest: false,
  phase: 'main',
  ...overrides,
});

const structured = (main: Interval[]) =>
  makeWorkout({
    workout_structure: {
      warmup_intervals: [interval({ name: 'Warmup', duration_seconds: 300, zone: 1, phase: 'warmup' })],
      main_intervals: main,
      cooldown_intervals: [interval({ name: 'Cooldown', duration_seconds: 120, zone: 1, phase: 'cooldown' })],
      total_duration_estimated: 0,
      zone_distribution: { zone_1: 0, zone_2: 0, zone_3: 0, zone_4: 0, zone_5: 0 },
    },
  });

describe('guidedSteps', () => {
  it("lays out warmup, each repetition with its recovery, and cooldown, with targets in the athlete's units", () => {
    const steps = guidedSteps(
      structured([
        interval({
          name: 'Tempo',
          repetitions: 2,
          rest_duration_seconds: 30,
          targets: { pace_per_km_seconds: 270 },
          distance_meters: 400,
        }),
      ]),
      'imperial',
    );
    expect(steps.map((s) => [s.name, s.seconds])).toEqual([
      ['Warmup', 300],
      ['Tempo', 60],
      ['Recovery', 30],
      ['Tempo', 60],
      ['Recovery', 30],
      ['Cooldown', 120],
    ]);
    expect(steps[1]!.detail).toBe('Zone 4 Threshold · 7:15 /mi · 400 m');
  });

  it('is one step of the planned duration without a structure, and none without a duration', () => {
    expect(guidedSteps(makeWorkout({ title: 'Easy', duration_minutes: 45, intensity_zone: 2 }))).toEqual([
      { name: 'Easy', seconds: 2700, zone: 2, detail: 'Zone 2 Aerobic (Base)' },
    ]);
    expect(guidedSteps(makeWorkout({ duration_minutes: null }))).toEqual([]);
  });
});

describe('the session clock', () => {
  const steps = guidedSteps(structured([interval({ name: 'Hard', duration_seconds: 60 })]));

  it('moves on across several steps at once, and ends done with nothing left', () => {
    const clock = startClock(0);
    const later = settle(clock, steps, 370_000); // warmup 300 s + hard 60 s, 10 s into the cooldown
    expect(later.index).toBe(2);
    expect(sessionView(later, steps, 370_000)).toMatchObject({ stepRemaining: 110, totalRemaining: 110 });
    const end = settle(clock, steps, 500_000);
    expect(sessionView(end, steps, 500_000)).toMatchObject({ done: true, current: null, totalRemaining: 0 });
  });

  it('stands still while paused, and a skip starts the next step at once', () => {
    let clock = pauseClock(startClock(0), 100_000);
    expect(sessionView(clock, steps, 900_000).stepRemaining).toBe(200);
    clock = resumeClock(clock, 900_000);
    clock = skipStep(clock, steps, 910_000);
    expect(clock.index).toBe(1);
    expect(sessionView(clock, steps, 910_000)).toMatchObject({
      stepRemaining: 60,
      totalRemaining: 180,
      elapsedSeconds: 110,
    });
    expect(skipStep(skipStep(clock, steps, 910_000), steps, 910_000).index).toBe(3);
    expect(skipStep(settle(clock, steps, 2_000_000), steps, 2_000_000).index).toBe(3);
  });
});
