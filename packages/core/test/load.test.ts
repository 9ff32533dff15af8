import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyLoadFill, dailyLoadLabel, dailyLoadScore, workoutLoadTss } from '../src/index.ts';

describe('workoutLoadTss', () => {
  it('is the TSS: the planned one before, the logged one once completed, none when skipped', () => {
    expect(workoutLoadTss({ status: 'planned', tss: 62 })).toBe(62);
    expect(workoutLoadTss({ status: 'completed', tss: 40, actual_tss: 130 })).toBe(130);
    expect(workoutLoadTss({ status: 'completed', tss: 40, actual_tss: null })).toBe(40);
    expect(workoutLoadTss({ status: 'skipped', tss: 150, actual_tss: 90 })).toBe(0);
    expect(workoutLoadTss({ status: 'planned', tss: null })).toBe(0);
  });

  it('is never negative, and a day is the sum of what counts', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            status: fc.constantFrom('planned', 'completed', 'skipped'),
            tss: fc.option(fc.double({ min: -50, max: 500, noNaN: true })),
            actual_tss: fc.option(fc.double({ min: -50, max: 500, noNaN: true })),
          }),
        ),
        fc.array(fc.double({ min: 0, max: 500, noNaN: true })),
        (workouts, recorded) => {
          const each = workouts.map(workoutLoadTss);
          const day = dailyLoadScore(workouts, recorded);
          const sum = each.reduce((a, b) => a + b, 0) + recorded.reduce((a, b) => a + b, 0);
          return each.every((x) => x >= 0) && Math.abs(day - sum) < 1e-6;
        },
      ),
    );
  });
});

describe('daily load', () => {
  it('counts every workout except skipped ones, and the recordings no workout claims', () => {
    expect(
      dailyLoadScore(
        [
          { tss: 50, status: 'completed' },
          { tss: 40, status: 'planned' },
          { tss: 150, status: 'skipped' },
        ],
        [35],
      ),
    ).toBe(125);
  });

  it('labels the day by the thresholds of docs/screens.md, "Training calendar"', () => {
    expect(dailyLoadLabel(0)).toBe('Rest');
    expect(dailyLoadLabel(0.5)).toBe('Light');
    expect(dailyLoadLabel(59.9)).toBe('Light');
    expect(dailyLoadLabel(60)).toBe('Moderate');
    expect(dailyLoadLabel(119)).toBe('Moderate');
    expect(dailyLoadLabel(120)).toBe('High');
    expect(dailyLoadLabel(179.5)).toBe('High');
    expect(dailyLoadLabel(180)).toBe('Very High');
    expect(dailyLoadLabel(1000)).toBe('Very High');
  });

  it('fills the bar score/200, capped at full', () => {
    expect(dailyLoadFill(0)).toBe(0);
    expect(dailyLoadFill(100)).toBe(0.5);
    expect(dailyLoadFill(200)).toBe(1);
    expect(dailyLoadFill(450)).toBe(1);
  });

  it('keeps the fill in [0, 1] and the label consistent with the score', () => {
    const order = ['Rest', 'Light', 'Moderate', 'High', 'Very High'];
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const fill = dailyLoadFill(high);
          return (
            fill >= 0 &&
            fill <= 1 &&
            dailyLoadFill(low) <= fill &&
            order.indexOf(dailyLoadLabel(low)) <= order.indexOf(dailyLoadLabel(high))
          );
        },
      ),
    );
  });
});
