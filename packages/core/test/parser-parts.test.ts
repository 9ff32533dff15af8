// A part inside a whole (docs/workout-parser.md, "Parts of a whole"; issue 28 §2): "X with the last Y at Z"
// lasts X, whatever X and Y, with the last Y at Z. The held-out texts (fixtures/parser-corpus/held-out.json)
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

  it('holds a held-out part of texts not in the example table, written before the rules', () => {
    const file = new URL('./fixtures/parser-corpus/held-out.json', import.meta.url);
    const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: { text: string; sport: string }[] };
    expect(cases.length).toBeGreaterThanOrEqual(25);
    const inTable = new Set(PARSER_EXAMPLES.map((e) => e.text.toLowerCase()));
    expect(cases.filter((c) => inTable.has(c.text.toLowerCase()))).toEqual([]);
  });
});
