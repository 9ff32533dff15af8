// Sessions a week from what the athlete does now (docs/plan-generator.md, "Sessions a week"): a runner who says
// how often they run starts at that many runs and gains at most one a week, after a block of load; the plan
// still passes its review and says so in its explanation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  emptyAthleteFacts,
  type GeneratedPlan,
  generatePlan,
  type PlanGoal,
  parseGoal,
} from '../src/index.ts';

const RACES = [
  ['5K', 5_000],
  ['10K', 10_000],
  ['Half Marathon', 21_097.5],
  ['Marathon', 42_195],
] as const;

const whole = (p: GeneratedPlan) => p.weeks.filter((w) => w.kind !== 'race' && addDays(w.start, 6) === w.end);
const runs = (w: GeneratedPlan['weeks'][number]) =>
  w.sessions.filter((s) => s.sport === 'run' && s.kind !== 'race').length;

function planFor(
  now: number,
  race: (typeof RACES)[number],
  hours: number,
  experience: PlanGoal['experience'],
  offset: number,
  weeks: number,
) {
  const today = addDays('2027-01-04', offset);
  const goal: PlanGoal = {
    primary_event: {
      sport: 'run',
      distance: race[0],
      distance_meters: race[1],
      race_type: race[0],
      date: addDays(today, weeks * 7),
      target: 'finish',
    },
    weekly_hours: hours,
    experience,
    injuries: [],
    preferences: { long_run_day: 'sunday', long_ride_day: 'saturday', no_swim_day: 'sunday', rest_days: [] },
    athlete: { ...emptyAthleteFacts(), current_weekly_sessions: { run: now, bike: null, swim: null } },
  };
  const plain = { ...goal, athlete: emptyAthleteFacts() };
  return {
    plan: generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today }),
    plain: () => generatePlan(plain, { ctl: 0, weeklyHours: 0 }, { today }),
  };
}
const failed = (p: GeneratedPlan) => p.review!.findings.filter((f) => !f.passed).map((f) => f.rule);
const experience = fc.constantFrom<PlanGoal['experience']>('beginner', 'intermediate', 'advanced');

describe('a runner who says how often they run', () => {
  it('starts at no more runs than they do now and gains at most one from one whole week to the next', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom(...RACES),
        fc.integer({ min: 3, max: 12 }),
        experience,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 6, max: 30 }),
        (now, race, hours, level, offset, weeks) => {
          const { plan } = planFor(now, race, hours, level, offset, weeks);
          expect(runs(plan.weeks[0]!)).toBeLessThanOrEqual(now);
          const counts = whole(plan).map(runs);
          expect(counts[0]).toBeLessThanOrEqual(now);
          for (let i = 1; i < counts.length; i++) expect(counts[i]! - counts[i - 1]!).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 200, seed: 20_261_129 },
    );
    // 200 plans: a second alone, several on a loaded machine.
  }, 60_000);

  it('breaks no review rule the same goal without the count keeps (two to six runs, 8 weeks or more)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom(...RACES),
        fc.integer({ min: 3, max: 12 }),
        experience,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 8, max: 30 }),
        (now, race, hours, level, offset, weeks) => {
          const { plan, plain } = planFor(now, race, hours, level, offset, weeks);
          const before = failed(plain());
          expect(failed(plan).filter((r) => !before.includes(r))).toEqual([]);
        },
      ),
      { numRuns: 100, seed: 20_261_129 },
    );
  }, 60_000);

  it("never shortens a load week's long run to make room for an added run", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom(...RACES),
        fc.integer({ min: 3, max: 10 }),
        experience,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 8, max: 20 }),
        (now, race, hours, level, offset, weeks) => {
          const { plan } = planFor(now, race, hours, level, offset, weeks);
          const loads = whole(plan).filter((w) => w.kind === 'load');
          for (let i = 1; i < loads.length; i++) {
            if (runs(loads[i]!) <= runs(loads[i - 1]!)) continue;
            const long = (w: (typeof loads)[number]) =>
              w.sessions.find((x) => x.sport === 'run' && x.kind === 'long')?.duration_minutes ?? 0;
            expect(long(loads[i]!)).toBeGreaterThanOrEqual(long(loads[i - 1]!));
          }
        },
      ),
      { numRuns: 150, seed: 20_261_129 },
    );
  }, 60_000);

  it('holds three runs for the first block and says when the fourth comes', () => {
    const today = '2026-11-30';
    const goal = parseGoal('Half marathon on 2027-04-18. I run 3 times a week, about 25 km. 6 hours a week', {
      today,
    });
    const plan = generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today });
    const counts = whole(plan).map(runs);
    expect(counts.slice(0, 4)).toEqual([3, 3, 3, 3]);
    expect(counts[4]).toBe(4);
    expect(plan.explainability.bullets).toContain(
      'You run 3 times a week now: the plan keeps 3 runs for the first 4 weeks, then adds a fourth, a fifth from week 10. More often before longer, one session at a time.',
    );
  });
});
