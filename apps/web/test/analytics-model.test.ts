import { addDays } from '@stamina/core';
import { describe, expect, it } from 'vitest';
import {
  FITNESS_RANGES,
  fitnessChartRows,
  parseFitnessRange,
} from '../src/features/analytics/analytics-model.ts';

const TODAY = '2025-11-18';
const day = (i: number, load = 10) => ({ date: addDays(TODAY, i), ctl: load, atl: load, tsb: 0 });

describe('the fitness chart rows', () => {
  it('joins the projection to the history at today: today carries both, later days only the projection', () => {
    const rows = fitnessChartRows([day(-1), day(0, 20)], [day(0, 20), day(1, 18), day(2, 16)]);
    expect(rows.map((r) => [r.date, r.projected, r.ctl ?? null, r.projectedCtl ?? null])).toEqual([
      [addDays(TODAY, -1), false, 10, null],
      [TODAY, false, 20, 20],
      [addDays(TODAY, 1), true, null, 18],
      [addDays(TODAY, 2), true, null, 16],
    ]);
  });

  it("'All' asks for ten years and starts at the first day with load; a long span keeps at most 200 points", () => {
    expect(parseFitnessRange('all')).toBe('all');
    expect(FITNESS_RANGES.all.days).toBe(3650);
    expect(parseFitnessRange('nonsense')).toBe('3m');
    const history = Array.from({ length: 3650 }, (_, i) => day(i - 3649, i < 1000 ? 0 : 10));
    const rows = fitnessChartRows(history, [day(0), day(1), day(2)], true);
    expect(rows.length).toBeLessThanOrEqual(200);
    expect(rows[0]!.date >= addDays(TODAY, 1000 - 3649)).toBe(true);
    // Today and the last projected day are always kept.
    expect(rows.some((r) => r.date === TODAY && !r.projected)).toBe(true);
    expect(rows.at(-1)!.date).toBe(addDays(TODAY, 2));
  });
});
