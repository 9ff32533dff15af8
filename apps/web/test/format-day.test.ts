// formatDay: the one place the web app writes a YYYY-MM-DD day for people, in their locale.
import { describe, expect, it } from 'vitest';
import { formatDay } from '../src/lib/dates.ts';

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
});
