// A new runner runs and walks (docs/plan-generator.md, "A new runner runs and walks"): a beginner 5K or 10K
// runner with no sign of running continuously starts with run/walk sessions by effort, Couch-to-5K fashion, with
// no test and no faster running until they run about 30 minutes without walking; the plan passes its review and
// every text reads back to its planned minutes and zones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTINUOUS_RUN_MINUTES,
  type GeneratedPlan,
  generatePlan,
  librarySession,
  parseGoal,
  parseWorkout,
  RUN_WALK_STEPS,
  RUN_WALK_TITLE,
  reviewPlan,
  sessionTargets,
  type WeekDay,
} from '../src/index.ts';
import { beginnerRunPlan, weekRuns, wholeWeeks } from './plan-cases.ts';

type Session = GeneratedPlan['weeks'][number]['sessions'][number];
const PACE = /\d+:\d{2}(?:-\d+:\d{2})?\/(?:km|mi)\b/;
const HARD_KINDS = new Set(['tempo', 'threshold', 'vo2', 'race_pace', 'test']);
const isRunWalk = (s: Session) => s.title === RUN_WALK_TITLE;
const runs = weekRuns;
/** The parsed minutes of a session's text, and its minutes in zones 4-5. */
function parsed(s: Session) {
  const p = parseWorkout(s.workout_language_text, { sport: s.sport });
  const minutes = p.total_duration_estimated / 60;
  return { p, minutes, hard: ((p.zone_distribution.zone_4 + p.zone_distribution.zone_5) / 100) * minutes };
}

