// Edited zone tables drive the parse (docs/workout-parser.md, "Edited zone tables"), and short strides do not
// make an easy run's main zone (docs/workout-parser.md, "Main zone").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AthleteThresholds,
  type EditedZoneTable,
  parseWorkout,
  primaryZone,
  renderWorkout,
  type Sport,
  thresholdsInForce,
  validateZoneTable,
  type Zone,
  type ZoneBounds,
} from '../src/index.ts';
import { zoneInTable } from '../src/workouts/parser/intensity.ts';
import { PARSER_EXAMPLES } from './parser-examples.ts';

const HR: ZoneBounds[] = [
  { zone: 1, min: 100, max: 129 },
  { zone: 2, min: 130, max: 145 },
  { zone: 3, min: 150, max: 160 },
  { zone: 4, min: 161, max: 172 },
  { zone: 5, min: 173, max: 195 },
];
/** Seconds per km, slow (zone 1) to fast. */
const RUN_PACE: ZoneBounds[] = [
  { zone: 1, min: 360, max: 420 },
  { zone: 2, min: 320, max: 359 },
  { zone: 3, min: 290, max: 319 },
  { zone: 4, min: 270, max: 289 },
  { zone: 5, min: 200, max: 269 },
];
const POWER: ZoneBounds[] = [
  { zone: 1, min: 0, max: 140 },
  { zone: 2, min: 141, max: 190 },
  { zone: 3, min: 191, max: 225 },
  { zone: 4, min: 226, max: 265 },
  { zone: 5, min: 266, max: 600 },
];
/** Seconds per 100 m. */
const SWIM_PACE: ZoneBounds[] = [
  { zone: 1, min: 130, max: 160 },
  { zone: 2, min: 115, max: 129 },
  { zone: 3, min: 105, max: 114 },
  { zone: 4, min: 98, max: 104 },
  { zone: 5, min: 70, max: 97 },
];

const edited: AthleteThresholds = { zones: { hr: HR, runPace: RUN_PACE, power: POWER, swimPace: SWIM_PACE } };
const parse = (text: string, sport: Sport, thresholds: AthleteThresholds = edited) =>
  parseWorkout(text, { sport, thresholds });
const first = (text: string, sport: Sport, thresholds?: AthleteThresholds) =>
  parse(text, sport, thresholds).intervals[0]!;

