// A 5K or 10K plan read as a coach would (docs/plan-generator.md, "Calendar weeks", "Last days", "Sessions a
// week", "Filling the week"): a race early in its week tapers through the week before, the week before a Sunday
// race keeps its long run, a runner's runs come before strength, and no week holds two long runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  athleteLevel,
  emptyAthleteFacts,
  type GeneratedPlan,
  generatePlan,
  parseGoal,
} from '../src/index.ts';
import { dayOfWeek } from '../src/training/calendar.ts';
import { runGoal, wholeWeeks } from './plan-cases.ts';

type Week = GeneratedPlan['weeks'][number];
const runsOf = (w: Week) => w.sessions.filter((s) => s.sport === 'run' && s.kind !== 'race');
const longRun = (w: Week) =>
  Math.max(
    0,
    ...runsOf(w)
      .filter((s) => s.kind === 'long')
      .map((s) => s.duration_minutes),
  );

/** An intermediate 10K runner (48:00) aiming at a 5K or 10K on `raceDate`, planned from Monday 30 November 2026. */
function runnerPlan(
  race: '5K' | '10K',
  hours: number,
  raceDate: string,
  options: { sessions?: number } = {},
): GeneratedPlan {
  const athlete = emptyAthleteFacts();
  athlete.performances = [
    { sport: 'run', distance_meters: 10_000, race_type: '10K', time_seconds: 48 * 60, date: null },
  ];
  if (options.sessions) athlete.current_weekly_sessions = { run: options.sessions, bike: null, swim: null };
  const goal = runGoal(race, hours, raceDate, 'intermediate', ['monday'], athlete);
  return generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today: '2026-11-30' });
}

