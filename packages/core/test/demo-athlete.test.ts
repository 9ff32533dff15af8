import { describe, expect, it } from 'vitest';
import {
  addDays,
  type DemoWellnessDay,
  dayOfWeek,
  daysBetween,
  generateDemoAthlete,
  parseWorkout,
  primaryZone,
  seededRandom,
  WELLNESS_RANGES,
  type WellnessField,
  weekStartOf,
  wellnessRangeError,
  workoutTss,
} from '../src/index.ts';

const TODAY = '2025-06-18';
const demo = generateDemoAthlete({ today: TODAY });

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function tssOf(text: string, sport: Parameters<typeof parseWorkout>[1]['sport']) {
  const parsed = parseWorkout(text, { sport });
  return (
    workoutTss({
      sport,
      duration_minutes: Math.ceil(parsed.total_duration_estimated / 60),
      intensity_zone: primaryZone(parsed.intervals),
      zone_distribution: parsed.zone_distribution,
    }) ?? 0
  );
}

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(mean(values)).toBeGreaterThan(0.45);
    expect(mean(values)).toBeLessThan(0.55);
  });
});

describe('generateDemoAthlete', () => {
  it('is deterministic: the same seed and day give the same athlete, another seed another one', () => {
    expect(generateDemoAthlete({ today: TODAY })).toEqual(demo);
    const other = generateDemoAthlete({ today: TODAY, seed: 7 });
    expect(other.wellness).not.toEqual(demo.wellness);
  });

  it('covers about six months up to today and plans the next two weeks', () => {
    const dates = demo.workouts.map((w) => w.workout_date);
    expect(dates).toEqual([...dates].sort());
    const first = dates[0]!;
    expect(daysBetween(first, TODAY)).toBeGreaterThanOrEqual(180);
    expect(daysBetween(first, TODAY)).toBeLessThanOrEqual(190);
    expect(dates.at(-1)! <= addDays(TODAY, 13)).toBe(true);
    expect(dates.at(-1)! >= addDays(TODAY, 11)).toBe(true);
    expect(demo.workouts.length).toBeGreaterThanOrEqual(150);
    expect(demo.workouts.length).toBeLessThanOrEqual(200);
  });

  it('writes every session as text the parser reads without a warning, across four sports', () => {
    const sports = new Set(demo.workouts.map((w) => w.sport));
    expect([...sports].sort()).toEqual(['bike', 'run', 'strength', 'swim']);
    for (const workout of demo.workouts) {
      const parsed = parseWorkout(workout.workout_language_text, { sport: workout.sport });
      expect(parsed.warnings, workout.workout_language_text).toEqual([]);
      expect(parsed.total_duration_estimated).toBeGreaterThan(10 * 60);
      expect(parsed.total_duration_estimated).toBeLessThan(4 * 3600);
    }
  });

  it('completes most past sessions, skips a few, and plans today and later', () => {
    const past = demo.workouts.filter((w) => w.workout_date < TODAY);
    const future = demo.workouts.filter((w) => w.workout_date >= TODAY);
    expect(future.every((w) => w.status === 'planned')).toBe(true);
    expect(future.length).toBeGreaterThanOrEqual(10);
    expect(past.every((w) => w.status !== 'planned')).toBe(true);
    const skipped = past.filter((w) => w.status === 'skipped').length;
    expect(skipped).toBeGreaterThan(0);
    expect(skipped / past.length).toBeLessThan(0.12);
  });

  it('keeps the weekly rhythm: Monday off, long ride Saturday, long run Sunday, a lighter fourth week', () => {
    expect(demo.workouts.some((w) => dayOfWeek(w.workout_date) === 1)).toBe(false);
    const saturdays = demo.workouts.filter((w) => dayOfWeek(w.workout_date) === 6);
    expect(saturdays.every((w) => w.sport === 'bike')).toBe(true);
    const sundays = demo.workouts.filter((w) => dayOfWeek(w.workout_date) === 0);
    expect(sundays.every((w) => w.sport === 'run')).toBe(true);

    // Planned stress per week: every fourth week is clearly below the three before it.
    const weekly = new Map<string, number>();
    for (const w of demo.workouts) {
      const week = weekStartOf(w.workout_date);
      weekly.set(week, (weekly.get(week) ?? 0) + tssOf(w.workout_language_text, w.sport));
    }
    const loads = [...weekly.values()];
    let recoveryWeeks = 0;
    for (let i = 3; i < loads.length; i += 4) {
      expect(loads[i]!).toBeLessThan(0.85 * mean(loads.slice(i - 3, i)));
      recoveryWeeks++;
    }
    expect(recoveryWeeks).toBeGreaterThanOrEqual(6);
  });

  it('has a session today whatever the weekday: an easy spin on the rest day', () => {
    for (let i = 0; i < 7; i++) {
      const today = addDays('2025-06-16', i); // Monday 16 June to Sunday 22 June
      const athlete = generateDemoAthlete({ today });
      const todays = athlete.workouts.filter((w) => w.workout_date === today);
      expect(todays.length, today).toBeGreaterThan(0);
      expect(todays.every((w) => w.status === 'planned')).toBe(true);
      if (dayOfWeek(today) === 1) {
        expect(todays.map((w) => w.title)).toEqual(['Recovery spin']);
        // Only today's Monday: the weeks before keep their rest day.
        expect(athlete.workouts.filter((w) => dayOfWeek(w.workout_date) === 1)).toHaveLength(1);
      }
    }
  });

  it('aims the active plan at a Half Ironman 10-12 weeks ahead and puts the later sessions in it', () => {
    const { plan } = demo;
    expect(plan.race_type).toBe('Half Ironman');
    expect(plan.target_time).toMatch(/^\d:\d\d:\d\d$/);
    expect(daysBetween(TODAY, plan.race_date)).toBeGreaterThanOrEqual(70);
    expect(daysBetween(TODAY, plan.race_date)).toBeLessThanOrEqual(84);
    expect(plan.start_date < TODAY).toBe(true);
    for (const w of demo.workouts) expect(w.in_plan).toBe(w.workout_date >= plan.start_date);
    expect(demo.workouts.filter((w) => w.in_plan && w.status === 'planned').length).toBeGreaterThan(0);
  });
});

