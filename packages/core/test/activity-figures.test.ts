// Activity figures and stream storage (docs/activities.md): the codec's round trip, Normalized Power's
// restart after pauses, moving time from timer events, zones and best efforts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeActivityFigures,
  decodeStream,
  defaultPaceZones,
  defaultPowerZones,
  encodeStream,
  fastestTime,
  normalizedPower,
  paceZone,
  RACE_EFFORT_MIN_METERS,
  type RecordedSession,
  type RecordPoint,
  raceEffortsOf,
  risingZone,
  roundToStreamScale,
  STREAM_TYPES,
} from '../src/index.ts';

const START = Date.UTC(2026, 0, 5, 7, 0, 0);

function session(records: RecordPoint[], extra: Partial<RecordedSession> = {}): RecordedSession {
  return {
    sport: 'bike',
    startTime: START,
    records,
    laps: [],
    lengths: [],
    pauses: [],
    totals: {},
    ...extra,
  };
}

describe('stream codec', () => {
  it('decode(encode(x)) is x rounded to the type scale, nulls kept', () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.double({ min: -200, max: 200, noNaN: true }),
      fc.double({ min: -1e5, max: 1e5, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...STREAM_TYPES), fc.array(value, { maxLength: 300 }), (type, values) => {
        const decoded = decodeStream(encodeStream(values, type), type);
        expect(decoded).toEqual(values.map((v) => roundToStreamScale(v, type)));
      }),
    );
  });

  it('stores a steady 1 Hz power stream in about one byte a second', () => {
    const watts = Array.from({ length: 3600 }, (_, i) => 200 + (i % 7));
    expect(encodeStream(watts, 'power').length).toBeLessThan(3700);
  });
});

describe('Normalized Power', () => {
  it('equals the power of a constant effort, whatever the pauses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1500 }),
        fc.array(fc.integer({ min: 1, max: 3000 })),
        (w, cuts) => {
          const watts = new Array(3600).fill(w);
          expect(normalizedPower(watts, cuts)).toBeCloseTo(w, 6);
        },
      ),
    );
  });

  it('restarts the window after a pause of a window or more, and bridges a shorter one', () => {
    // 10 min at 300 W, a 5 min café stop, 10 min at 100 W: with the restart no window mixes the two.
    const records: RecordPoint[] = [];
    for (let s = 0; s < 600; s++) records.push({ time: START + s * 1000, power: 300 });
    for (let s = 900; s < 1500; s++) records.push({ time: START + s * 1000, power: 100 });
    const stopped = session(records, {
      pauses: [[START + 600_000, START + 900_000]],
      timerEvents: true,
      endTime: START + 1_500_000,
    });
    const figures = computeActivityFigures(stopped, { thresholds: { ftpWatts: 250 } });
    const expected = ((571 * 300 ** 4 + 571 * 100 ** 4) / 1142) ** 0.25;
    expect(figures.normalizedPower).toBeCloseTo(expected, 0);
    expect(figures.movingSeconds).toBe(1200);
    expect(figures.elapsedSeconds).toBe(1500);
    expect(figures.tssMethod).toBe('power');
    expect(figures.thresholds.defaults_used).toEqual([]);
    // The stream covers elapsed time, null while stopped.
    expect(figures.streams.power?.[700]).toBeNull();
    expect(figures.streams.power?.[1000]).toBe(100);
  });
});

describe('moving time and defaults', () => {
  it('without timer events counts the seconds with movement, and marks default thresholds', () => {
    const records: RecordPoint[] = [];
    for (let s = 0; s <= 600; s++)
      records.push({
        time: START + s * 1000,
        distance: s < 300 ? s * 3 : 900,
        speed: s < 300 ? 3 : 0,
        heartRate: 150,
      });
    const figures = computeActivityFigures(session(records, { sport: 'run' }), { thresholds: {} });
    expect(figures.elapsedSeconds).toBe(600);
    expect(figures.movingSeconds).toBe(300);
    expect(figures.distanceM).toBe(900);
    expect(figures.tssMethod).toBe('run_pace');
    expect(figures.thresholds.defaults_used).toContain('threshold_pace_seconds_per_km');
    expect(figures.zoneSeconds.hr?.reduce((a, b) => a + b, 0)).toBe(300);
  });

  it('with the timer running through a recording gap, the gap is timer time but not moving time', () => {
    // A run at 3 m/s; the watch writes nothing for 5 minutes while the runner stands, its timer running.
    const records: RecordPoint[] = [];
    for (let s = 0; s <= 1200; s++) {
      if (s > 600 && s < 900) continue;
      const distance = (s <= 600 ? s : s - 300) * 3;
      records.push({ time: START + s * 1000, distance, speed: 3 });
    }
    const figures = computeActivityFigures(
      session(records, { sport: 'run', timerEvents: true, totals: { timerSeconds: 1200 } }),
      { thresholds: {} },
    );
    expect(figures.elapsedSeconds).toBe(1200);
    expect(figures.timerSeconds).toBe(1200);
    // The 299 silent seconds, give or take the one-second sampling of the ends.
    expect(Math.abs(figures.timerSeconds - figures.movingSeconds - 299)).toBeLessThanOrEqual(1);
  });

  it('keeps a stop shorter than 10 s in moving time and takes a longer one out', () => {
    const run = (stop: number) => {
      const records: RecordPoint[] = [];
      for (let s = 0; s <= 600; s++) {
        const still = s > 300 && s <= 300 + stop;
        records.push({ time: START + s * 1000, speed: still ? 0 : 3 });
      }
      return computeActivityFigures(session(records, { sport: 'run', timerEvents: true }), {
        thresholds: {},
      });
    };
    expect(run(9).movingSeconds).toBe(run(0).movingSeconds);
    expect(Math.abs(run(0).movingSeconds - run(60).movingSeconds - 60)).toBeLessThanOrEqual(1);
    expect(run(60).timerSeconds).toBe(run(0).timerSeconds);
  });

  it('uses TRIMP when only max and resting heart rate are known', () => {
    const records = Array.from({ length: 1800 }, (_, s) => ({ time: START + s * 1000, heartRate: 140 }));
    const figures = computeActivityFigures(session(records, { sport: 'strength', timerEvents: true }), {
      thresholds: { maxHr: 190, restingHr: 50 },
    });
    expect(figures.tssMethod).toBe('hr_trimp');
    expect(figures.tss).toBeGreaterThan(0);
  });
});

