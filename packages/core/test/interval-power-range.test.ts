// The power a step asks for as a fraction of FTP (intervalPowerRange): what files write and the intensity chart
// draws. A written % FTP is kept as written; a step with only a zone sits inside its zone's own band.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Interval,
  intervalPowerRange,
  parseWorkout,
  type Zone,
  zoneForFtpFraction,
} from '../src/index.ts';

const zone = fc.constantFrom<Zone>(1, 2, 3, 4, 5);
const interval = (z: Zone, targets: Interval['targets'] = {}, isRest = false): Interval => ({
  name: 'Step',
  duration_seconds: 300,
  repetitions: 1,
  rest_duration_seconds: 0,
  zone: z,
  targets,
  isRest,
  phase: 'main',
});

describe('intervalPowerRange', () => {
  it('draws a warm-up written at 50-75% FTP as a ramp from 50 to 75 %, not at its zone', () => {
    const [warmup] = parseWorkout('Warmup: 10min from 50 to 75% FTP\nMain: 20min @ 95% FTP', {
      sport: 'bike',
    }).intervals;
    const range = intervalPowerRange(warmup as Interval);
    expect([range.low, range.high, range.ramp, range.fromZone]).toEqual([0.5, 0.75, true, false]);
    expect(range.fraction).toBe(0.625);
  });

  it('a step with only a zone is at a power inside that zone; rest is zone 1 when asked', () => {
    fc.assert(
      fc.property(zone, fc.boolean(), (z, isRest) => {
        const range = intervalPowerRange(interval(z, {}, isRest), { restAsRecovery: true });
        expect(range.fromZone).toBe(true);
        expect(zoneForFtpFraction(range.fraction)).toBe(isRest ? 1 : z);
        // Without the option a rest keeps its own zone (what files write).
        expect(zoneForFtpFraction(intervalPowerRange(interval(z, {}, isRest)).fraction)).toBe(z);
      }),
    );
  });

  it('a written % FTP range gives its bounds and a middle between them, whatever the zone', () => {
    fc.assert(
      fc.property(
        zone,
        fc.integer({ min: 30, max: 200 }),
        fc.integer({ min: 0, max: 50 }),
        (z, lo, width) => {
          const range = intervalPowerRange(
            interval(z, { power_percent_ftp: lo, ...(width ? { power_percent_ftp_max: lo + width } : {}) }),
          );
          expect(range.low).toBeCloseTo(lo / 100, 3);
          expect(range.high).toBeCloseTo((lo + width) / 100, 3);
          expect(range.fraction).toBeGreaterThanOrEqual(range.low);
          expect(range.fraction).toBeLessThanOrEqual(range.high);
          expect(range.fromZone).toBe(false);
        },
      ),
    );
  });

  it('reads watts over a known FTP, and falls back on the zone without one', () => {
    const step = interval(4, { power_watts: 250, power_watts_max: 270 });
    expect(intervalPowerRange(step, { ftpWatts: 250 })).toMatchObject({
      low: 1,
      high: 1.08,
      fromZone: false,
    });
    expect(intervalPowerRange(step).fromZone).toBe(true);
  });
});
