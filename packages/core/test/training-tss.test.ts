import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateTss,
  EFFORT_SCORED_SPORTS,
  heartRateZoneOf,
  loggedWorkoutTss,
  MAX_INTENSITY_FACTOR,
  paceZoneOf,
  rpeTss,
  SPORTS,
  TSS_METHOD_CONFIDENCE,
  type TssInput,
  workoutTss,
} from '../src/index.ts';

describe('local TSS (docs/training-load.md, "Local TSS")', () => {
  it('uses average power × 1.05 / FTP', () => {
    // IF = 200 × 1.05 / 250 = 0.84; TSS = 1 h × 0.84² × 100 = 70.56.
    expect(
      calculateTss({
        sport: 'bike',
        duration_minutes: 60,
        intensity_data: { avg_power: 200 },
        athlete_zones: { power_ftp: 250 },
      }),
    ).toEqual({ tss: 70.6, intensity_factor: 0.84, calculation_method: 'power', confidence: 0.95 });
  });

  it('weights the zone distribution by its shares', () => {
    // IF = 0.2 × 0.55 + 0.6 × 0.75 + 0.2 × 0.95 = 0.75; TSS = 1.5 × 0.5625 × 100 = 84.375.
    const result = calculateTss({
      sport: 'run',
      duration_minutes: 90,
      zone_distribution: { zone_1: 20, zone_2: 60, zone_3: 0, zone_4: 20, zone_5: 0 },
    });
    expect(result).toEqual({
      tss: 84.4,
      intensity_factor: 0.75,
      calculation_method: 'zone_distribution',
      confidence: 0.85,
    });
    // Shares need not sum to 100: seconds work as well.
    expect(
      calculateTss({
        sport: 'run',
        duration_minutes: 90,
        zone_distribution: { zone_1: 2, zone_2: 6, zone_4: 2 },
      }),
    ).toEqual(result);
  });

  it('maps average heart rate to a zone through LTHR, max HR or explicit bounds', () => {
    // 150 / 170 = 88 % of LTHR → zone 2 → IF 0.65; 1 h → 42.25.
    expect(
      calculateTss({
        sport: 'run',
        duration_minutes: 60,
        intensity_data: { avg_heart_rate: 150 },
        athlete_zones: { hr_zones: { lthr: 170 } },
      }),
    ).toEqual({ tss: 42.3, intensity_factor: 0.65, calculation_method: 'heart_rate', confidence: 0.7 });
    // Bounds win: 160 bpm is the lowest of zone 4 → IF 0.95; 45 min → 0.75 × 0.9025 × 100 = 67.6875.
    expect(
      calculateTss({
        sport: 'run',
        duration_minutes: 45,
        intensity_data: { avg_heart_rate: 160 },
        athlete_zones: { hr_zones: { bounds: [130, 145, 160, 175], lthr: 200 } },
      }).tss,
    ).toBe(67.7);
    // 171 / 190 = 90 % of max → zone 5; 170 is just below.
    expect(heartRateZoneOf(171, { max_hr: 190 })).toBe(5);
    expect(heartRateZoneOf(170, { max_hr: 190 })).toBe(4);
    expect(heartRateZoneOf(129, { bounds: [130, 145, 160, 175] })).toBe(1);
    expect(heartRateZoneOf(175, { bounds: [130, 145, 160, 175] })).toBe(5);
  });

  it('maps average pace to a zone through threshold pace or explicit bounds', () => {
    // 270 / 300 = 90 % of threshold speed → zone 3 → IF 0.9; 1 h → 81.
    expect(
      calculateTss({
        sport: 'run',
        duration_minutes: 60,
        intensity_data: { avg_pace_per_km: 300 },
        athlete_zones: { pace_thresholds: { threshold_pace_per_km: 270 } },
      }),
    ).toEqual({ tss: 81, intensity_factor: 0.9, calculation_method: 'pace', confidence: 0.75 });
    // Bounds are the slowest pace of zones 2..5: 280 s/km is faster than 290 but not 270 → zone 4 → IF 1.05.
    expect(paceZoneOf(280, { bounds: [360, 320, 290, 270] })).toBe(4);
    expect(paceZoneOf(400, { bounds: [360, 320, 290, 270] })).toBe(1);
    expect(paceZoneOf(270, { bounds: [360, 320, 290, 270] })).toBe(5);
    expect(
      calculateTss({
        sport: 'run',
        duration_minutes: 60,
        intensity_data: { avg_pace_per_km: 280 },
        athlete_zones: { pace_thresholds: { bounds: [360, 320, 290, 270] } },
      }).tss,
    ).toBe(110.3);
  });

  it('uses RPE and the sport factor', () => {
    // RPE 7 → IF 0.9; strength × 0.8: 1 × 0.81 × 100 × 0.8 = 64.8.
    expect(calculateTss({ sport: 'strength', duration_minutes: 60, intensity_data: { rpe: 7 } })).toEqual({
      tss: 64.8,
      intensity_factor: 0.9,
      calculation_method: 'rpe',
      confidence: 0.6,
    });
    expect(
      calculateTss({ sport: 'run', duration_minutes: 60, intensity_data: { rpe: 12 } }).intensity_factor,
    ).toBe(1.15);
    expect(
      calculateTss({ sport: 'run', duration_minutes: 60, intensity_data: { rpe: 0.6 } }).intensity_factor,
    ).toBe(0.4);
  });

  it('falls back to IF 0.5 when nothing about the effort is usable', () => {
    expect(calculateTss({ sport: 'swim', duration_minutes: 60 })).toEqual({
      tss: 25,
      intensity_factor: 0.5,
      calculation_method: 'default',
      confidence: 0.3,
    });
    // Heart rate without zones, power without FTP, RPE 0: none is usable.
    expect(
      calculateTss({
        sport: 'run',
        duration_minutes: 60,
        intensity_data: { avg_heart_rate: 150, avg_power: 200, rpe: 0, avg_pace_per_km: 300 },
        athlete_zones: { power_ftp: null, hr_zones: { bounds: [1, 2] } },
      }).calculation_method,
    ).toBe('default');
  });

  it('takes the inputs in priority order: power, zone distribution, heart rate, pace, RPE', () => {
    const all: TssInput = {
      sport: 'run',
      duration_minutes: 60,
      intensity_data: { avg_power: 200, avg_heart_rate: 150, avg_pace_per_km: 300, rpe: 5 },
      athlete_zones: {
        power_ftp: 250,
        hr_zones: { lthr: 170 },
        pace_thresholds: { threshold_pace_per_km: 270 },
      },
      zone_distribution: { zone_2: 100 },
    };
    const order: string[] = [];
    let input: TssInput = all;
    for (let i = 0; i < 6; i++) {
      const { calculation_method } = calculateTss(input);
      order.push(calculation_method);
      const data = { ...input.intensity_data };
      const zones = { ...input.athlete_zones };
      if (calculation_method === 'power') zones.power_ftp = null;
      if (calculation_method === 'zone_distribution') input = { ...input, zone_distribution: null };
      if (calculation_method === 'heart_rate') data.avg_heart_rate = null;
      if (calculation_method === 'pace') data.avg_pace_per_km = null;
      if (calculation_method === 'rpe') data.rpe = null;
      input = { ...input, intensity_data: data, athlete_zones: zones };
    }
    expect(order).toEqual(['power', 'zone_distribution', 'heart_rate', 'pace', 'rpe', 'default']);
    expect(Object.values(TSS_METHOD_CONFIDENCE)).toEqual([0.95, 0.85, 0.7, 0.75, 0.6, 0.3]);
  });

  it('repairs bad numbers instead of throwing', () => {
    expect(calculateTss({ sport: 'run', duration_minutes: -30 }).tss).toBe(0);
    expect(calculateTss({ sport: 'run', duration_minutes: Number.NaN }).tss).toBe(0);
    // An average far above FTP is capped at IF 2: 1 h → 400.
    const capped = calculateTss({
      sport: 'bike',
      duration_minutes: 60,
      intensity_data: { avg_power: 1000 },
      athlete_zones: { power_ftp: 100 },
    });
    expect(capped.intensity_factor).toBe(MAX_INTENSITY_FACTOR);
    expect(capped.tss).toBe(400);
  });

  it('is ≥ 0 and finite for any input', () => {
    const num = fc.oneof(
      fc.double(),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 0),
      fc.constant(null),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('run', 'bike', 'swim', 'brick', 'strength', 'yoga', ''),
        num,
        fc.record({ avg_power: num, avg_heart_rate: num, avg_pace_per_km: num, rpe: num }),
        fc.record({
          power_ftp: num,
          hr_zones: fc.record({ lthr: num, max_hr: num, bounds: fc.array(fc.double(), { maxLength: 5 }) }),
          pace_thresholds: fc.record({
            threshold_pace_per_km: num,
            bounds: fc.array(fc.double(), { maxLength: 5 }),
          }),
        }),
        fc.record({ zone_1: num, zone_2: num, zone_3: num, zone_4: num, zone_5: num }),
        (sport, duration, data, zones, distribution) => {
          const result = calculateTss({
            sport,
            duration_minutes: duration as number,
            intensity_data: data as TssInput['intensity_data'],
            athlete_zones: zones as TssInput['athlete_zones'],
            zone_distribution: distribution as TssInput['zone_distribution'],
          });
          return (
            Number.isFinite(result.tss) &&
            result.tss >= 0 &&
            result.intensity_factor >= 0 &&
            result.intensity_factor <= MAX_INTENSITY_FACTOR
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('workoutTss', () => {
  it('scores a calendar workout from its zone distribution, else its zone, else the default', () => {
    // Brick, 2 h, zone 2: 2 × 0.75² × 100 × 1.1 = 123.75.
    expect(workoutTss({ sport: 'brick', duration_minutes: 120, intensity_zone: 2 })).toBe(123.8);
    expect(
      workoutTss({
        sport: 'run',
        duration_minutes: 60,
        intensity_zone: 5,
        zone_distribution: { zone_1: 0, zone_2: 100, zone_3: 0, zone_4: 0, zone_5: 0 },
      }),
    ).toBe(56.3);
    // An empty distribution (an empty parse) does not hide the zone.
    expect(
      workoutTss({
        sport: 'run',
        duration_minutes: 60,
        intensity_zone: 4,
        zone_distribution: { zone_1: 0, zone_2: 0, zone_3: 0, zone_4: 0, zone_5: 0 },
      }),
    ).toBe(90.3);
    expect(workoutTss({ sport: 'run', duration_minutes: 60 })).toBe(25);
    expect(workoutTss({ sport: 'run', duration_minutes: null, intensity_zone: 3 })).toBeNull();
  });
});

describe('logged sessions and sports scored by effort (docs/training-load.md, "Logged sessions")', () => {
  const easyHour = { sport: 'run', duration_minutes: 60, intensity_zone: 2 };

  it('an RPE scores the minutes done: 30 min at RPE 8 is 0.5 × 0.95² × 100 = 45.1', () => {
    expect(loggedWorkoutTss(easyHour, { duration_minutes: 30, rpe: 8 })).toBe(45.1);
  });

  it('an RPE without a duration scores the planned minutes; a duration alone keeps the planned intensity', () => {
    expect(loggedWorkoutTss(easyHour, { rpe: 5 })).toBe(64); // 1 h × 0.8² × 100
    expect(loggedWorkoutTss(easyHour, { duration_minutes: 40 })).toBe(37.5); // 40/60 × 0.75² × 100
  });

  it('nothing logged leaves the planned TSS in place (null)', () => {
    expect(loggedWorkoutTss(easyHour, {})).toBeNull();
    expect(loggedWorkoutTss(easyHour, { duration_minutes: null, rpe: null })).toBeNull();
  });

  it('yoga, rowing, hiking, cross-country skiing and other take heart rate, else RPE, never power or pace', () => {
    const zones = {
      power_ftp: 250,
      hr_zones: { lthr: 170 },
      pace_thresholds: { threshold_pace_per_km: 270 },
    };
    for (const sport of EFFORT_SCORED_SPORTS) {
      const withSensors = calculateTss({
        sport,
        duration_minutes: 60,
        intensity_data: { avg_power: 250, avg_pace_per_km: 270, avg_heart_rate: 150, rpe: 3 },
        athlete_zones: zones,
      });
      expect(withSensors.calculation_method, sport).toBe('heart_rate');
      const feltOnly = calculateTss({
        sport,
        duration_minutes: 60,
        intensity_data: { avg_power: 250, rpe: 3 },
        athlete_zones: zones,
      });
      expect(feltOnly).toMatchObject({ calculation_method: 'rpe', tss: 36 });
    }
    // A run with the same power and pace is scored by them as before.
    const run = calculateTss({
      sport: 'run',
      duration_minutes: 60,
      intensity_data: { avg_pace_per_km: 270, rpe: 3 },
      athlete_zones: zones,
    });
    expect(run.calculation_method).toBe('pace');
  });

  it('every sport of the list is a workout sport, and rpeTss needs a duration', () => {
    expect(SPORTS).toEqual(expect.arrayContaining(['yoga', 'rowing', 'hiking', 'xc_ski', 'other']));
    expect(rpeTss('yoga', null, 5)).toBeNull();
    expect(rpeTss('yoga', 90, 2)).toBe(37.5); // 1.5 h × 0.5² × 100
  });
});
