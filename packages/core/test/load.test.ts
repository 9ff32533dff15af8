import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyLoadFill, dailyLoadLabel, dailyLoadScore, workoutLoadScore } from '../src/index.ts';

describe('workoutLoadScore', () => {
  it('weights minutes by zone', () => {
    expect(workoutLoadScore({ duration_minutes: 60, intensity_zone: 1 })).toBe(30);
    expect(workoutLoadScore({ duration_minutes: 60, intensity_zone: 2 })).toBe(60);
    expect(workoutLoadScore({ duration_minutes: 60, intensity_zone: 3 })).toBe(90);
    expect(workoutLoadScore({ duration_minutes: 60, intensity_zone: 4 })).toBe(120);
    expect(workoutLoadScore({ duration_minutes: 60, intensity_zone: 5 })).toBe(150);
  });

  it('treats a missing zone as zone 2 and a missing duration as 0', () => {
    expect(workoutLoadScore({ duration_minutes: 45, intensity_zone: null })).toBe(45);
    expect(workoutLoadScore({ duration_minutes: 45 })).toBe(45);
    expect(workoutLoadScore({ duration_minutes: null, intensity_zone: 5 })).toBe(0);
  });

  it('is never negative and grows with the zone', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -100, max: 1440 })),
        fc.integer({ min: 1, max: 4 }),
        (minutes, zone) => {
          const lower = workoutLoadScore({ duration_minutes: minutes, intensity_zone: zone });
          const higher = workoutLoadScore({ duration_minutes: minutes, intensity_zone: zone + 1 });
          return lower >= 0 && higher >= lower;
        },
      ),
    );
  });
});

describe('daily load', () => {
  it('counts every workout except skipped ones', () => {
    expect(
      dailyLoadScore([
        { duration_minutes: 30, intensity_zone: 4, status: 'completed' },
        { duration_minutes: 30, intensity_zone: 2, status: 'planned' },
        { duration_minutes: 90, intensity_zone: 5, status: 'skipped' },
      ]),
    ).toBe(90);
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
