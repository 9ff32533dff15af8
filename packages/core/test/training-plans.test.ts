import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  generatePlanPhases,
  isIsoDate,
  PLAN_LABELS,
  PLAN_MAX_DAYS,
  type PlanPhase,
  type PlanWorkout,
  periodizationAnalysis,
  planProgress,
  planWeekRange,
  RACE_TYPES,
  RACES,
  raceDistanceMeters,
  raceSport,
} from '../src/index.ts';

const lengthOf = (p: PlanPhase) => daysBetween(p.start_date, p.end_date) + 1;
const brief = (phases: PlanPhase[]) =>
  phases.map((p) => [p.label, p.name, p.start_date, p.end_date, lengthOf(p)]);

describe('race types', () => {
  it('knows every distance and main sport', () => {
    expect(raceDistanceMeters('Ironman')).toBe(226_000); // 3.8 + 180 + 42.2 km
    expect(raceDistanceMeters('Half Ironman')).toBe(113_000); // 1.9 + 90 + 21.1 km
    expect(raceDistanceMeters('Olympic Triathlon')).toBe(51_500); // 1.5 + 40 + 10 km
    expect(raceDistanceMeters('Sprint Triathlon')).toBe(25_750); // 0.75 + 20 + 5 km
    expect(raceDistanceMeters('Marathon')).toBe(42_195);
    expect(raceDistanceMeters('Half Marathon')).toBe(21_097.5);
    expect(raceDistanceMeters('10K')).toBe(10_000);
    expect(raceDistanceMeters('5K')).toBe(5_000);
    expect(raceDistanceMeters('Century Ride')).toBe(160_934); // 100 miles
    expect(raceDistanceMeters('Open Water Swim')).toBe(3_800);
    expect(raceDistanceMeters('Custom Event')).toBeNull();
    expect(raceDistanceMeters('Tour de France')).toBeNull();
    expect(raceDistanceMeters(null)).toBeNull();
    expect(raceSport('Ironman')).toBe('multisport');
    expect(raceSport('Marathon')).toBe('run');
    expect(raceSport('Century Ride')).toBe('bike');
    expect(raceSport('Open Water Swim')).toBe('swim');
    expect(raceSport('Custom Event')).toBeNull();
    expect(Object.keys(RACES)).toEqual([...RACE_TYPES]);
  });
});

