// formatDay: the one place the web app writes a YYYY-MM-DD day for people, in their locale.
import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange } from '../src/lib/dates.ts';

describe('formatDay', () => {
  it('writes the day in the given locale, never as YYYY-MM-DD', () => {
    expect(formatDay('2026-11-28', 'long', 'en-US')).toBe('November 28, 2026');
    expect(formatDay('2026-11-28', 'long', 'en-GB')).toBe('28 November 2026');
    expect(formatDay('2026-11-28', 'medium', 'en-US')).toBe('Nov 28, 2026');
    expect(formatDay('2026-11-28', 'short', 'en-US')).toBe('Sat, Nov 28');
  });

  it('keeps the calendar day whatever the time zone (the first and last day of a year)', () => {
    expect(formatDay('2027-01-01', 'long', 'en-US')).toBe('January 1, 2027');
    expect(formatDay('2026-12-31', 'long', 'en-US')).toBe('December 31, 2026');
  });

  it('writes every style the pages use in the locale, the same as the English formats they replaced', () => {
    expect(formatDay('2026-11-28', 'weekday', 'en-US')).toBe('Saturday, November 28');
    expect(formatDay('2026-11-28', 'weekday-year', 'en-US')).toBe('Saturday, November 28, 2026');
    expect(formatDay('2026-11-28', 'short-year', 'en-US')).toBe('Sat, Nov 28, 2026');
    expect(formatDay('2026-11-28', 'day-month', 'en-US')).toBe('Nov 28');
    expect(formatDay('2026-11-28', 'day-month-long', 'en-US')).toBe('November 28');
    expect(formatDay('2026-11-28', 'month-year', 'en-US')).toBe('November 2026');
    expect(formatDay('2026-11-28', 'weekday', 'de-DE')).toBe('Samstag, 28. November');
    // A local Date is its local calendar day.
    expect(formatDay(new Date(2026, 10, 28, 23, 30), 'day-month', 'en-US')).toBe('Nov 28');
  });
});

describe('formatDayRange', () => {
  it('shares what the two days share, with plain spaces', () => {
    expect(formatDayRange('2025-11-16', '2025-11-22', 'en-US')).toBe('Nov 16 – 22, 2025');
    expect(formatDayRange('2025-11-30', '2025-12-06', 'en-US')).toBe('Nov 30 – Dec 6, 2025');
    expect(formatDayRange('2025-12-28', '2026-01-03', 'en-US')).toBe('Dec 28, 2025 – Jan 3, 2026');
    expect(formatDayRange('2025-11-16', '2025-11-22', 'en-GB')).toBe('16 – 22 Nov 2025');
  });
});
