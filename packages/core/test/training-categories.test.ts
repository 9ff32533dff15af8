import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fatigueLevel,
  fitnessFormRecord,
  fitnessLevel,
  formLevel,
  loadTrend,
  trainingQuality,
  trendOf,
} from '../src/index.ts';

describe('load-trend categories (docs/training-load.md, "Categories")', () => {
  it('bands fitness, fatigue and form at the spec’s thresholds', () => {
    expect([0, 29.9, 30, 59.9, 60, 89.9, 90, 200].map(fitnessLevel)).toEqual([
      'low',
      'low',
      'moderate',
      'moderate',
      'high',
      'high',
      'very_high',
      'very_high',
    ]);
    expect([39.9, 40, 69.9, 70, 99.9, 100].map(fatigueLevel)).toEqual([
      'low',
      'moderate',
      'moderate',
      'high',
      'high',
      'very_high',
    ]);
    expect([-31, -30, -10.1, -10, 9.9, 10, 24.9, 25].map(formLevel)).toEqual([
      'poor',
      'tired',
      'tired',
      'neutral',
      'neutral',
      'fresh',
      'fresh',
      'very_fresh',
    ]);
    expect([100, 85, 84.9, 70, 69.9, 50, 49.9, -5].map(trainingQuality)).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'needs_improvement',
      'needs_improvement',
      'poor',
      'poor',
    ]);
  });

  it('reads NaN as 0 and infinities as the outer bands', () => {
    expect(fitnessLevel(Number.NaN)).toBe('low');
    expect(formLevel(Number.NaN)).toBe('neutral');
    expect(formLevel(Number.NEGATIVE_INFINITY)).toBe('poor');
    expect(fatigueLevel(Number.POSITIVE_INFINITY)).toBe('very_high');
  });

  it('is total over all finite numbers and ordered', () => {
    const fitness = ['low', 'moderate', 'high', 'very_high'];
    const form = ['poor', 'tired', 'neutral', 'fresh', 'very_fresh'];
    const quality = ['poor', 'needs_improvement', 'good', 'excellent'];
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          return (
            fitness.indexOf(fitnessLevel(lo)) <= fitness.indexOf(fitnessLevel(hi)) &&
            fitness.indexOf(fatigueLevel(lo)) <= fitness.indexOf(fatigueLevel(hi)) &&
            form.indexOf(formLevel(lo)) <= form.indexOf(formLevel(hi)) &&
            quality.indexOf(trainingQuality(lo)) <= quality.indexOf(trainingQuality(hi)) &&
            fitness.includes(fitnessLevel(lo)) &&
            form.includes(formLevel(hi)) &&
            ['increasing', 'stable'].includes(loadTrend(a, [b])) &&
            ['improving', 'stable', 'declining'].includes(trendOf([a, b]))
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('calls a week increasing only when more than 10 % above the weeks before', () => {
    expect(loadTrend(450, [400, 400, 400, 400])).toBe('increasing');
    expect(loadTrend(440, [400, 400, 400, 400])).toBe('stable');
    // Only the last four weeks count.
    expect(loadTrend(450, [1000, 400, 400, 400, 400])).toBe('increasing');
    expect(loadTrend(100, [400])).toBe('stable');
    expect(loadTrend(100, [])).toBe('stable');
    expect(loadTrend(100, [0, 0])).toBe('increasing');
  });

  it('gives the direction of a series from its halves', () => {
    expect(trendOf([50, 52, 60, 62])).toBe('improving'); // 51 → 61: +19.6 %
    expect(trendOf([60, 62, 50, 52])).toBe('declining');
    expect(trendOf([60, 61, 999, 62, 60])).toBe('stable'); // middle left out: 60.5 → 61
    expect(trendOf([50, 40], { higherIsBetter: false })).toBe('improving');
    expect(trendOf([5])).toBe('stable');
    expect(trendOf([0, 0, 3])).toBe('improving');
  });

  it('adds the levels to a day of the series', () => {
    expect(fitnessFormRecord({ date: '2026-01-01', tss: 80, ctl: 65, atl: 80, tsb: -15 })).toMatchObject({
      fitness_level: 'high',
      fatigue_level: 'high',
      form_level: 'tired',
    });
  });
});
