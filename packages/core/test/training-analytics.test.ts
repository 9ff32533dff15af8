import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  type AchievementSession,
  achievementCounts,
  addDays,
  consistencyAnalysis,
  consistencyDay,
  evaluateAchievements,
  POLARIZATION_TEXTS,
  polarizationAnalysis,
  trainingStreak,
} from '../src/index.ts';

describe('polarization', () => {
  it('scores the ideal 80/5/15 as 100 and polarized', () => {
    const result = polarizationAnalysis({ zone_1: 40, zone_2: 40, zone_3: 5, zone_4: 10, zone_5: 5 });
    expect(result).toEqual({
      current_distribution: { low: 80, moderate: 5, high: 15 },
      ideal_distribution: { low: 80, moderate: 5, high: 15 },
      polarization_score: 100,
      is_polarized: true,
      recommendations: [POLARIZATION_TEXTS.polarized],
    });
  });

  it('scores by total-variation distance and recommends per broken rule', () => {
    // 70/20/10: distance (10 + 15 + 5) / 2 = 15 → 100 × (1 − 15/95) = 84.2.
    const result = polarizationAnalysis({ zone_2: 70, zone_3: 20, zone_4: 10 });
    expect(result.polarization_score).toBe(84.2);
    expect(result.is_polarized).toBe(false);
    expect(result.recommendations).toEqual([POLARIZATION_TEXTS.moreLow, POLARIZATION_TEXTS.lessModerate]);
    // All time in zone 3 is the farthest from the ideal.
    expect(polarizationAnalysis({ zone_3: 3600 }).polarization_score).toBe(0);
    // Seconds work like percent.
    expect(polarizationAnalysis({ zone_1: 7200, zone_4: 1800 }).current_distribution).toEqual({
      low: 80,
      moderate: 0,
      high: 20,
    });
  });

  it('uses the spec’s boundaries: low ≥ 75, high ≥ 10, moderate ≤ 15', () => {
    expect(polarizationAnalysis({ zone_1: 75, zone_3: 15, zone_5: 10 }).is_polarized).toBe(true);
    expect(polarizationAnalysis({ zone_1: 74.9, zone_3: 15, zone_5: 10.1 }).is_polarized).toBe(false);
    expect(polarizationAnalysis({ zone_1: 90, zone_5: 10 }).is_polarized).toBe(true);
    expect(polarizationAnalysis({ zone_1: 91, zone_5: 9 }).recommendations).toEqual([
      POLARIZATION_TEXTS.moreHigh,
    ]);
    expect(polarizationAnalysis({ zone_1: 60, zone_5: 40 }).recommendations).toContain(
      POLARIZATION_TEXTS.lessHigh,
    );
  });

  it('answers no data without time', () => {
    expect(polarizationAnalysis({})).toMatchObject({
      polarization_score: 0,
      recommendations: [POLARIZATION_TEXTS.noData],
    });
  });

  it('keeps the score in 0..100 for any distribution', () => {
    const share = fc.oneof(fc.double(), fc.constant(Number.NaN));
    fc.assert(
      fc.property(share, share, share, share, share, (zone_1, zone_2, zone_3, zone_4, zone_5) => {
        const r = polarizationAnalysis({ zone_1, zone_2, zone_3, zone_4, zone_5 });
        return r.polarization_score >= 0 && r.polarization_score <= 100 && r.recommendations.length > 0;
      }),
      { numRuns: 300 },
    );
  });
});

