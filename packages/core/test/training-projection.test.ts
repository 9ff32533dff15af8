import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, loadSeries, MAX_PROJECTION_DAYS, projectLoad } from '../src/index.ts';

const load = fc.double({ min: 0, max: 300, noNaN: true });
const TODAY = '2026-03-10';

describe('projectLoad', () => {
  it('with no planned load, decays CTL and ATL monotonically toward 0', () => {
    fc.assert(
      fc.property(load, load, fc.integer({ min: 1, max: 365 }), (ctl, atl, days) => {
        const points = projectLoad({
          today: TODAY,
          current: { ctl, atl },
          planned: [],
          to: addDays(TODAY, days),
        });
        expect(points).toHaveLength(days + 1);
        for (let i = 1; i < points.length; i++) {
          expect(points[i]!.ctl).toBeLessThanOrEqual(points[i - 1]!.ctl);
          expect(points[i]!.atl).toBeLessThanOrEqual(points[i - 1]!.atl);
          expect(points[i]!.ctl).toBeGreaterThanOrEqual(0);
        }
        // A year of rest leaves under 0.02 % of ATL and under 0.2 % of CTL.
        if (days === 365) {
          expect(points.at(-1)!.ctl).toBeLessThan(ctl * 0.002 + 1e-9);
          expect(points.at(-1)!.atl).toBeLessThan(atl * 0.0002 + 1e-9);
        }
      }),
    );
  });

  it('is continuous at today: the first point is today with the current CTL, ATL and their TSB', () => {
    fc.assert(
      fc.property(load, load, fc.array(load, { maxLength: 30 }), (ctl, atl, tss) => {
        const planned = tss.map((value, i) => ({ date: addDays(TODAY, i + 1), tss: value }));
        const [first, second] = projectLoad({
          today: TODAY,
          current: { ctl, atl },
          planned,
          to: addDays(TODAY, 30),
        });
        expect(first).toEqual({ date: TODAY, tss: 0, ctl, atl, tsb: ctl - atl });
        expect(second!.date).toBe(addDays(TODAY, 1));
        // One model step away from today, not a jump: the step closes at most the gap to the day's TSS.
        expect(Math.abs(second!.ctl - ctl)).toBeLessThanOrEqual(Math.abs((tss[0] ?? 0) - ctl) * 0.03 + 1e-9);
      }),
    );
  });

  it('equals the history model run on from today with the planned TSS', () => {
    fc.assert(
      fc.property(load, load, fc.array(load, { minLength: 1, maxLength: 60 }), (ctl, atl, tss) => {
        const planned = tss.map((value, i) => ({ date: addDays(TODAY, i + 1), tss: value }));
        const to = addDays(TODAY, tss.length);
        const projected = projectLoad({ today: TODAY, current: { ctl, atl }, planned, to });
        const expected = loadSeries(planned, { from: addDays(TODAY, 1), to, seed: { ctl, atl } });
        expect(projected.slice(1)).toEqual(expected);
      }),
    );
  });

  it('ignores planned days already past, stops at a year and answers only today for an end not after it', () => {
    const past = [
      { date: TODAY, tss: 500 },
      { date: addDays(TODAY, -3), tss: 500 },
    ];
    const points = projectLoad({
      today: TODAY,
      current: { ctl: 50, atl: 60 },
      planned: past,
      to: addDays(TODAY, 2),
    });
    expect(points.map((p) => p.tss)).toEqual([0, 0, 0]);
    expect(
      projectLoad({ today: TODAY, current: { ctl: 1, atl: 1 }, planned: [], to: addDays(TODAY, 9999) }),
    ).toHaveLength(MAX_PROJECTION_DAYS + 1);
    expect(projectLoad({ today: TODAY, current: { ctl: 1, atl: 2 }, planned: [], to: TODAY })).toEqual([
      { date: TODAY, tss: 0, ctl: 1, atl: 2, tsb: -1 },
    ]);
    expect(
      projectLoad({ today: TODAY, current: { ctl: Number.NaN, atl: -5 }, planned: [], to: 'soon' }),
    ).toEqual([{ date: TODAY, tss: 0, ctl: 0, atl: 0, tsb: 0 }]);
  });
});