describe('zones and best efforts', () => {
  it('default power zones put FTP in zone 4 and 120 % in zone 5; pace zones run slow to fast', () => {
    const power = defaultPowerZones(250);
    expect(risingZone(250, power)).toBe(4);
    expect(risingZone(300, power)).toBe(5);
    expect(risingZone(100, power)).toBe(1);
    const pace = defaultPaceZones(300);
    expect(paceZone(300, pace)).toBe(4);
    expect(paceZone(280, pace)).toBe(5);
    expect(paceZone(420, pace)).toBe(1);
  });

  it('the fastest time over a distance never beats the whole series pace bound', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 8, noNaN: true }), { minLength: 2, maxLength: 400 }),
        (speeds) => {
          const cumulative: number[] = [];
          let d = 0;
          for (const v of speeds) {
            d += v;
            cumulative.push(d);
          }
          const top = Math.max(...speeds);
          const best = fastestTime(cumulative, 400);
          if (best === undefined) expect(cumulative.at(-1)! - cumulative[0]!).toBeLessThan(400);
          else expect(best).toBeGreaterThanOrEqual(Math.floor(400 / top) - 1);
        },
      ),
    );
  });
});

describe('figures of any session', () => {
  const point = fc.record(
    {
      offset: fc.integer({ min: 0, max: 3 }),
      power: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
      heartRate: fc.option(fc.integer({ min: 40, max: 220 }), { nil: undefined }),
      speed: fc.option(fc.double({ min: 0, max: 15, noNaN: true }), { nil: undefined }),
      altitude: fc.option(fc.double({ min: -50, max: 3000, noNaN: true }), { nil: undefined }),
    },
    { requiredKeys: ['offset'] },
  );
  const arbitrarySession = fc.record({
    sport: fc.constantFrom('bike', 'run', 'swim', 'other', 'strength', 'brick' as const),
    points: fc.array(point, { minLength: 1, maxLength: 400 }),
    pause: fc.option(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 300 })), {
      nil: undefined,
    }),
  });

  it('are consistent: moving within elapsed, zones within moving, streams one value per second', () => {
    fc.assert(
      fc.property(arbitrarySession, ({ sport, points, pause }) => {
        let time = START;
        let distance = 0;
        const records: RecordPoint[] = points.map(({ offset, ...values }) => {
          time += (offset + 1) * 1000;
          distance += (values.speed ?? 0) * (offset + 1);
          const record: RecordPoint = { time, distance };
          for (const [key, value] of Object.entries(values))
            if (value !== undefined) Object.assign(record, { [key]: value });
          return record;
        });
        const pauses: Array<[number, number]> = pause
          ? [[START + pause[0] * 1000, START + (pause[0] + pause[1]) * 1000]]
          : [];
        const figures = computeActivityFigures(
          session(records, { sport, pauses, timerEvents: pauses.length > 0 }),
          {
            thresholds: {},
          },
        );
        expect(figures.movingSeconds).toBeGreaterThanOrEqual(0);
        expect(figures.movingSeconds).toBeLessThanOrEqual(figures.timerSeconds);
        expect(figures.timerSeconds).toBeLessThanOrEqual(figures.elapsedSeconds);
        for (const series of Object.values(figures.streams)) expect(series).toHaveLength(figures.sampleCount);
        for (const [kind, zones] of Object.entries(figures.zoneSeconds)) {
          // Coggan's seven power levels beside the app's five zones (docs/zones.md).
          expect(zones).toHaveLength(kind === 'power_levels' ? 7 : 5);
          expect(zones.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(figures.sampleCount);
        }
        const { power, power_levels: levels } = figures.zoneSeconds;
        if (power) expect(levels!.reduce((a, b) => a + b, 0)).toBe(power.reduce((a, b) => a + b, 0));
        if (figures.tss !== null) expect(figures.tss).toBeGreaterThanOrEqual(0);
        if (figures.normalizedPower !== null && figures.maxPower !== null)
          expect(figures.normalizedPower).toBeLessThanOrEqual(figures.maxPower + 1e-6);
      }),
      { numRuns: 150 },
    );
  });
});

describe('race efforts of a recording', () => {
  it('keeps the best efforts of 5 km and more, with their day, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('400m', '1km', '1mile', '5km', '10km', 'half_marathon', 'marathon', 'nonsense'),
          fc.oneof(fc.double({ min: -10, max: 20_000 }), fc.constant(Number.NaN)),
        ),
        (pace) => {
          const efforts = raceEffortsOf(pace, '2026-03-01');
          for (const e of efforts) {
            expect(e.distance_meters).toBeGreaterThanOrEqual(RACE_EFFORT_MIN_METERS);
            expect(e.time_seconds).toBeGreaterThan(0);
            expect(e.date).toBe('2026-03-01');
          }
          const usable = ['5km', '10km', 'half_marathon', 'marathon'].filter(
            (k) => Number.isFinite(pace[k]) && pace[k]! > 0,
          );
          expect(efforts).toHaveLength(usable.length);
        },
      ),
    );
  });
});