describe('edited zone tables in the parse', () => {
  it('gives a zone target the edited range', () => {
    expect(first('40 min Z2 HR', 'run').targets).toEqual({ heart_rate_min: 130, heart_rate_max: 145 });
    expect(first('40 min HR zone 3', 'run').targets).toMatchObject({
      heart_rate_min: 150,
      heart_rate_max: 160,
    });
    expect(first('40min zone 3 pace', 'run').targets).toEqual({ pace_per_km_seconds: 305 });
    expect(first('1h Z2 power', 'bike').targets).toMatchObject({ power_watts: 141, power_watts_max: 190 });
  });

  it('gives a plain zone or an intensity name the ranges of every edited table of the sport', () => {
    expect(first('20 min tempo', 'run').targets).toEqual({
      heart_rate_min: 150,
      heart_rate_max: 160,
      pace_per_km_seconds: 305,
    });
    expect(first('1h Z2', 'bike').targets).toEqual({
      heart_rate_min: 130,
      heart_rate_max: 145,
      power_watts: 141,
      power_watts_max: 190,
    });
    expect(first('1000m easy', 'swim').targets).toMatchObject({ pace_per_100m_seconds: 122 });
    // A strength session has no pace or power, and its heart rate stays unwritten.
    expect(first('20min Z2', 'strength').targets).toEqual({});
  });

  it('times a distance at the edited zone pace', () => {
    // 5 km at zone 2's midpoint, 5:40/km.
    expect(first('5km Z2', 'run').duration_seconds).toBe(1700);
  });

  it('keeps a written target over the table ranges', () => {
    expect(first('40min Z2 @ 140 bpm', 'run').targets).toEqual({ heart_rate_min: 140, heart_rate_max: 140 });
  });

  it('zones absolute targets by the edited bounds', () => {
    const step = first('30 min @ 150 bpm', 'run');
    expect(step.zone).toBe(3);
    expect(step.zone_source).toEqual({
      kind: 'target',
      why: '150 bpm = zone 3 of your heart-rate zones (150-160 bpm)',
    });
    expect(first('1h @ 200w', 'bike').zone).toBe(3);
    expect(first('20min @ 4:40/km', 'run').zone).toBe(4);
    expect(first('400m @ 1:40/100m', 'swim').zone).toBe(4);
    expect(parse('10x100 on 1:40', 'swim').intervals[0]!.zone).toBe(4);
  });

  it('puts a value in a gap in the nearer zone, halfway in the easier one', () => {
    // Zone 2 ends at 145, zone 3 starts at 150.
    expect(first('30 min @ 147 bpm', 'run').zone).toBe(2);
    expect(first('30 min @ 147.5 bpm', 'run').zone).toBe(2);
    expect(first('30 min @ 148 bpm', 'run').zone).toBe(3);
    expect(first('30 min @ 90 bpm', 'run').zone).toBe(1);
    expect(first('30 min @ 199 bpm', 'run').zone).toBe(5);
    // Paces: zone 1 is the slowest.
    expect(zoneInTable(430, RUN_PACE, true)).toBe(1);
    expect(zoneInTable(150, RUN_PACE, true)).toBe(5);
  });

  it('leaves percentages of a threshold on the bands', () => {
    expect(first('20 min @ 95% FTP', 'bike').zone).toBe(4);
    expect(first('20 min @ 80% max HR', 'run').zone).toBe(4);
  });

  it('changes nothing without edited tables', () => {
    for (const [text, sport] of [
      ['40 min Z2 HR', 'run'],
      ['30 min @ 150 bpm', 'run'],
      ['1h Z2', 'bike'],
      ['5km Z2', 'run'],
      ['20 min tempo', 'run'],
    ] as const)
      expect(parse(text, sport, { maxHr: 190 })).toEqual(
        parseWorkout(text, { sport, thresholds: { maxHr: 190 } }),
      );
    expect(first('40 min Z2 HR', 'run', {}).targets).toEqual({ heart_rate_min: 114, heart_rate_max: 133 });
    expect(first('1h Z2', 'bike', {}).targets).toEqual({});
    expect(first('30 min @ 150 bpm', 'run', {}).zone).toBe(3);
  });

  it('ignores a malformed table (the bands stand)', () => {
    const overlapping = HR.map((z) => (z.zone === 3 ? { ...z, min: 140 } : z));
    expect(first('40 min Z2 HR', 'run', { zones: { hr: overlapping } }).targets).toEqual({
      heart_rate_min: 114,
      heart_rate_max: 133,
    });
  });
});

describe('rendering with edited tables', () => {
  it('parses every documented example back to the same steps through its rendering', () => {
    const steps = (text: string, sport: Sport) =>
      parse(text, sport).intervals.map((i) => [i.duration_seconds, i.zone, i.isRest, i.phase]);
    for (const { text, sport } of PARSER_EXAMPLES)
      expect(steps(renderWorkout(parse(text, sport)), sport), text).toEqual(steps(text, sport));
  });
});

describe('thresholdsInForce with edited tables', () => {
  const tables: EditedZoneTable[] = [
    { sport: 'running', kind: 'hr', zones: HR },
    { sport: 'cycling', kind: 'power', zones: POWER },
    { sport: 'running', kind: 'pace', zones: RUN_PACE },
  ];

  it('takes power from cycling, paces from their sports and heart rate from the workout sport', () => {
    expect(thresholdsInForce([], '2026-01-01', 'run', tables).zones).toEqual({
      hr: HR,
      power: POWER,
      runPace: RUN_PACE,
    });
    expect(thresholdsInForce([], '2026-01-01', 'bike', tables).zones).toEqual({
      power: POWER,
      runPace: RUN_PACE,
    });
    expect(thresholdsInForce([], '2026-01-01', 'run').zones).toBeUndefined();
  });
});

