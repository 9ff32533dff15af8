// The Workout Bank rules (docs/workout-bank.md): labels, duration format, scaling, similarity, natural search
// and recommendation scoring.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitSessionLength } from '../src/workout-bank/fit.ts';
import {
  difficultyLabel,
  disciplineSport,
  equipmentKey,
  formatTemplateDuration,
  interpretQuery,
  recommendationScore,
  scaleWorkoutText,
  similarityScore,
  trimRepeatsToFit,
} from '../src/workout-bank/index.ts';
import { parseWorkout } from '../src/workouts/parser/index.ts';

describe('labels and duration format', () => {
  it('names the five difficulty levels', () => {
    expect([1, 2, 3, 4, 5].map(difficultyLabel)).toEqual(['Beginner', 'Easy', 'Moderate', 'Hard', 'Expert']);
  });
  it("formats under an hour as 'Nmin' and from an hour as 'Xh Ym'", () => {
    expect(formatTemplateDuration(45)).toBe('45min');
    expect(formatTemplateDuration(60)).toBe('1h 0m');
    expect(formatTemplateDuration(135)).toBe('2h 15m');
    fc.assert(
      fc.property(fc.integer({ min: 60, max: 1000 }), (m) => {
        const [h, rest] = formatTemplateDuration(m).split('h ');
        expect(Number(h) * 60 + Number(rest?.replace('m', ''))).toBe(m);
      }),
    );
  });
});

describe('disciplineSport', () => {
  it('reads a brick as its ride and a recovery session as a run; the four sports as themselves', () => {
    expect(['swim', 'bike', 'run', 'strength', 'brick', 'recovery'].map(disciplineSport)).toEqual([
      'swim',
      'bike',
      'run',
      'strength',
      'bike',
      'run',
    ]);
  });
});

describe('scaling', () => {
  it('scales a session longer and shorter while keeping its intensities', () => {
    const text = 'Warmup 15min easy\nMain 3x 12min @ 95-100% FTP w/ 4min @ 55% FTP\nCooldown 10min';
    const longer = scaleWorkoutText(text, 1.5);
    expect(longer).toContain('95-100% FTP');
    expect(longer).toContain('3x 18min');
    const base = parseWorkout(text, { sport: 'bike' }).total_duration_estimated;
    const scaled = parseWorkout(longer, { sport: 'bike' }).total_duration_estimated;
    expect(scaled / base).toBeCloseTo(1.5, 1);
  });
  it('moves the parsed duration in the direction of the factor', () => {
    const text = 'Warmup 10min easy\nMain 5x 3min @ Z4 w/ 2min jog\nCooldown 10min easy';
    const base = parseWorkout(text, { sport: 'run' }).total_duration_estimated;
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 2, noNaN: true }), (factor) => {
        const scaled = parseWorkout(scaleWorkoutText(text, factor), {
          sport: 'run',
        }).total_duration_estimated;
        if (factor > 1.1) expect(scaled).toBeGreaterThan(base);
        if (factor < 0.9) expect(scaled).toBeLessThan(base);
        expect(Math.abs(scaled / base - factor)).toBeLessThan(0.25);
      }),
    );
  });
});

