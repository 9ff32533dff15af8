import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dateInTimeZone } from '../src/index.ts';

describe('dateInTimeZone', () => {
  it('gives the local calendar date on either side of the date line', () => {
    const instant = new Date('2026-11-22T23:30:00Z');
    expect(dateInTimeZone(instant, 'UTC')).toBe('2026-11-22');
    expect(dateInTimeZone(instant, 'Pacific/Auckland')).toBe('2026-11-23');
    expect(dateInTimeZone(new Date('2026-11-22T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-21');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(dateInTimeZone(new Date('2026-01-01T12:00:00Z'), 'Mars/Olympus')).toBe('2026-01-01');
  });
});

describe('addDays', () => {
  it('crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('is undone by the opposite shift', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20000 }),
        fc.integer({ min: -1000, max: 1000 }),
        (offset, days) => {
          const date = addDays('1990-01-01', offset);
          expect(addDays(addDays(date, days), -days)).toBe(date);
        },
      ),
    );
  });
});
