import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DAILY_EMAIL_FROM_HOUR,
  DAILY_EMAIL_UNTIL_HOUR,
  dailyEmailDay,
  dateInTimeZone,
  localHour,
  missedKeySessionDay,
} from '../src/index.ts';

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/Los_Angeles',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'Pacific/Chatham',
];
const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2035-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('dailyEmailDay', () => {
  it('is the local day from 06:00 to noon, and null before and after', () => {
    expect(dailyEmailDay(new Date('2026-11-28T05:59:00Z'), 'UTC')).toBeNull();
    expect(dailyEmailDay(new Date('2026-11-28T06:00:00Z'), 'UTC')).toBe('2026-11-28');
    expect(dailyEmailDay(new Date('2026-11-28T11:59:00Z'), 'UTC')).toBe('2026-11-28');
    expect(dailyEmailDay(new Date('2026-11-28T12:00:00Z'), 'UTC')).toBeNull();
    // 18:30 UTC is 07:30 the next morning in Auckland (UTC+13 in November).
    expect(dailyEmailDay(new Date('2026-11-28T18:30:00Z'), 'Pacific/Auckland')).toBe('2026-11-29');
    // 14:00 UTC is 06:00 in Los Angeles (UTC-8).
    expect(dailyEmailDay(new Date('2026-11-28T14:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-28');
  });

  it('is due exactly in the morning window of the local clock, and then names the local day', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (now, zone) => {
        const hour = localHour(now, zone);
        const day = dailyEmailDay(now, zone);
        const inWindow = hour >= DAILY_EMAIL_FROM_HOUR && hour < DAILY_EMAIL_UNTIL_HOUR;
        expect(day !== null).toBe(inWindow);
        if (day) expect(day).toBe(dateInTimeZone(now, zone));
      }),
    );
  });

  it('is due on each local day for one stretch only: every hour of a day gives at most that day', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (start, zone) => {
        const days = new Set<string>();
        for (let h = 0; h < 24; h++) {
          const day = dailyEmailDay(new Date(start.getTime() + h * 3_600_000), zone);
          if (day) days.add(day);
        }
        // Within 24 hours the window opens once, or twice straddling a window edge on two different days.
        expect(days.size).toBeLessThanOrEqual(2);
        expect(days.size).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('missedKeySessionDay', () => {
  it('is the day before the local today', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (now, zone) => {
        expect(missedKeySessionDay(now, zone)).toBe(addDays(dateInTimeZone(now, zone), -1));
      }),
    );
    expect(missedKeySessionDay(new Date('2026-11-28T23:30:00Z'), 'Pacific/Auckland')).toBe('2026-11-28');
  });
});
