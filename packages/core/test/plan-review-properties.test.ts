// The plan reviewer over 500 generated goals (plan-cases.ts): every event family, experience, hours from 3 to
// 20, race dates from 3 weeks to a year ahead. Every plan passes every rule; a goal that cannot get a sound plan
// (docs/plan-generator.md, "Plan limits") passes the rules it cannot keep only by its named limit, said in the
// plan's feasibility note.
import { describe, expect, it } from 'vitest';
import { generatePlan, planLimits, reviewPlan } from '../src/index.ts';
import { planCases } from './plan-cases.ts';

const cases = planCases(500);
const plans = cases.map((c) => ({ c, plan: generatePlan(c.goal, c.profile, { today: c.today }) }));

/** Rules no generated plan may break. */
const ALWAYS = [
  'hard_after_long',
  'targets',
  'quality_sessions',
  'race_day',
  'long_timing',
  'last_days',
  'progression',
];

describe('the plan reviewer over 500 generated goals', () => {
  it('covers every event family, experience, hours from 3 to 20 and race dates 3 weeks to a year out', () => {
    expect(new Set(cases.map((c) => c.goal.primary_event.distance)).size).toBe(13);
    expect(new Set(cases.map((c) => c.goal.experience)).size).toBe(3);
    const hours = cases.map((c) => c.goal.weekly_hours);
    expect(Math.min(...hours)).toBeLessThan(4);
    expect(Math.max(...hours)).toBeGreaterThan(19);
  });

  for (const rule of ALWAYS)
    it(`no plan breaks "${rule}"`, () => {
      const broken = plans
        .map(({ c, plan }) => ({ c, f: plan.review!.findings.find((f) => f.rule === rule)! }))
        .filter(({ f }) => !f.passed)
        .map(
          ({ c, f }) => `${c.goal.primary_event.distance} ${c.goal.weekly_hours}h ${c.today}: ${f.figure}`,
        );
      expect(broken).toEqual([]);
    });

  it("passes every rule for every plan, and the attached review is the reviewer's", () => {
    const failed = plans.filter(({ plan }) => !plan.review!.passed);
    expect(
      failed.map(({ c }) => `${c.goal.primary_event.distance} ${c.goal.weekly_hours}h ${c.today}`),
    ).toEqual([]);
    const { c, plan } = plans[0]!;
    expect(reviewPlan(plan, { goal: c.goal }).findings.map((f) => f.rule)).toEqual(
      plan.review!.findings.map((f) => f.rule),
    );
  });

  it('accepts a broken rule only by a named limit that the plan tells the athlete', () => {
    const accepted = plans.flatMap(({ c, plan }) =>
      plan
        .review!.findings.filter((f) => f.figure.includes('accepted:'))
        .map((f) => ({ c, plan, f, id: f.figure.split('accepted: ')[1]! })),
    );
    expect(accepted.length).toBeLessThan(plans.length * 0.03);
    for (const { c, plan, f, id } of accepted) {
      const limit = planLimits(c.goal, plan.start_date, plan.race_date).find((l) => l.id === id)!;
      expect(limit.rules).toContain(f.rule);
      expect(plan.feasibility!.message).toContain(limit.message);
    }
    // Without the note the rule fails: the limit is no blanket exception.
    const { c, plan } = accepted[0]!;
    const silent = { ...plan, feasibility: { ...plan.feasibility!, message: '' } };
    expect(reviewPlan(silent, { goal: c.goal }).passed).toBe(false);
  });

  it('returns each finding with its figure', () => {
    for (const { plan } of plans.slice(0, 50))
      for (const f of plan.review!.findings) {
        expect(f.figure.length).toBeGreaterThan(0);
        expect(f.severity).toBe(f.passed ? 'info' : 'error');
      }
  });
});
