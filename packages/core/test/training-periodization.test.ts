import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatRaceTime,
  inferPhase,
  loadProgression,
  loadSeries,
  type PlanPhase,
  periodizationAnalysis,
  predictRaceTimes,
  READINESS_TEXTS,
  RIEGEL_EXPONENT,
  raceDayFormScore,
  raceReadiness,
  riegelTime,
} from '../src/index.ts';

const series = (from: string, tss: readonly number[]) =>
  loadSeries(tss.map((value, i) => ({ date: addDays(from, i), tss: value })));
const repeat = (value: number, n: number) => new Array<number>(n).fill(value);

describe('periodization from a plan', () => {
  const phases: PlanPhase[] = [
    { name: 'build', start_date: '2026-02-02', end_date: '2026-03-01', focus: 'Threshold' },
    { name: 'base', start_date: '2026-01-05', end_date: '2026-02-01', focus: 'Aerobic volume' },
    { name: 'taper', start_date: '2026-03-02', end_date: '2026-03-14' },
  ];

  it('finds the phase holding today, its progress and the next phase', () => {
    // Base runs 28 days; 2026-01-18 is its 14th.
    expect(periodizationAnalysis({ today: '2026-01-18', phases })).toMatchObject({
      current_phase: 'base',
      phase_progress: 50,
      next_phase_date: '2026-02-02',
      source: 'plan',
      focus: 'Aerobic volume',
    });
    expect(periodizationAnalysis({ today: '2026-03-14', phases })).toMatchObject({
      current_phase: 'taper',
      phase_progress: 100,
      next_phase_date: null,
    });
  });

  it('infers the phase outside the plan but keeps the plan’s next start', () => {
    const result = periodizationAnalysis({
      today: '2026-01-01',
      phases,
      series: series('2025-12-01', repeat(0, 32)),
    });
    expect(result).toMatchObject({
      current_phase: 'base',
      source: 'inferred',
      next_phase_date: '2026-01-05',
    });
  });
});

