// A part inside a whole (docs/workout-parser.md, "Parts of a whole"; issue 28 §2): "X with the last Y at Z"
// lasts X, whatever X and Y, with the last Y at Z; "W min with nxm min Z4" lasts W. Progressions rise through
// the zones (docs/workout-parser.md, "Progressions"). The held-out texts (fixtures/parser-corpus/held-out.json)
// are scored by `npm run bench -- parser`, never asserted here: only their shape is checked.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWorkout } from '../src/index.ts';
import { PARSER_EXAMPLES } from './parser-examples.ts';

const ZONE_WORDS = [
  ['at marathon pace', 3],
  ['@ threshold', 4],
  ['at tempo', 3],
  ['fast', 5],
  ['Z4', 4],
] as const;
const CONNECTORS = ['with the last', ', last', 'finishing with', 'of which the last', 'including the final'];

describe('parts of a whole', () => {
  it('"X with the last Y at Z" lasts X, with Y at Z at the end, for every X > Y (minutes)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 300 }),
        fc.integer({ min: 1, max: 299 }),
        fc.constantFrom(...ZONE_WORDS),
        fc.constantFrom(...CONNECTORS),
        fc.constantFrom('run', 'bike'),
        (x, y, [words, zone], connector, sport) => {
          fc.pre(y < x);
          const text = `${x}min easy ${connector} ${y}min ${words}`.replace(' ,', ',');
          const parsed = parseWorkout(text, { sport });
          expect(parsed.total_duration_estimated).toBe(x * 60);
          const last = parsed.intervals.at(-1)!;
          expect(last).toMatchObject({ duration_seconds: y * 60, zone });
          expect(parsed.intervals[0]).toMatchObject({ duration_seconds: (x - y) * 60, zone: 2 });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('"X km of which the last Y km at Z" covers X km in all, for every X > Y', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 42 }), fc.integer({ min: 1, max: 41 }), (x, y) => {
        fc.pre(y < x);
        const parsed = parseWorkout(`${x} km of which the last ${y} km at MP`, { sport: 'run' });
        const metres = parsed.intervals.map((s) => s.distance_meters);
        expect(metres).toEqual([(x - y) * 1000, y * 1000]);
      }),
      { numRuns: 200 },
    );
  });

  it("gives a part written without a unit its whole's unit, in miles, km or minutes, for every X > Y", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 26 }),
        fc.integer({ min: 1, max: 25 }),
        fc.constantFrom(['miles', 1609.344], ['km', 1000]),
        fc.constantFrom('w/ last', 'with the last', 'of which the last'),
        (x, y, [unit, metres], connector) => {
          fc.pre(y < x);
          const parsed = parseWorkout(`long run ${x} ${unit} ${connector} ${y} @ MP`, { sport: 'run' });
          expect(parsed.intervals.map((s) => s.zone)).toEqual([2, 3]);
          const [rest, part] = parsed.intervals.map((s) => s.distance_meters ?? 0);
          expect(Math.abs(rest! - (x - y) * metres)).toBeLessThan(1);
          expect(Math.abs(part! - y * metres)).toBeLessThan(1);
        },
      ),
      { numRuns: 200 },
    );
    const hours = parseWorkout('2h with the last 30 at marathon pace', { sport: 'run' });
    expect(hours.intervals.map((s) => [s.duration_seconds, s.zone])).toEqual([
      [5400, 2],
      [1800, 3],
    ]);
  });

  it('reads a time trial as the best effort it is: zone 4, not an easy default', () => {
    for (const text of ['5k time trial', 'TT 20 min', '30 min race effort'])
      expect(parseWorkout(text, { sport: 'run' }).intervals[0]?.zone, text).toBe(4);
  });

  it('puts the first part first, an included set in the middle, and keeps "with strides" added', () => {
    const view = (text: string) =>
      parseWorkout(text, { sport: 'run' }).intervals.map((s) => [s.duration_seconds, s.zone]);
    expect(view('75 min steady with the first 15 min easy')).toEqual([
      [900, 2],
      [3600, 3],
    ]);
    expect(view('90 min including 3x10 min at threshold')).toEqual([
      [1800, 2],
      [600, 4],
      [600, 4],
      [600, 4],
      [1800, 2],
    ]);
    // A part as long as its whole is not carved: the steps follow one another as written.
    expect(view('20min easy with the last 30min fast')).toEqual([
      [1200, 2],
      [1800, 5],
    ]);
    expect(
      parseWorkout('30 min easy with 6 x 20 sec strides', { sport: 'run' }).total_duration_estimated,
    ).toBe(32 * 60);
  });

  it('"W min with nxm min Z4" lasts W, the n steps of m minutes inside it, for every n*m < W', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 300 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('with', 'w/', 'within', 'containing', 'including'),
        fc.constantFrom('run', 'bike'),
        (w, n, m, connector, sport) => {
          fc.pre(n * m < w);
          const parsed = parseWorkout(`${w} min ${connector} ${n}x${m} min Z4`, { sport });
          expect(parsed.total_duration_estimated).toBe(w * 60);
          const efforts = parsed.intervals.filter((s) => s.zone === 4);
          expect(efforts).toHaveLength(n);
          for (const s of efforts) expect(s.duration_seconds).toBe(m * 60);
          // The easy rest of the whole is split either side of the set.
          expect(parsed.intervals[0]!.zone).toBe(2);
          expect(parsed.intervals.at(-1)!.zone).toBe(2);
          expect(parsed.warnings).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads "with", "w/", "within" and "containing" before a set as "including": the whole keeps its length', () => {
    const minutes = (text: string, sport: 'run' | 'bike') =>
      parseWorkout(text, { sport }).total_duration_estimated / 60;
    const view = (text: string, sport: 'run' | 'bike') =>
      parseWorkout(text, { sport }).intervals.map((s) => [s.duration_seconds, s.zone]);
    expect(view("90' ride with 3x10' @ threshold", 'bike')).toEqual(
      view('90 min ride including 3x10 min at FTP', 'bike'),
    );
    expect(view("90' ride with 3x10' @ threshold", 'bike')).toEqual([
      [1800, 2],
      [600, 4],
      [600, 4],
      [600, 4],
      [1800, 2],
    ]);
    expect(minutes('1h run with 5x1km @ 10k pace', 'run')).toBe(60);
    expect(minutes('60 min with 6x 3min over-unders (1 min 105%, 2 min 95%)', 'bike')).toBe(60);
    const fartlek = parseWorkout('45 min fartlek within the run: 8x 1 min hard', { sport: 'run' });
    expect(fartlek.total_duration_estimated).toBe(45 * 60);
    expect(fartlek.intervals.filter((s) => s.zone === 4)).toHaveLength(8);
    expect(fartlek.warnings).toEqual([]);
    expect(minutes('60 min w/ 4x5min Z4', 'bike')).toBe(60);
    // What already worked stays: the last/first N, "of which", "finishing with", and "+" adds.
    expect(minutes('2h with the last 30 min at marathon pace', 'run')).toBe(120);
    expect(minutes('50 min easy, finishing with 4x 1min fast w/ 1min jog', 'run')).toBe(50);
    expect(minutes('20min easy + 6x 20s strides', 'run')).toBe(20 + 2);
    expect(minutes('45 min easy + 4x 5min Z4', 'run')).toBe(45 + 20);
    // A recovery after a set is no set: "with 2min recovery" is the set's rest, as before.
    expect(minutes('5x 3min @ Z4 with 2min recovery', 'run')).toBe(25);
  });

  it('carves a set with its own recoveries, and adds and reports a set longer than its whole', () => {
    const fits = parseWorkout('60 min with 5x 3min Z4 w/ 2min jog', { sport: 'run' });
    expect(fits.total_duration_estimated).toBe(60 * 60);
    expect(fits.intervals.map((s) => s.duration_seconds)).toEqual([
      1050, 180, 120, 180, 120, 180, 120, 180, 120, 180, 120, 1050,
    ]);
    // A set rest written after the carved set belongs to the set.
    const between = parseWorkout('90 min including 3x10 min at threshold, 5min easy between', {
      sport: 'bike',
    });
    expect(between.total_duration_estimated).toBe(90 * 60);
    const tooLong = parseWorkout('30 min with 5x 4min Z4 w/ 3min jog', { sport: 'run' });
    expect(tooLong.total_duration_estimated).toBe((30 + 35) * 60);
    expect(tooLong.warnings.map((w) => [w.message, w.text])).toEqual([
      ['Part as long as its whole or longer: added after it', 'with'],
    ]);
  });

  it("carves across units: distance from distance, otherwise time from time at the athlete's paces", () => {
    const km = parseWorkout('12 km with 5x 1km @ 10k pace', { sport: 'run' });
    expect(km.intervals.map((s) => s.distance_meters)).toEqual([3500, 1000, 1000, 1000, 1000, 1000, 3500]);
    const miles = parseWorkout('1h with 4x 1 mile at threshold', { sport: 'run' });
    expect(miles.total_duration_estimated).toBe(3600);
    expect(miles.intervals.filter((s) => s.zone === 4)).toHaveLength(4);
    // A distance whole timed at the easy pace, the set's minutes carved from that time and the distance
    // shared in proportion.
    const timed = parseWorkout('10 km with 4x 5min at threshold', { sport: 'run' });
    const easy = timed.intervals.filter((s) => s.zone === 2);
    const whole = parseWorkout('10 km', { sport: 'run' }).total_duration_estimated;
    expect(timed.total_duration_estimated).toBe(whole);
    expect(easy.reduce((sum, s) => sum + (s.distance_meters ?? 0), 0)).toBeCloseTo(
      (10_000 * (whole - 1200)) / whole,
      0,
    );
  });

  it('keeps strides after plain "with" added to the run, as after "+"', () => {
    for (const text of ['30 min easy with 6 x 20 sec strides', '30 min easy w/ 6x 20s strides'])
      expect(parseWorkout(text, { sport: 'run' }).total_duration_estimated, text).toBe(32 * 60);
  });

  it('splits a progression run into equal parts rising from zone 2 to the zone it finishes in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 300 }),
        fc.constantFrom(['at marathon pace', 3], ['at threshold', 4], ['at tempo', 3], ['fast', 5]),
        fc.constantFrom('run', 'bike'),
        (w, [words, zone], sport) => {
          const name = sport === 'run' ? 'Progression run' : 'Progression ride';
          const parsed = parseWorkout(`${name} ${w} min: start easy, finish ${words}`, { sport });
          expect(parsed.total_duration_estimated).toBe(w * 60);
          const zones = parsed.intervals.map((s) => s.zone);
          expect(zones).toEqual(Array.from({ length: zone - 1 }, (_, k) => k + 2));
          for (const s of parsed.intervals)
            expect(Math.abs(s.duration_seconds - (w * 60) / (zone - 1))).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 200 },
    );
    const view = (text: string) =>
      parseWorkout(text, { sport: 'run' }).intervals.map((s) => [s.duration_seconds, s.zone]);
    expect(view('Progression run 50 min: start easy, finish at threshold')).toEqual([
      [1000, 2],
      [1000, 3],
      [1000, 4],
    ]);
    // Nothing named above easy: it finishes one zone up.
    expect(view('Progression run 45 min')).toEqual([
      [1350, 2],
      [1350, 3],
    ]);
    // A distance is split by distance, each part timed at its own zone.
    const km = parseWorkout('Progressive long run 16 km, finish at MP', { sport: 'run' }).intervals;
    expect(km.map((s) => [s.distance_meters, s.zone])).toEqual([
      [8000, 2],
      [8000, 3],
    ]);
    expect(km[1]!.duration_seconds).toBeLessThan(km[0]!.duration_seconds);
    // Written out step by step, a progression is read as written; a progressive warm-up stays one step.
    expect(view('Progression run: 20min easy, 15min steady, 10min tempo').map(([, z]) => z)).toEqual([
      2, 3, 3,
    ]);
    expect(view('Warmup 15min progressive\nMain 3x 10min Z4, 2min rest')[0]).toEqual([900, 2]);
  });

  it('holds a held-out part of texts not in the example table, written before the rules', () => {
    const file = new URL('./fixtures/parser-corpus/held-out.json', import.meta.url);
    const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: { text: string; sport: string }[] };
    expect(cases.length).toBeGreaterThanOrEqual(25);
    const inTable = new Set(PARSER_EXAMPLES.map((e) => e.text.toLowerCase()));
    expect(cases.filter((c) => inTable.has(c.text.toLowerCase()))).toEqual([]);
  });
});