describe('a 5K or 10K plan', () => {
  it('tapers through the week before a race on the first or second day of its week, and passes its review', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('5K' as const, '10K' as const),
        fc.integer({ min: 6, max: 16 }),
        fc.constantFrom(0, 1),
        fc.integer({ min: 6, max: 16 }).map((half) => half / 2),
        (race, weeks, weekday, hours) => {
          // Monday 2026-11-30 plus whole weeks: a race on a Monday (0) or a Tuesday (1).
          const raceDate = addDays('2026-11-30', weeks * 7 + weekday);
          const plan = runnerPlan(race, hours, raceDate);
          expect(plan.weeks.at(-1)!.kind).toBe('race');
          expect(plan.weeks.at(-2)!.kind).toBe('taper');
          expect(plan.review!.findings.filter((f) => !f.passed).map((f) => f.rule)).toEqual([]);
        },
      ),
      { numRuns: 60, seed: 20_261_129 },
    );
  }, 60_000);

  it('keeps a Sunday race’s week before as a full week: its long run is not cut to the last days’ 60 %', () => {
    for (const race of ['5K', '10K'] as const) {
      const plan = runnerPlan(race, 5, '2027-02-28', { sessions: 4 });
      expect(dayOfWeek(plan.race_date)).toBe(0);
      const before = plan.weeks.at(-2)!;
      expect(before.kind).toBe('load');
      const longest = Math.max(...plan.weeks.map(longRun));
      // The Saturday long run 8 days out: what the plan grows it to after the peak (85 %), not 60 % of it.
      expect(longRun(before) / longest).toBeGreaterThanOrEqual(0.8);
      expect(plan.review!.findings.find((f) => f.rule === 'last_days')?.passed).toBe(true);
    }
  });

  it('keeps the runs an intermediate says they do before strength (4 a week at 3-5 hours)', () => {
    for (const hours of [3, 4, 5]) {
      const plan = runnerPlan('10K', hours, '2027-03-14', { sessions: 4 });
      const loads = wholeWeeks(plan).filter((w) => w.kind === 'load');
      expect(loads.length).toBeGreaterThan(5);
      for (const w of loads) {
        const strength = w.sessions.some((s) => s.sport === 'strength');
        // At 4-5 hours every load week holds the four runs; at 3, a week of a 60-min interval session and a
        // 70-min long run has room for one easy run at its 30-min floor, and then no strength either.
        if (hours >= 4 || strength)
          expect(runsOf(w).length, `${hours} h, ${w.start}`).toBeGreaterThanOrEqual(4);
      }
      // Strength stays where it fits beside the runs (at 3 hours the runs take the whole week).
      if (hours >= 4)
        expect(plan.weeks.some((w) => w.sessions.some((s) => s.sport === 'strength'))).toBe(true);
    }
  });

  it('holds one long run a week: no easy run of a load or deload week outgrows its long run', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('5K' as const, '10K' as const),
        fc.integer({ min: 8, max: 20 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 6, max: 20 }).map((half) => half / 2),
        fc.constantFrom(3, 4, 5, undefined),
        (race, weeks, weekday, hours, sessions) => {
          const raceDate = addDays('2026-11-30', weeks * 7 + weekday);
          const plan = runnerPlan(race, hours, raceDate, { ...(sessions ? { sessions } : {}) });
          const lastDays = addDays(raceDate, -10);
          for (const w of plan.weeks.filter((x) => x.kind === 'load' || x.kind === 'deload')) {
            const long = runsOf(w).find((s) => s.kind === 'long');
            // A long run inside the last days is cut for the race; the easy runs before it are not.
            if (!long || long.date >= lastDays) continue;
            for (const s of runsOf(w).filter((x) => x.kind === 'easy' || x.kind === 'strides'))
              expect(s.duration_minutes, `${w.kind} ${w.start}`).toBeLessThanOrEqual(
                Math.max(long.duration_minutes, 30),
              );
          }
        },
      ),
      { numRuns: 120, seed: 20_261_129 },
    );
  }, 60_000);

  it('starts from the sessions a runner says they do now when they give no volume', () => {
    const goal = parseGoal('10K race on 2027-01-10, I run 4 times a week, 10K PB 48:00, 5 hours a week', {
      today: '2026-11-30',
    });
    expect(goal.athlete.current_weekly_km).toBeNull();
    expect(goal.athlete.current_weekly_sessions.run).toBe(4);
    const level = athleteLevel(goal.athlete, {}, 'intermediate', ['run']);
    // Four runs of 45 minutes: 3 hours a week, CTL about 21.
    expect(level.currentWeeklyHours).toBe(3);
    expect(level.startCtlMethod).toBe('stated volume');
    expect(level.startCtl).toBeCloseTo(21.4, 1);
    const plan = generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today: '2026-11-30' });
    expect(plan.weeks[0]!.hours).toBeGreaterThanOrEqual(2.7);
    expect(plan.weeks[0]!.hours).toBeLessThanOrEqual(3.3);
    expect(runsOf(plan.weeks[0]!)).toHaveLength(4);
  });

  it('never plans below the hours an athlete trains now when they gave none (recorded history)', () => {
    const goal = parseGoal('10K on 2027-03-14', { today: '2026-11-30' });
    expect(goal.assumed.weekly_hours).toBe(true);
    expect(goal.weekly_hours).toBe(6);
    const plan = generatePlan(goal, { ctl: 70, weeklyHours: 9 }, { today: '2026-11-30' });
    // From the recorded 9 hours, not cut to the default 6 (a 10K week of six runs holds about 7.5-8 of them).
    expect(Math.max(...plan.weeks.map((w) => w.hours))).toBeGreaterThanOrEqual(7.5);
    expect(plan.weeks[1]!.hours).toBeGreaterThanOrEqual(7);
    // The same goal with 6 hours given keeps the athlete's 6.
    const given = generatePlan(
      { ...goal, assumed: { ...goal.assumed, weekly_hours: false } },
      { ctl: 70, weeklyHours: 9 },
      { today: '2026-11-30' },
    );
    expect(Math.max(...given.weeks.map((w) => w.hours))).toBeLessThanOrEqual(6.5);
  });
});
