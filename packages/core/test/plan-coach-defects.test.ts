// What a coach found wrong in generated plans, each as the athlete would see it: key sessions padded with long
// cool-downs and deloads whose key session outgrows the load week's, three test days in a row, a deload in a
// six-week plan, weeks short of the hours the athlete gave, and goals with no time to build said nowhere.
// docs/plan-generator.md, "Load", "Fitting the week", "Calendar weeks", "Knowing the athlete", "Plan limits".
import { describe, expect, it } from 'vitest';
import { type GeneratedPlan, generatePlan, type PlanGoal, parseGoal } from '../src/index.ts';
import { planCases } from './plan-cases.ts';

const TODAY = '2026-11-28';
const plan = (goal: PlanGoal) => generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today: TODAY });
const goalOf = (text: string) => parseGoal(text, { today: TODAY });
const KEY = new Set(['tempo', 'threshold', 'vo2', 'race_pace']);
type Week = GeneratedPlan['weeks'][number];
const full = (w: Week) => (Date.parse(w.end) - Date.parse(w.start)) / 86_400_000 === 6;
const plans = planCases(500).map((c) => ({ c, p: generatePlan(c.goal, c.profile, { today: c.today }) }));

describe('key sessions', () => {
  it('are as long as their set: no run cool-down over 15 min, no ride cool-down over 20 min', () => {
    for (const { p } of plans)
      for (const s of p.weeks.flatMap((w) => w.sessions)) {
        const cd = /CD (\d+)min/.exec(s.workout_language_text);
        if (cd && s.sport === 'run') expect(Number(cd[1])).toBeLessThanOrEqual(15);
        if (cd && s.sport === 'bike') expect(Number(cd[1])).toBeLessThanOrEqual(20);
      }
  });

  it("in a deload are no longer than the load week's before it (a beginner half marathoner's, and 99 % of all)", () => {
    const compare = (p: GeneratedPlan) => {
      const out: Array<[number, number]> = [];
      let last: Week | null = null;
      for (const w of p.weeks) {
        if (w.kind === 'load' && full(w)) last = w;
        if (w.kind !== 'deload' || !last) continue;
        for (const s of w.sessions.filter((x) => KEY.has(x.kind))) {
          const before = last.sessions.filter((x) => KEY.has(x.kind) && x.sport === s.sport);
          if (before.length > 0)
            out.push([s.duration_minutes, Math.max(...before.map((x) => x.duration_minutes))]);
        }
      }
      return out;
    };
    const half = compare(plan(goalOf('first half marathon on 2027-04-11, beginner, 4 hours a week')));
    expect(half.length).toBeGreaterThan(2);
    for (const [deload, load] of half) expect(deload).toBeLessThanOrEqual(load);
    const all = plans.flatMap(({ p }) => compare(p));
    expect(all.filter(([deload, load]) => deload > load).length).toBeLessThan(all.length * 0.01);
  });
});

describe('a runner whose intervals move to the bike with an injury', () => {
  const text = 'Half marathon on 2027-04-11, goal 1:35, 6 hours a week. My knee gets sore on downhills.';
  const rides = (p: GeneratedPlan) => p.weeks.flatMap((w) => w.sessions).filter((s) => s.sport === 'bike');

  it('rides by power zone when nobody knows the FTP, never in watts made up for them', () => {
    const hard = rides(plan(goalOf(text))).filter((s) => KEY.has(s.kind));
    expect(hard.length).toBeGreaterThan(5);
    for (const s of hard) {
      expect(s.workout_language_text).not.toMatch(/\d\s*W\b/);
      expect(s.workout_language_text).toMatch(/@ Z[3-5]\b/);
    }
  });

  it('rides in watts when the athlete gave an FTP', () => {
    const hard = rides(plan(goalOf(`${text} My FTP is 210 W.`))).filter((s) => KEY.has(s.kind));
    expect(hard.length).toBeGreaterThan(5);
    for (const s of hard) expect(s.workout_language_text).toMatch(/\d+-\d+W/);
  });

  it('has no bike "race pace" for a run race: it becomes a sweet-spot ride', () => {
    const kinds = new Set(rides(plan(goalOf(text))).map((s) => s.kind));
    expect(kinds.has('race_pace')).toBe(false);
    expect(kinds.has('tempo')).toBe(true);
  });
});

describe("the explanation's volume line", () => {
  it('starts from the first whole week, not the two days left of this one (today is a Saturday)', () => {
    const p = plan(goalOf('first half marathon on 2027-04-11, beginner, 4 hours a week'));
    expect(p.weeks[0]!.sessions.length).toBeLessThanOrEqual(2);
    const firstWhole = p.weeks.find((w) => w.kind === 'load' && full(w))!;
    const line = p.explainability.bullets.find((b) => b.startsWith('Volume'));
    expect(line).toContain(`Volume starts at ${firstWhole.hours} h`);
  });

  it('says the volume holds when the athlete already trains the hours the plan asks for', () => {
    const p = plan(goalOf('Marathon on 2027-04-18, goal 3:15, half PB 1:32. I run about 8 hours a week.'));
    expect(p.explainability.bullets.find((b) => b.startsWith('Volume'))).toMatch(/^Volume holds at about \d/);
  });
});

