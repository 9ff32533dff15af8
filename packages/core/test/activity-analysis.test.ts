// The analysis of one activity (docs/activities.md, "Analysis", "Intervals"): curves, kJ, W/kg, VI, EF,
// aerobic decoupling and the intervals found in the stream, on hand-computed cases and as properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activityCurves,
  DECOUPLING_MIN_HALF_SECONDS,
  defaultHeartRateZones,
  defaultPaceZones,
  defaultPowerZones,
  detectEfforts,
  EFFORT_MIN_SECONDS,
  efficiencyFigures,
  type IntervalContext,
  lapIntervals,
  runsAbove,
  smoothed,
} from '../src/index.ts';

const constant = (value: number, seconds: number): number[] => new Array(seconds).fill(value);
const bike: IntervalContext = {
  sport: 'bike',
  ftpWatts: 250,
  thresholdSpeedMps: 1000 / 300,
  zones: { power: defaultPowerZones(250), hr: defaultHeartRateZones(170) },
};
const run: IntervalContext = {
  sport: 'run',
  ftpWatts: 250,
  thresholdSpeedMps: 1000 / 300,
  zones: { pace: defaultPaceZones(300), hr: defaultHeartRateZones(170) },
};

describe('curves', () => {
  it('a steady 200 W hour with one 400 W minute: 400 W at 1 min, the mean of the hour at 60 min', () => {
    const power = [...constant(200, 1200), ...constant(400, 60), ...constant(200, 2340)];
    const curves = activityCurves({ power }, 'bike');
    expect(curves.power.find((p) => p.key === '1min')?.value).toBe(400);
    expect(curves.power.find((p) => p.key === '5s')?.value).toBe(400);
    // (400 × 60 + 200 × 3540) / 3600 = 203.3
    expect(curves.power.find((p) => p.key === '60min')?.value).toBe(203);
    // Nothing longer than the ride.
    expect(curves.power.some((p) => p.x > 3600)).toBe(false);
  });

  it('a timer pause is left out: the seconds around it are joined', () => {
    const power: (number | null)[] = [
      ...constant(300, 30),
      ...constant(null as never, 600),
      ...constant(300, 30),
    ];
    expect(activityCurves({ power }, 'bike').power.find((p) => p.key === '1min')?.value).toBe(300);
  });

  it("a run's pace curve: 4 m/s steady covers 1 km in 250 s", () => {
    const distance = Array.from({ length: 3000 }, (_, i) => i * 4);
    const curves = activityCurves({ distance, speed: constant(4, 3000) }, 'run');
    expect(curves.pace.find((p) => p.key === '1km')?.value).toBe(250);
    expect(curves.pace.find((p) => p.key === 'half_marathon')).toBeUndefined();
  });

  it('property: each curve never rises with duration, and its 5 s point is at most the highest second', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1500 }), { minLength: 5, maxLength: 800 }), (power) => {
        const curve = activityCurves({ power, heart_rate: power.map((p) => 60 + (p % 120)) }, 'bike');
        for (const series of [curve.power, curve.heart_rate]) {
          for (let i = 1; i < series.length; i++)
            expect(series[i]!.value).toBeLessThanOrEqual(series[i - 1]!.value);
        }
        expect(curve.power[0]!.value).toBeLessThanOrEqual(Math.max(...power));
      }),
    );
  });
});

describe('efficiency figures', () => {
  it('kJ, W/kg, VI and EF of a hand-computed ride', () => {
    // 30 min at 200 W then 30 min at 300 W, HR 140 then 160; 70 kg.
    const power = [...constant(200, 1800), ...constant(300, 1800)];
    const heart_rate = [...constant(140, 1800), ...constant(160, 1800)];
    const f = efficiencyFigures(
      { power, heart_rate },
      { sport: 'bike', normalizedPower: 260, avgPower: 250, avgHr: 150, weightKg: 70 },
    );
    expect(f.kilojoules).toBe(900); // (200 + 300) × 1800 J
    expect(f.watts_per_kg).toBe(3.57); // 250 / 70
    expect(f.np_watts_per_kg).toBe(3.71); // 260 / 70
    expect(f.variability_index).toBe(1.04); // 260 / 250
    expect(f.efficiency_factor).toBe(1.73); // 260 / 150
    expect(f.efficiency_basis).toBe('power');
    // Halves: 200/140 = 1.4286 and ≈ 300/160 = 1.875 (NP of a steady half is its power; the 30 s window
    // starts inside it): EF rose, so decoupling is negative.
    expect(f.first_half_ef).toBe(1.43);
    expect(f.second_half_ef).toBe(1.88);
    expect(f.decoupling_percent).toBeCloseTo(-31.25, 0);
  });

  it('a run whose heart rate drifts 5 % at the same pace decouples by ≈ 4.8 %', () => {
    const speed = constant(3.5, 3600);
    const heart_rate = [...constant(150, 1800), ...constant(157.5, 1800)];
    const f = efficiencyFigures(
      { speed, heart_rate },
      { sport: 'run', normalizedPower: null, avgPower: null, avgHr: null, weightKg: null },
    );
    // EF = 210 m/min ÷ HR: 1.4 then 1.3333; (1.4 − 1.3333) / 1.4 = 4.76 %.
    expect(f.efficiency_basis).toBe('speed');
    expect(f.decoupling_percent).toBe(4.8);
    expect(f.watts_per_kg).toBeNull();
    expect(f.kilojoules).toBeNull();
  });

  it('too short for decoupling: null', () => {
    const n = 2 * DECOUPLING_MIN_HALF_SECONDS - 2;
    const f = efficiencyFigures(
      { power: constant(200, n), heart_rate: constant(140, n) },
      { sport: 'bike', normalizedPower: 200, avgPower: 200, avgHr: 140, weightKg: null },
    );
    expect(f.decoupling_percent).toBeNull();
    expect(f.efficiency_factor).toBe(1.43);
  });

  it('property: steady output at a steady heart rate has no decoupling, and VI ≥ 1 from the streams', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 500 }),
        fc.integer({ min: 90, max: 190 }),
        fc.integer({ min: 1200, max: 4000 }),
        (watts, hr, n) => {
          const f = efficiencyFigures(
            { power: constant(watts, n), heart_rate: constant(hr, n) },
            { sport: 'bike', normalizedPower: null, avgPower: null, avgHr: null, weightKg: 70 },
          );
          expect(Math.abs(f.decoupling_percent!)).toBeLessThan(0.1);
          expect(f.variability_index!).toBeGreaterThanOrEqual(0.99);
        },
      ),
    );
  });
});

