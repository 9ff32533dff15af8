import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATL_DAILY_GAIN,
  addDays,
  CTL_DAILY_GAIN,
  type DailyTss,
  extendSeriesTo,
  loadSeries,
  rampRate,
  rederiveLoadFrom,
  restLoad,
  trainingLoadStep,
  weeklyTssFromAtl,
} from '../src/index.ts';

const days = (from: string, tss: readonly number[]): DailyTss[] =>
  tss.map((value, i) => ({ date: addDays(from, i), tss: value }));

describe('restLoad', () => {
  it('equals that many rest days stepped one by one, for any load and gap', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.integer({ min: 0, max: 400 }),
        (ctl, atl, gap) => {
          let stepped = { ctl, atl };
          for (let i = 0; i < gap; i++) stepped = trainingLoadStep(stepped, 0);
          const closed = restLoad({ ctl, atl }, gap);
          expect(closed.ctl).toBeCloseTo(stepped.ctl, 9);
          expect(closed.atl).toBeCloseTo(stepped.atl, 9);
        },
      ),
    );
  });

  it('costs the same for a gap of two centuries, and reaches (almost) nothing', () => {
    const after = restLoad({ ctl: 120, atl: 150 }, 73_000);
    expect(after.ctl).toBeLessThan(1e-100);
    expect(after.atl).toBe(0);
    expect(restLoad({ ctl: 50, atl: 60 }, -3)).toEqual({ ctl: 50, atl: 60 });
    expect(restLoad(null, 10)).toEqual({ ctl: 0, atl: 0 });
  });
});

describe('trainingLoadStep', () => {
  it('moves CTL and ATL by 1 − e^(−1/N) of the gap to the day’s TSS', () => {
    expect(CTL_DAILY_GAIN).toBeCloseTo(0.023528, 6);
    expect(ATL_DAILY_GAIN).toBeCloseTo(0.133122, 6);
    // From nothing, 100 TSS: CTL 2.353, ATL 13.312, TSB = same-day CTL − ATL = −10.959.
    const first = trainingLoadStep(null, 100);
    expect(first.ctl).toBeCloseTo(2.353, 3);
    expect(first.atl).toBeCloseTo(13.312, 3);
    expect(first.tsb).toBeCloseTo(-10.959, 3);
    // A rest day from CTL 50, ATL 60: 50·e^(−1/42) = 48.824, 60·e^(−1/7) = 52.013.
    const rest = trainingLoadStep({ ctl: 50, atl: 60 }, 0);
    expect(rest.ctl).toBeCloseTo(48.824, 3);
    expect(rest.atl).toBeCloseTo(52.013, 3);
    expect(rest.tsb).toBeCloseTo(-3.189, 3);
  });

  it('decays to 1/e after one time constant of rest', () => {
    let state = { ctl: 60, atl: 60 };
    for (let i = 0; i < 42; i++) state = trainingLoadStep(state, 0);
    expect(state.ctl).toBeCloseTo(60 / Math.E, 6);
  });

  it('treats bad numbers as 0', () => {
    expect(trainingLoadStep({ ctl: Number.NaN, atl: -5 }, Number.POSITIVE_INFINITY)).toEqual({
      ctl: 0,
      atl: 0,
      tsb: 0,
    });
  });
});

