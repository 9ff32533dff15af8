import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Interval,
  parseWorkout,
  primaryZone,
  summarize,
  type Zone,
  zoneDistribution,
} from '../src/index.ts';

const step = (
  duration_seconds: number,
  zone: Zone,
  isRest = false,
  phase: Interval['phase'] = 'main',
): Interval => ({
  name: isRest ? 'Rest' : `Z${zone}`,
  duration_seconds,
  repetitions: 1,
  rest_duration_seconds: 0,
  zone,
  targets: {},
  isRest,
  phase,
});

describe('zoneDistribution', () => {
  it('counts rest as zone 1', () => {
    expect(zoneDistribution([step(600, 4), step(600, 4, true)])).toEqual({
      zone_1: 50,
      zone_2: 0,
      zone_3: 0,
      zone_4: 50,
      zone_5: 0,
    });
  });

  it('always sums to 100 within 0.1 for non-empty workouts', () => {
    const arbStep = fc.record({
      d: fc.integer({ min: 1, max: 7200 }),
      z: fc.constantFrom<Zone>(1, 2, 3, 4, 5),
      r: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbStep, { minLength: 1, maxLength: 40 }), (steps) => {
        const d = zoneDistribution(steps.map((s) => step(s.d, s.z, s.r)));
        const sum = d.zone_1 + d.zone_2 + d.zone_3 + d.zone_4 + d.zone_5;
        expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.1);
      }),
    );
  });
});

describe('summarize', () => {
  it('splits by phase and totals the durations', () => {
    const result = summarize(
      [step(900, 2, false, 'warmup'), step(180, 4), step(600, 1, false, 'cooldown')],
      0.9,
    );
    expect(result.total_duration_estimated).toBe(1680);
    expect(result.warmup_intervals).toHaveLength(1);
    expect(result.main_intervals).toHaveLength(1);
    expect(result.cooldown_intervals).toHaveLength(1);
  });
});

describe('primaryZone', () => {
  it('names the main set, not the easy time around it', () => {
    const text = 'Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min';
    expect(primaryZone(parseWorkout(text, { sport: 'run' }).intervals)).toBe(4);
  });

  it('falls back to the most work time without a main set, and is null when there is no work', () => {
    expect(primaryZone([step(1200, 2, false, 'warmup'), step(300, 3, false, 'cooldown')])).toBe(2);
    expect(primaryZone([step(600, 1, true)])).toBeNull();
    expect(primaryZone([])).toBeNull();
  });

  it('gives a tie to the harder zone', () => {
    expect(primaryZone([step(600, 2), step(600, 4)])).toBe(4);
  });

  it('is always one of the zones of the work steps', () => {
    const arbStep = fc.record({
      seconds: fc.integer({ min: 0, max: 7200 }),
      zone: fc.constantFrom<Zone>(1, 2, 3, 4, 5),
      rest: fc.boolean(),
      phase: fc.constantFrom<Interval['phase']>('warmup', 'main', 'cooldown'),
    });
    fc.assert(
      fc.property(fc.array(arbStep, { maxLength: 30 }), (raw) => {
        const steps = raw.map((r) => step(r.seconds, r.zone, r.rest, r.phase));
        const zone = primaryZone(steps);
        const work = steps.filter((s) => !s.isRest && s.duration_seconds > 0);
        if (work.length === 0) expect(zone).toBeNull();
        else expect(work.map((s) => s.zone)).toContain(zone);
      }),
    );
  });
});
