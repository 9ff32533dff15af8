// The y-axis ticks of a decimal metric's chart (VO2 max): evenly spaced once written at the metric's precision.
import { describe, expect, it } from 'vitest';
import { decimalTicks } from '../src/features/metrics/metrics-model.ts';

describe('decimalTicks', () => {
  it('steps by a round tenth multiple, so the written ticks stay evenly spaced', () => {
    // Recharts' own steps of 0.15 read 54.6, 54.8, 54.9, 55.1, 55.2 at one decimal.
    expect(decimalTicks([55.2, 54.7], 1)).toEqual([54.6, 54.8, 55, 55.2]);
    expect(decimalTicks([54.2, 54.4], 1)).toEqual([54.2, 54.3, 54.4]);
  });

  it('encloses every value with at most a handful of ticks on a wide range', () => {
    const ticks = decimalTicks([40.3, 62.8], 1);
    expect(ticks).toEqual([40, 50, 60, 70]);
  });

  it('gives two ticks a step apart for a flat line', () => {
    expect(decimalTicks([50, 50], 1)).toEqual([50, 50.1]);
  });
});
