import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  heartRateTss,
  normalizedPower,
  powerTss,
  resampleToOneHertz,
  runningCostOfGradient,
  runningTss,
  swimTss,
} from '../src/index.ts';

const repeat = (value: number, seconds: number) => new Array<number>(seconds).fill(value);

describe('power TSS (Coggan)', () => {
  it('scores one hour at exactly FTP as 100', () => {
    expect(powerTss(repeat(250, 3600), 250)).toEqual({
      tss: 100,
      intensity_factor: 1,
      normalized_power: 250,
      duration_seconds: 3600,
    });
  });

  it('normalises with a 30-s rolling average and the 4th-power mean', () => {
    // 30 s at 0 W then 30 s at 200 W: the 31 rolling averages are 200·j/30, j = 0..30, so
    // NP⁴ = 200⁴ · Σj⁴ / (30⁴ · 31) = 200⁴ · 5,273,999 / 25,110,000 → NP = 135.4 W (average power 100 W).
    expect(normalizedPower([...repeat(0, 30), ...repeat(200, 30)])).toBeCloseTo(135.4, 1);
    // Shorter than one window: the plain average.
    expect(normalizedPower([100, 200, 300])).toBe(200);
    // Dropouts count as 0 W, spikes are clamped to 3000 W.
    expect(normalizedPower([Number.NaN, -5, 0])).toBe(0);
    expect(normalizedPower(repeat(1e9, 40))).toBe(3000);
  });

  it('gives (s × NP × IF) / (FTP × 3600) × 100', () => {
    // 30 min at 300 W, FTP 250: IF 1.2, TSS = 1800 × 300 × 1.2 / (250 × 3600) × 100 = 72.
    expect(powerTss(repeat(300, 1800), 250)?.tss).toBe(72);
  });

  it('answers null without a plausible FTP', () => {
    expect(powerTss(repeat(200, 60), 0)).toBeNull();
    expect(powerTss(repeat(200, 60), Number.NaN)).toBeNull();
  });

  it('is 100 for any one hour held at exactly FTP', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 3000 }), (ftp) => powerTss(repeat(ftp, 3600), ftp)?.tss === 100),
      { numRuns: 50 },
    );
  });
});

describe('heart-rate TSS', () => {
  it('scores one hour at LTHR as 100 in both models', () => {
    expect(heartRateTss(repeat(170, 3600), { lthr: 170 })).toMatchObject({ tss: 100, model: 'lthr_ratio' });
    expect(heartRateTss(repeat(170, 3600), { lthr: 170, resting_hr: 50, max_hr: 190 })).toMatchObject({
      tss: 100,
      model: 'trimp',
      intensity_factor: 1,
    });
  });

  it('weights heart rate as IF² without resting and max heart rate', () => {
    // 153 / 170 = 0.9 → 1 h × 0.81 × 100 = 81.
    expect(heartRateTss(repeat(153, 3600), { lthr: 170 })?.tss).toBe(81);
  });

  it('weights heart-rate reserve exponentially with TRIMP', () => {
    // x = (120 − 50) / 140 = 0.5 → 0.5·0.64·e^0.96 = 0.8358; at LTHR x = 0.857 → 2.8440; 0.8358 / 2.8440 = 29.4 %.
    expect(heartRateTss(repeat(120, 3600), { lthr: 170, resting_hr: 50, max_hr: 190 })?.tss).toBe(29.4);
    // The women's constants weight low heart rates relatively more.
    const women = heartRateTss(repeat(120, 3600), { lthr: 170, resting_hr: 50, max_hr: 190, sex: 'female' });
    expect(women!.tss).toBeGreaterThan(29.4);
  });

  it('skips dropouts and answers null without data or LTHR', () => {
    expect(heartRateTss([...repeat(170, 1800), ...repeat(Number.NaN, 1800), 0], { lthr: 170 })).toMatchObject(
      {
        tss: 50,
        duration_seconds: 1800,
      },
    );
    expect(heartRateTss([], { lthr: 170 })).toBeNull();
    expect(heartRateTss(repeat(150, 10), { lthr: -1 })).toBeNull();
  });
});