describe('demo wellness', () => {
  const { wellness } = demo;
  const byDate = new Map(wellness.map((d) => [d.date, d]));

  it('logs nearly every day up to today, with a few missing', () => {
    const first = weekStartOf(addDays(TODAY, -182));
    const days = daysBetween(first, TODAY) + 1;
    expect(wellness.at(-1)!.date <= TODAY).toBe(true);
    expect(wellness.length).toBeLessThan(days);
    expect(wellness.length).toBeGreaterThan(0.9 * days);
  });

  it('keeps every value in its plausible range', () => {
    for (const d of wellness) {
      expect(d.hrv).toBeGreaterThanOrEqual(38);
      expect(d.hrv).toBeLessThanOrEqual(95);
      expect(d.resting_hr).toBeGreaterThanOrEqual(40);
      expect(d.resting_hr).toBeLessThanOrEqual(62);
      expect(d.sleep_hours).toBeGreaterThanOrEqual(6);
      expect(d.sleep_hours).toBeLessThanOrEqual(9);
      expect(d.sleep_quality).toBeGreaterThanOrEqual(2);
      expect(d.sleep_quality).toBeLessThanOrEqual(5);
      for (const score of [d.readiness, d.mood]) expect(score >= 1 && score <= 5).toBe(true);
      for (const score of [d.fatigue_level, d.soreness]) expect(score >= 1 && score <= 10).toBe(true);
    }
    // And what the wellness store itself accepts (the same ranges the API and the table check).
    for (const d of wellness) {
      for (const field of Object.keys(WELLNESS_RANGES) as WellnessField[]) {
        const value = d[field as keyof DemoWellnessDay];
        if (typeof value === 'number')
          expect(wellnessRangeError(field, value), `${d.date} ${field}`).toBeNull();
      }
    }
    const hrv = mean(wellness.map((d) => d.hrv));
    expect(hrv).toBeGreaterThan(55);
    expect(hrv).toBeLessThan(70);
  });

  it('dips HRV and raises resting HR after hard days', () => {
    const dayTss = new Map<string, number>();
    for (const w of demo.workouts.filter((w) => w.status === 'completed')) {
      dayTss.set(w.workout_date, (dayTss.get(w.workout_date) ?? 0) + tssOf(w.workout_language_text, w.sport));
    }
    const after = (hard: boolean) =>
      wellness.filter((d) => {
        const tss = dayTss.get(addDays(d.date, -1)) ?? 0;
        return hard ? tss >= 100 : tss === 0;
      });
    const afterHard = after(true);
    const afterRest = after(false);
    expect(afterHard.length).toBeGreaterThan(10);
    expect(afterRest.length).toBeGreaterThan(10);
    expect(mean(afterHard.map((d) => d.hrv))).toBeLessThan(mean(afterRest.map((d) => d.hrv)) - 3);
    expect(mean(afterHard.map((d) => d.resting_hr))).toBeGreaterThan(
      mean(afterRest.map((d) => d.resting_hr)),
    );
  });

  it('records weight now and then and fitness tests every few weeks, improving', () => {
    const weighIns = wellness.filter((d) => d.weight_kg !== null);
    expect(weighIns.length).toBeGreaterThan(20);
    expect(weighIns.length).toBeLessThan(wellness.length / 2);
    const tests = (key: keyof DemoWellnessDay) =>
      wellness.filter((d) => d[key] !== null).map((d) => d[key] as number);
    const ftp = tests('ftp_watts');
    const pace = tests('threshold_pace_seconds_per_km');
    const vo2 = tests('vo2max');
    expect(ftp.length).toBeGreaterThanOrEqual(4);
    expect(vo2.length).toBeGreaterThanOrEqual(4);
    expect(ftp.at(-1)!).toBeGreaterThan(ftp[0]!);
    expect(pace.at(-1)!).toBeLessThan(pace[0]!);
    expect(byDate.size).toBe(wellness.length);
  });
});
