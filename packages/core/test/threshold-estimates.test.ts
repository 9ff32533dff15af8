// Thresholds estimated from recordings (docs/zones.md, "Estimates from recordings") and the dashboard's scores
// computed once (docs/dashboard.md, "Scores").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dashboardScores,
  ESTIMATE_MIN_RECORDINGS,
  type EstimateRecording,
  estimateThresholds,
  rideThresholdEffort,
  rideThresholdEffortFromStreams,
  runThresholdEffort,
  runThresholdEffortFromStreams,
  thresholdsAreEstimates,
} from '../src/index.ts';

const TODAY = '2026-06-30';

const ride = (id: string, date: string, power20min: number): EstimateRecording => ({
  activityId: id,
  date,
  sport: 'bike',
  power20min,
});
const run = (id: string, date: string, pace: number, lthr?: number): EstimateRecording => ({
  activityId: id,
  date,
  sport: 'run',
  run: { pace_30min: pace, ...(lthr ? { lthr_30min: lthr } : {}) },
});
const find = (out: ReturnType<typeof estimateThresholds>, key: string) => out.find((e) => e.key === key)!;

describe('estimateThresholds', () => {
  it('gives FTP as 95 % of the best 20-minute power once three rides qualify', () => {
    const rides = [ride('a', '2026-06-01', 240), ride('b', '2026-06-10', 280), ride('c', '2026-06-20', 260)];
    const ftp = find(estimateThresholds(rides, TODAY), 'ftp_watts');
    expect(ftp.estimate).toMatchObject({
      value: 266,
      basis: { activityId: 'b', effort: 280 },
      recordings: 3,
    });
    expect(find(estimateThresholds(rides.slice(0, 2), TODAY), 'ftp_watts')).toMatchObject({
      estimate: null,
      have: 2,
      need: ESTIMATE_MIN_RECORDINGS,
    });
  });

  it("gives run threshold pace as the fastest 30-minute pace and LTHR as that kind of effort's highest HR", () => {
    const runs = [
      run('a', '2026-06-01', 280, 165),
      run('b', '2026-06-05', 262, 171),
      run('c', '2026-06-25', 300, 158),
    ];
    const out = estimateThresholds(runs, TODAY);
    expect(find(out, 'threshold_pace_seconds_per_km').estimate).toMatchObject({ value: 262 });
    expect(find(out, 'lthr').estimate).toMatchObject({ value: 171, basis: { activityId: 'b' } });
    expect(find(out, 'ftp_watts').estimate).toBeNull();
  });

  it('reads only the last 90 days', () => {
    const rides = [
      ride('old', '2026-01-01', 400),
      ride('a', '2026-06-01', 200),
      ride('b', '2026-06-02', 210),
    ];
    expect(
      find(estimateThresholds([...rides, ride('c', '2026-06-03', 205)], TODAY), 'ftp_watts').estimate?.value,
    ).toBe(200);
  });

  it('property: the FTP estimate is 95 % of the best qualifying 20-minute power, never above it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 50, max: 600 }), { minLength: 3, maxLength: 20 }), (watts) => {
        const rides = watts.map((w, i) => ride(String(i), '2026-06-15', w));
        const ftp = find(estimateThresholds(rides, TODAY), 'ftp_watts').estimate!;
        expect(ftp.value).toBe(Math.round(Math.max(...watts) * 0.95));
        expect(ftp.value).toBeLessThanOrEqual(Math.max(...watts));
      }),
    );
  });
});

