// A marathoner's peak (docs/plan-generator.md, "VO2max work"): every other load week holds VO2max intervals in
// place of threshold work, beside the marathon-pace long run; a beginner's and the build's stay as they were.
import { describe, expect, it } from 'vitest';
import { generatePlan, parseGoal } from '../src/index.ts';

const TODAY = '2026-11-30';
const plan = (text: string) =>
  generatePlan(parseGoal(text, { today: TODAY }), { ctl: 45, weeklyHours: 7 }, { today: TODAY });
const kindsOf = (p: ReturnType<typeof plan>, phase: string) =>
  p.weeks
    .filter((w) => w.kind === 'load' && w.phase === phase)
    .map((w) => w.sessions.filter((s) => s.sport === 'run' && s.kind !== 'race').map((s) => s.kind));

describe("a marathoner's peak", () => {
  it('alternates VO2max intervals with threshold work, each beside a marathon-pace long run', () => {
    const p = plan(
      'Marathon on 2027-04-18, goal 3:15, I run 5 times a week about 60 km, half PB 1:32, 8 hours a week',
    );
    const peak = kindsOf(p, 'peak');
    expect(peak.length).toBeGreaterThanOrEqual(2);
    expect(peak.some((k) => k.includes('vo2'))).toBe(true);
    expect(peak.some((k) => k.includes('threshold'))).toBe(true);
    for (const k of peak) expect(k.filter((x) => x === 'vo2' || x === 'threshold')).toHaveLength(1);
    // No VO2max work before the peak.
    expect(kindsOf(p, 'build').flat()).not.toContain('vo2');
    expect(p.review!.findings.filter((f) => !f.passed)).toEqual([]);
  });

  it("keeps a beginner's single quality session", () => {
    const p = plan('First marathon on 2027-05-02, I run 3 times a week about 25km, 6 hours a week');
    expect(p.weeks.flatMap((w) => w.sessions).some((s) => s.kind === 'vo2')).toBe(false);
  });
});
