// The running grade model (docs/training-load.md, "Grade model"): altitude noise on a flat course must not raise
// the running TSS, while a real climb still does.
import { describe, expect, it } from 'vitest';
import {
  altitudeSourceOf,
  GRADE_MODEL,
  runningGradients,
  runningTss,
  smoothOverDistance,
} from '../src/index.ts';

/** A deterministic pseudo-random sequence in [0, 1) (a linear congruential generator, Numerical Recipes' constants). */
function uniforms(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Gaussian-ish noise: the sum of four uniforms, centred and scaled so that it stays within ±`amplitude` m. */
function noise(length: number, amplitude: number, seed: number, holdSeconds = 1): number[] {
  const next = uniforms(seed);
  const out: number[] = [];
  let value = 0;
  for (let i = 0; i < length; i++) {
    if (i % holdSeconds === 0) value = ((next() + next() + next() + next() - 2) / 2) * amplitude;
    out.push(value);
  }
  return out;
}

/** One hour of running around 5:30/km with a gentle ±8 % swing of pace (surges, corners). */
const SPEED = Array.from({ length: 3600 }, (_, i) => (1000 / 330) * (1 + 0.08 * Math.sin(i / 45)));
const FLAT = SPEED.map(() => 120);
const rtss = (elevation: number[] | null, source?: 'gps' | 'barometric') =>
  runningTss(SPEED, { threshold_pace_per_km: 300, elevation_m: elevation, altitude_source: source })!.tss;

describe('running grade model', () => {
  it('keeps rTSS within 3 % when ±5 m of altitude noise is added to a flat course', () => {
    const clean = rtss(FLAT);
    expect(clean).toBe(rtss(null));
    for (const seed of [1, 7, 42, 2026]) {
      // Noise on every second, and noise held for 5 s as a device recording every few seconds writes it.
      for (const hold of [1, 5]) {
        const offsets = noise(3600, 5, seed, hold);
        const noisy = FLAT.map((a, i) => a + offsets[i]!);
        expect(Math.max(...noisy) - 120).toBeLessThanOrEqual(5);
        const change = Math.abs(rtss(noisy) - clean) / clean;
        if (process.env.GRADE_FIGURES) console.log(`seed ${seed} hold ${hold}s: ${clean} → ${rtss(noisy)}`);
        expect(change).toBeLessThan(0.03);
      }
    }
  });

  it('still grades a real climb: 2 km at 8 % raises the score, and a loop back down costs less than it gains', () => {
    const distance: number[] = [];
    let covered = 0;
    for (const v of SPEED) {
      covered += v;
      distance.push(covered);
    }
    const climb = distance.map((d) => 100 + Math.min(d, 2000) * 0.08);
    const climbAndBack = distance.map((d) => 100 + Math.max(0, 160 - Math.abs(d - 2000) * 0.08));
    const flat = rtss(FLAT);
    expect(rtss(climb)).toBeGreaterThan(flat * 1.1);
    expect(rtss(climbAndBack)).toBeGreaterThan(flat);
    // With noise on top, the climb reads about the same.
    const offsets = noise(3600, 5, 3);
    const noisyClimb = climb.map((a, i) => a + offsets[i]!);
    expect(Math.abs(rtss(noisyClimb) - rtss(climb)) / rtss(climb)).toBeLessThan(0.03);
  });

  it('smooths over distance, not time, and measures no gradient while standing still', () => {
    expect(smoothOverDistance([0, 10, 20, 30, 40], [0, 10, 0, 10, 0], 20)).toEqual([
      5,
      10 / 3,
      20 / 3,
      10 / 3,
      5,
    ]);
    // Standing still for 60 s while the altitude jumps 20 m: gradient 0 throughout.
    const still = runningGradients(
      Array(60).fill(0),
      Array.from({ length: 60 }, (_, i) => (i % 2) * 20),
      'gps',
    );
    expect(still.every((g) => g === 0)).toBe(true);
    // A cliff in the altitude is clamped to the model's maximum gradient.
    const cliff = runningGradients(
      Array(100).fill(3),
      Array.from({ length: 100 }, (_, i) => (i < 50 ? 0 : 500)),
      'gps',
    );
    expect(Math.max(...cliff)).toBe(GRADE_MODEL.maxGradient);
  });

  it('reads barometric altitude with a shorter window than GPS altitude', () => {
    expect(GRADE_MODEL.barometric.smoothingWindowM).toBeLessThan(GRADE_MODEL.gps.smoothingWindowM);
    expect(altitudeSourceOf('Garmin fenix 2')).toBe('barometric');
    expect(altitudeSourceOf('Garmin Forerunner 920XT')).toBe('barometric');
    expect(altitudeSourceOf('Garmin Edge 530')).toBe('barometric');
    expect(altitudeSourceOf('Forerunner 410 Software Version 2.20')).toBeUndefined();
    expect(altitudeSourceOf('Garmin Forerunner 15')).toBeUndefined();
    expect(altitudeSourceOf(undefined)).toBeUndefined();
  });
});