describe('loadSeries', () => {
  it('gives one point per day, filling missing days with 0 and summing several sessions of a day', () => {
    const series = loadSeries([
      { date: '2026-01-03', tss: 50 },
      { date: '2026-01-01', tss: 60 },
      { date: '2026-01-01', tss: 40 },
      { date: 'not a date', tss: 500 },
    ]);
    expect(series.map((p) => [p.date, p.tss])).toEqual([
      ['2026-01-01', 100],
      ['2026-01-02', 0],
      ['2026-01-03', 50],
    ]);
    expect(series[0]!.ctl).toBeCloseTo(2.353, 3);
    for (const p of series) expect(p.tsb).toBeCloseTo(p.ctl - p.atl, 10);
  });

  it('starts from a seed and runs through `to`', () => {
    const series = loadSeries([], { from: '2026-01-01', to: '2026-01-02', seed: { ctl: 50, atl: 60 } });
    expect(series).toHaveLength(2);
    expect(series[0]!.ctl).toBeCloseTo(48.824, 3);
    expect(loadSeries([])).toEqual([]);
    expect(loadSeries([], { from: '2026-01-05', to: '2026-01-01' })).toEqual([]);
  });

  it('re-derives from a changed day exactly as a full recomputation would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 2, maxLength: 60 }),
        fc.nat(),
        (tss, pick) => {
          const entries = days('2026-03-01', tss);
          const full = loadSeries(entries);
          const k = 1 + (pick % (tss.length - 1));
          const before = full[k - 1]!;
          const tail = rederiveLoadFrom(full[k]!.date, before, entries);
          expect(tail).toHaveLength(full.length - k);
          tail.forEach((p, i) => {
            expect(p.ctl).toBeCloseTo(full[k + i]!.ctl, 9);
            expect(p.atl).toBeCloseTo(full[k + i]!.atl, 9);
          });
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('fitness model properties', () => {
  it('drives CTL and ATL towards a constant daily TSS, monotonically', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        (tss, ctl0, atl0) => {
          const series = loadSeries(days('2026-01-01', new Array(300).fill(tss)), {
            seed: { ctl: ctl0, atl: atl0 },
          });
          let gapCtl = Math.abs(ctl0 - tss);
          let gapAtl = Math.abs(atl0 - tss);
          for (const p of series) {
            const c = Math.abs(p.ctl - tss);
            const a = Math.abs(p.atl - tss);
            if (c > gapCtl + 1e-9 || a > gapAtl + 1e-9) return false;
            gapCtl = c;
            gapAtl = a;
          }
          // After 300 days: within e^(−300/42) < 0.1 % of the start gap for CTL, essentially 0 for ATL.
          return (
            gapCtl <= Math.abs(ctl0 - tss) * 0.001 + 1e-9 && gapAtl <= 1e-9 + Math.abs(atl0 - tss) * 1e-15
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('decays both towards 0 monotonically under zero load', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (ctl0, atl0) => {
          const series = loadSeries([], {
            from: '2026-01-01',
            to: '2026-12-31',
            seed: { ctl: ctl0, atl: atl0 },
          });
          let previous = { ctl: ctl0, atl: atl0 };
          for (const p of series) {
            if (p.ctl > previous.ctl || p.atl > previous.atl || p.ctl < 0 || p.atl < 0) return false;
            previous = p;
          }
          return previous.ctl <= ctl0 * Math.exp(-365 / 42) + 1e-9 && previous.atl < atl0 * 1e-20 + 1e-9;
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('ramp rate and helpers', () => {
  it('is the CTL change over 7 days, scaled when the series is shorter', () => {
    const series = [
      { date: '2026-01-01', ctl: 40 },
      { date: '2026-01-04', ctl: 42 },
      { date: '2026-01-08', ctl: 45 },
      { date: '2026-01-09', ctl: 46 },
    ];
    // 01-08 − 7 days = 01-01: 45 − 40 = 5.
    expect(rampRate(series, '2026-01-08')).toBe(5);
    // 01-09 − 7 days = 01-02 is missing: the latest point before it, 01-01, 8 days back: 6 × 7 / 8.
    expect(rampRate(series)).toBe(5.25);
    expect(rampRate(series.slice(0, 2))).toBeCloseTo((2 * 7) / 3, 10);
    expect(rampRate([])).toBe(0);
  });

  it('carries a series forward with rest days, and estimates a week from ATL', () => {
    const series = loadSeries([{ date: '2026-01-01', tss: 100 }]);
    const extended = extendSeriesTo(series, '2026-01-03');
    expect(extended.map((p) => p.tss)).toEqual([100, 0, 0]);
    expect(extended[2]!.ctl).toBeCloseTo(series[0]!.ctl * Math.exp(-2 / 42), 10);
    expect(weeklyTssFromAtl(50)).toBe(350);
    expect(weeklyTssFromAtl(Number.NaN)).toBe(0);
  });
});
