// Plan generator properties over many generated goal contexts and athlete profiles. The cases are drawn once
// (fast-check, fixed seed) and every property is checked on all of them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  daysBetween,
  type GeneratedPlan,
  generatePlan,
  INJURIES,
  PLAN_GENERATOR_RULES,
  type PlanGoal,
  type PlanProfile,
  parseWorkout,
  RACES,
  type RaceType,
  trainingLoadStep,
  WEEK_DAYS,
  workoutTss,
} from '../src/index.ts';
import { primaryZone } from '../src/workouts/summarize.ts';

interface Case {
  goal: PlanGoal;
  profile: PlanProfile;
  today: string;
}

const EVENTS: ReadonlyArray<[RaceType, 'triathlon' | 'run' | 'bike' | 'swim', number, number]> = [
  // race type, sport, and the weekly hours an athlete of that event plausibly gives (min, max)
  ['Ironman', 'triathlon', 8, 16],
  ['Half Ironman', 'triathlon', 6, 13],
  ['Olympic Triathlon', 'triathlon', 5, 11],
  ['Sprint Triathlon', 'triathlon', 4, 9],
  ['Marathon', 'run', 4, 10],
  ['Half Marathon', 'run', 3, 8],
  ['10K', 'run', 3, 7],
  ['5K', 'run', 3, 6],
  ['Century Ride', 'bike', 4, 12],
  ['Open Water Swim', 'swim', 3, 7],
].map(([race, sport, lo, hi]) => [race, sport, lo, hi] as never);

const day = fc.constantFrom(...WEEK_DAYS);
const caseArb: fc.Arbitrary<Case> = fc
  .record({
    event: fc.constantFrom(...EVENTS),
    hoursShare: fc.double({ min: 0, max: 1, noNaN: true }),
    todayOffset: fc.integer({ min: 0, max: 400 }),
    days: fc.integer({ min: 21, max: 300 }),
    experience: fc.constantFrom('beginner' as const, 'intermediate' as const, 'advanced' as const),
    injuries: fc.subarray([...INJURIES], { maxLength: 2 }),
    longRun: day,
    longRide: day,
    noSwim: day,
    rest: fc.option(day, { nil: undefined }),
    ctl: fc.integer({ min: 0, max: 110 }),
    recent: fc.double({ min: 0, max: 16, noNaN: true }),
    longest: fc.record({
      run: fc.integer({ min: 0, max: 180 }),
      bike: fc.integer({ min: 0, max: 300 }),
      swim: fc.integer({ min: 0, max: 80 }),
    }),
    thresholds: fc.option(
      fc.record({
        ftpWatts: fc.integer({ min: 120, max: 380 }),
        thresholdPaceSecondsPerKm: fc.integer({ min: 200, max: 420 }),
        cssSecondsPer100m: fc.integer({ min: 70, max: 160 }),
      }),
      { nil: undefined },
    ),
  })
  .map((r) => {
    const [race, sport, lo, hi] = r.event;
    const today = addDays('2026-06-01', r.todayOffset);
    return {
      today,
      goal: {
        primary_event: {
          sport,
          distance: race,
          distance_meters: RACES[race].distance_meters!,
          race_type: race,
          date: addDays(today, r.days),
          target: 'finish',
        },
        weekly_hours: Math.round((lo + (hi - lo) * r.hoursShare) * 2) / 2,
        experience: r.experience,
        injuries: r.injuries,
        preferences: {
          long_run_day: r.longRun,
          long_ride_day: r.longRide,
          no_swim_day: r.noSwim,
          rest_days: r.rest ? [r.rest] : [],
          weekday_max_minutes: null,
        },
      },
      profile: {
        ctl: r.ctl,
        weeklyHours: r.recent,
        longestSessionMinutes: r.longest,
        ...(r.thresholds ? { thresholds: r.thresholds } : {}),
      },
    };
  });

const CASES = fc.sample(caseArb, { numRuns: 120, seed: 20_261_123 });
const PLANS: Array<[Case, GeneratedPlan]> = CASES.map((c) => [
  c,
  generatePlan(c.goal, c.profile, { today: c.today }),
]);
const describeCase = (c: Case) => JSON.stringify(c);

const sessionsOf = (plan: GeneratedPlan) => plan.weeks.flatMap((w) => w.sessions);
const fullWeek = (w: GeneratedPlan['weeks'][number]) => daysBetween(w.start, w.end) === 6;

