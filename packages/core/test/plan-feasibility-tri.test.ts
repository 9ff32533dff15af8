// A triathlon's predicted time from its three legs (docs/plan-generator.md, "Feasibility"): CSS, FTP and
// threshold pace known give a time an experienced coach would recognise; a faster athlete in any leg is predicted
// faster; with a leg unknown there is no prediction.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePlan, parseGoal, parseHms } from '../src/index.ts';

const TODAY = '2026-11-30';

function predicted(text: string): number | null {
  const goal = parseGoal(text, { today: TODAY });
  const plan = generatePlan(goal, { ctl: 40, weeklyHours: 8 }, { today: TODAY });
  return plan.feasibility?.predicted_time ? parseHms(plan.feasibility.predicted_time) : null;
}
const hours = (h: number, m = 0) => h * 3600 + m * 60;

describe('a triathlon prediction from the legs', () => {
  it('predicts a 70.3, an Olympic and an Ironman from CSS, FTP and a run result', () => {
    const facts = 'swim 1:50/100m, FTP 230, half marathon 1:45';
    const half = predicted(`Half Ironman on 2027-06-13, 8 hours a week, ${facts}`)!;
    // Swim about 36 min, ride about 2:50 at 180 W, run about 1:50 off the bike: 5 to 5 1/2 hours.
    expect(half).toBeGreaterThan(hours(4, 50));
    expect(half).toBeLessThan(hours(5, 35));
    const olympic = predicted(`Olympic triathlon on 2027-06-13, 8 hours a week, ${facts}`)!;
    expect(olympic).toBeGreaterThan(hours(2, 15));
    expect(olympic).toBeLessThan(hours(2, 50));
    const ironman = predicted(`Ironman on 2027-08-29, 12 hours a week, ${facts}`)!;
    expect(ironman).toBeGreaterThan(hours(10, 30));
    expect(ironman).toBeLessThan(hours(12, 30));
  });

  it('is faster for a faster athlete in any leg', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 85, max: 150 }),
        fc.integer({ min: 150, max: 330 }),
        fc.integer({ min: 80, max: 130 }),
        fc.constantFrom('swim', 'bike', 'run'),
        (css, ftp, halfMinutes, better) => {
          const text = (c: number, f: number, h: number) =>
            `Half Ironman on 2027-06-13, 8 hours a week, css ${Math.floor(c / 60)}:${String(c % 60).padStart(2, '0')}/100m, FTP ${f}, half marathon ${Math.floor(h / 60)}:${String(h % 60).padStart(2, '0')}:00`;
          const base = predicted(text(css, ftp, halfMinutes))!;
          const faster = predicted(
            text(
              better === 'swim' ? css - 5 : css,
              better === 'bike' ? ftp + 20 : ftp,
              better === 'run' ? halfMinutes - 5 : halfMinutes,
            ),
          )!;
          expect(base).not.toBeNull();
          expect(faster).toBeLessThan(base);
        },
      ),
      { numRuns: 40, seed: 20_261_129 },
    );
  }, 60_000);

  it('predicts nothing while a leg is unknown', () => {
    expect(predicted('Half Ironman on 2027-06-13, 8 hours a week, FTP 230, half marathon 1:45')).toBeNull();
    expect(
      predicted('Half Ironman on 2027-06-13, 8 hours a week, swim 1:50/100m, half marathon 1:45'),
    ).toBeNull();
  });
});
