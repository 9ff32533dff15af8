// The session library writes each session's minutes by zone itself (the generator scores plans from them);
// the workout parser must read every text it writes without a warning, to the same length and easy share.
import { describe, expect, it } from 'vitest';
import { generatePlan, type PlanProfile, parseGoal, parseWorkout } from '../src/index.ts';

const TODAY = '2026-11-23';
const PROFILE: PlanProfile = {
  ctl: 40,
  weeklyHours: 7,
  longestSessionMinutes: { run: 90, bike: 150, swim: 45 },
  thresholds: { ftpWatts: 240, thresholdPaceSecondsPerKm: 285, cssSecondsPer100m: 105 },
};
const GOALS = [
  'Ironman on 2027-05-09, 12 hours a week',
  'marathon on 2027-04-18, 8 hours a week',
  '5k on 2027-01-31, 4 hours a week',
  'century ride on 2027-05-30, 8 hours a week',
  'open water swim on 2027-06-20, 5 hours a week',
  'olympic triathlon on 2027-06-13, 7 hours a week',
];

describe('library sessions read back by the parser', () => {
  const sessions = GOALS.flatMap((g) =>
    generatePlan(parseGoal(g, { today: TODAY }), PROFILE, { today: TODAY }).weeks.flatMap((w) => w.sessions),
  );
  const unique = [...new Map(sessions.map((s) => [`${s.sport} ${s.workout_language_text}`, s])).values()];

  it('parses every text without a warning, to within 2 minutes and 5 % of its easy share', () => {
    expect(unique.length).toBeGreaterThan(150);
    for (const s of unique) {
      if (s.sport === 'strength' || (s.kind === 'race' && s.sport === 'bike')) continue;
      const p = parseWorkout(s.workout_language_text, { sport: s.sport, thresholds: PROFILE.thresholds! });
      expect(p.warnings, s.workout_language_text).toEqual([]);
      const minutes = p.total_duration_estimated / 60;
      expect(Math.abs(minutes - s.duration_minutes), s.workout_language_text).toBeLessThanOrEqual(2);
      const easy = (p.zone_distribution.zone_1 + p.zone_distribution.zone_2) / 100;
      expect(
        Math.abs(easy - s.easy_minutes / s.duration_minutes),
        s.workout_language_text,
      ).toBeLessThanOrEqual(0.05);
    }
  });
});