describe('fitting to the time', () => {
  const thirtyThirty =
    'Warmup 15min ramp 50-75% FTP\nMain 3x (10x (30s @ 130% FTP, 30s @ 50% FTP)), 5min @ 50% FTP\nCooldown 10min @ 50% FTP';
  const minutes = (text: string) => parseWorkout(text, { sport: 'bike' }).total_duration_estimated / 60;

  it('takes repeats away where scaling cannot shorten short efforts', () => {
    const scaled = scaleWorkoutText(thirtyThirty, 0.5);
    expect(minutes(scaled)).toBeGreaterThan(40);
    const fitted = trimRepeatsToFit(scaled, 30, 'bike');
    expect(minutes(fitted)).toBeLessThanOrEqual(31.5);
    expect(fitted).toContain('30s @ 130% FTP, 30s @ 50% FTP');
  });

  it('never lengthens a session, never drops a count below one, and leaves one that fits alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 90 }), (target) => {
        const fitted = trimRepeatsToFit(thirtyThirty, target, 'bike');
        expect(minutes(fitted)).toBeLessThanOrEqual(minutes(thirtyThirty));
        for (const m of fitted.matchAll(/(\d+)x/g)) expect(Number(m[1])).toBeGreaterThanOrEqual(1);
        if (minutes(thirtyThirty) <= target) expect(fitted).toBe(thirtyThirty);
      }),
      { numRuns: 40 },
    );
  });

  it('fits a 60-minute 30/30 into 30 minutes and says the length it gives', () => {
    const fit = fitSessionLength(
      { text: thirtyThirty, sport: 'bike', minutes: Math.round(minutes(thirtyThirty)), difficulty: 4 },
      { availableMinutes: 30 },
    );
    expect(fit.minutes).toBeLessThanOrEqual(32);
    expect(fit.changes[0]).toBe(
      `Shortened from ${Math.round(minutes(thirtyThirty))} to ${fit.minutes} minutes to fit your 30`,
    );
  });

  it("every length it states is the fitted session's own, within a minute", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 120 }),
        fc.constantFrom(null, 'beginner', 'intermediate', 'advanced', 'elite'),
        fc.integer({ min: 1, max: 5 }),
        (available, level, difficulty) => {
          const stored = Math.round(minutes(thirtyThirty));
          const fit = fitSessionLength(
            { text: thirtyThirty, sport: 'bike', minutes: stored, difficulty },
            { availableMinutes: available, fitnessLevel: level },
          );
          expect(Math.abs(minutes(fit.text) - fit.minutes)).toBeLessThanOrEqual(1);
          for (const change of fit.changes) {
            const stated = /\bto (\d+) minutes/.exec(change);
            if (stated) expect(Math.abs(Number(stated[1]) - minutes(fit.text))).toBeLessThanOrEqual(1);
          }
          if (available < stored) expect(fit.changes[0]).toMatch(/^Shortened from/);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('reads equipment names written with underscores, hyphens or capitals as one', () => {
    expect(equipmentKey('indoor_trainer')).toBe('indoor trainer');
    expect(equipmentKey('Power-Meter ')).toBe('power meter');
    expect(equipmentKey('Indoor  Trainer')).toBe('indoor trainer');
  });
});

describe('similarity', () => {
  const arb = fc.record({
    discipline: fc.constantFrom('swim', 'bike', 'run'),
    zones: fc.tuple(fc.nat(100), fc.nat(100), fc.nat(100), fc.nat(100), fc.nat(100)),
    tags: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 3 }),
    durationMinutes: fc.integer({ min: 1, max: 300 }),
  });
  it('is symmetric, between 0 and 1, and highest for a template with itself', () => {
    fc.assert(
      fc.property(arb, arb, (a, b) => {
        const ab = similarityScore(a, b);
        expect(ab).toBe(similarityScore(b, a));
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(1);
        expect(similarityScore(a, a)).toBeGreaterThanOrEqual(ab);
      }),
    );
  });
});

describe('natural search', () => {
  it("reads '45 min threshold ride' as a bike threshold session of about 45 minutes", () => {
    const q = interpretQuery('45 min threshold ride');
    expect(q.disciplines).toEqual(['bike']);
    expect(q.primary_targets).toEqual(['threshold']);
    expect(q.duration_minutes).toBe(45);
    expect(q.min_duration_minutes).toBeLessThanOrEqual(45);
    expect(q.max_duration_minutes).toBeGreaterThanOrEqual(45);
    expect(q.text).toBe('');
  });
  it('reads hours and keeps unknown words as text', () => {
    const q = interpretQuery('1.5 hour easy swim with paddles');
    expect(q.disciplines).toEqual(['swim']);
    expect(q.duration_minutes).toBe(90);
    expect(q.text).toBe('paddles');
  });
  it('never throws and bounds the duration range around the duration', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const q = interpretQuery(s);
        if (q.duration_minutes !== null) {
          expect(q.min_duration_minutes!).toBeLessThanOrEqual(q.duration_minutes);
          expect(q.max_duration_minutes!).toBeGreaterThanOrEqual(q.duration_minutes);
        }
      }),
    );
  });
});

describe('recommendation scoring', () => {
  const base = {
    sports: ['run'],
    phaseFocus: [],
    readiness: 80,
    recentHardLoadRatio: 0.8,
    ratedTags: new Map(),
  };
  const easy = {
    discipline: 'run',
    difficulty: 1,
    primaryTarget: 'recovery',
    phases: [],
    tags: [],
    avgRating: 0,
  };
  const hard = { ...easy, difficulty: 5, primaryTarget: 'vo2max' };
  it('prefers easy sessions when readiness is low, and says why', () => {
    const ctx = { ...base, readiness: 40 };
    const e = recommendationScore(easy, ctx, 'general');
    expect(e.score).toBeGreaterThan(recommendationScore(hard, ctx, 'general').score);
    expect(e.reasons.join(' ')).toContain('readiness is 40');
  });
  it('always gives at least one reason', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 100 }),
        (difficulty, readiness) => {
          const r = recommendationScore(
            { ...easy, discipline: 'swim', difficulty },
            { ...base, readiness },
            'general',
          );
          expect(r.reasons.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