describe('a plan made at the end of a week', () => {
  it('holds only easy sessions in its first day or two: no long session, strength or test before Monday', () => {
    // TODAY is a Saturday: the first week is Saturday and Sunday.
    for (const text of [
      'First 10K on 2027-03-14. I run about 25 km a week. Recent 5K 24:30. Goal sub 50',
      'sprint triathlon on 2027-06-06, 6 hours a week',
      'Gran fondo 160 km on 2027-06-20. FTP 250 W, 7 hours a week',
    ]) {
      const first = plan(goalOf(text)).weeks[0]!;
      expect(first.end).toBe('2026-11-29');
      for (const s of first.sessions) expect(['long', 'strength', 'core', 'test']).not.toContain(s.kind);
    }
  });
});

describe('threshold tests', () => {
  it('come at most two a week, apart when the days allow: a triathlete nobody knows tests over two weeks', () => {
    const tri = plan(goalOf('sprint triathlon on 2027-06-06, 6 hours a week'));
    const days = (p: GeneratedPlan) =>
      p.weeks.map((w) =>
        w.sessions.filter((s) => s.kind === 'test').map((s) => Date.parse(s.date) / 86_400_000),
      );
    for (const week of days(tri))
      for (const a of week) for (const b of week) expect(Math.abs(a - b)).not.toBe(1);
    expect(days(tri).flat()).toHaveLength(3);
    expect(days(tri).filter((w) => w.length > 0)).toHaveLength(2);
    let adjacent = 0;
    for (const { p } of plans)
      for (const week of days(p)) {
        expect(week.length).toBeLessThanOrEqual(2);
        if (week.length === 2 && Math.abs(week[0]! - week[1]!) === 1) adjacent += 1;
      }
    // Only when long days and rest days leave no two days apart (8 weeks of 500 plans when measured).
    expect(adjacent).toBeLessThan(15);
  });
});

describe('short plans', () => {
  it('a 10K in six weeks holds no deload before race week, and passes the reviewer', () => {
    const p = plan(goalOf('10K in 6 weeks, 5 hours a week'));
    expect(p.weeks.map((w) => w.kind)).not.toContain('deload');
    expect(p.review!.passed).toBe(true);
  });

  it('a half marathon in three weeks says there is no time to build, and the reviewer names why it accepts it', () => {
    const p = plan(goalOf('half marathon in 3 weeks, 6 hours a week'));
    expect(p.feasibility!.message).toMatch(/no time to build fitness/);
    expect(p.review!.passed).toBe(true);
    for (const f of p.review!.findings.filter((x) => x.figure.includes('accepted:')))
      expect(f.figure).toMatch(/accepted: too_short_to_build$/);
  });

  it('an injured runner on 3 hours a week is told the plan cannot build as usual', () => {
    const p = plan(goalOf('5K on 2027-04-08, 3 hours a week, sore achilles'));
    expect(p.feasibility!.message).toMatch(/Achilles and under 3.5 hours a week/);
  });
});

describe('the hours the athlete gave', () => {
  it('a 3:21 marathoner on 9 hours a week reaches a top week of 8.5-9.5 h', () => {
    const p = plan(
      goalOf(
        'Marathon on April 18th, goal 3:15 to qualify for Boston. PB 3:21. I run about 9 hours a week, long run on Sundays',
      ),
    );
    const top = Math.max(...p.weeks.filter((w) => w.kind === 'load').map((w) => w.hours));
    expect(top).toBeGreaterThanOrEqual(8.5);
    expect(top).toBeLessThanOrEqual(9.5);
  });
});

describe('VO2max intervals for a half marathoner on modest hours', () => {
  it('rotate with threshold work in the build, with two quality sessions a week at most and the review passing', () => {
    for (const hours of [4, 6, 9]) {
      const p = plan(goalOf(`Half marathon on 2027-04-18, goal 1:35. ${hours} hours a week`));
      const build = p.weeks.filter((w) => w.kind === 'load' && w.label === 'Build Phase');
      const firsts = build.map((w) => w.sessions.find((s) => KEY.has(s.kind))?.kind);
      expect(firsts).toContain('vo2');
      expect(firsts).toContain('threshold');
      // One or the other in a week, never both: the week's quality count stays.
      for (const w of build) {
        const kinds = w.sessions.filter((s) => KEY.has(s.kind)).map((s) => s.kind);
        expect(kinds.includes('vo2') && kinds.includes('threshold')).toBe(false);
        expect(kinds.length).toBeLessThanOrEqual(hours < 5 ? 1 : 2);
      }
      expect(p.review!.passed).toBe(true);
    }
  });
});

describe("a gran fondo's long ride", () => {
  const longest = (p: GeneratedPlan) =>
    Math.max(
      ...p.weeks.flatMap((w) => w.sessions.filter((s) => s.kind === 'long').map((s) => s.duration_minutes)),
    );
  it("nears 85 % of the event's expected time (5:20 is 272 min), within 55 % of the week's hours", () => {
    const at = (hours: number) =>
      plan(goalOf(`Gran fondo 160 km on 2027-06-20, 5h20 expected. FTP 250 W, ${hours} hours a week`));
    const seven = at(7);
    const nine = at(9);
    // 7 h: the week's share holds it at 231 min; 9 h: the event's 85 %, 270 min (to the quarter hour).
    expect(longest(seven)).toBeGreaterThanOrEqual(220);
    expect(longest(seven)).toBeLessThanOrEqual(7 * 60 * 0.55);
    expect(longest(nine)).toBe(270);
    for (const p of [seven, nine]) expect(p.review!.passed).toBe(true);
  });
});
