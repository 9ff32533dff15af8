// The coach's reading of a plan (issue 26): weeks that fill the athlete's hours, one run a day, the first deload
// after three load weeks, a long run that starts from what the athlete does now, and a race week of short easy
// runs with an opener. docs/plan-generator.md, "Load", "Structure" and "Long session and taper".
import { describe, expect, it } from 'vitest';
import { type GeneratedPlan, generatePlan, type PlanGoal, parseGoal } from '../src/index.ts';
import { planCases } from './plan-cases.ts';

const TODAY = '2026-11-28'; // a Saturday: the plan's first week is two days long
const BOSTON =
  'Marathon on April 18th, goal 3:15 to qualify for Boston. PB 3:21. I run about 9 hours a week, long run on Sundays';
const plan = (goal: PlanGoal) => generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today: TODAY });
const fullWeeks = (p: GeneratedPlan) => p.weeks.slice(1);
const minutes = (w: GeneratedPlan['weeks'][number]) =>
  w.sessions.filter((s) => s.kind !== 'race').reduce((a, s) => a + s.duration_minutes, 0);
const longRun = (w: GeneratedPlan['weeks'][number]) =>
  Math.max(0, ...w.sessions.filter((s) => s.kind === 'long').map((s) => s.duration_minutes));

describe('a 3:21 marathoner who runs 9 hours a week now, aiming at 3:15', () => {
  const goal = parseGoal(BOSTON, { today: TODAY });
  const p = plan(goal);

  it('starts the first full week near the 9 hours they run now, and every load week fills its target within 10 %', () => {
    expect(goal.athlete?.current_weekly_hours).toBe(9);
    const first = fullWeeks(p)[0]!;
    expect(minutes(first) / 60).toBeGreaterThanOrEqual(9 * 0.9);
    for (const w of fullWeeks(p).filter((x) => x.kind === 'load'))
      expect(minutes(w) / 60).toBeGreaterThanOrEqual(w.target_hours * 0.9);
  });

  it('never plans two runs on one day, and strength shares a day only with an easy run', () => {
    for (const w of p.weeks) {
      const runs = w.sessions.filter((s) => s.sport === 'run' && s.kind !== 'race').map((s) => s.date);
      expect(new Set(runs).size).toBe(runs.length);
      for (const s of w.sessions.filter((x) => x.sport === 'strength'))
        for (const o of w.sessions.filter((x) => x.date === s.date && x !== s))
          expect(['easy', 'strides', 'recovery']).toContain(o.kind);
    }
  });

  it('deloads for the first time after three full load weeks, then every three to four weeks', () => {
    const kinds = fullWeeks(p).map((w) => w.kind);
    expect(kinds.slice(0, 4)).toEqual(['load', 'load', 'load', 'deload']);
    let streak = 0;
    for (const k of kinds.filter((x) => x === 'load' || x === 'deload')) {
      streak = k === 'load' ? streak + 1 : 0;
      expect(streak).toBeLessThanOrEqual(3);
    }
  });

  it('starts the long run near a fifth of the week (about 2 h) and grows it at most 15 min a load week to 2:45-3:00', () => {
    const loads = fullWeeks(p).filter((w) => w.kind === 'load');
    expect(longRun(loads[0]!)).toBeGreaterThanOrEqual(105);
    expect(longRun(loads[0]!)).toBeLessThanOrEqual(135);
    for (let i = 1; i < loads.length; i++)
      expect(longRun(loads[i]!) - longRun(loads[i - 1]!)).toBeLessThanOrEqual(15);
    const peak = Math.max(...loads.map(longRun));
    expect(peak).toBeGreaterThanOrEqual(165);
    expect(peak).toBeLessThanOrEqual(180);
  });

  it('holds short easy runs in race week, one a day, with a race-pace opener two or three days out', () => {
    const race = p.weeks.at(-1)!;
    const before = race.sessions.filter((s) => s.kind !== 'race');
    expect(new Set(before.map((s) => s.date)).size).toBe(before.length);
    const opener = before.filter((s) => s.kind === 'race_pace');
    expect(opener).toHaveLength(1);
    const daysOut = (Date.parse(goal.primary_event.date) - Date.parse(opener[0]!.date)) / 86_400_000;
    expect([2, 3]).toContain(daysOut);
    for (const s of before) {
      expect(s.duration_minutes).toBeLessThanOrEqual(40);
      if (s !== opener[0]) expect(s.intensity_zone).toBeLessThanOrEqual(2);
    }
  });

  it('keeps the paces from the goal: easy 5:20-5:42/km, threshold 4:29/km, marathon pace 4:37/km', () => {
    const texts = p.weeks.flatMap((w) => w.sessions.map((s) => s.workout_language_text));
    expect(texts.some((t) => t.includes('5:20-5:42/km'))).toBe(true);
    expect(texts.some((t) => t.includes('@ 4:29/km'))).toBe(true);
    expect(texts.some((t) => t.includes('@ 4:37/km'))).toBe(true);
  });
});