describe('generatePlan properties', () => {
  it('every session parses without warnings, with the duration and zone the plan states', () => {
    for (const [c, plan] of PLANS) {
      for (const s of sessionsOf(plan)) {
        const parsed = parseWorkout(s.workout_language_text, {
          sport: s.sport,
          ...(c.profile.thresholds ? { thresholds: c.profile.thresholds } : {}),
        });
        expect(parsed.warnings, `${describeCase(c)}: ${s.workout_language_text}`).toEqual([]);
        expect(Math.abs(parsed.total_duration_estimated / 60 - s.duration_minutes)).toBeLessThanOrEqual(0.5);
        // A strides run is stated as the easy run it is (docs/plan-generator.md, "A session's zone").
        expect(s.intensity_zone).toBe(s.kind === 'strides' ? 2 : primaryZone(parsed.intervals));
      }
    }
  });

  it('has no session before today or after race day, and race day is the race', () => {
    for (const [c, plan] of PLANS) {
      const race = c.goal.primary_event.date;
      for (const s of sessionsOf(plan)) {
        expect(s.date >= c.today && s.date <= race, describeCase(c)).toBe(true);
        expect(s.date === race, `${describeCase(c)}: ${s.date} ${s.kind}`).toBe(s.kind === 'race');
      }
      expect(sessionsOf(plan).some((s) => s.kind === 'race')).toBe(true);
      expect(plan.weeks[0]!.start).toBe(c.today);
      expect(plan.weeks.at(-1)!.end).toBe(race);
    }
  });

  it('keeps at least 75 % of the training time in zones 1-2 (from the parsed sessions)', () => {
    for (const [c, plan] of PLANS) {
      let total = 0;
      let easy = 0;
      for (const s of sessionsOf(plan)) {
        if (s.kind === 'race') continue;
        const p = parseWorkout(s.workout_language_text, {
          sport: s.sport,
          ...(c.profile.thresholds ? { thresholds: c.profile.thresholds } : {}),
        });
        total += p.total_duration_estimated;
        easy +=
          (p.total_duration_estimated * (p.zone_distribution.zone_1 + p.zone_distribution.zone_2)) / 100;
      }
      expect(easy / total, describeCase(c)).toBeGreaterThanOrEqual(0.75);
    }
  });

  it('keeps weekly volume within 15 % of the target once the ramp has reached it', () => {
    let checked = 0;
    for (const [c, plan] of PLANS) {
      const target = c.goal.weekly_hours;
      // After the ramp: from the first load week planned at the goal's hours on.
      const load = plan.weeks.filter((w) => w.kind === 'load' && fullWeek(w));
      const reached = load.findIndex((w) => w.target_hours >= target * 0.95);
      if (reached < 0) continue;
      for (const w of load.slice(reached)) {
        if (w.sessions.some((s) => s.kind === 'test')) continue;
        checked += 1;
        expect(
          Math.abs(w.hours - target),
          `${describeCase(c)}: week ${w.start} ${w.hours} h`,
        ).toBeLessThanOrEqual(0.15 * target);
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('has deload weeks in plans long enough for a load cycle, and a taper before race day', () => {
    for (const [c, plan] of PLANS) {
      const weeks = plan.weeks;
      expect(weeks.at(-1)!.kind).toBe('race');
      const loadWeeks = weeks.filter((w) => w.kind === 'load' || w.kind === 'deload').length;
      const cycle = c.goal.experience === 'beginner' ? 3 : 4;
      if (loadWeeks >= cycle + 2)
        expect(
          weeks.some((w) => w.kind === 'deload'),
          describeCase(c),
        ).toBe(true);
      if (weeks.some((w) => w.kind === 'load')) {
        // The taper: its weeks (a one-week taper may be the race week itself) below the top load week.
        const top = Math.max(...weeks.filter((w) => w.kind === 'load').map((w) => w.target_hours));
        const taper = weeks.filter((w) => w.kind === 'taper' || w.kind === 'race');
        for (const w of taper) expect(w.target_hours, describeCase(c)).toBeLessThan(top);
      }
      for (const w of weeks.filter((w) => w.kind === 'deload')) {
        const before = weeks.filter((x) => x.kind === 'load' && x.start < w.start).at(-1);
        if (before) expect(w.target_hours).toBeLessThan(before.target_hours);
      }
    }
  });

  it('keeps the day preferences: no swim on the no-swim day, long sessions on their days, rest days free', () => {
    for (const [c, plan] of PLANS) {
      const prefs = c.goal.preferences;
      const sport = c.goal.primary_event.sport;
      for (const w of plan.weeks) {
        for (const s of w.sessions) {
          if (s.kind === 'race') continue;
          const dow = WEEK_DAYS[dayOfWeek(s.date)]!;
          if (s.sport === 'swim') expect(dow, describeCase(c)).not.toBe(prefs.no_swim_day);
          const longDay = dow === prefs.long_run_day || dow === prefs.long_ride_day;
          if (w.kind !== 'race' && (prefs.rest_days ?? []).includes(dow) && !longDay)
            expect.fail(`${describeCase(c)}: ${s.title} on rest day ${s.date}`);
        }
        if (w.kind === 'race' || !fullWeek(w)) continue;
        const longs = w.sessions.filter(
          (s) =>
            s.kind === 'long' ||
            (s.kind === 'race_pace' && s.sport === 'run') ||
            (s.kind === 'brick' && s.sport === 'bike'),
        );
        const longRun = longs
          .filter((s) => s.sport === 'run')
          .sort((a, b) => b.duration_minutes - a.duration_minutes)[0];
        const longRide = longs
          .filter((s) => s.sport === 'bike')
          .sort((a, b) => b.duration_minutes - a.duration_minutes)[0];
        const sameDay = sport === 'triathlon' && prefs.long_run_day === prefs.long_ride_day;
        if (
          (sport === 'run' || sport === 'triathlon') &&
          !sameDay &&
          longRun &&
          longRun.duration_minutes >= 45
        )
          expect(WEEK_DAYS[dayOfWeek(longRun.date)], `${describeCase(c)} ${w.start}`).toBe(
            prefs.long_run_day,
          );
        if ((sport === 'bike' || sport === 'triathlon') && longRide)
          expect(
            WEEK_DAYS[dayOfWeek(longRide.date)],
            `${describeCase(c)} ${w.start} ${JSON.stringify(prefs)} ${w.sessions.map((s) => `${s.date}:${s.sport}:${s.kind}:${s.duration_minutes}`).join(' ')}`,
          ).toBe(prefs.long_ride_day);
      }
    }
  });

  it('keeps the CTL ramp within the cap (CTL simulated from the parsed sessions)', () => {
    for (const [c, plan] of PLANS) {
      const tss = new Map<string, number>();
      for (const s of sessionsOf(plan)) {
        const p = parseWorkout(s.workout_language_text, {
          sport: s.sport,
          ...(c.profile.thresholds ? { thresholds: c.profile.thresholds } : {}),
        });
        const value =
          workoutTss({
            sport: s.sport,
            duration_minutes: p.total_duration_estimated / 60,
            zone_distribution: p.zone_distribution,
          }) ?? 0;
        tss.set(s.date, (tss.get(s.date) ?? 0) + value);
      }
      let state = { ctl: c.profile.ctl, atl: c.profile.ctl };
      const cap = PLAN_GENERATOR_RULES.ctlRampCap[c.goal.experience];
      expect(cap).toBeLessThanOrEqual(8);
      for (const w of plan.weeks) {
        const before = state.ctl;
        for (let d = w.start; d <= w.end; d = addDays(d, 1)) state = trainingLoadStep(state, tss.get(d) ?? 0);
        if (w.kind !== 'race')
          expect(state.ctl - before, `${describeCase(c)} week ${w.start}`).toBeLessThanOrEqual(cap + 0.01);
      }
    }
  });

  it('gives a triathlete all three sports every full week and a brick in Build and Peak load weeks', () => {
    for (const [c, plan] of PLANS) {
      if (c.goal.primary_event.sport !== 'triathlon') continue;
      for (const w of plan.weeks.filter((x) => x.kind !== 'race' && fullWeek(x))) {
        for (const sport of ['swim', 'bike', 'run'] as const)
          expect(
            w.sessions.some((s) => s.sport === sport),
            `${describeCase(c)} ${w.start} ${sport}`,
          ).toBe(true);
        if (w.kind === 'load' && (w.phase === 'build' || w.phase === 'peak'))
          expect(
            w.sessions
              .filter((s) => s.kind === 'brick')
              .map((s) => s.sport)
              .sort(),
            `${describeCase(c)} ${w.start}`,
          ).toEqual(['bike', 'run']);
      }
    }
  });

  it('has strength in Foundation and Base load weeks and none later', () => {
    for (const [c, plan] of PLANS) {
      for (const w of plan.weeks.filter((x) => fullWeek(x))) {
        const strength = w.sessions.some((s) => s.sport === 'strength');
        if (w.phase !== 'base') expect(strength, `${describeCase(c)} ${w.start}`).toBe(false);
        else if (w.kind === 'load') expect(strength, `${describeCase(c)} ${w.start}`).toBe(true);
      }
    }
  });

  it('explains the plan in 3 to 6 bullets and carries the race and test milestones', () => {
    for (const [c, plan] of PLANS) {
      expect(plan.explainability.bullets.length).toBeGreaterThanOrEqual(3);
      expect(plan.explainability.bullets.length).toBeLessThanOrEqual(6);
      expect(plan.milestones.some((m) => m.type === 'race' && m.date === c.goal.primary_event.date)).toBe(
        true,
      );
      for (const phase of plan.phases.filter((p) => p.name === 'build' || p.name === 'peak'))
        expect(plan.milestones.some((m) => m.type === 'test' && m.date === phase.start_date)).toBe(true);
      for (const s of sessionsOf(plan)) expect(s.reason.length).toBeGreaterThan(10);
    }
  });

  it('is deterministic', () => {
    for (const [c, plan] of PLANS.slice(0, 20))
      expect(generatePlan(c.goal, c.profile, { today: c.today })).toEqual(plan);
  });
});
