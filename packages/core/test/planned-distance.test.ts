// Planned distance of a workout (docs/screens.md, "Weekly totals"): written distances, and estimates for timed
// run, ride and swim steps from their target or the athlete's thresholds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DistanceThresholds,
  plannedDistance,
  RIDE_MODEL,
  rideSpeedFromPower,
  ZONE_SPEED_SHARE,
} from '../src/workouts/planned-distance.ts';
import type { Zone } from '../src/workouts/types.ts';

type Step = Parameters<typeof plannedDistance>[1] extends infer S
  ? S extends { main_intervals: readonly (infer T)[] }
    ? T
    : never
  : never;

const step = (over: Partial<Step>): Step => ({
  duration_seconds: 0,
  repetitions: 1,
  zone: 2,
  isRest: false,
  targets: {},
  ...over,
});
const main = (...steps: Step[]) => ({ warmup_intervals: [], main_intervals: steps, cooldown_intervals: [] });

describe('plannedDistance', () => {
  it('sums written distances times repetitions, not estimated', () => {
    const d = plannedDistance(
      'run',
      main(step({ distance_meters: 400, repetitions: 6 }), step({ distance_meters: 1000 })),
    );
    expect(d).toEqual({ meters: 3400, estimated: false });
  });

  it('estimates a timed run step from its pace target', () => {
    // 30 min at 5:00/km is 6 km.
    const d = plannedDistance(
      'run',
      main(step({ duration_seconds: 1800, targets: { pace_per_km_seconds: 300 } })),
    );
    expect(d?.meters).toBeCloseTo(6000, 6);
    expect(d?.estimated).toBe(true);
  });

  it("estimates a timed run step from the athlete's threshold pace scaled to its zone", () => {
    const t: DistanceThresholds = { thresholdPaceSecondsPerKm: 240 };
    const d = plannedDistance('run', main(step({ duration_seconds: 3600, zone: 2 })), t);
    // Zone 2 at 83 % of 4:00/km speed: 15 km/h × 0.83.
    expect(d?.meters).toBeCloseTo(15000 * ZONE_SPEED_SHARE[2], 6);
  });

  it('uses the default threshold when the athlete has none', () => {
    const d = plannedDistance('run', main(step({ duration_seconds: 3600, zone: 4 })), {});
    expect(d?.meters).toBeCloseTo(12000 * ZONE_SPEED_SHARE[4], 6);
  });

  it('estimates swims from the pace per 100 m or CSS, and counts no distance for rests at the wall', () => {
    const d = plannedDistance(
      'swim',
      main(
        step({ duration_seconds: 90, targets: { pace_per_100m_seconds: 90 }, repetitions: 4 }),
        step({ duration_seconds: 30, isRest: true, zone: 1, repetitions: 4 }),
      ),
      { cssSecondsPer100m: 100 },
    );
    expect(d?.meters).toBeCloseTo(400, 6);
    expect(d?.estimated).toBe(true);
  });

  it('estimates rides from power on a flat road: about 30-35 km/h at 200 W', () => {
    const kmh = rideSpeedFromPower(200) * 3.6;
    expect(kmh).toBeGreaterThan(30);
    expect(kmh).toBeLessThan(36);
    const d = plannedDistance('bike', main(step({ duration_seconds: 3600, targets: { power_watts: 200 } })));
    expect(d?.meters).toBeCloseTo(kmh * 1000, 3);
  });

  it('reads % FTP targets against the athlete FTP', () => {
    const a = plannedDistance(
      'bike',
      main(step({ duration_seconds: 600, targets: { power_percent_ftp: 80 } })),
      {
        ftpWatts: 300,
      },
    );
    const b = plannedDistance('bike', main(step({ duration_seconds: 600, targets: { power_watts: 240 } })));
    expect(a?.meters).toBeCloseTo(b!.meters, 6);
  });

  it('mixes written and estimated steps, and says it estimated', () => {
    const d = plannedDistance(
      'run',
      main(
        step({ duration_seconds: 600, targets: { pace_per_km_seconds: 360 } }),
        step({ distance_meters: 5000 }),
      ),
    );
    expect(d?.meters).toBeCloseTo(6666.67, 1);
    expect(d?.estimated).toBe(true);
  });

  it('has no distance for other sports planned by time, or without a structure', () => {
    expect(plannedDistance('yoga', main(step({ duration_seconds: 3600 })))).toBeNull();
    expect(plannedDistance('strength', main(step({ duration_seconds: 3600 })))).toBeNull();
    expect(plannedDistance('run', null)).toBeNull();
  });

  it('property: a harder zone never plans a shorter run or ride for the same time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'run' | 'bike' | 'swim'>('run', 'bike', 'swim'),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 60, max: 7200 }),
        (sport, z, seconds) => {
          const at = (zone: Zone) =>
            plannedDistance(sport, main(step({ duration_seconds: seconds, zone })))!.meters;
          expect(at((z + 1) as Zone)).toBeGreaterThanOrEqual(at(z as Zone));
        },
      ),
    );
  });

  it('property: rideSpeedFromPower solves the flat-road model', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 1500 }), (watts) => {
        const v = rideSpeedFromPower(watts);
        const { airDensity, cda, crr, massKg, gravity } = RIDE_MODEL;
        expect(0.5 * airDensity * cda * v ** 3 + crr * massKg * gravity * v).toBeCloseTo(watts, 3);
      }),
    );
  });
});
