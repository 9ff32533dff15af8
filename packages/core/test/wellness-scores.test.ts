// Recovery and readiness scores, baselines, labels, display indicators and recommendations, with hand-computed
// fixtures (docs/wellness.md §2-§5) and properties over any input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formChip,
  metricIndicator,
  RECOVERY_WEIGHTS,
  readinessBand,
  readinessIndicator,
  readinessLabel,
  readinessScore,
  recoveryBand,
  recoveryLabel,
  recoveryRecommendations,
  recoveryScore,
  sleepDurationComponent,
  WELLNESS_DEFAULT_BASELINES,
  type WellnessValues,
  wellnessBaselines,
} from '../src/index.ts';

const defaults = { ...WELLNESS_DEFAULT_BASELINES };

describe('wellnessBaselines', () => {
  const day = '2026-03-31';
  const history = (count: number, hrv: number, from = 1): WellnessValues[] =>
    Array.from({ length: count }, (_, i) => ({ date: addDays(day, -(from + i)), hrv }));

  it('uses the defaults without enough data', () => {
    expect(wellnessBaselines([], day)).toEqual({ ...defaults, source: 'default', days: 0 });
    expect(wellnessBaselines(history(6, 60), day)).toMatchObject({ hrv: 45, source: 'default', days: 6 });
  });

  it('switches a metric to its own 30-day mean from 7 values, the others keep their defaults', () => {
    const rows = [...history(6, 60), { date: addDays(day, -7), hrv: 67, resting_hr: 40 }];
    // (6 × 60 + 67) / 7 = 61
    expect(wellnessBaselines(rows, day)).toEqual({
      hrv: 61,
      resting_hr: 50,
      sleep_hours: 7.5,
      source: 'personal',
      days: 7,
    });
  });

  it('leaves out the day itself and anything older than 30 days or in the future', () => {
    const rows = [
      ...history(7, 50),
      { date: day, hrv: 10 },
      { date: addDays(day, -31), hrv: 10 },
      { date: addDays(day, 1), hrv: 10 },
      ...history(1, 50, 30),
    ];
    expect(wellnessBaselines(rows, day)).toMatchObject({ hrv: 50, days: 8 });
  });

  it('rounds the means and never throws on rubbish', () => {
    const rows = [...history(2, 40), ...history(5, 41, 3)];
    expect(wellnessBaselines(rows, day).hrv).toBe(40.7);
    expect(wellnessBaselines(rows, 'not a date')).toMatchObject({ source: 'default', days: 0 });
  });
});

