// A beginner runs three times a week before anything else (docs/plan-generator.md, "A beginner runs three
// times"): a beginner's 5K or 10K plan holds three runs in every whole week, and strength only on top of them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GeneratedPlan, generatePlan, parseGoal } from '../src/index.ts';
import { beginnerRunPlan, weekRuns, wholeWeeks } from './plan-cases.ts';

type Week = GeneratedPlan['weeks'][number];
const runs = (w: Week) => weekRuns(w).length;
const strength = (w: Week) => w.sessions.filter((s) => s.sport === 'strength').length;

describe('a beginner 5K or 10K runner', () => {
  it('runs at least three times in every whole week at 2.5-6 hours, strength only on top, and the plan passes its review', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('5K' as const, '10K' as const),
        fc.integer({ min: 5, max: 12 }).map((half) => half / 2),
        fc.integer({ min: 0, max: 6 }),
        // From 6 weeks: a 6-week plan to a Monday race holds no deload, and the week before its race is taper.
        fc.integer({ min: 6, max: 20 }),
        (race, hours, offset, weeks) => {
          const plan = beginnerRunPlan(race, hours, offset, weeks);
          for (const w of wholeWeeks(plan)) {
            expect(runs(w), `${w.start} ${w.kind}`).toBeGreaterThanOrEqual(3);
            if (strength(w) > 0) expect(runs(w)).toBeGreaterThanOrEqual(3);
          }
          expect(plan.review!.findings.filter((f) => !f.passed).map((f) => f.rule)).toEqual([]);
        },
      ),
      { numRuns: 120, seed: 20_261_129 },
    );
  }, 60_000);

  it('"Couch to 5K, I can do 3 hours a week": three runs a week from the first whole week, no strength in their place', () => {
    const today = '2026-11-30';
    const goal = parseGoal('Couch to 5K, I can do 3 hours a week', { today });
    expect(goal.experience).toBe('beginner');
    const plan = generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today });
    const counts = wholeWeeks(plan).map(runs);
    expect(counts.length).toBeGreaterThan(4);
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(3);
    expect(strength(plan.weeks[0]!)).toBe(0);
  });

  it('still gets strength on top of three runs when the hours hold both (5 hours a week, a beginner who runs 30 minutes)', () => {
    const plan = beginnerRunPlan('10K', 5, 0, 14, { longestRun: 30 });
    const withStrength = wholeWeeks(plan).filter((w) => strength(w) > 0);
    expect(withStrength.length).toBeGreaterThan(2);
    for (const w of withStrength) {
      expect(runs(w)).toBeGreaterThanOrEqual(3);
      for (const s of w.sessions.filter((x) => x.sport === 'run' && x.kind !== 'long'))
        expect(s.duration_minutes).toBeGreaterThanOrEqual(30);
    }
  });

  it('who says they run twice a week now keeps that rhythm first ("Sessions a week")', () => {
    const today = '2026-11-30';
    const goal = parseGoal('Beginner, 10K on 2027-03-14, I run twice a week, 3 hours a week', { today });
    expect(goal.athlete.current_weekly_sessions.run).toBe(2);
    const plan = generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today });
    expect(runs(wholeWeeks(plan)[0]!)).toBe(2);
  });
});
