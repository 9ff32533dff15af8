// The renderer, and the round trip: parse(render(parse(x))) has the structure of parse(x).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  type Interval,
  type IntervalTargets,
  type Phase,
  parseWorkout,
  renderWorkout,
  type Sport,
  summarize,
  type Zone,
} from '../src/index.ts';
import { parseWorkoutUnchecked } from '../src/workouts/parser/index.ts';
import { mutatedExample, pieceText, SPORTS, structure } from './parser-arbitraries.ts';
import { PARSER_EXAMPLES } from './parser-examples.ts';

const parse = (text: string, sport: Sport) => parseWorkoutUnchecked(text, { sport });
const roundTrip = (text: string, sport: Sport) => {
  const first = parse(text, sport);
  const second = parse(renderWorkout(first), sport);
  expect(structure(second)).toEqual(structure(first));
};

describe('renderWorkout', () => {
  it('writes the headline example back in canonical form', () => {
    const parsed = parseWorkout('Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min', {
      sport: 'run',
    });
    expect(renderWorkout(parsed)).toBe('Warmup: 15min Z2\nMain: 5x (3min Z4, 2min rest)\nCooldown: 10min Z2');
  });

  it('folds the longest repeated block and keeps the targets', () => {
    const parsed = parseWorkout('2x (3x (1min @ 250w, 1min rest), 5min Z2 90rpm)', { sport: 'bike' });
    expect(renderWorkout(parsed)).toBe(
      // The 5 min between the sets are their rest, and keep their cadence.
      'Main: 2x (1min Z4 250w, 1min rest, 1min Z4 250w, 1min rest, 1min Z4 250w, 1min rest, 5min rest 90rpm)',
    );
    expect(
      renderWorkout(parseWorkout('10min @ 4:30/km 150-160bpm, 100m @ 1:40/100m', { sport: 'run' })),
      // A distance with the pace that times it stays a distance (a watch file keeps it).
    ).toBe('Main: 10min Z5 4:30/km 150-160bpm, 100m Z5 1:40/100m');
  });

  it('accepts a bare interval list and an empty one', () => {
    const step: Interval = {
      name: 'x',
      duration_seconds: 3725,
      repetitions: 1,
      rest_duration_seconds: 0,
      zone: 3,
      targets: { rpe: 6 },
      isRest: false,
      phase: 'main',
    };
    expect(renderWorkout([step])).toBe('Main: 62min5s Z3 RPE 6');
    expect(renderWorkout([])).toBe('');
    expect(renderWorkout(summarize([], 0))).toBe('');
  });

  it('adds an empty Main header so a multi-step warm-up stays warm-up', () => {
    const text = renderWorkout(
      parseWorkout('Warmup: 10min easy, 5min steady\nMain:\nCooldown: 5min', { sport: 'run' }),
    );
    expect(text).toBe('Warmup: 10min Z2, 5min Z3\nMain:\nCooldown: 5min Z2');
  });

  it('formats durations', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(180)).toBe('3min');
    expect(formatDuration(5400)).toBe('90min');
    expect(formatDuration(3725)).toBe('62min5s');
  });
});

describe('round trip', () => {
  it.each(PARSER_EXAMPLES)('[$sport] $text', ({ text, sport }) => {
    roundTrip(text, sport);
  });

  it('holds for mutated real workouts and random workout-like text', () => {
    fc.assert(
      fc.property(mutatedExample, ({ text, sport }) => roundTrip(text, sport)),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(pieceText, fc.constantFrom(...SPORTS), (text, sport) => roundTrip(text, sport)),
      { numRuns: 500 },
    );
  }, 60_000);

  /** A generated workout: blocks of steps, some repeated, in any order of phases. */
  const targetsArb: fc.Arbitrary<IntervalTargets> = fc.record(
    {
      power_watts: fc.integer({ min: 50, max: 1500 }),
      pace_per_km_seconds: fc.integer({ min: 150, max: 900 }),
      pace_per_100m_seconds: fc.integer({ min: 60, max: 300 }),
      heart_rate_min: fc.integer({ min: 90, max: 200 }),
      cadence_rpm: fc.integer({ min: 50, max: 130 }),
      rpe: fc.integer({ min: 1, max: 10 }),
    },
    { requiredKeys: [] },
  );
  const stepArb = fc.record({
    duration_seconds: fc.oneof(
      fc.integer({ min: 1, max: 7200 }),
      fc.constantFrom(30, 60, 90, 180, 600, 3600),
    ),
    zone: fc.constantFrom<Zone>(1, 2, 3, 4, 5),
    isRest: fc.boolean(),
    targets: targetsArb,
  });
  const blockArb = fc.record({
    phase: fc.constantFrom<Phase>('warmup', 'main', 'cooldown'),
    count: fc.integer({ min: 1, max: 6 }),
    steps: fc.array(stepArb, { minLength: 1, maxLength: 4 }),
  });
  const workoutArb = fc.array(blockArb, { minLength: 1, maxLength: 6 }).map((blocks) => {
    const intervals: Interval[] = [];
    for (const block of blocks)
      for (let r = 0; r < block.count; r++)
        for (const s of block.steps)
          intervals.push({
            name: s.isRest ? 'Rest' : `Z${s.zone}`,
            duration_seconds: s.duration_seconds,
            repetitions: 1,
            rest_duration_seconds: 0,
            zone: s.isRest ? 1 : s.zone,
            targets: s.isRest ? {} : s.targets,
            isRest: s.isRest,
            phase: block.phase,
          });
    return intervals;
  });

  it('holds for generated structures: render, parse, compare', () => {
    fc.assert(
      fc.property(workoutArb, fc.constantFrom(...SPORTS), (intervals, sport) => {
        const text = renderWorkout(intervals);
        const parsed = parse(text, sport);
        expect(parsed.warnings).toEqual([]);
        expect(structure(parsed)).toEqual(
          intervals.map((s) => ({
            duration: s.duration_seconds,
            zone: s.zone,
            rest: s.isRest,
            phase: s.phase,
          })),
        );
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
