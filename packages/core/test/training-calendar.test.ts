import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_WEEK_START,
  dayOfWeek,
  isoWeekNumber,
  WEEK_STARTS,
  weekStartOf,
  weekStartsOnOf,
} from '../src/index.ts';

describe('isoWeekNumber', () => {
  it('follows ISO 8601 at the turns of the year', () => {
    expect(isoWeekNumber('2026-01-01')).toBe(1); // a Thursday
    expect(isoWeekNumber('2024-12-30')).toBe(1); // Monday of week 1 of 2025
    expect(isoWeekNumber('2021-01-03')).toBe(53); // Sunday closing week 53 of 2020
    expect(isoWeekNumber('2026-11-22')).toBe(47);
  });

  it('is the same for every day of a Monday week, and one more (or back to 1) the week after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (offset) => {
        const monday = weekStartOf(addDays('1990-01-01', offset));
        const week = isoWeekNumber(monday);
        for (let i = 1; i < 7; i++) expect(isoWeekNumber(addDays(monday, i))).toBe(week);
        const next = isoWeekNumber(addDays(monday, 7));
        expect(next === week + 1 || (next === 1 && week >= 52)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('weekStartOf under the week-start setting', () => {
  it('starts weeks on Monday by default, or on the chosen day', () => {
    // Wednesday 25 November 2026.
    expect(DEFAULT_WEEK_START).toBe('monday');
    expect(weekStartOf('2026-11-25')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-25', 'monday')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-25', 'sunday')).toBe('2026-11-22');
    expect(weekStartOf('2026-11-25', 'saturday')).toBe('2026-11-21');
    // A Sunday opens its own Sunday week but closes the Monday week.
    expect(weekStartOf('2026-11-29', 'sunday')).toBe('2026-11-29');
    expect(weekStartOf('2026-11-29', 'monday')).toBe('2026-11-23');
    expect(weekStartsOnOf(undefined)).toBe(1);
    expect(weekStartsOnOf(null)).toBe(1);
  });

  it('gives, for every setting and day, the latest day on or before it that falls on the chosen weekday', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.constantFrom(...WEEK_STARTS), (offset, setting) => {
        const date = addDays('1990-01-01', offset);
        const start = weekStartOf(date, setting);
        expect(dayOfWeek(start)).toBe(weekStartsOnOf(setting));
        expect(start <= date && addDays(start, 6) >= date).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