describe('consistency', () => {
  it('classifies a day by completed minutes over scheduled minutes', () => {
    const day = (status: string, minutes: number) => ({
      date: '2026-01-05',
      status,
      duration_minutes: minutes,
    });
    expect(consistencyDay('2026-01-05', []).status).toBe('rest');
    expect(consistencyDay('2026-01-05', [day('completed', 60)])).toMatchObject({
      status: 'complete',
      completion: 1,
    });
    // 45 of 60 + 30 = 0.5: not above 0.5 → missed; 50 of 90 = 0.556 → partial; 80 of 100 = 0.8 → partial.
    expect(consistencyDay('2026-01-05', [day('completed', 45), day('planned', 45)]).status).toBe('missed');
    expect(consistencyDay('2026-01-05', [day('completed', 50), day('skipped', 40)]).status).toBe('partial');
    expect(consistencyDay('2026-01-05', [day('completed', 80), day('planned', 20)]).status).toBe('partial');
    expect(consistencyDay('2026-01-05', [day('completed', 81), day('planned', 19)]).status).toBe('complete');
    // Without durations, sessions count: 1 of 1.
    expect(consistencyDay('2026-01-05', [{ date: '2026-01-05', status: 'completed' }]).status).toBe(
      'complete',
    );
  });

  it('summarises the range ending today; an unfinished today does not count against the athlete', () => {
    const workouts = [
      { date: '2026-01-01', status: 'completed', duration_minutes: 60 },
      { date: '2026-01-02', status: 'planned', duration_minutes: 60 },
      { date: '2026-01-04', status: 'completed', duration_minutes: 30 },
      { date: '2026-01-04', status: 'planned', duration_minutes: 20 },
      { date: '2026-01-05', status: 'planned', duration_minutes: 45 },
      { date: '2026-01-09', status: 'completed', duration_minutes: 45 },
    ];
    const { daily_data, summary } = consistencyAnalysis(workouts, '2026-01-05', 5);
    expect(daily_data.map((d) => [d.day, d.status])).toEqual([
      [1, 'complete'],
      [2, 'missed'],
      [3, 'rest'],
      [4, 'partial'],
      [5, 'missed'],
    ]);
    expect(summary).toEqual({
      total_days: 5,
      rest_days: 1,
      complete_days: 1,
      partial_days: 1,
      missed_days: 2,
      training_days: 3,
      completion_percentage: 33,
      average_completion: 53.3,
      current_streak: 1,
      longest_streak: 1,
    });
    expect(consistencyAnalysis(workouts, 'yesterday').daily_data).toEqual([]);
  });

  it('gives every day of the range exactly one status', () => {
    const workout = fc.record({
      date: fc.integer({ min: 0, max: 40 }).map((i) => addDays('2026-01-01', i)),
      status: fc.constantFrom('planned', 'completed', 'skipped'),
      duration_minutes: fc.oneof(fc.integer({ min: -10, max: 200 }), fc.constant(null), fc.double()),
    });
    fc.assert(
      fc.property(fc.array(workout, { maxLength: 40 }), fc.integer({ min: 1, max: 40 }), (workouts, span) => {
        const { daily_data, summary } = consistencyAnalysis(workouts, '2026-01-30', span);
        const dates = daily_data.map((d) => d.date);
        return (
          daily_data.length === span &&
          new Set(dates).size === span &&
          summary.rest_days + summary.complete_days + summary.partial_days + summary.missed_days === span &&
          summary.completion_percentage >= 0 &&
          summary.completion_percentage <= 100
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('training streak', () => {
  it('keeps the current streak alive until today is over', () => {
    const dates = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-06', '2026-01-07'];
    expect(trainingStreak(dates, '2026-01-08')).toEqual({ current_streak: 2, longest_streak: 3 });
    expect(trainingStreak([...dates, '2026-01-08'], '2026-01-08')).toEqual({
      current_streak: 3,
      longest_streak: 3,
    });
    expect(trainingStreak(dates, '2026-01-09')).toEqual({ current_streak: 0, longest_streak: 3 });
    // Duplicates, invalid and future dates are ignored.
    expect(trainingStreak(['2026-01-07', '2026-01-07', 'x', '2026-01-09'], '2026-01-08')).toEqual({
      current_streak: 1,
      longest_streak: 1,
    });
  });

  it('never has a current streak longer than the longest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 })),
        fc.integer({ min: 0, max: 60 }),
        (offsets, t) => {
          const s = trainingStreak(
            offsets.map((o) => addDays('2026-01-01', o)),
            addDays('2026-01-01', t),
          );
          return s.current_streak >= 0 && s.current_streak <= s.longest_streak;
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('achievements', () => {
  const byId = (sessions: AchievementSession[]) =>
    Object.fromEntries(evaluateAchievements(sessions).map((a) => [a.id, a]));

  it('has a catalogue of at least 20 with unique ids and the spec’s fields', () => {
    expect(ACHIEVEMENTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    expect(Object.keys(evaluateAchievements([])[0]!).sort()).toEqual(
      [
        'category',
        'current_value',
        'description',
        'earned',
        'earned_date',
        'emoji',
        'id',
        'name',
        'progress_percentage',
        'target_value',
        'unit',
      ].sort(),
    );
  });

  it('earns distance achievements on the date of the first session that reaches them', () => {
    const a = byId([
      { date: '2026-03-01', sport: 'run', duration_minutes: 50, distance_meters: 10_000, tss: 60 },
      { date: '2026-04-12', sport: 'run', duration_minutes: 200, distance_meters: 42_195, tss: 300 },
      { date: '2026-05-01', sport: 'bike', duration_minutes: 330, distance_meters: 160_900, tss: 280 },
      { date: '2026-05-02', sport: 'bike', duration_minutes: 60, distance_meters: 30_000, tss: 50 },
    ]);
    expect(a.first_10k_run).toMatchObject({
      earned: true,
      earned_date: '2026-03-01',
      progress_percentage: 100,
    });
    expect(a.marathon_run).toMatchObject({ earned: true, earned_date: '2026-04-12', current_value: 42.2 });
    expect(a.century_ride).toMatchObject({ earned: true, earned_date: '2026-05-01' });
    expect(a.ultra_run).toMatchObject({
      earned: false,
      earned_date: null,
      current_value: 42.2,
      progress_percentage: 84.3,
    });
    expect(a.long_run_2h).toMatchObject({ earned: true, earned_date: '2026-04-12' });
    expect(a.first_workout).toMatchObject({ earned: true, earned_date: '2026-03-01' });
    expect(a.workouts_50).toMatchObject({ earned: false, current_value: 4, progress_percentage: 8 });
    expect(a.tss_day_300).toMatchObject({ earned: true, earned_date: '2026-04-12' });
    // 280 + 50 in the week of Monday 2026-04-27: 330 of 500.
    expect(a.tss_week_500).toMatchObject({ earned: false, current_value: 330, progress_percentage: 66 });
  });

  it('measures weeks, months, streaks and multisport days', () => {
    const daily = Array.from({ length: 30 }, (_, i) => ({
      date: addDays('2026-06-01', i),
      sport: 'run',
      duration_minutes: 90,
      distance_meters: 15_000,
      tss: 40,
    }));
    const a = byId([
      ...daily,
      { date: '2026-07-04', sport: 'swim', duration_minutes: 40, distance_meters: 1500, tss: 30 },
      { date: '2026-07-04', sport: 'brick', duration_minutes: 120, distance_meters: 50_000, tss: 120 },
    ]);
    expect(a.streak_30).toMatchObject({ earned: true, earned_date: '2026-06-30' });
    expect(a.streak_7).toMatchObject({ earned: true, earned_date: '2026-06-07' });
    // Week of Monday 2026-06-01: 7 × 15 km = 105 km, reached on Sunday the 7th (the 100 km mark).
    expect(a.week_100km).toMatchObject({ earned: true, earned_date: '2026-06-07' });
    expect(a.week_10h).toMatchObject({ earned: true, earned_date: '2026-06-07' });
    // June: 30 × 40 = 1200 TSS, 1000 reached on the 25th.
    expect(a.tss_month_1000).toMatchObject({ earned: true, earned_date: '2026-06-25' });
    expect(a.triathlon_day).toMatchObject({ earned: true, earned_date: '2026-07-04', current_value: 3 });
    expect(a.swim_1500).toMatchObject({ earned: true });
    expect(achievementCounts(evaluateAchievements([]))).toEqual({ earned: 0, total: ACHIEVEMENTS.length });
    expect(evaluateAchievements([], { category: 'consistency' }).map((x) => x.id)).toEqual([
      'streak_7',
      'streak_30',
    ]);
  });

  it('keeps progress in [0, 100] and earned exactly at 100', () => {
    const session = fc.record({
      date: fc.oneof(
        fc.integer({ min: 0, max: 120 }).map((i) => addDays('2026-01-01', i)),
        fc.constant('not a date'),
      ),
      sport: fc.constantFrom('run', 'bike', 'swim', 'strength', 'brick', 'yoga'),
      duration_minutes: fc.oneof(fc.double(), fc.integer({ min: 0, max: 400 })),
      distance_meters: fc.oneof(fc.double(), fc.integer({ min: 0, max: 200_000 }), fc.constant(null)),
      tss: fc.oneof(fc.double(), fc.integer({ min: 0, max: 500 }), fc.constant(null)),
    });
    fc.assert(
      fc.property(fc.array(session, { maxLength: 60 }), (sessions) =>
        evaluateAchievements(sessions).every(
          (a) =>
            a.progress_percentage >= 0 &&
            a.progress_percentage <= 100 &&
            a.earned === (a.progress_percentage === 100) &&
            a.earned === (a.earned_date !== null) &&
            Number.isFinite(a.current_value),
        ),
      ),
      { numRuns: 150 },
    );
  });
});
