// A triathlete's limiter (docs/plan-generator.md, "Limiters"): the sport the athlete names as their weakness gets
// more sessions and a bigger share of the base and build weeks than the same plan without it, a weak swimmer
// without a swim figure starts from a slower CSS estimate, and a single-sport goal is not changed by it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  emptyAthleteFacts,
  type GeneratedPlan,
  generatePlan,
  type PlanGoal,
  parseGoal,
  type TriSport,
} from '../src/index.ts';

const TRIATHLONS = [
  ['Sprint Triathlon', 25_750],
  ['Olympic Triathlon', 51_500],
  ['Half Ironman', 113_000],
  ['Ironman', 226_000],
] as const;

const TODAY = '2027-01-04';

function goalFor(
  race: (typeof TRIATHLONS)[number] | readonly ['Marathon', number],
  hours: number,
  experience: PlanGoal['experience'],
  weeks: number,
  limiters: TriSport[],
): PlanGoal {
  return {
    primary_event: {
      sport: race[0] === 'Marathon' ? 'run' : 'triathlon',
      distance: race[0],
      distance_meters: race[1],
      race_type: race[0],
      date: addDays(TODAY, weeks * 7),
      target: 'finish',
    },
    weekly_hours: hours,
    experience,
    injuries: [],
    preferences: { long_run_day: 'sunday', long_ride_day: 'saturday', no_swim_day: 'monday', rest_days: [] },
    // A stated CSS in both plans: the comparison is of the limiter's rule, not of the weak swimmer's estimate.
    athlete: { ...emptyAthleteFacts(), css_seconds_per_100m: 130, limiters },
  };
}

const plan = (goal: PlanGoal) => generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today: TODAY });
/** Whole base and build load weeks: where a limiter gets its extra session. */
const focusWeeks = (p: GeneratedPlan) =>
  p.weeks.filter(
    (w) => w.kind === 'load' && (w.phase === 'base' || w.phase === 'build') && addDays(w.start, 6) === w.end,
  );
const sessionsOf = (w: GeneratedPlan['weeks'][number], sport: TriSport) =>
  w.sessions.filter((s) => s.sport === sport && s.kind !== 'brick' && s.kind !== 'race').length;
const minutesOf = (weeks: GeneratedPlan['weeks'], sport?: TriSport) =>
  weeks
    .flatMap((w) => w.sessions)
    .filter((s) => s.kind !== 'race' && s.sport !== 'strength' && (sport === undefined || s.sport === sport))
    .reduce((a, s) => a + s.duration_minutes, 0);
const failed = (p: GeneratedPlan) => p.review!.findings.filter((f) => !f.passed).map((f) => f.rule);

describe("a triathlete's limiter", () => {
  // From 9 hours a week (intermediate and advanced): below that, or in a beginner's capped weeks, the week's hours
  // often hold no extra session, and a week a few minutes shorter makes the ramp's next weeks shorter too.
  it('gets at least as many sessions in every base and build load week, a larger share of their time, and the plan passes its review', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRIATHLONS),
        fc.integer({ min: 9, max: 14 }),
        fc.constantFrom<PlanGoal['experience']>('intermediate', 'advanced'),
        fc.integer({ min: 12, max: 24 }),
        fc.constantFrom<TriSport>('swim', 'bike', 'run'),
        (race, hours, experience, weeks, limiter) => {
          const withIt = plan(goalFor(race, hours, experience, weeks, [limiter]));
          const without = plan(goalFor(race, hours, experience, weeks, []));
          const a = focusWeeks(withIt);
          const b = focusWeeks(without);
          expect(a.map((w) => w.start)).toEqual(b.map((w) => w.start));
          a.forEach((w, i) => {
            expect({ week: w.start, n: sessionsOf(w, limiter) }).toEqual({
              week: w.start,
              n: expect.toSatisfy((n: number) => n >= sessionsOf(b[i]!, limiter)),
            });
          });
          expect(minutesOf(a, limiter) / minutesOf(a)).toBeGreaterThan(minutesOf(b, limiter) / minutesOf(b));
          expect(failed(withIt)).toEqual([]);
          expect(withIt.explainability.bullets).toContain(
            `You named ${{ swim: 'swimming', bike: 'cycling', run: 'running' }[limiter]} as your limiter: it gets one more session a week and a bigger share of the time (Friel).`,
          );
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);

  it('leaves the peak, taper and race weeks as they were', () => {
    const withIt = plan(goalFor(TRIATHLONS[1], 9, 'intermediate', 20, ['swim']));
    const without = plan(goalFor(TRIATHLONS[1], 9, 'intermediate', 20, []));
    const late = (p: GeneratedPlan) => p.weeks.filter((w) => w.kind === 'taper' || w.kind === 'race');
    expect(late(withIt).map((w) => w.sessions.map((s) => `${s.sport} ${s.kind}`))).toEqual(
      late(without).map((w) => w.sessions.map((s) => `${s.sport} ${s.kind}`)),
    );
  });

  it("gives a weak swimmer's base swims to technique and, with no swim figure, a slower CSS estimate", () => {
    const today = '2026-11-30';
    const weak = generatePlan(
      parseGoal('Olympic triathlon in June, 8 hours a week, weak swimmer', { today }),
      { ctl: 0, weeklyHours: 0 },
      { today },
    );
    expect(weak.explainability.bullets[0]).toContain(
      "CSS from an estimate of 2:20/100m for a weak swimmer, until the first week's test",
    );
    // The first week's swim test is written at the estimate: its threshold efforts near 2:20/100 m, not 1:45.
    const test = weak.weeks[0]!.sessions.find((s) => s.sport === 'swim' && s.kind === 'test')!;
    expect(test.workout_language_text).toMatch(/@ 2:1\d\/100m/);
    const baseSwims = weak.weeks
      .filter((w) => w.phase === 'base' && w.kind === 'load')
      .flatMap((w) => w.sessions)
      .filter((s) => s.sport === 'swim' && !['test', 'threshold', 'race_pace', 'vo2'].includes(s.kind));
    expect(baseSwims.length).toBeGreaterThan(0);
    expect(baseSwims.every((s) => s.kind === 'technique' && /drill/.test(s.workout_language_text))).toBe(
      true,
    );
  });

  it("moves no sessions or time under 7 hours a week, nor in a beginner's plan, and says why", () => {
    for (const [hours, experience] of [
      [6, 'intermediate'],
      [9, 'beginner'],
    ] as const) {
      const withIt = plan(goalFor(TRIATHLONS[1], hours, experience, 16, ['run']));
      const without = plan(goalFor(TRIATHLONS[1], hours, experience, 16, []));
      expect(withIt.weeks).toEqual(without.weeks);
      expect(withIt.explainability.bullets.find((b) => b.startsWith('You named running'))).toMatch(
        /so the plan keeps its usual split\.$/,
      );
    }
  });

  it('changes nothing in a marathon plan', () => {
    const race = ['Marathon', 42_195] as const;
    for (const limiter of ['swim', 'run'] as const) {
      const withIt = plan(goalFor(race, 7, 'intermediate', 16, [limiter]));
      const without = plan(goalFor(race, 7, 'intermediate', 16, []));
      expect(withIt.weeks).toEqual(without.weeks);
      expect(withIt.explainability.bullets).toEqual(without.explainability.bullets);
    }
  });
});