/** A valid rising table (power, heart rate) with gaps of 0 or more between zones. */
const risingTable = fc
  .tuple(
    fc.integer({ min: 0, max: 200 }),
    fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 9, maxLength: 9 }),
  )
  .map(([start, steps]): ZoneBounds[] => {
    const zones: ZoneBounds[] = [];
    let at = start;
    for (let zone = 1; zone <= 5; zone++) {
      const min = zone === 1 ? at : at + 1 + steps[2 * zone - 3]!;
      const max = min + steps[2 * zone - 2]!;
      zones.push({ zone: zone as Zone, min, max });
      at = max;
    }
    return zones;
  });

/** A valid pace table in seconds, zone 1 the slowest. */
const paceTable = fc
  .tuple(
    fc.integer({ min: 150, max: 250 }),
    fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 9, maxLength: 9 }),
  )
  .map(([fastest, steps]): ZoneBounds[] => {
    const zones: ZoneBounds[] = [];
    let at = fastest;
    for (let zone = 5; zone >= 1; zone--) {
      const min = zone === 5 ? at : at + 1 + steps[2 * (5 - zone) - 1]!;
      const max = min + steps[2 * (5 - zone)]!;
      zones.unshift({ zone: zone as Zone, min, max });
      at = max;
    }
    return zones;
  });

const zoneArb = fc.constantFrom<Zone>(1, 2, 3, 4, 5);