describe('recoveryScore', () => {
  it('scores the spec example: HRV 25 vs 45 and 4.5 h sleep alone → 35, Need Recovery', () => {
    const result = recoveryScore({ hrv: 25, sleep_hours: 4.5 }, defaults);
    // HRV: (25 − 45) / 45 × 250 = −111 → −50, × .25 = −12.5. Sleep: 50 − 25 × 2.5 = −12.5, × .2 = −2.5.
    expect(result.score).toBe(35);
    expect(result.label).toBe('Need Recovery');
    expect(result.band).toBe('low');
    expect(result.factors.hrv).toEqual({ value: 25, baseline: 45, weight: 0.25, points: -12.5 });
    expect(result.factors.sleep_duration.points).toBe(-2.5);
    expect(result.factors.resting_hr).toEqual({ value: null, baseline: 50, weight: 0.2, points: 0 });
    expect(result.confidence).toBe(0.45);
  });

  it('reaches 100 on a perfect day and 0 on the worst', () => {
    const best = recoveryScore(
      { hrv: 60, resting_hr: 40, sleep_hours: 8, sleep_quality: 5, readiness: 5 },
      defaults,
      { tsb: 25 },
    );
    expect(best).toMatchObject({ score: 100, label: 'Fully Recovered', band: 'high', confidence: 1 });
    const worst = recoveryScore(
      { hrv: 20, resting_hr: 70, sleep_hours: 2, sleep_quality: 0, readiness: 0 },
      defaults,
      { tsb: -40 },
    );
    expect(worst.score).toBe(0);
  });

  it('adds each component by hand', () => {
    // HRV 49.5 vs 45: +10 % × 250 = 25 → 6.25. RHR 52 vs 50: −4 % × 500 = −20 → −4. Sleep 6 h: 25 → 5.
    // Quality 3: 10 → 1.5. Readiness 4: 30 → 4.5. TSB −8: −20 → −1. 50 + 12.25 = 62.25 → 62.
    const result = recoveryScore(
      { hrv: 49.5, resting_hr: 52, sleep_hours: 6, sleep_quality: 3, readiness: 4 },
      defaults,
      { tsb: -8 },
    );
    expect(result.score).toBe(62);
    expect(result.label).toBe('Good Recovery');
    expect(Object.values(result.factors).map((f) => f.points)).toEqual([6.3, -4, 5, 1.5, 4.5, -1]);
  });

  it('is neutral 50 with confidence 0 without data, and TSB 0 counts as present', () => {
    expect(recoveryScore({}, defaults)).toMatchObject({ score: 50, confidence: 0 });
    expect(recoveryScore({}, defaults, { tsb: 0 })).toMatchObject({ score: 50, confidence: 0.05 });
  });

  it('sleep duration component', () => {
    expect([8, 7, 9, 6, 5, 4.5, 10, 0].map(sleepDurationComponent)).toEqual([
      50, 50, 50, 25, 0, -12.5, 25, -50,
    ]);
  });

  const maybe = (arb: fc.Arbitrary<number>) => fc.option(arb, { nil: undefined });
  const anyNumber = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0));

  it('stays a whole number in 0..100 with confidence the sum of present weights, for any input', () => {
    fc.assert(
      fc.property(
        fc.record({
          hrv: maybe(anyNumber),
          resting_hr: maybe(anyNumber),
          sleep_hours: maybe(anyNumber),
          sleep_quality: maybe(anyNumber),
          readiness: maybe(anyNumber),
        }),
        fc.record({ hrv: anyNumber, resting_hr: anyNumber, sleep_hours: anyNumber }),
        maybe(anyNumber),
        (values, baselines, tsb) => {
          const result = recoveryScore(values, baselines, { tsb });
          expect(Number.isInteger(result.score)).toBe(true);
          expect(result.score).toBeGreaterThanOrEqual(0);
          expect(result.score).toBeLessThanOrEqual(100);
          const present = Object.entries(result.factors)
            .filter(([, f]) => f.value !== null)
            .reduce((sum, [key]) => sum + RECOVERY_WEIGHTS[key as keyof typeof RECOVERY_WEIGHTS], 0);
          expect(result.confidence).toBeCloseTo(present, 5);
          for (const f of Object.values(result.factors)) expect(Math.abs(f.points)).toBeLessThanOrEqual(12.5);
        },
      ),
    );
  });

  it('never falls when HRV rises or resting HR drops', () => {
    fc.assert(
      // Real values only: a NaN is a missing value, which the score leaves out by design.
      fc.property(
        fc.double({ min: 5, max: 300, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (hrv, up) => {
          const lower = recoveryScore({ hrv, resting_hr: 60 }, defaults).score;
          expect(recoveryScore({ hrv: hrv + up, resting_hr: 60 }, defaults).score).toBeGreaterThanOrEqual(
            lower,
          );
          expect(recoveryScore({ hrv, resting_hr: 60 - up / 5 }, defaults).score).toBeGreaterThanOrEqual(
            lower,
          );
        },
      ),
    );
  });
});

describe('labels and bands', () => {
  it('recovery labels and bands at their edges', () => {
    expect([80, 79, 60, 59, 40, 39].map(recoveryLabel)).toEqual([
      'Fully Recovered',
      'Good Recovery',
      'Good Recovery',
      'Moderate Recovery',
      'Moderate Recovery',
      'Need Recovery',
    ]);
    expect([39, 40, 59, 60, 85, 86].map(recoveryBand)).toEqual([
      'low',
      'reduced',
      'reduced',
      'normal',
      'normal',
      'high',
    ]);
  });

  it('readiness labels, hero bands and colours', () => {
    expect([80, 60, 40, 39].map(readinessLabel)).toEqual([
      'Ready to Train',
      'Good to Go',
      'Take It Easy',
      'Rest Recommended',
    ]);
    expect([80, 79, 70, 69, 60, 59, 40, 39].map(readinessBand)).toEqual([
      'Excellent',
      'Great',
      'Great',
      'Good',
      'Good',
      'Fair',
      'Fair',
      'Poor',
    ]);
    expect([80, 79, 60, 59].map(readinessIndicator)).toEqual([
      'success',
      'warning',
      'warning',
      'destructive',
    ]);
  });

  it('form chip and metric indicators', () => {
    expect([11, 10, 0, -10, -11, null].map(formChip)).toEqual([
      'positive',
      'neutral',
      null,
      'neutral',
      'negative',
      null,
    ]);
    expect([45, 44.9, 30, 29].map((v) => metricIndicator('hrv', v))).toEqual([
      'good',
      'fair',
      'fair',
      'poor',
    ]);
    expect([7, 6.5, 6, 5.9].map((v) => metricIndicator('sleep_hours', v))).toEqual([
      'good',
      'fair',
      'fair',
      'poor',
    ]);
    expect([3, 4, 6, 7].map((v) => metricIndicator('fatigue_level', v))).toEqual([
      'good',
      'fair',
      'fair',
      'poor',
    ]);
    expect(metricIndicator('hrv', null)).toBeNull();
  });
});