describe('running TSS', () => {
  it('scores one hour at threshold pace as 100, and slower as IF²', () => {
    // 5:00 per km = 3.333 m/s.
    expect(runningTss(repeat(1000 / 300, 3600), { threshold_pace_per_km: 300 })).toMatchObject({
      tss: 100,
      intensity_factor: 1,
      normalized_graded_pace_per_km: 300,
      grade_adjusted: false,
    });
    // 6:00 per km against 5:00: IF = 300 / 360 = 0.833; 1 h → 69.4.
    expect(runningTss(repeat(1000 / 360, 3600), { threshold_pace_per_km: 300 })?.tss).toBe(69.4);
  });

  it('grades the pace with Minetti’s cost of running when elevation is given', () => {
    // C(0.10) / C(0) = 5.968 / 3.6 = 1.658.
    expect(runningCostOfGradient(0.1) / runningCostOfGradient(0)).toBeCloseTo(1.658, 3);
    const speed = 1000 / 360;
    const climb = Array.from({ length: 3600 }, (_, i) => i * speed * 0.1);
    const graded = runningTss(repeat(speed, 3600), { threshold_pace_per_km: 300, elevation_m: climb })!;
    expect(graded.grade_adjusted).toBe(true);
    // Every second but the first is on a 10 % climb: IF ≈ 0.833 × 1.658 = 1.382.
    expect(graded.intensity_factor).toBeCloseTo(1.382, 2);
    // An elevation series of the wrong length is ignored.
    expect(
      runningTss(repeat(speed, 3600), { threshold_pace_per_km: 300, elevation_m: [1, 2] })?.grade_adjusted,
    ).toBe(false);
  });
});

describe('swim TSS', () => {
  it('cubes the IF of normalized swim speed against threshold pace', () => {
    // 3000 m in 55 min, CSS 1:33 per 100 m: NSS 54.55 m/min, threshold 64.52 m/min, IF 0.8455;
    // sTSS = 0.8455³ × 0.9167 × 100 = 55.4.
    expect(swimTss({ distance_meters: 3000, duration_seconds: 3300, threshold_pace_per_100m: 93 })).toEqual({
      tss: 55.4,
      intensity_factor: 0.845,
      duration_seconds: 3300,
      normalized_swim_speed: 54.55,
    });
    expect(swimTss({ distance_meters: 4000, duration_seconds: 3600, threshold_pace_per_100m: 90 })?.tss).toBe(
      100,
    );
    expect(swimTss({ distance_meters: 1000, duration_seconds: 1000, threshold_pace_per_100m: 0 })).toBeNull();
  });
});

describe('resampleToOneHertz', () => {
  it('holds each reading for up to 5 s and leaves longer gaps empty', () => {
    const out = resampleToOneHertz([
      { t: 0, value: 100 },
      { t: 2, value: 200 },
      { t: 12, value: 300 },
    ]);
    expect(out.slice(0, 8)).toEqual([100, 100, 200, 200, 200, 200, 200, 200]);
    expect(out.slice(8, 12).every(Number.isNaN)).toBe(true);
    expect(out[12]).toBe(300);
    expect(resampleToOneHertz([])).toEqual([]);
  });
});

describe('recorded TSS properties', () => {
  it('is null or a finite score ≥ 0 for any samples', () => {
    const samples = fc.array(
      fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1)),
      { maxLength: 200 },
    );
    const threshold = fc.oneof(fc.double(), fc.integer({ min: 1, max: 400 }));
    fc.assert(
      fc.property(samples, threshold, fc.double(), fc.double(), (values, t, a, b) => {
        const results = [
          powerTss(values, t),
          heartRateTss(values, { lthr: t, resting_hr: a, max_hr: b }),
          runningTss(values, { threshold_pace_per_km: t, elevation_m: values }),
          swimTss({ distance_meters: a, duration_seconds: b, threshold_pace_per_100m: t }),
        ];
        return results.every((r) => r === null || (Number.isFinite(r.tss) && r.tss >= 0));
      }),
      { numRuns: 200 },
    );
  });
});
