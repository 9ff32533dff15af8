import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, deviceClass, retryDelayMs } from '../src/lib/app-constants.ts';

describe('retryDelayMs', () => {
  it('backs off 1 s, 2 s, 4 s', () => {
    expect([0, 1, 2].map(retryDelayMs)).toEqual([1000, 2000, 4000]);
  });
});

describe('deviceClass', () => {
  it('is mobile below 768, tablet below 1024, desktop from 1024', () => {
    expect(deviceClass(767)).toBe('mobile');
    expect(deviceClass(BREAKPOINTS.md)).toBe('tablet');
    expect(deviceClass(1023)).toBe('tablet');
    expect(deviceClass(BREAKPOINTS.lg)).toBe('desktop');
  });

  it('never gets smaller as the screen grows', () => {
    const rank = { mobile: 0, tablet: 1, desktop: 2 } as const;
    for (let width = 1; width <= 5000; width += 1) {
      expect(rank[deviceClass(width - 1)]).toBeLessThanOrEqual(rank[deviceClass(width)]);
    }
  });
});