describe('intervals', () => {
  it('smoothing keeps the mean of a steady series, and runsAbove merges short gaps', () => {
    expect(smoothed([5, 5, 5, 5], 3)).toEqual([5, 5, 5, 5]);
    const values = [
      ...constant(1, 40),
      ...constant(0, 5),
      ...constant(1, 40),
      ...constant(0, 100),
      ...constant(1, 10),
    ];
    expect(runsAbove(values, 1, 15, 30)).toEqual([[0, 85]]);
  });

  it('finds 3 × 5 min at 300 W in a 150 W ride, each in zone 5 with its own figures', () => {
    const power: number[] = constant(150, 600);
    const hr: number[] = constant(120, 600);
    for (let k = 0; k < 3; k++) {
      power.push(...constant(300, 300), ...constant(150, 180));
      hr.push(...constant(170, 300), ...constant(130, 180));
    }
    const efforts = detectEfforts({ power, heart_rate: hr }, bike);
    expect(efforts).toHaveLength(3);
    for (const e of efforts) {
      // The smoothing blurs each edge by a few seconds.
      expect(Math.abs(e.duration_seconds - 300)).toBeLessThanOrEqual(6);
      expect(e.avg_power).toBeGreaterThanOrEqual(290);
      expect(e.zone).toBe(5);
      expect(e.zone_basis).toBe('power');
      expect(e.kind).toBe('effort');
    }
    expect(efforts[0]!.start_second).toBeGreaterThanOrEqual(595);
    expect(efforts[0]!.start_second).toBeLessThanOrEqual(605);
  });

  it('a run finds its efforts by pace, zoned by pace', () => {
    // Threshold 5:00/km = 3.33 m/s; 4 m/s is faster than threshold (zone 5).
    const speed = [...constant(2.5, 600), ...constant(4, 240), ...constant(2.5, 600)];
    const distance = speed.map(
      (_, i) => 2.5 * Math.min(i, 600) + 4 * Math.max(0, Math.min(i, 840) - 600) + 2.5 * Math.max(0, i - 840),
    );
    const [effort, ...rest] = detectEfforts({ speed, distance }, run);
    expect(rest).toHaveLength(0);
    expect(effort!.zone_basis).toBe('pace');
    expect(effort!.zone).toBe(5);
    expect(effort!.distance_m! / effort!.duration_seconds).toBeGreaterThan(3.8);
  });

  it('laps take their figures from the streams over their span', () => {
    const power = [...constant(100, 60), ...constant(200, 60)];
    const laps = lapIntervals(
      { power },
      [
        { startSecond: 0, elapsedSeconds: 60 },
        { startSecond: 60, elapsedSeconds: 60 },
      ],
      bike,
    );
    expect(laps.map((l) => l.avg_power)).toEqual([100, 200]);
    expect(laps.map((l) => l.duration_seconds)).toEqual([60, 60]);
  });

  it('property: efforts are in order, apart, at least the minimum long and inside the recording', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 0, maxLength: 1500 }), (power) => {
        const efforts = detectEfforts({ power }, bike);
        let end = -1;
        for (const e of efforts) {
          expect(e.duration_seconds).toBeGreaterThanOrEqual(EFFORT_MIN_SECONDS);
          expect(e.start_second).toBeGreaterThan(end);
          expect(e.end_second).toBeLessThanOrEqual(power.length);
          end = e.end_second;
        }
      }),
    );
  });
});