describe('the long run starts from the longest recent run when the athlete says it', () => {
  it('a 100-minute recent long run starts the plan at 90-100 minutes', () => {
    const goal = parseGoal(BOSTON, { today: TODAY });
    goal.athlete = { ...goal.athlete!, longest_recent_minutes: { run: 100, bike: null, swim: null } };
    const first = fullWeeks(plan(goal)).find((w) => w.kind === 'load')!;
    expect(longRun(first)).toBeGreaterThanOrEqual(90);
    expect(longRun(first)).toBeLessThanOrEqual(100);
  });

  it('a longest run given in km ("longest run 22 km") starts at 90 % of its time at easy pace, not a default 50 minutes', () => {
    const text = 'Marathon on April 18th, goal 3:15. I have 9 hours a week, longest run 22 km';
    const goal = parseGoal(text, { today: TODAY });
    expect(goal.athlete.longest_recent_km.run).toBe(22);
    // T pace 4:27/km from the 3:15 target: easy at 1.23 × T is about 5:28/km, 22 km about 120 min.
    const first = fullWeeks(plan(goal)).find((w) => w.kind === 'load')!;
    expect(longRun(first)).toBeGreaterThanOrEqual(100);
    expect(longRun(first)).toBeLessThanOrEqual(120);
    const miles = parseGoal(text.replace('22 km', '13.7 miles'), { today: TODAY });
    expect(longRun(fullWeeks(plan(miles)).find((w) => w.kind === 'load')!)).toBe(longRun(first));
  });

  it('a minute figure wins over a distance, and a recorded one over both', () => {
    const goal = parseGoal('Marathon on April 18th, goal 3:15. 9 hours a week, longest run 30 km', {
      today: TODAY,
    });
    goal.athlete.longest_recent_minutes = { run: 100, bike: null, swim: null };
    expect(longRun(fullWeeks(plan(goal)).find((w) => w.kind === 'load')!)).toBeLessThanOrEqual(100);
    const recorded = generatePlan(
      goal,
      { ctl: 0, weeklyHours: 0, longestSessionMinutes: { run: 70 } },
      { today: TODAY },
    );
    expect(longRun(fullWeeks(recorded).find((w) => w.kind === 'load')!)).toBeLessThanOrEqual(70);
  });
});

describe('sessions a week over 500 generated goals', () => {
  const cases = planCases(500);
  const plans = cases.map((c) => ({ c, p: generatePlan(c.goal, c.profile, { today: c.today }) }));

  it('no day holds two sessions of one sport, and a beginner runs at most 4 times a week', () => {
    for (const { c, p } of plans) {
      for (const w of p.weeks) {
        const keys = w.sessions.filter((s) => s.kind !== 'race').map((s) => `${s.date} ${s.sport}`);
        expect(new Set(keys).size).toBe(keys.length);
        if (c.goal.experience === 'beginner' && c.goal.primary_event.sport === 'run')
          expect(w.sessions.filter((s) => s.sport === 'run' && s.kind !== 'race').length).toBeLessThanOrEqual(
            4,
          );
      }
    }
  });
});

describe('a runner on 15 hours a week', () => {
  const p = plan(
    parseGoal('Half marathon on 2027-06-20, I run 15 hours a week, intermediate', { today: TODAY }),
  );

  it('does real work in base weeks too (two quality sessions) and keeps the easy share of load weeks at 75-93 %', () => {
    const base = p.weeks.filter((w) => w.kind === 'load' && w.label === 'Base Building');
    expect(base.length).toBeGreaterThan(0);
    for (const w of base)
      expect(w.sessions.filter((s) => ['tempo', 'threshold'].includes(s.kind)).length).toBe(2);
    const share = p.review!.findings.find((f) => f.rule === 'intensity_share')!;
    expect(share.passed).toBe(true);
  });
});

describe('a small week', () => {
  it("keeps a short easy run beside the long run and the quality session: a 3.5 h half marathoner's deloads", () => {
    const goal = parseGoal('Half marathon on 2027-09-19, 3.5 hours a week, long run on Mondays, advanced', {
      today: TODAY,
    });
    const deloads = plan(goal).weeks.filter((w) => w.kind === 'deload');
    expect(deloads.length).toBeGreaterThan(2);
    for (const w of deloads) {
      const runs = w.sessions.filter((s) => s.sport === 'run');
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(Math.min(...runs.map((s) => s.duration_minutes))).toBeGreaterThanOrEqual(20);
    }
  });
});