describe('generatePlanPhases', () => {
  it('cuts a 17-week marathon plan backward from race day', () => {
    // 2026-01-05 → 2026-05-03: 118 days before the race. Taper 14 (marathon ≥ 21 km), peak 14, leaves 90.
    // Build: 40 % of 90 = 36 → 5 whole weeks = 35. Base 55; Foundation: 55 / 3 = 18.3 → 3 weeks = 21; 34 left.
    const phases = generatePlanPhases({
      start_date: '2026-01-05',
      race_date: '2026-05-03',
      race_distance_meters: 42_195,
    });
    expect(brief(phases)).toEqual([
      ['Foundation', 'base', '2026-01-05', '2026-01-25', 21],
      ['Base Building', 'base', '2026-01-26', '2026-02-28', 34],
      ['Build Phase', 'build', '2026-03-01', '2026-04-04', 35],
      ['Peak & Taper', 'peak', '2026-04-05', '2026-04-18', 14],
      ['Peak & Taper', 'taper', '2026-04-19', '2026-05-02', 14],
      ['Peak & Taper', 'race', '2026-05-03', '2026-05-03', 1],
    ]);
    expect(phases[0]!.focus).toBe('Build the habit: easy aerobic volume, technique and strength');
    expect(phases.every((p) => typeof p.focus === 'string' && p.focus.length > 0)).toBe(true);
  });

  it('drops the earliest blocks first in short plans', () => {
    // 5K in 29 days: taper 7 (below 21 km), peak 14, 8 days left: below 14, so all build and no base.
    expect(
      brief(
        generatePlanPhases({ start_date: '2026-03-02', race_date: '2026-03-31', race_distance_meters: 5000 }),
      ),
    ).toEqual([
      ['Build Phase', 'build', '2026-03-02', '2026-03-09', 8],
      ['Peak & Taper', 'peak', '2026-03-10', '2026-03-23', 14],
      ['Peak & Taper', 'taper', '2026-03-24', '2026-03-30', 7],
      ['Peak & Taper', 'race', '2026-03-31', '2026-03-31', 1],
    ]);
    // An unknown distance tapers 14 days; 9 days before the race are all taper.
    expect(brief(generatePlanPhases({ start_date: '2026-06-01', race_date: '2026-06-10' }))).toEqual([
      ['Peak & Taper', 'taper', '2026-06-01', '2026-06-09', 9],
      ['Peak & Taper', 'race', '2026-06-10', '2026-06-10', 1],
    ]);
    // 28 days before the peak: build 40 % of 28 = 11.2 → 2 whole weeks = 14, base 14: too short for Foundation.
    const short = generatePlanPhases({
      start_date: '2026-01-01',
      race_date: addDays('2026-01-01', 28 + 14 + 14),
      race_distance_meters: 113_000,
    });
    expect(short.map((p) => [p.label, lengthOf(p)])).toEqual([
      ['Base Building', 14],
      ['Build Phase', 14],
      ['Peak & Taper', 14],
      ['Peak & Taper', 14],
      ['Peak & Taper', 1],
    ]);
    // 35 days before the peak: build 40 % = 14, base 21 → Foundation a third = 7, Base Building 14.
    const longer = generatePlanPhases({
      start_date: '2026-01-01',
      race_date: addDays('2026-01-01', 35 + 14 + 14),
      race_distance_meters: 113_000,
    });
    expect(longer.map((p) => [p.label, lengthOf(p)])).toEqual([
      ['Foundation', 7],
      ['Base Building', 14],
      ['Build Phase', 14],
      ['Peak & Taper', 14],
      ['Peak & Taper', 14],
      ['Peak & Taper', 1],
    ]);
  });

  it('is just the race for a one-day plan, and empty when the race comes first', () => {
    expect(brief(generatePlanPhases({ start_date: '2026-05-03', race_date: '2026-05-03' }))).toEqual([
      ['Peak & Taper', 'race', '2026-05-03', '2026-05-03', 1],
    ]);
    expect(generatePlanPhases({ start_date: '2026-05-04', race_date: '2026-05-03' })).toEqual([]);
    expect(generatePlanPhases({ start_date: '2026-02-30', race_date: '2026-05-03' })).toEqual([]);
  });

  it('keeps Foundation at 4 weeks in a two-year plan', () => {
    const phases = generatePlanPhases({
      start_date: '2026-01-01',
      race_date: addDays('2026-01-01', PLAN_MAX_DAYS),
      race_distance_meters: 226_000,
    });
    expect(phases[0]).toMatchObject({ label: 'Foundation', end_date: '2026-01-28' });
  });

  it('caps build at 12 weeks and gives a long plan its extra time to base', () => {
    // 365 days to an Ironman: taper 14 and peak 14 leave 337; 40 % would be 19 weeks of build.
    const phases = generatePlanPhases({
      start_date: '2026-01-05',
      race_date: '2027-01-05',
      race_distance_meters: 226_000,
    });
    const build = phases.find((p) => p.name === 'build')!;
    expect(daysBetween(build.start_date, build.end_date) + 1).toBe(84);
    const base = phases.filter((p) => p.name === 'base');
    expect(base.reduce((days, p) => days + daysBetween(p.start_date, p.end_date) + 1, 0)).toBe(337 - 84);
  });

  const ORDER = [
    `${PLAN_LABELS.foundation}/base`,
    `${PLAN_LABELS.base}/base`,
    `${PLAN_LABELS.build}/build`,
    `${PLAN_LABELS.peakTaper}/peak`,
    `${PLAN_LABELS.peakTaper}/taper`,
    `${PLAN_LABELS.peakTaper}/race`,
  ];
  const planArb = fc.record({
    start: fc.integer({ min: 0, max: 365 * 60 }).map((n) => addDays('2000-01-01', n)),
    days: fc.integer({ min: 0, max: PLAN_MAX_DAYS }),
    distance: fc.constantFrom(...RACE_TYPES.map((type) => raceDistanceMeters(type))),
  });

  it('covers start..race exactly with contiguous, valid phases, dropping the earliest first', () => {
    fc.assert(
      fc.property(planArb, ({ start, days, distance }) => {
        const race = addDays(start, days);
        const phases = generatePlanPhases({
          start_date: start,
          race_date: race,
          race_distance_meters: distance,
        });
        expect(phases.length).toBeGreaterThan(0);
        expect(phases[0]!.start_date).toBe(start);
        expect(phases.at(-1)).toMatchObject({ name: 'race', start_date: race, end_date: race });
        phases.forEach((p, i) => {
          expect(isIsoDate(p.start_date) && isIsoDate(p.end_date)).toBe(true);
          expect(p.start_date <= p.end_date).toBe(true);
          if (i > 0) expect(p.start_date).toBe(addDays(phases[i - 1]!.end_date, 1));
        });
        expect(phases.reduce((sum, p) => sum + lengthOf(p), 0)).toBe(days + 1);
        // The blocks present are always the last ones of the full order: short plans lose the earliest.
        const keys = phases.map((p) => `${p.label}/${p.name}`);
        expect(keys).toEqual(ORDER.slice(ORDER.length - keys.length));
        const foundation = phases.find((p) => p.label === PLAN_LABELS.foundation);
        if (foundation) expect(lengthOf(foundation)).toBeLessThanOrEqual(28);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps periodization working on generated phases', () => {
    const phases = generatePlanPhases({ start_date: '2026-01-05', race_date: '2026-05-03' });
    expect(periodizationAnalysis({ today: '2026-01-26', phases })).toMatchObject({
      current_phase: 'base',
      source: 'plan',
      next_phase_date: '2026-03-01',
    });
  });
});

describe('planProgress', () => {
  const phases = generatePlanPhases({
    start_date: '2026-01-05',
    race_date: '2026-05-03',
    race_distance_meters: 42_195,
  });
  const base = {
    start_date: '2026-01-05',
    race_date: '2026-05-03',
    target_time: '3:30:00',
    race_type: 'Marathon',
    phases,
    workouts_this_week: [] as PlanWorkout[],
    plan_workouts: [] as PlanWorkout[],
  };
  const w = (workout_date: string, status: string, duration_minutes: number, tss: number | null) => ({
    workout_date,
    status,
    duration_minutes,
    tss,
  });

  it('counts weeks, days and the phase map in the middle of the plan', () => {
    const thisWeek = [
      w('2026-03-02', 'completed', 60, 56.3),
      w('2026-03-03', 'completed', 90, 70),
      w('2026-03-04', 'skipped', 40, 25),
      w('2026-03-05', 'planned', 45, 30),
      w('2026-03-07', 'planned', 30, null),
      w('2026-03-09', 'planned', 600, 500), // next week: ignored
    ];
    const p = planProgress({
      ...base,
      today: '2026-03-04',
      workouts_this_week: thisWeek,
      plan_workouts: [...thisWeek.slice(0, 5), w('2026-01-10', 'completed', 45, 40)],
    });
    // 119 plan days → ⌈119 / 7⌉ = 17 weeks. Jan 5 → Mar 4 is 58 days: week ⌊58 / 7⌋ + 1 = 9 (Mar 2-8).
    expect(p).toMatchObject({
      today: '2026-03-04',
      start_date: '2026-01-05',
      race_date: '2026-05-03',
      total_weeks: 17,
      current_week: 9,
      days_to_go: 60, // Mar 4 → May 3: 27 + 30 + 3
      progress_percentage: 49.6, // 59 of 119 days
      sessions: { planned: 6, completed: 3, skipped: 1 },
    });
    expect(p.phases.map((b) => [b.label, b.names, b.start_date, b.end_date, b.weeks, b.status])).toEqual([
      ['Foundation', ['base'], '2026-01-05', '2026-01-25', 3, 'completed'],
      ['Base Building', ['base'], '2026-01-26', '2026-02-28', 5, 'completed'], // 34 days ≈ 5 weeks
      ['Build Phase', ['build'], '2026-03-01', '2026-04-04', 5, 'current'],
      ['Peak & Taper', ['peak', 'taper', 'race'], '2026-04-05', '2026-05-03', 4, 'upcoming'], // 29 days
    ]);
    expect(p.phases.map((b) => b.progress_percentage)).toEqual([100, 100, 11.4, 0]); // Build: 4 of 35 days
    expect(p.current_phase).toEqual(p.phases[2]);
    expect(p.milestones.map((m) => [m.title, m.date, m.type, m.status])).toEqual([
      ['Foundation complete', '2026-01-25', 'milestone', 'completed'],
      ['Base Building complete', '2026-02-28', 'milestone', 'completed'],
      ['Build benchmark test', '2026-03-01', 'test', 'completed'],
      ['Build Phase complete', '2026-04-04', 'milestone', 'future'],
      ['Peak benchmark test', '2026-04-05', 'test', 'future'],
      ['Race day: Marathon', '2026-05-03', 'race', 'future'],
      ['Target time 3:30:00', '2026-05-03', 'goal', 'goal'],
    ]);
    expect(p.milestones[5]!.description).toBe('42.2 km: the goal of this plan');
    expect(p.milestones[2]!.description).toMatch(/5K time trial/);
    // This week: 5 sessions, 60 + 90 + 40 + 45 + 30 = 265 min (150 done), 181.3 TSS (126.3 done).
    expect(p.weekly_goals).toEqual([
      { text: 'Complete all 5 planned sessions', current_value: 2, target_value: 5, unit: 'sessions' },
      { text: 'Train 4 h 25 min this week', current_value: 150, target_value: 265, unit: 'minutes' },
      { text: 'Reach a training load of 181 TSS', current_value: 126, target_value: 181, unit: 'TSS' },
    ]);
  });

  it('marks milestones of the current plan week current', () => {
    // Apr 2 is day 88: week 13, Mar 30 - Apr 5.
    const p = planProgress({ ...base, today: '2026-04-02' });
    expect(p.current_week).toBe(13);
    expect(p.milestones.filter((m) => m.status === 'current').map((m) => m.title)).toEqual([
      'Build Phase complete',
      'Peak benchmark test',
    ]);
    expect(p.weekly_goals).toEqual([]);
  });

  it('is week 0 before the start and the last week after the race', () => {
    const before = planProgress({ ...base, today: '2026-01-01' });
    expect(before).toMatchObject({
      current_week: 0,
      progress_percentage: 0,
      days_to_go: 122,
      current_phase: null,
    });
    expect(before.phases.every((b) => b.status === 'upcoming')).toBe(true);
    expect(before.milestones.some((m) => m.status === 'current')).toBe(false);
    const after = planProgress({ ...base, today: '2026-05-10' });
    expect(after).toMatchObject({
      current_week: 17,
      progress_percentage: 100,
      days_to_go: -7,
      current_phase: null,
    });
    expect(after.phases.every((b) => b.status === 'completed')).toBe(true);
  });

  it('reads hand-written phases without labels and a plan without a race date', () => {
    const p = planProgress({
      ...base,
      race_date: null,
      target_time: null,
      race_type: null,
      today: '2026-01-10',
      phases: [
        { name: 'build', start_date: '2026-01-19', end_date: '2026-01-25' },
        { name: 'base', start_date: '2026-01-05', end_date: '2026-01-18', focus: 'Easy miles' },
      ],
    });
    // Jan 5 → Jan 25: 21 days, 3 weeks; Jan 10 is day 6.
    expect(p).toMatchObject({ race_date: null, days_to_go: null, total_weeks: 3, current_week: 1 });
    expect(p.phases.map((b) => [b.label, b.status, b.focus])).toEqual([
      ['Base Building', 'current', 'Easy miles'],
      ['Build Phase', 'upcoming', null],
    ]);
    expect(p.milestones.map((m) => m.title)).toEqual([
      'Base Building complete',
      'Build benchmark test',
      'Build Phase complete',
    ]);
  });

  it('stays in range for any plan and any day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PLAN_MAX_DAYS }),
        fc.integer({ min: -100, max: PLAN_MAX_DAYS + 100 }),
        fc.constantFrom(...RACE_TYPES),
        (days, offset, raceType) => {
          const start = '2026-01-05';
          const race = addDays(start, days);
          const p = planProgress({
            ...base,
            race_type: raceType,
            race_date: race,
            today: addDays(start, offset),
            phases: generatePlanPhases({
              start_date: start,
              race_date: race,
              race_distance_meters: raceDistanceMeters(raceType),
            }),
          });
          expect(p.total_weeks).toBe(Math.ceil((days + 1) / 7));
          expect(p.current_week).toBeGreaterThanOrEqual(0);
          expect(p.current_week).toBeLessThanOrEqual(p.total_weeks);
          expect(p.progress_percentage).toBeGreaterThanOrEqual(0);
          expect(p.progress_percentage).toBeLessThanOrEqual(100);
          expect(p.phases.filter((b) => b.status === 'current').length).toBeLessThanOrEqual(1);
          const rank = { completed: 0, current: 1, upcoming: 2 };
          p.phases.forEach((b, i) => {
            expect(b.progress_percentage).toBeGreaterThanOrEqual(0);
            expect(b.progress_percentage).toBeLessThanOrEqual(100);
            if (i > 0) expect(rank[b.status]).toBeGreaterThanOrEqual(rank[p.phases[i - 1]!.status]);
          });
          const dates = p.milestones.map((m) => m.date);
          expect(dates).toEqual([...dates].sort());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('numbers plan weeks from the start day', () => {
    expect(planWeekRange('2026-01-07', '2026-01-13')).toEqual({
      week: 1,
      from: '2026-01-07',
      to: '2026-01-13',
    });
    expect(planWeekRange('2026-01-07', '2026-01-14')).toEqual({
      week: 2,
      from: '2026-01-14',
      to: '2026-01-20',
    });
    expect(planWeekRange('2026-01-07', '2026-01-01')).toEqual({
      week: 1,
      from: '2026-01-07',
      to: '2026-01-13',
    });
  });
});
