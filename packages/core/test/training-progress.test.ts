import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  averageWeeklyHours,
  coachSummary,
  consistencyBadge,
  finishedWeeks,
  hasNoHours,
  isWeekInProgress,
  type ProgressFigures,
  type ProgressWeek,
  peakWeek,
  polarizationBadge,
  progressSampleData,
  trimLeadingEmptyWeeks,
  volumeBadge,
  volumeGrowth,
  wholeSplit,
} from '../src/index.ts';

// Tuesday; the week of Monday 2025-11-17 is still running.
const TODAY = '2025-11-18';

/** Weeks ending with the current one, oldest first, with the given hours. */
function weeks(hours: readonly number[]): ProgressWeek[] {
  const lastMonday = '2025-11-17';
  return hours.map((total_hours, i) => ({
    week: i + 1,
    week_start_date: addDays(lastMonday, (i - (hours.length - 1)) * 7),
    total_hours,
  }));
}

describe('weeks in progress', () => {
  it('counts the week holding today (through its Sunday) as running', () => {
    expect(isWeekInProgress({ week_start_date: '2025-11-17' }, TODAY)).toBe(true);
    expect(isWeekInProgress({ week_start_date: '2025-11-17' }, '2025-11-23')).toBe(true);
    expect(isWeekInProgress({ week_start_date: '2025-11-10' }, TODAY)).toBe(false);
  });

  it('keeps the running week when it is the only one', () => {
    expect(finishedWeeks(weeks([3]), TODAY)).toHaveLength(1);
    expect(finishedWeeks(weeks([3, 4, 5]), TODAY).map((w) => w.total_hours)).toEqual([3, 4]);
  });

  it('trims the weeks before the first with hours', () => {
    const trimmed = trimLeadingEmptyWeeks(weeks([0, 0, 2, 0, 3]));
    expect(trimmed.map((w) => w.total_hours)).toEqual([2, 0, 3]);
    // Numbered again from the first training week.
    expect(trimmed.map((w) => w.week)).toEqual([1, 2, 3]);
    expect(trimLeadingEmptyWeeks(weeks([0, 0]))).toEqual([]);
    expect(hasNoHours(weeks([0, 0]))).toBe(true);
    expect(hasNoHours(weeks([0, 0.1]))).toBe(false);
  });
});

describe('peak and average', () => {
  it('finds the biggest week (the earliest of equals) and its index', () => {
    expect(peakWeek(weeks([10, 31.14, 12, 31.14]))).toEqual({ hours: 31.1, week: 2 });
    expect(peakWeek(weeks([0, 0]))).toBeNull();
    expect(peakWeek([])).toBeNull();
  });

  it('averages the finished weeks, empty weeks included, to 0.1 h', () => {
    // The running week (40 h so far) is left out: (10 + 0 + 20) / 3.
    expect(averageWeeklyHours(weeks([10, 0, 20, 40]), TODAY)).toBe(10);
    expect(averageWeeklyHours(weeks([10, 12.5, 3]), TODAY)).toBe(11.3);
    expect(averageWeeklyHours([], TODAY)).toBe(0);
  });
});

describe('volume growth', () => {
  it('compares the last quarter of the finished weeks with the first', () => {
    // 12 finished weeks + the running one: quarters of 3 weeks, 17 h → 31 h.
    const hours = [16, 17, 18, 20, 21, 22, 23, 25, 15, 30, 31, 32, 5];
    expect(volumeGrowth(weeks(hours), TODAY)).toEqual({
      percent: 82,
      fromHours: 17,
      toHours: 31,
      weeksPerQuarter: 3,
    });
  });

  it('uses single weeks below eight weeks and needs two finished weeks and a base', () => {
    expect(volumeGrowth(weeks([10, 11, 12, 15, 99]), TODAY)?.percent).toBe(50);
    expect(volumeGrowth(weeks([10, 99]), TODAY)).toBeNull();
    expect(volumeGrowth(weeks([0, 5, 8]), TODAY)).toBeNull();
    expect(volumeGrowth(weeks([10, 5, 0]), TODAY)?.percent).toBe(-50);
  });

  it('writes the badges', () => {
    expect(volumeBadge({ percent: 83 })).toBe('Volume +83%');
    expect(volumeBadge({ percent: -12 })).toBe('Volume −12%');
    expect(volumeBadge({ percent: 0 })).toBe('Volume +0%');
    expect(consistencyBadge(86.6)).toBe('87% Consistency');
  });

  it('property: growth is 0 for flat weeks and its sign follows the quarters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.5, max: 40, noNaN: true }), { minLength: 3, maxLength: 60 }),
        (hours) => {
          const growth = volumeGrowth(weeks(hours), TODAY);
          expect(growth).not.toBeNull();
          const q = growth!.weeksPerQuarter;
          const done = hours.slice(0, -1);
          const first = done.slice(0, q).reduce((a, b) => a + b, 0) / q;
          const last = done.slice(-q).reduce((a, b) => a + b, 0) / q;
          expect(Math.sign(growth!.percent) || 0).toBe(
            Math.round(((last - first) / first) * 100) === 0 ? 0 : Math.sign(last - first),
          );
          const flat = volumeGrowth(weeks(hours.map(() => hours[0]!)), TODAY);
          expect(flat?.percent).toBe(0);
        },
      ),
    );
  });
});