describe('a new runner', () => {
  it('runs and walks by effort from week 1 (2.5-5 h, 8-20 weeks out): no zone 4-5, no pace, no test, no faster running before 30 minutes of continuous running, and the plan passes its review', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('5K' as const, '10K' as const),
        fc.integer({ min: 5, max: 10 }).map((half) => half / 2),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 8, max: 20 }),
        fc.constantFrom<WeekDay[]>([], ['monday'], ['monday', 'friday']),
        (race, hours, offset, weeks, rest) => {
          const plan = beginnerRunPlan(race, hours, offset, weeks, { rest });
          expect(plan.review!.findings.filter((f) => !f.passed).map((f) => f.figure)).toEqual([]);
          for (const s of plan.weeks[0]!.sessions) {
            expect(parsed(s).hard, s.workout_language_text).toBe(0);
            expect(s.workout_language_text).not.toMatch(PACE);
            expect(s.kind).not.toBe('test');
          }
          // The first whole weeks: every run a run/walk session, with walks between the run spells.
          for (const w of wholeWeeks(plan).slice(0, 3))
            for (const s of runs(w)) {
              expect(isRunWalk(s), s.workout_language_text).toBe(true);
              expect(s.workout_language_text).toMatch(/\dx .+ w\/ \S+ walk/);
            }
          // No faster running while any run still walks, no threshold test or pace anywhere.
          const lastWalk = plan.weeks.findLastIndex((w) => runs(w).some(isRunWalk));
          plan.weeks.forEach((w, i) => {
            for (const s of w.sessions) {
              expect(s.workout_language_text, s.date).not.toMatch(PACE);
              expect(['test', 'threshold', 'vo2']).not.toContain(s.kind);
              if (i <= lastWalk) expect(HARD_KINDS.has(s.kind), `${s.date} ${s.kind}`).toBe(false);
            }
          });
          // Three runs a week at most, and three in every whole week.
          for (const w of wholeWeeks(plan)) expect(runs(w).length).toBe(3);
        },
      ),
      { numRuns: 120, seed: 20_261_129 },
    );
  }, 120_000);

  it('reads back every session text to its planned minutes, run/walk included', () => {
    for (const [race, hours, weeks] of [
      ['5K', 3, 14],
      ['10K', 4.5, 20],
      ['5K', 2.5, 8],
    ] as const)
      for (const units of [undefined, 'imperial'] as const) {
        const plan = beginnerRunPlan(race, hours, 2, weeks, { units });
        for (const s of plan.weeks.flatMap((w) => w.sessions)) {
          if (s.sport === 'strength') continue;
          const { p, minutes } = parsed(s);
          expect(p.warnings, s.workout_language_text).toEqual([]);
          expect(Math.abs(minutes - s.duration_minutes), s.workout_language_text).toBeLessThanOrEqual(0.5);
        }
      }
  });

  it('writes each run/walk step as walks in zone 1 and run spells in zone 2, to the minute, whole or shortened', () => {
    const targets = sessionTargets(undefined, {}, { runByEffort: true });
    RUN_WALK_STEPS.forEach((step, i) => {
      for (const minutes of [step.minutes, step.minutes + 20, step.minutes - 6, 20]) {
        const lib = librarySession('run', 'easy', minutes, targets, { runWalk: i });
        const text = lib.workout_language_text;
        const p = parseWorkout(text, { sport: 'run' });
        const total = lib.parts.reduce((a, [m]) => a + m, 0);
        const walk = lib.parts.filter(([, z]) => z === 1).reduce((a, [m]) => a + m, 0);
        const ran = lib.parts.filter(([, z]) => z === 2).reduce((a, [m]) => a + m, 0);
        expect(p.warnings, text).toEqual([]);
        expect(p.total_duration_estimated / 60, text).toBeCloseTo(total, 5);
        expect(total, text).toBeLessThanOrEqual(Math.max(minutes, 20));
        expect((p.zone_distribution.zone_1 / 100) * total, text).toBeCloseTo(walk, 1);
        expect((p.zone_distribution.zone_2 / 100) * total, text).toBeCloseTo(ran, 1);
        expect(lib.zone, text).toBe(2);
        expect(text).toMatch(
          /^WU 5min brisk walk @ RPE 2, .+ easy run @ RPE 3-4.*, CD \d+min(?:\d+s)? walk$/,
        );
      }
    });
    // A session's length grows gently from step to step, within the 10 % a week the reviewer allows.
    for (let i = 1; i < RUN_WALK_STEPS.length; i++)
      expect(RUN_WALK_STEPS[i]!.minutes / RUN_WALK_STEPS[i - 1]!.minutes).toBeLessThanOrEqual(1.1);
    expect(RUN_WALK_STEPS.at(-1)).toMatchObject({ reps: 1, walk: 0, run: 30 });
  });

  it('"Couch to 5K, total beginner, parkrun on 7 March, 3 hours a week": Couch-to-5K week 1, 30 minutes of continuous running by week 9, by effort to the race', () => {
    const today = '2026-11-30';
    const goal = parseGoal('Couch to 5K, total beginner, parkrun on 7 March, 3 hours a week', { today });
    const plan = generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today });
    expect(plan.review!.passed).toBe(true);
    const first = runs(plan.weeks[0]!);
    expect(first.map((s) => s.workout_language_text)).toEqual(
      new Array(3).fill('WU 5min brisk walk @ RPE 2, 8x 1min easy run @ RPE 3-4 w/ 90s walk, CD 5min walk'),
    );
    const continuous = plan.weeks.findIndex((w) =>
      runs(w).some((s) => s.workout_language_text.includes('30min easy run')),
    );
    expect(continuous).toBeGreaterThanOrEqual(7);
    expect(continuous).toBeLessThanOrEqual(12);
    expect(plan.weeks.flatMap((w) => w.sessions).some((s) => PACE.test(s.workout_language_text))).toBe(false);
    expect(plan.explainability.bullets.join(' ')).toMatch(/new to running/);
    expect(plan.explainability.bullets.join(' ')).not.toMatch(/threshold yet/);
  });

  it('is not a beginner who already runs: "I run 3 times a week, 30 minutes", a longest run of 25 minutes, a parkrun time', () => {
    const today = '2026-11-30';
    for (const text of [
      'Beginner, 5K on 7 March, I run 3 times a week, 30 minutes, 3 hours a week',
      `Beginner, 10K on 14 March, my longest run is ${CONTINUOUS_RUN_MINUTES + 5} minutes, 3 hours a week`,
      'Beginner, 5K on 7 March, parkrun PB 31:30, 3 hours a week',
      'Couch to 5k graduate, 5K on 7 March, 3 hours a week',
    ]) {
      const goal = parseGoal(text, { today });
      expect(goal.experience, text).toBe('beginner');
      const plan = generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today });
      expect(plan.weeks.flatMap(runs).some(isRunWalk), text).toBe(false);
    }
    // A recorded run of 20 minutes or more says the same.
    const goal = parseGoal('Couch to 5K, parkrun on 7 March, 3 hours a week', { today });
    const plan = generatePlan(
      goal,
      { ctl: 0, weeklyHours: 0, longestSessionMinutes: { run: 30 } },
      { today },
    );
    expect(plan.weeks.flatMap(runs).some(isRunWalk)).toBe(false);
  });

  it("the reviewer's exceptions are a beginner's run/walk weeks only: the same plan reviewed as an intermediate's fails quality_work, intensity_share and deloads", () => {
    const today = '2026-11-30';
    const goal = parseGoal('Couch to 5K, parkrun on 7 March, 3 hours a week', { today });
    const plan = generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today });
    const failed = (experience: 'beginner' | 'intermediate') =>
      reviewPlan(plan, { goal: { ...goal, experience } })
        .findings.filter((f) => !f.passed)
        .map((f) => f.rule)
        .sort();
    expect(failed('beginner')).toEqual([]);
    expect(failed('intermediate')).toEqual(['deloads', 'intensity_share', 'quality_work']);
    const quality = reviewPlan(plan, { goal }).findings.find((f) => f.rule === 'quality_work')!;
    // Nine run/walk weeks, the first two Foundation (which owes no quality work anyway).
    expect(quality.figure).toMatch(/\(7 run\/walk weeks excepted\)/);
  });
});
