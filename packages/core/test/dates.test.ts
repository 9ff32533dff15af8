import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  consecutiveDates,
  dateInTimeZone,
  dateOfEpochDay,
  epochDay,
  isIsoDate,
} from '../src/index.ts';

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

describe('epoch days', () => {
  const viaDate = (date: string, days: number) => {
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  // 0001-01-01 to 9999-12-31: the years Date and our arithmetic both write with four digits.
  const anyDay = fc.integer({ min: -719_162, max: 2_932_896 });

  it('count days from 1970-01-01 as Date does', () => {
    expect(epochDay('1970-01-01')).toBe(0);
    expect(epochDay('2000-03-01')).toBe(11_017);
    expect(dateOfEpochDay(-1)).toBe('1969-12-31');
    fc.assert(
      fc.property(anyDay, (day) => {
        const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
        expect(dateOfEpochDay(day)).toBe(date);
        expect(epochDay(date)).toBe(day);
      }),
    );
  });

  it('move a date as Date does, across months, leap days and centuries', () => {
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    fc.assert(
      fc.property(
        fc.integer({ min: -500_000, max: 2_000_000 }),
        fc.integer({ min: -5000, max: 5000 }),
        (day, days) => {
          const date = dateOfEpochDay(day);
          expect(addDays(date, days)).toBe(viaDate(date, days));
        },
      ),
    );
  });

  it('refuse text that is not a date, and say which dates are real', () => {
    expect(Number.isNaN(epochDay('2026-1-01'))).toBe(true);
    expect(Number.isNaN(epochDay('2026-13-01'))).toBe(true);
    expect(Number.isNaN(epochDay('2026-01-0x'))).toBe(true);
    expect(() => addDays('not a date', 1)).toThrow(RangeError);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
          expect(isIsoDate(text)).toBe(real);
        },
      ),
    );
  });

  it('list consecutive dates as addDays steps them', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 800 }), (day, count) => {
        const dates = consecutiveDates(day, count);
        expect(dates).toHaveLength(count);
        expect(dates).toEqual(dates.map((_, i) => dateOfEpochDay(day + i)));
      }),
      { numRuns: 200 },
    );
  });
});