describe('periodization from the load pattern', () => {
  it('reads build, recovery, peak, taper, race and base', () => {
    // CTL rising by more than 3 a week.
    expect(
      inferPhase(
        series(
          '2026-01-01',
          Array.from({ length: 120 }, (_, i) => 30 + i * 0.6),
        ),
      ),
    ).toBe('build');
    // A week at 10 TSS after 100 days at 80: ATL 35.8 < 0.75 × CTL 63.
    expect(inferPhase(series('2026-01-01', [...repeat(80, 100), ...repeat(10, 7)]))).toBe('recovery');
    // Holding the top of a six-week build.
    expect(inferPhase(series('2026-01-01', [...repeat(40, 150), ...repeat(85, 42), ...repeat(75, 14)]))).toBe(
      'peak',
    );
    // A year of the same load is base, not peak.
    expect(inferPhase(series('2026-01-01', repeat(50, 365)))).toBe('base');
    const s = series('2026-01-01', [...repeat(70, 100), ...repeat(40, 5)]);
    const last = s.at(-1)!.date;
    expect(inferPhase(s, addDays(last, 9))).toBe('taper');
    expect(inferPhase(s, last)).toBe('race');
    expect(inferPhase([])).toBe('base');
  });

  it('estimates progress from the days the phase has held', () => {
    const s = series('2026-01-01', [...repeat(80, 100), ...repeat(10, 7)]);
    const today = s.at(-1)!.date;
    // Recovery has held 4 of its typical 7 days (from the 4th easy day on).
    const result = periodizationAnalysis({ today, series: s });
    expect(result).toMatchObject({ current_phase: 'recovery', phase_progress: 57.1, source: 'inferred' });
    expect(result.next_phase_date).toBe(addDays(today, 4));
  });

  it('sums weekly load with end-of-week CTL, ATL, TSB and ramp', () => {
    const s = series('2026-01-05', repeat(50, 14)); // two Monday-to-Sunday weeks
    const weeks = loadProgression(s, '2026-01-18', 16);
    expect(weeks.map((w) => [w.week_start, w.total_tss])).toEqual([
      ['2026-01-05', 350],
      ['2026-01-12', 350],
    ]);
    expect(weeks[1]!.ctl).toBeCloseTo(50 * (1 - Math.exp(-14 / 42)), 1);
    expect(weeks[1]!.ramp_rate).toBeCloseTo(weeks[1]!.ctl - weeks[0]!.ctl, 1);
    expect(loadProgression(s, '2026-01-18', 1)).toHaveLength(1);
  });

  it('always answers a phase with progress in 0..100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 250 }), { maxLength: 150 }),
        fc.integer({ min: -5, max: 30 }),
        (tss, race) => {
          const s = series('2026-01-01', tss);
          const today = addDays('2026-01-01', Math.max(0, tss.length - 1));
          const r = periodizationAnalysis({ today, series: s, race_date: addDays(today, race) });
          return r.phase_progress >= 0 && r.phase_progress <= 100 && r.next_phase_date !== null;
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('race readiness', () => {
  it('predicts race times with Riegel', () => {
    expect(RIEGEL_EXPONENT).toBe(1.06);
    // 5K in 20:00 → 10K in 1200 × 2^1.06 = 2501.9 s.
    expect(riegelTime(1200, 5000, 10000)).toBeCloseTo(2501.9, 1);
    expect(formatRaceTime(2501.9)).toBe('41:42');
    const predicted = predictRaceTimes(
      [
        { distance_meters: 5000, time_seconds: 1200, date: '2026-05-01' },
        { distance_meters: 21097.5, time_seconds: 5400, date: '2026-05-20' },
        { distance_meters: 42195, time_seconds: 9000, date: '2025-01-01' }, // too old
      ],
      '2026-06-01',
    );
    expect(predicted.model).toBe('riegel');
    expect(predicted.model_name).toContain('Riegel');
    expect(predicted.predictions.map((p) => [p.name, p.predicted_time, p.based_on.distance_meters])).toEqual([
      ['5K', '20:00', 5000],
      ['10K', '41:42', 5000],
      ['Half Marathon', '1:30:00', 21097.5],
      // 5400 × 2^1.06 = 11258.6 s.
      ['Marathon', '3:07:39', 21097.5],
    ]);
  });

  it('scores fitness, race-day form and consistency', () => {
    // Nothing known: fitness 0, form at TSB 0 = (0 + 30) / 35 = 85.7, weighted 0.5 / 0.3 → 32.
    expect(raceReadiness({ today: '2026-01-01' })).toMatchObject({
      readiness_score: 32,
      fitness_level: 'low',
      taper_recommendation: READINESS_TEXTS.noRace,
      days_until_race: null,
      areas_to_focus: [READINESS_TEXTS.buildFitness, READINESS_TEXTS.bestEffort],
    });
    // With consistency 100 %: 0 × 0.5 + 85.7 × 0.3 + 100 × 0.2 = 45.7.
    expect(raceReadiness({ today: '2026-01-01', consistency_percentage: 100 }).readiness_score).toBe(46);
    expect(raceDayFormScore(15)).toBe(100);
    expect(raceDayFormScore(-30)).toBe(0);
    expect(raceDayFormScore(42.5)).toBe(50);
  });

  it('projects load to race day with a taper and advises by days to go', () => {
    const s = series('2026-01-01', repeat(70, 200));
    const today = s.at(-1)!.date;
    const inFiveWeeks = raceReadiness({
      today,
      series: s,
      race_date: addDays(today, 35),
      race_distance_meters: 42195,
    });
    expect(inFiveWeeks.days_until_race).toBe(35);
    expect(inFiveWeeks.taper_recommendation).toContain(
      'start your taper 14 days before the race (in 21 days)',
    );
    // The taper lifts race-day form above today's (TSB ≈ 0) and keeps most fitness.
    expect(inFiveWeeks.race_day_load.tsb).toBeGreaterThan(10);
    expect(inFiveWeeks.race_day_load.ctl).toBeGreaterThan(55);
    expect(raceReadiness({ today, series: s, race_date: addDays(today, 5) }).taper_recommendation).toBe(
      READINESS_TEXTS.taper,
    );
    expect(raceReadiness({ today, series: s, race_date: today }).taper_recommendation).toBe(
      READINESS_TEXTS.raceDay,
    );
    expect(raceReadiness({ today, series: s, race_date: addDays(today, -2) }).taper_recommendation).toBe(
      READINESS_TEXTS.racePassed,
    );
  });

  it('keeps the score in 0..100 for any input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 120 }),
        fc.integer({ min: -10, max: 400 }),
        fc.oneof(fc.double(), fc.constant(null)),
        fc.oneof(fc.double(), fc.constant(null)),
        (tss, race, consistency, distance) => {
          const s = series('2026-01-01', tss);
          const r = raceReadiness({
            today: '2026-06-01',
            series: s,
            race_date: addDays('2026-06-01', race),
            consistency_percentage: consistency,
            race_distance_meters: distance,
          });
          return r.readiness_score >= 0 && r.readiness_score <= 100 && r.areas_to_focus.length > 0;
        },
      ),
      { numRuns: 60 },
    );
  });
});