describe('readinessScore', () => {
  it('weighs recovery 60 %, form 25 %, load 15 %', () => {
    // Form at TSB 5 is 85; ACWR 40/40 = 1 is optimal → 100. 0.6 × 70 + 0.25 × 85 + 0.15 × 100 = 78.25 → 78.
    const result = readinessScore({ recovery: 70, recoveryConfidence: 0.5, tsb: 5, atl: 40, ctl: 40 });
    expect(result).toMatchObject({ score: 78, label: 'Good to Go', confidence: 0.7 });
    expect(result.components.load).toEqual({ atl: 40, ctl: 40, acwr: 1, score: 100, weight: 0.15 });
  });

  it('keeps form and load at 25:15 without recovery, and scores load 80 without CTL', () => {
    // Form at TSB 0 is 77; no CTL → 80. 0.625 × 77 + 0.375 × 80 = 78.125 → 78.
    const result = readinessScore({ recovery: null, tsb: 0, atl: 0, ctl: 0 });
    expect(result).toMatchObject({ score: 78, confidence: 0.4 });
    expect(result.components.recovery).toEqual({ score: null, weight: 0 });
    expect(result.components.form.weight).toBe(0.625);
    expect(result.components.load).toMatchObject({ acwr: null, score: 80, weight: 0.375 });
  });

  it('scores an overloaded week low', () => {
    // ACWR 2 → very high → 20; TSB −30 → 20; recovery 30. 18 + 5 + 3 = 26.
    expect(readinessScore({ recovery: 30, tsb: -30, atl: 80, ctl: 40 }).score).toBe(26);
  });

  it('is a whole number in 0..100 for any input', () => {
    const anyNumber = fc.oneof(fc.double(), fc.constant(Number.NaN));
    fc.assert(
      fc.property(
        fc.option(anyNumber, { nil: null }),
        anyNumber,
        anyNumber,
        anyNumber,
        (recovery, tsb, atl, ctl) => {
          const { score, confidence } = readinessScore({ recovery, tsb, atl, ctl });
          expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
          expect(confidence >= 0.4 && confidence <= 1).toBe(true);
        },
      ),
    );
  });
});

describe('recoveryRecommendations', () => {
  it('cites the numbers, most important first', () => {
    const personal = { ...defaults, source: 'personal' as const };
    const list = recoveryRecommendations(
      35,
      { hrv: 25, sleep_hours: 4.5, resting_hr: 57, fatigue_level: 8, soreness: 9, sleep_quality: 1 },
      personal,
    );
    expect(list).toHaveLength(5);
    expect(list[0]).toBe('Recovery score 35 is low: make today a rest day or a very easy session.');
    expect(list[1]).toBe('HRV 25 ms is 44% below your 30-day baseline of 45 ms: keep today easy or rest.');
    expect(list[2]).toContain('Resting HR 57 bpm is 7 bpm above');
    expect(list[3]).toContain('You slept 4.5 h');
    expect(list[4]).toContain('Fatigue 8/10');
  });

  it('praises a fully recovered day and says something on an ordinary one', () => {
    expect(recoveryRecommendations(90, { hrv: 50 }, defaults)).toEqual([
      'Recovery score 90: fully recovered, a good day for a key or hard session.',
    ]);
    expect(recoveryRecommendations(65, {}, defaults)).toHaveLength(1);
    expect(recoveryRecommendations(null, null, defaults)).toEqual([]);
  });
});
