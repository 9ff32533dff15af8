// Plans from the goal corpus: goals as athletes write them (fixtures/goal-corpus.json holds each prompt and the
// goal context read from it, with what the athlete said of their training), each checked against what a coach
// would accept for its event family: the peak long session, the peak week, the taper, and the reviewer.
import { describe, expect, it } from 'vitest';
import { eventFamily, type GoalContext, generatePlan } from '../src/index.ts';
import corpus from './fixtures/goal-corpus.json' with { type: 'json' };

/** What a coach accepts, by family: peak long session (minutes, main sport), taper weeks (race week included). */
const ACCEPT: Record<string, { long: [number, number]; taper: [number, number] }> = {
  short_run: { long: [45, 100], taper: [1, 1] },
  half: { long: [60, 135], taper: [1, 2] },
  marathon: { long: [90, 185], taper: [2, 3] },
  ultra: { long: [120, 270], taper: [2, 3] },
  short_tri: { long: [45, 150], taper: [1, 2] },
  half_tri: { long: [90, 240], taper: [2, 2] },
  long_tri: { long: [150, 360], taper: [3, 3] },
  bike: { long: [75, 330], taper: [1, 2] },
  swim: { long: [35, 110], taper: [1, 2] },
};

const goals = (corpus as unknown as { today: string; goals: Array<{ prompt: string; goal: GoalContext }> })
  .goals;

describe('the goal corpus', () => {
  it('holds at least 60 goals over every event family', () => {
    expect(goals.length).toBeGreaterThanOrEqual(60);
    const families = new Set(
      goals.map((g) => eventFamily(g.goal.primary_event.sport, g.goal.primary_event.distance_meters)),
    );
    expect([...families].sort()).toEqual(Object.keys(ACCEPT).sort());
  });

  for (const { prompt, goal } of goals) {
    it(prompt, () => {
      const today = (corpus as { today: string }).today;
      const plan = generatePlan(goal, { ctl: 0, weeklyHours: 0 }, { today });
      const event = goal.primary_event;
      const family = eventFamily(event.sport, event.distance_meters);
      const accept = ACCEPT[family]!;
      const main = event.sport === 'triathlon' ? 'bike' : event.sport;
      const longs = plan.weeks
        .flatMap((w) => w.sessions)
        .filter((s) => s.kind === 'long' && s.sport === main);
      const peak = Math.max(...longs.map((s) => s.duration_minutes));
      const weeks = plan.weeks.length;
      if (weeks >= 8)
        expect(peak).toBeGreaterThanOrEqual(Math.min(accept.long[0], goal.weekly_hours * 60 * 0.3));
      expect(peak).toBeLessThanOrEqual(accept.long[1]);
      // The top week stays within the hours given.
      const top = Math.max(...plan.weeks.filter((w) => w.kind === 'load').map((w) => w.hours));
      expect(top).toBeLessThanOrEqual(goal.weekly_hours * 1.15);
      const taper = plan.weeks.filter((w) => w.kind === 'taper' || w.kind === 'race').length;
      expect(taper).toBeGreaterThanOrEqual(accept.taper[0]);
      expect(taper).toBeLessThanOrEqual(accept.taper[1]);
      expect(plan.review?.findings.filter((f) => !f.passed).map((f) => `${f.rule}: ${f.figure}`)).toEqual([]);
    });
  }
});