describe('edited tables, properties', () => {
  it('generates valid tables', () => {
    fc.assert(fc.property(risingTable, (t) => validateZoneTable('hr', t) === null));
    fc.assert(fc.property(paceTable, (t) => validateZoneTable('pace', t) === null));
  });

  it('a bpm value inside zone n parses to zone n, and Zn HR is zone n of the table', () => {
    fc.assert(
      fc.property(risingTable, zoneArb, fc.double({ min: 0, max: 1, noNaN: true }), (hr, zone, at) => {
        const { min, max } = hr[zone - 1]!;
        const bpm = Math.min(250, Math.max(30, Math.round(min + at * (max - min))));
        if (bpm < min || bpm > max) return; // outside what the parser reads as a heart rate
        const thresholds = { zones: { hr } };
        expect(first(`30 min @ ${bpm} bpm`, 'run', thresholds).zone).toBe(zone);
        expect(first(`30 min Z${zone} HR`, 'run', thresholds).targets).toEqual({
          heart_rate_min: min,
          heart_rate_max: max,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('watts inside zone n parse to zone n, and a plain Zn ride carries zone n of the table', () => {
    fc.assert(
      fc.property(risingTable, zoneArb, fc.double({ min: 0, max: 1, noNaN: true }), (power, zone, at) => {
        const { min, max } = power[zone - 1]!;
        const watts = Math.round(min + at * (max - min));
        if (watts < 1) return;
        const thresholds = { zones: { power } };
        expect(first(`20 min @ ${watts}w`, 'bike', thresholds).zone).toBe(zone);
        expect(first(`20 min Z${zone}`, 'bike', thresholds).targets).toEqual({
          power_watts: min,
          power_watts_max: max,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a pace inside zone n parses to zone n, and Zn pace is inside zone n', () => {
    fc.assert(
      fc.property(paceTable, zoneArb, fc.double({ min: 0, max: 1, noNaN: true }), (runPace, zone, at) => {
        const { min, max } = runPace[zone - 1]!;
        const seconds = Math.round(min + at * (max - min));
        const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
        const thresholds = { zones: { runPace } };
        expect(first(`20 min @ ${clock}/km`, 'run', thresholds).zone).toBe(zone);
        const pace = first(`20 min Z${zone} pace`, 'run', thresholds).targets.pace_per_km_seconds!;
        expect(pace).toBeGreaterThanOrEqual(min);
        expect(pace).toBeLessThanOrEqual(max);
      }),
      { numRuns: 300 },
    );
  });

  it('any value lands in a zone whose range holds it, or in a gap next to it', () => {
    fc.assert(
      fc.property(risingTable, fc.integer({ min: 0, max: 600 }), (table, value) => {
        const zone = zoneInTable(value, table);
        const z = table[zone - 1]!;
        if (value >= z.min && value <= z.max) return;
        const below = table[zone - 2];
        const above = table[zone];
        // Outside every range: between the neighbours of its zone, or beyond an end zone.
        expect((below === undefined || value > below.max) && (above === undefined || value < above.min)).toBe(
          true,
        );
      }),
    );
  });
});

describe('strides do not make the main zone', () => {
  it('keeps an easy run with strides easy, the strides in zone 5', () => {
    for (const text of [
      '20min easy + 6x 20s strides, 40s walk',
      '45 min easy with 6x20s strides',
      'easy 30min, 5x 30s strides w/ 30s walk',
    ]) {
      const parsed = parseWorkout(text, { sport: 'run' });
      expect(primaryZone(parsed.intervals), text).toBe(2);
      expect(
        parsed.intervals.some((s) => s.zone === 5 && !s.isRest),
        text,
      ).toBe(true);
    }
  });

  it('keeps a sprint session about its sprints', () => {
    for (const text of [
      '10min easy, 8x (15s all out, 3min45s easy spin), 10min easy',
      'Sprints 10x 10s max, 50s easy spin',
      'Tabata 8x 20s / 10s',
    ])
      expect(primaryZone(parseWorkout(text, { sport: 'bike' }).intervals), text).toBe(5);
    // Efforts longer than 30 s are intervals, not strides.
    expect(primaryZone(parseWorkout('30min easy, 5x 45s fast w/ 45s walk', { sport: 'run' }).intervals)).toBe(
      5,
    );
  });
});

// A zone range spans both zones (docs/workout-parser.md, "Ranges").
describe('zone ranges', () => {
  it('is written in several ways, all in the middle zone rounded up', () => {
    for (const text of [
      '40min Z2-Z3',
      '40min Z2-3',
      '40min Z2/Z3',
      '40min zone 2-3',
      '40min zones 2-3',
      '40min zone 2 to 3',
      '40min Z2 to Z3',
      '40min Z3-Z2',
    ]) {
      const step = first(text, 'run', {});
      expect(step.zone, text).toBe(3);
      expect(step.zone_source?.kind, text).toBe('word');
    }
    expect(first('40min Z2-Z4', 'run', {}).zone).toBe(3);
    expect(first('40min Z1-Z2', 'run', {}).zone).toBe(2);
  });

  it('targets from the easier zone’s easy end to the harder zone’s hard end, edited tables', () => {
    expect(first('40min Z2-Z3 HR', 'run').targets).toEqual({ heart_rate_min: 130, heart_rate_max: 160 });
    expect(first('40min HR zone 2-3', 'run').targets).toEqual({ heart_rate_min: 130, heart_rate_max: 160 });
    expect(first('1h Z2-Z3 power', 'bike').targets).toMatchObject({ power_watts: 141, power_watts_max: 225 });
    // A plain range: every edited table of the sport; pace keeps the middle of 4:50-5:59/km.
    expect(first('40min Z2-Z3', 'run').targets).toEqual({
      heart_rate_min: 130,
      heart_rate_max: 160,
      pace_per_km_seconds: 325,
    });
    expect(first('1h Z2/Z3', 'bike').targets).toEqual({
      heart_rate_min: 130,
      heart_rate_max: 160,
      power_watts: 141,
      power_watts_max: 225,
    });
    expect(first('1000m zone 2-3', 'swim').targets).toMatchObject({ pace_per_100m_seconds: 117 });
    // 5 km at that middle pace, 5:25/km.
    expect(first('5km Z2-Z3', 'run').duration_seconds).toBe(1625);
  });

  it('targets both zones with the derived bands too', () => {
    // % max HR, max 190: zone 2 from 60 %, zone 3 to 80 %.
    expect(first('40min Z2-Z3 HR', 'run', {}).targets).toEqual({ heart_rate_min: 114, heart_rate_max: 152 });
    // LTHR 170 (Friel): zone 2 from 81 %, zone 4 to 99 %.
    expect(first('40min Z2-Z4 HR', 'run', { lthr: 170 }).targets).toEqual({
      heart_rate_min: 138,
      heart_rate_max: 168,
    });
    // A distance is timed at the middle of the two zones' paces: 6:00 and 5:24 per km.
    expect(first('5km Z2-Z3', 'run', {}).duration_seconds).toBe(1710);
  });

  it('is scored like any range: by the zone of its middle', () => {
    const range = parse('40min Z2-Z3', 'run', {});
    expect(range.zone_distribution).toEqual(parse('40min Z3', 'run', {}).zone_distribution);
  });
});

const zonePair = fc
  .tuple(zoneArb, zoneArb)
  .filter(([a, b]) => a < b)
  .map(([a, b]) => [a, b] as [Zone, Zone]);
const rangeForm = fc.constantFrom(
  (a: number, b: number) => `Z${a}-Z${b}`,
  (a: number, b: number) => `Z${a}-${b}`,
  (a: number, b: number) => `Z${a}/Z${b}`,
  (a: number, b: number) => `zone ${a}-${b}`,
  (a: number, b: number) => `zone ${a} to ${b}`,
);

describe('zone ranges, properties', () => {
  it('for any a < b, "Za-Zb" spans each zone’s range and is in zone ⌈(a + b) / 2⌉', () => {
    fc.assert(
      fc.property(
        risingTable,
        risingTable,
        paceTable,
        zonePair,
        rangeForm,
        (hr, power, runPace, [a, b], form) => {
          const thresholds = { zones: { hr, power, runPace } };
          const z = form(a, b);
          const run = first(`30 min ${z}`, 'run', thresholds);
          expect(run.zone).toBe(Math.ceil((a + b) / 2));
          for (const zone of [a, b]) {
            expect(run.targets.heart_rate_min!).toBeLessThanOrEqual(hr[zone - 1]!.min);
            expect(run.targets.heart_rate_max!).toBeGreaterThanOrEqual(hr[zone - 1]!.max);
          }
          // Pace keeps the middle: between zone b's fastest and zone a's slowest.
          expect(run.targets.pace_per_km_seconds!).toBeGreaterThanOrEqual(runPace[b - 1]!.min);
          expect(run.targets.pace_per_km_seconds!).toBeLessThanOrEqual(runPace[a - 1]!.max);
          const ride = first(`30 min ${z} power`, 'bike', thresholds);
          for (const zone of [a, b]) {
            expect(ride.targets.power_watts!).toBeLessThanOrEqual(power[zone - 1]!.min);
            expect(ride.targets.power_watts_max!).toBeGreaterThanOrEqual(power[zone - 1]!.max);
          }
          const derived = first(`30 min ${z} HR`, 'run', { maxHr: 190 });
          for (const zone of [a, b]) {
            const own = first(`30 min Z${zone} HR`, 'run', { maxHr: 190 }).targets;
            expect(derived.targets.heart_rate_min!).toBeLessThanOrEqual(own.heart_rate_min!);
            expect(derived.targets.heart_rate_max!).toBeGreaterThanOrEqual(own.heart_rate_max!);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('parts joined by + or with, properties', () => {
  it('"<words> + strides" is the part in its own zone, then the strides in zone 5; the part names the session', () => {
    const words = fc.constantFrom(
      ['easy', 2],
      ['easy run', 2],
      ['aerobic', 2],
      ['steady', 3],
      ['tempo run', 3],
      ['Z2', 2],
      ['zone 3', 3],
      ['threshold', 4],
    );
    const join = fc.constantFrom(' + ', ' with ', ' w/ ', '+');
    const set = fc.constantFrom('strides', '4x strides', '6x 20s strides', '8 strides', '5x 15s pick-ups');
    fc.assert(
      fc.property(words, join, set, ([w, zone], j, s) => {
        const text = `${w}${j}${s}`;
        const steps = parseWorkout(text, { sport: 'run' }).intervals;
        expect(steps[0]!.zone, text).toBe(zone);
        expect(steps[0]!.duration_seconds, text).toBe(1800);
        expect(
          steps.slice(1).every((x) => x.zone === 5 && x.duration_seconds <= 30),
          text,
        ).toBe(true);
        expect(steps.length, text).toBeGreaterThan(1);
        expect(primaryZone(steps), text).toBe(zone);
      }),
    );
  });
});
