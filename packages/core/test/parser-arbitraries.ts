// Shared by the parser's property and round-trip tests: invariant checks and text generators.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ParsedWorkout, Sport } from '../src/index.ts';
import { PARSER_EXAMPLES } from './parser-examples.ts';

export const SPORTS: Sport[] = ['run', 'bike', 'swim', 'strength'];
const PHASES = new Set(['warmup', 'main', 'cooldown']);

/** Every broken invariant, as text (plain checks: thousands of expect calls per case would be slow). */
export function problems(text: string, p: ParsedWorkout): string[] {
  const found: string[] = [];
  let sum = 0;
  for (const [i, step] of p.intervals.entries()) {
    const at = `step ${i}`;
    if (!Number.isInteger(step.duration_seconds) || step.duration_seconds < 0)
      found.push(`${at}: duration ${step.duration_seconds}`);
    if (![1, 2, 3, 4, 5].includes(step.zone)) found.push(`${at}: zone ${step.zone}`);
    if (!PHASES.has(step.phase)) found.push(`${at}: phase ${step.phase}`);
    if (step.repetitions !== 1 || step.rest_duration_seconds !== 0) found.push(`${at}: not expanded`);
    if (step.isRest && step.zone !== 1) found.push(`${at}: rest in zone ${step.zone}`);
    sum += step.duration_seconds;
  }
  if (p.total_duration_estimated !== sum) found.push(`total ${p.total_duration_estimated} != ${sum}`);
  if (
    p.warmup_intervals.length + p.main_intervals.length + p.cooldown_intervals.length !==
    p.intervals.length
  )
    found.push('phase lists do not partition the intervals');
  const d = p.zone_distribution;
  const percent = d.zone_1 + d.zone_2 + d.zone_3 + d.zone_4 + d.zone_5;
  if (sum === 0 ? percent !== 0 : Math.abs(percent - 100) > 0.1) found.push(`zones sum to ${percent}`);
  if (!(p.parsing_confidence >= 0 && p.parsing_confidence <= 1))
    found.push(`confidence ${p.parsing_confidence}`);
  let previousEnd = 0;
  for (const w of p.warnings) {
    if (w.start < previousEnd || w.end <= w.start || w.end > text.length)
      found.push(`warning at [${w.start}, ${w.end}) out of place`);
    if (text.slice(w.start, w.end) !== w.text)
      found.push(`warning text ${JSON.stringify(w.text)} is not the text`);
    if (!w.message) found.push('warning without message');
    previousEnd = w.end;
  }
  return found;
}

export function checkInvariants(text: string, p: ParsedWorkout): void {
  expect(problems(text, p)).toEqual([]);
}

/** Pieces workouts are made of, so random texts reach deep into the grammar. */
const PIECES = [
  '5x',
  '3 x',
  '10x100',
  'x4',
  '3min',
  '90s',
  '5\'30"',
  "10'",
  '1h30',
  '1:30:00',
  '4:30',
  '400m',
  '1km',
  '1 mi',
  '100yd',
  '3-4min',
  'Z3',
  'Z3-Z4',
  'zone 2',
  'Z2 HR',
  'easy',
  'tempo',
  'threshold',
  'VO2max',
  'strides',
  'sweet spot',
  'recovery',
  'rest',
  'easy jog',
  'float',
  'RI 20s',
  'with',
  'w/',
  'then',
  '@',
  'RPE 7',
  '@7/10',
  '250w',
  '250-270w',
  '85% FTP',
  '80% max HR',
  '95% LTHR',
  '150bpm',
  '90rpm',
  '180spm',
  '4:30/km',
  '7:15/mi',
  '1:40/100m',
  '1:30/100yd',
  'Warmup:',
  'WU',
  'Main:',
  'Main set 4x',
  'Cooldown:',
  'CD',
  'cool down',
  '(',
  ')',
  '[',
  ']',
  ',',
  ';',
  '+',
  ' - ',
  '\n',
  '\n  - ',
  '\n\n',
  ':',
  '.',
  '3 rounds:',
  'squats',
  '10',
  '0',
  '9999999',
  'on 1:45',
  'x',
  'Z9',
  '%',
  '/',
  '🏃',
  'é',
  '\u0000',
  '\t',
];

export const pieceText = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom('', ' ', ' ', ', ', '\n')), { maxLength: 30 })
  .map((parts) => parts.map(([p, sep]) => p + sep).join(''));

export const anyText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 100 }),
  pieceText,
);

/** A real text with random characters inserted, deleted or duplicated. */
const MUTATION_CHARS = [
  '(',
  ')',
  'x',
  '5',
  ':',
  ',',
  '\n',
  ' ',
  '-',
  "'",
  '"',
  '@',
  '%',
  '/',
  'Z',
  'm',
  '🏃',
  '\u0000',
];
export const mutatedExample = fc
  .tuple(
    fc.constantFrom(...PARSER_EXAMPLES),
    fc.array(
      fc.record({
        kind: fc.constantFrom('insert', 'delete', 'duplicate'),
        at: fc.nat(),
        length: fc.integer({ min: 1, max: 8 }),
        char: fc.constantFrom(...MUTATION_CHARS),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  )
  .map(([example, mutations]) => {
    let text = example.text;
    for (const m of mutations) {
      const at = text.length === 0 ? 0 : m.at % (text.length + 1);
      if (m.kind === 'insert') text = text.slice(0, at) + m.char + text.slice(at);
      else if (m.kind === 'delete') text = text.slice(0, at) + text.slice(at + m.length);
      else text = text.slice(0, at + m.length) + text.slice(at, at + m.length) + text.slice(at + m.length);
    }
    return { sport: example.sport, text };
  });

export const structure = (p: ParsedWorkout) =>
  p.intervals.map((s) => ({ duration: s.duration_seconds, zone: s.zone, rest: s.isRest, phase: s.phase }));
