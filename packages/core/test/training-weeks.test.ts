// The week and zone helpers of the analytics reads: Monday weeks of a range, grouping by week, the point that
// closes a week, and zone totals as percentages and named fields.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  groupByWeek,
  weekClosingPoint,
  weekStartOf,
  weekStartsBetween,
  zoneFields,
  zoneSummary,
  zoneTotalsList,
} from '../src/index.ts';

describe('weekStartsBetween', () => {
  it('lists every Monday from the first to the last, both included', () => {
    expect(weekStartsBetween('2026-11-02', '2026-11-23')).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(weekStartsBetween('2026-11-23', '2026-11-23')).toEqual(['2026-11-23']);
    expect(weekStartsBetween('2026-11-30', '2026-11-23')).toEqual([]);
  });

  it('crosses a year end and a daylight-saving change as plain calendar weeks', () => {
    expect(weekStartsBetween('2026-12-21', '2027-01-04')).toEqual(['2026-12-21', '2026-12-28', '2027-01-04']);
    expect(weekStartsBetween('2026-03-23', '2026-04-06')).toEqual(['2026-03-23', '2026-03-30', '2026-04-06']);
  });
});

describe('groupByWeek', () => {
  it('groups dated items under their Monday, keeping their order', () => {
    const items = [
      { date: '2026-11-22', n: 1 }, // a Sunday: the week of Monday 16th
      { date: '2026-11-23', n: 2 },
      { date: '2026-11-16', n: 3 },
      { date: '2026-11-29', n: 4 },
    ];
    const groups = groupByWeek(items);
    expect([...groups.keys()]).toEqual(['2026-11-16', '2026-11-23']);
    expect(groups.get('2026-11-16')!.map((i) => i.n)).toEqual([1, 3]);
    expect(groups.get('2026-11-23')!.map((i) => i.n)).toEqual([2, 4]);
  });

  it('puts every item in exactly one group, its own week', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((i) => addDays('2020-01-01', i));
    fc.assert(
      fc.property(fc.array(day, { maxLength: 50 }), (dates) => {
        const groups = groupByWeek(dates.map((date) => ({ date })));
        let count = 0;
        for (const [week, group] of groups) {
          count += group.length;
          for (const item of group) expect(weekStartOf(item.date)).toBe(week);
        }
        expect(count).toBe(dates.length);
      }),
    );
  });
});

describe('weekClosingPoint', () => {
  const points = ['2026-11-15', '2026-11-22', '2026-11-25'].map((date, i) => ({ date, ctl: i }));

  it("is the week's Sunday for a past week", () => {
    expect(weekClosingPoint(points, '2026-11-16', '2026-11-25')).toEqual({ date: '2026-11-22', ctl: 1 });
  });

  it('is today for the week still running, and undefined when the series lacks that day', () => {
    expect(weekClosingPoint(points, '2026-11-23', '2026-11-25')).toEqual({ date: '2026-11-25', ctl: 2 });
    expect(weekClosingPoint(points, '2026-11-23', '2026-11-24')).toBeUndefined();
  });
});

describe('zone helpers', () => {
  it('lists a row zone 1 first and names five values', () => {
    expect(zoneTotalsList({ z1: 1, z2: 2, z3: 3, z4: 4, z5: 5 })).toEqual([1, 2, 3, 4, 5]);
    expect(zoneFields([1, 2, 3, 4, 5])).toEqual({ zone_1: 1, zone_2: 2, zone_3: 3, zone_4: 4, zone_5: 5 });
  });

  it('summarizes minutes as percentages summing to 100 with the total to 0.1', () => {
    const summary = zoneSummary([60, 30, 5, 3.33, 1.67]);
    expect(summary.total_time_minutes).toBe(100);
    expect(summary.zone_1_percentage).toBe(60);
    expect(summary.zone_1_2_percentage).toBe(90);
    const zones = [
      summary.zone_1_percentage,
      summary.zone_2_percentage,
      summary.zone_3_percentage,
      summary.zone_4_percentage,
      summary.zone_5_percentage,
    ];
    expect(zones.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
  });

  it('answers all zeros without time', () => {
    expect(zoneSummary([0, 0, 0, 0, 0])).toEqual({
      zone_1_percentage: 0,
      zone_2_percentage: 0,
      zone_3_percentage: 0,
      zone_4_percentage: 0,
      zone_5_percentage: 0,
      zone_1_2_percentage: 0,
      zone_4_5_percentage: 0,
      total_time_minutes: 0,
    });
  });
});
