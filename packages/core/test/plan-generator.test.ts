import { describe, expect, it } from 'vitest';
import {
  dayOfWeek,
  generatePlan,
  type PlanProfile,
  parseGoal,
  WEEK_DAYS,
  weekPlanDraft,
} from '../src/index.ts';

const TODAY = '2026-11-23';
const PROFILE: PlanProfile = {
  ctl: 45,
  weeklyHours: 8,
  longestSessionMinutes: { run: 100, bike: 180, swim: 50 },
};
const plan = (text: string, profile: PlanProfile = PROFILE) =>
  generatePlan(parseGoal(text, { today: TODAY }), profile, { today: TODAY });
const dow = (date: string) => WEEK_DAYS[dayOfWeek(date)];
const all = (p: ReturnType<typeof plan>) => p.weeks.flatMap((w) => w.sessions);

describe('generatePlan', () => {
  it('builds a 24-week Ironman through the four Journey phases, with benchmark tests and a race day', () => {
    const p = plan('Ironman on 2027-05-09, 12 hours a week, long ride saturday, long run sunday');
    expect(p.weeks).toHaveLength(24);
    expect([...new Set(p.phases.map((x) => x.label))]).toEqual([
      'Foundation',
      'Base Building',
      'Build Phase',
      'Peak & Taper',
    ]);
    const tests = all(p).filter((s) => s.kind === 'test');
    expect(tests.map((s) => s.title).sort()).toEqual(
      ['30-min run test', '30-min run test', 'CSS test', 'CSS test', 'FTP test', 'FTP test'].sort(),
    );
    expect(p.milestones.filter((m) => m.type === 'test')).toHaveLength(2);
    const race = all(p).filter((s) => s.date === '2027-05-09');
    expect(race.map((s) => s.sport)).toEqual(['swim', 'bike', 'run']);
    expect(race.every((s) => s.kind === 'race')).toBe(true);
    // A three-week taper for an Ironman.
    expect(p.weeks.filter((w) => w.kind === 'taper' || w.kind === 'race')).toHaveLength(3);
    expect(p.explainability.bullets.length).toBeGreaterThanOrEqual(3);
    expect(p.explainability.bullets.length).toBeLessThanOrEqual(6);
  });

  it('shows a strides run as the easy run it is, not by its few seconds of speed', () => {
    const strides = all(plan('marathon on 2027-06-27, 7 hours a week')).filter((s) => s.kind === 'strides');
    expect(strides.length).toBeGreaterThan(0);
    expect(strides.every((s) => s.intensity_zone === 2)).toBe(true);
  });

  it('drops the early phases of a short plan', () => {
    const p = plan('half marathon in 5 weeks');
    const labels = new Set(p.phases.map((x) => x.label));
    expect(labels.has('Foundation')).toBe(false);
    expect(labels.has('Peak & Taper')).toBe(true);
  });

  it('starts near the hours the athlete trains now and grows from there', () => {
    const p = plan('marathon on 2027-05-02, 10 hours a week', { ...PROFILE, weeklyHours: 6 });
    expect(p.weeks[0]!.target_hours).toBe(6);
    expect(p.weeks[1]!.target_hours).toBeCloseTo(6.6, 1);
  });

  it('keeps the no-swim day and the long days', () => {
    const p = plan(
      'olympic tri on 2027-06-06, no swimming on Wednesdays, long run on Tuesdays, long ride on Thursdays',
    );
    expect(all(p).some((s) => s.sport === 'swim' && dow(s.date) === 'wednesday')).toBe(false);
    const longRuns = all(p).filter((s) => s.sport === 'run' && s.kind === 'long');
    expect(longRuns.length).toBeGreaterThan(5);
    expect(longRuns.every((s) => dow(s.date) === 'tuesday')).toBe(true);
  });

  it('replaces run intervals with bike intervals for a knee injury, and says why', () => {
    const p = plan('marathon on 2027-04-25, 8 hours a week, bad knee');
    const sessions = all(p);
    expect(
      sessions.some((s) => s.sport === 'run' && ['tempo', 'threshold', 'vo2', 'strides'].includes(s.kind)),
    ).toBe(false);
    const replaced = sessions.filter((s) => s.sport === 'bike');
    expect(replaced.length).toBeGreaterThan(0);
    expect(replaced[0]!.reason).toMatch(/knee/);
    expect(sessions.filter((s) => s.sport === 'strength').every((s) => s.title === 'Core and mobility')).toBe(
      true,
    );
    expect(p.explainability.bullets.some((b) => b.includes('knee'))).toBe(true);
  });

  it('keeps weekday sessions within the weekday time the athlete has', () => {
    const p = plan('half marathon on 2027-04-11, I only have 45 minutes on weekdays');
    for (const s of all(p)) {
      const d = dayOfWeek(s.date);
      if (d >= 1 && d <= 5 && s.kind !== 'test' && s.kind !== 'race')
        expect(s.duration_minutes).toBeLessThanOrEqual(46);
    }
  });

  it('has no session before today nor any after race day, even for a race in the past', () => {
    const goal = parseGoal('5k', { today: TODAY });
    const p = generatePlan(
      { ...goal, primary_event: { ...goal.primary_event, date: '2026-01-01' } },
      PROFILE,
      {
        today: TODAY,
      },
    );
    expect(p.race_date).toBe(TODAY);
    expect(all(p).every((s) => s.date === TODAY && s.kind === 'race')).toBe(true);
  });

  it('gives the first week as the week plan draft', () => {
    const p = plan('marathon on 2027-04-25, 6 hours a week');
    const draft = weekPlanDraft(p);
    expect(draft.sessions.length).toBe(p.weeks[0]!.sessions.length);
    for (const [i, s] of draft.sessions.entries()) {
      const session = p.weeks[0]!.sessions[i]!;
      expect(s).toEqual({
        dow: dow(session.date),
        type: session.kind,
        sport: session.sport,
        duration_min: session.duration_minutes,
      });
    }
  });
});