describe('runThresholdEffort', () => {
  it('finds the fastest 30 minutes and the mean HR of their last 20', () => {
    // 10 min at 3 m/s, then 30 min at 4 m/s (250 s/km), then 10 min at 3 m/s; HR 150, then 160 then 170.
    const speeds = [...Array(600).fill(3), ...Array(1800).fill(4), ...Array(600).fill(3)];
    const cumulative: number[] = [];
    let d = 0;
    for (const v of speeds) {
      d += v;
      cumulative.push(d);
    }
    const hr = [
      ...Array(600).fill(150),
      ...Array(600).fill(160),
      ...Array(1200).fill(170),
      ...Array(600).fill(150),
    ];
    expect(runThresholdEffort(cumulative, hr)).toEqual({ pace_30min: 250, lthr_30min: 170 });
  });

  it('has none for a run shorter than 30 moving minutes, and no LTHR without heart rate', () => {
    expect(runThresholdEffort(Array.from({ length: 1700 }, (_, i) => i * 3))).toBeUndefined();
    expect(runThresholdEffort(Array.from({ length: 2000 }, (_, i) => i * 3))).toEqual({ pace_30min: 333 });
  });

  it('from stored streams, a stop adds no time to the effort', () => {
    const distance: (number | null)[] = [];
    for (let i = 0; i < 900; i++) distance.push(i * 4);
    for (let i = 0; i < 300; i++) distance.push(899 * 4); // standing still five minutes
    for (let i = 0; i < 1000; i++) distance.push(899 * 4 + (i + 1) * 4);
    expect(runThresholdEffortFromStreams(distance)).toEqual({ pace_30min: 250 });
  });
});

describe('dashboardScores', () => {
  it('a new account has no readiness and no recovery to show', () => {
    expect(dashboardScores({ readiness: 75, recovery: null, load: { ctl: 0, atl: 0 } })).toEqual({
      readiness_score: null,
      recovery_score: null,
    });
  });

  it('readiness shows once there is load or a recovery score', () => {
    expect(
      dashboardScores({ readiness: 68, recovery: null, load: { ctl: 10, atl: 12 } }).readiness_score,
    ).toBe(68);
    expect(dashboardScores({ readiness: 81, recovery: 77, load: { ctl: 0, atl: 0 } })).toEqual({
      readiness_score: 81,
      recovery_score: 77,
    });
  });

  it('thresholds are estimates until FTP or threshold pace is the athlete’s', () => {
    expect(thresholdsAreEstimates({ ftp: 'default', pace: 'default' })).toBe(true);
    expect(thresholdsAreEstimates({ ftp: 'athlete', pace: 'default' })).toBe(false);
  });
});

describe('rideThresholdEffort', () => {
  // 10 min easy (150 W, HR 130), then 30 min hard (300 W) whose first 10 min are HR 150 and last 20 HR 165.
  const watts = [...Array(600).fill(150), ...Array(1800).fill(300)];
  const hr = [...Array(600).fill(130), ...Array(600).fill(150), ...Array(1200).fill(165)];

  it("is the mean HR of the last 20 minutes of the ride's hardest 30 by power (hand-computed)", () => {
    expect(rideThresholdEffort(watts, hr)).toEqual({ lthr_30min: 165 });
  });

  it('picks the hardest 30 minutes by heart rate without power, and needs half the tail with HR', () => {
    expect(rideThresholdEffort([], hr)).toEqual({ lthr_30min: 165 });
    const dropped = hr.map((v, i) => (i >= 1200 && i < 1900 ? Number.NaN : v));
    expect(rideThresholdEffort(watts, dropped)).toBeUndefined();
    expect(rideThresholdEffort(watts.slice(0, 1800), hr.slice(0, 1800))).toBeUndefined();
  });

  it('from stored streams, skips the stopped seconds (no speed), as the import does', () => {
    const stop = Array(300).fill(0);
    const speed = [...Array(600).fill(8), ...stop, ...Array(1800).fill(10)];
    const power = [...watts.slice(0, 600), ...Array(300).fill(null), ...watts.slice(600)];
    const heart = [...hr.slice(0, 600), ...Array(300).fill(100), ...hr.slice(600)];
    expect(rideThresholdEffortFromStreams(power, heart, speed)).toEqual({ lthr_30min: 165 });
  });

  it('is never above the highest heart rate nor below the lowest of the ride', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 1801, maxLength: 2200 }),
        fc.array(fc.integer({ min: 60, max: 200 }), { minLength: 1801, maxLength: 2200 }),
        (p, h) => {
          const effort = rideThresholdEffort(p, h);
          if (!effort?.lthr_30min) return true;
          return effort.lthr_30min <= Math.max(...h) && effort.lthr_30min >= Math.min(...h);
        },
      ),
      { numRuns: 30 },
    );
  });
});
