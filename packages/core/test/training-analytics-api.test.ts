// The Analytics API's pure pieces: readiness from form, the acute:chronic ratio and its bands, zone percentages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACWR_BANDS,
  acuteChronicRatio,
  acwrStatus,
  READINESS_FROM_FORM,
  trainingReadinessFromForm,
  zonePercentages,
} from '../src/index.ts';

const anyNumber = fc.oneof(
  fc.double({ noNaN: false }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
);

describe('trainingReadinessFromForm', () => {
  it('hits every breakpoint and interpolates between them', () => {
    for (const [tsb, readiness] of READINESS_FROM_FORM)
      expect(trainingReadinessFromForm(tsb)).toBe(readiness);
    expect(trainingReadinessFromForm(-100)).toBe(20);
    // −20 is halfway from (−30, 20) to (−10, 60).
    expect(trainingReadinessFromForm(-20)).toBe(40);
    // 0: two thirds of the way from (−10, 60) to (5, 85) → 76.7 → 77.
    expect(trainingReadinessFromForm(0)).toBe(77);
    // 15: halfway from (5, 85) to (25, 100) → 92.5 → 93.
    expect(trainingReadinessFromForm(15)).toBe(93);
    expect(trainingReadinessFromForm(37.5)).toBe(90);
    expect(trainingReadinessFromForm(500)).toBe(40);
  });

  it('is total: NaN reads as form 0, infinities as the ends', () => {
    expect(trainingReadinessFromForm(Number.NaN)).toBe(77);
    expect(trainingReadinessFromForm(Number.NEGATIVE_INFINITY)).toBe(20);
    expect(trainingReadinessFromForm(Number.POSITIVE_INFINITY)).toBe(40);
  });

  it('stays a whole number in 0..100 for any input', () => {
    fc.assert(
      fc.property(anyNumber, (tsb) => {
        const r = trainingReadinessFromForm(tsb);
        return Number.isInteger(r) && r >= 0 && r <= 100;
      }),
    );
  });

  it('never falls as form rises up to +25, and never rises after it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -200, max: 300, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, step) => {
          const b = a + step;
          if (b <= 25) return trainingReadinessFromForm(a) <= trainingReadinessFromForm(b);
          if (a >= 25) return trainingReadinessFromForm(a) >= trainingReadinessFromForm(b);
          return true;
        },
      ),
    );
  });

  it('has no jumps: a tenth of form moves readiness by at most 1 (plus rounding)', () => {
    fc.assert(
      fc.property(fc.double({ min: -200, max: 300, noNaN: true }), (tsb) => {
        return Math.abs(trainingReadinessFromForm(tsb) - trainingReadinessFromForm(tsb + 0.1)) <= 1;
      }),
    );
  });
});

describe('acute:chronic workload ratio', () => {
  it('divides ATL by CTL to 0.01, and is null while CTL is 0', () => {
    expect(acuteChronicRatio(60, 50)).toBe(1.2);
    expect(acuteChronicRatio(7.5, 1.3)).toBe(5.77);
    expect(acuteChronicRatio(10, 0)).toBeNull();
    expect(acuteChronicRatio(10, Number.NaN)).toBeNull();
    expect(acuteChronicRatio(0, 40)).toBe(0);
  });

  it("bands at Gabbett's 0.8, 1.3 and 1.5", () => {
    expect(acwrStatus(null)).toBeNull();
    expect(acwrStatus(0.79)).toBe('low');
    expect(acwrStatus(0.8)).toBe('optimal');
    expect(acwrStatus(1.3)).toBe('optimal');
    expect(acwrStatus(1.31)).toBe('high');
    expect(acwrStatus(1.5)).toBe('high');
    expect(acwrStatus(1.51)).toBe('very_high');
  });

  it('is never negative, and its band is ordered by the ratio', () => {
    const order = ['low', 'optimal', 'high', 'very_high'];
    // A found case: a tiny chronic load made a ratio that overflowed when rounded.
    expect(acuteChronicRatio(8.881784197001253e-18, 5e-324)).toBeNull();
    fc.assert(
      fc.property(anyNumber, anyNumber, (atl, ctl) => {
        const ratio = acuteChronicRatio(atl, ctl);
        return ratio === null || (ratio >= 0 && Number.isFinite(ratio));
      }),
    );
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (a, d) => {
          return order.indexOf(acwrStatus(a)!) <= order.indexOf(acwrStatus(a + d)!);
        },
      ),
    );
    expect(ACWR_BANDS).toEqual({ low: 0.8, optimal: 1.3, high: 1.5 });
  });
});

describe('zonePercentages', () => {
  it('rounds to 0.1 and gives the rounding drift to the largest zone', () => {
    // 1/3 each of three zones: 33.3 × 3 = 99.9, the missing tenth goes to the first largest.
    expect(zonePercentages([10, 10, 10, 0, 0])).toEqual({
      zones: [33.4, 33.3, 33.3, 0, 0],
      zone_1_2: 66.7,
      zone_4_5: 0,
    });
    expect(zonePercentages([0, 0, 0, 0, 0])).toEqual({ zones: [0, 0, 0, 0, 0], zone_1_2: 0, zone_4_5: 0 });
    expect(zonePercentages([-5, Number.NaN, 30, 0, 10])).toEqual({
      zones: [0, 0, 75, 0, 25],
      zone_1_2: 0,
      zone_4_5: 25,
    });
  });

  it('adds up to 100 whenever there is time, each zone in 0..100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e300, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (m) => {
          const { zones, zone_1_2, zone_4_5 } = zonePercentages(m);
          const sum = zones.reduce((a, b) => a + b, 0);
          const any = m.some((v) => v > 0);
          return (
            zones.every((z) => z >= 0 && z <= 100) &&
            (any ? Math.abs(sum - 100) < 1e-9 : sum === 0) &&
            Math.abs(zone_1_2 + zones[2] + zone_4_5 - sum) < 1e-9
          );
        },
      ),
    );
  });
});
