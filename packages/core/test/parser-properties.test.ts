// Property tests: whatever the text, the parser answers, and its answer is consistent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sport } from '../src/index.ts';
import { parseWorkoutUnchecked } from '../src/workouts/parser/index.ts';
import { anyText, checkInvariants, mutatedExample, SPORTS } from './parser-arbitraries.ts';
import { PARSER_EXAMPLES } from './parser-examples.ts';

/** The unchecked parse, so that a bug throws here instead of hiding behind the safety net. */
const parse = (text: string, sport: Sport) => parseWorkoutUnchecked(text, { sport });

describe('parser properties', () => {
  it('never throws and keeps its invariants on random text', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...SPORTS), (text, sport) => {
        checkInvariants(text, parse(text, sport));
      }),
      { numRuns: 1500 },
    );
  }, 60_000);

  it('never throws and keeps its invariants on mutated real workouts', () => {
    fc.assert(
      fc.property(mutatedExample, ({ text, sport }) => {
        checkInvariants(text, parse(text, sport));
      }),
      { numRuns: 1500 },
    );
  }, 60_000);

  it('keeps its invariants on every example', () => {
    for (const { text, sport } of PARSER_EXAMPLES) checkInvariants(text, parse(text, sport));
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...SPORTS), (text, sport) => {
        expect(parse(text, sport)).toEqual(parse(text, sport));
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
