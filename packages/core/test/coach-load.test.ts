// One load everywhere (docs/coach.md, "One load"): the coach speaks of the same TSS the daily load and the
// calendar's workouts carry, not a score of its own.
import { describe, expect, it } from 'vitest';
import { type CoachAnswer, type CoachSnapshot, coachReply, workoutTss } from '../src/index.ts';
import { snapshot, TODAY } from './coach-fixture.ts';

const cite = (answer: CoachAnswer, label: string) => answer.citations.find((c) => c.label === label)?.value;

describe("the coach's load", () => {
  it('is the stored TSS of each session: the recorded TSS for a done one, the planned TSS otherwise', () => {
    const base = snapshot();
    // Monday's easy run was recorded at 52.7 TSS; today's threshold run carries its stored planned TSS of 71.
    const workouts = base.workouts.map((w) =>
      w.id === 'mon' ? { ...w, tss: 52.7 } : w.id === 'thu' ? { ...w, tss: 71 } : w,
    );
    const s: CoachSnapshot = { ...base, workouts };
    const week = coachReply(s, 'How does my week look?');
    const expected = workouts
      .filter((w) => w.date >= '2026-11-23' && w.date <= '2026-11-29' && w.status !== 'skipped')
      .reduce(
        (t, w) =>
          t +
          (w.tss ??
            workoutTss({
              sport: w.sport,
              duration_minutes: w.durationMinutes,
              intensity_zone: w.intensityZone,
            })!),
        0,
      );
    expect(cite(week, 'TSS this week')).toBe(String(Math.round(expected)));
    const skip = coachReply(s, 'skip today');
    expect(cite(skip, 'TSS of the session')).toBe('71');
    expect(skip.reply).toContain('takes 71 TSS off your week');
    expect(TODAY).toBe('2026-11-26');
  });

  it('without a stored TSS, is the local TSS the workout service would store (60 min Z4 run: 90)', () => {
    const answer = coachReply(snapshot(), 'skip today');
    expect(cite(answer, 'TSS of the session')).toBe(
      String(Math.round(workoutTss({ sport: 'run', duration_minutes: 60, intensity_zone: 4 })!)),
    );
  });
});