describe('the 80/20 badge', () => {
  it('says Perfect 80/20 when polarized, the actual split otherwise, nothing without zone time', () => {
    const distribution = { low: 71.6, moderate: 18.2, high: 10.2 };
    expect(
      polarizationBadge({ is_polarized: true, current_distribution: distribution, total_time_minutes: 60 }),
    ).toBe('Perfect 80/20');
    expect(
      polarizationBadge({ is_polarized: false, current_distribution: distribution, total_time_minutes: 60 }),
    ).toBe('72/18/10');
    expect(
      polarizationBadge({ is_polarized: false, current_distribution: distribution, total_time_minutes: 0 }),
    ).toBeNull();
  });

  it('property: the split is whole percents adding up to 100, each within 1 of the share', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (low, moderate, high) => {
          const split = wholeSplit({ low, moderate, high });
          const total = low + moderate + high;
          if (total <= 0) return expect(split).toEqual([0, 0, 0]);
          expect(split.reduce((a, b) => a + b, 0)).toBe(100);
          [low, moderate, high].forEach((v, i) => {
            expect(Number.isInteger(split[i])).toBe(true);
            expect(Math.abs(split[i]! - (v / total) * 100)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('coach summary', () => {
  const base: ProgressFigures = {
    periodText: 'the last 12 weeks',
    peak: { hours: 31.1, week: 12 },
    averageHours: 22.4,
    growth: { percent: 83, fromHours: 17, toHours: 31.1, weeksPerQuarter: 3 },
    consistency: { completion_percentage: 87, current_streak: 7, training_days: 70 },
    polarization: {
      is_polarized: true,
      current_distribution: { low: 80, moderate: 5, high: 15 },
      total_time_minutes: 900,
    },
    achievements: { earned: 5, total: 27 },
  };

  it('cites every figure it has, in plain sentences', () => {
    expect(coachSummary(base)).toEqual([
      'Over the last 12 weeks your weekly volume grew 83%, from 17 h to 31.1 h a week.',
      'Your biggest week was week 12, with 31.1 h.',
      'Excellent consistency: you completed 87% of your planned days and your current streak is 7 days.',
      'Your intensity split of 80/5/15 (easy/moderate/hard) follows the 80/20 pattern.',
      'You have earned 5 of 27 achievements.',
    ]);
  });

  it('adapts to falling or steady volume, weaker consistency and an unpolarized split', () => {
    const lines = coachSummary({
      ...base,
      growth: { percent: -20, fromHours: 10, toHours: 8, weeksPerQuarter: 1 },
      consistency: { completion_percentage: 40, current_streak: 1, training_days: 10 },
      polarization: {
        is_polarized: false,
        current_distribution: { low: 72, moderate: 18, high: 10 },
        total_time_minutes: 300,
      },
    });
    expect(lines[0]).toMatch(/fell 20%, from 10 h to 8 h a week: fine for a recovery block/);
    expect(lines[2]).toBe(
      'You completed 40% of your planned days (your current streak is 1 day): fewer, shorter sessions ' +
        'you can keep will do more than a plan you miss.',
    );
    expect(lines[3]).toMatch(/^Your intensity split is 72\/18\/10 .* against the 80\/5\/15 target/);
    expect(
      coachSummary({ ...base, growth: { percent: -4, fromHours: 10, toHours: 9.6, weeksPerQuarter: 1 } })[0],
    ).toBe('Over the last 12 weeks your weekly volume held steady (−4%), averaging 22.4 h a week.');
  });

  it('says nothing about figures it does not have', () => {
    expect(
      coachSummary({
        periodText: 'the last 4 weeks',
        peak: null,
        averageHours: 0,
        growth: null,
        consistency: null,
        polarization: null,
        achievements: null,
      }),
    ).toEqual([]);
  });
});

describe('the progress sample', () => {
  it('is deterministic and follows the spec rules', () => {
    const a = progressSampleData(TODAY);
    expect(progressSampleData(TODAY)).toEqual(a);
    expect(a.weeklyLoad).toHaveLength(12);
    expect(a.consistency.days).toHaveLength(28);
    expect(a.consistency.days.at(-1)).toMatchObject({ date: TODAY, day: 18 });
    expect(a.consistency.current_streak).toBe(7);
    const complete = a.consistency.days.filter((d) => d.status === 'complete').length;
    expect(a.consistency.completion_percentage).toBe(Math.round((complete / 28) * 100));
    expect(a.zones.reduce((sum, z) => sum + z.value, 0)).toBe(100);
    expect(a.fitness).toHaveLength(84);
    expect(a.fitness.at(-1)?.date).toBe(TODAY);
    // The deload week is the lightest after the start.
    const totals = a.weeklyLoad.map((w) => w.swim + w.bike + w.run + w.strength);
    expect(Math.min(...totals.slice(4))).toBe(totals[8]);
  });
});
