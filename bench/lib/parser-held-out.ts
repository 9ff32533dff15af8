// The workout parser on its held-out corpus (packages/core/test/fixtures/parser-corpus/held-out.json): texts
// with a part inside a whole (issue 28 §2), written before the rules and never tuned on. A text is read right
// when its total and every step's length and zone are what the file says (±1 s, ±1 m).
import { readFileSync } from 'node:fs';
import { parseWorkout, type Sport } from '@stamina/core';
import { type Figure, info } from './report.ts';

interface HeldOutStep {
  s?: number;
  m?: number;
  z: number;
}
interface HeldOutCase {
  sport: Sport;
  text: string;
  total?: number;
  steps?: HeldOutStep[];
}

const FILE = new URL('../../packages/core/test/fixtures/parser-corpus/held-out.json', import.meta.url);

/** Whether the parse of one held-out text matches it. */
function readRight(c: HeldOutCase): boolean {
  const parsed = parseWorkout(c.text, { sport: c.sport });
  if (c.total !== undefined && Math.abs(parsed.total_duration_estimated - c.total) > 1) return false;
  if (!c.steps) return true;
  if (parsed.intervals.length !== c.steps.length) return false;
  return c.steps.every((want, k) => {
    const got = parsed.intervals[k]!;
    if (got.zone !== want.z) return false;
    if (want.s !== undefined && Math.abs(got.duration_seconds - want.s) > 1) return false;
    return want.m === undefined || Math.abs((got.distance_meters ?? Number.NaN) - want.m) <= 1;
  });
}

export function heldOutParserFigures(): Figure[] {
  const { cases } = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: HeldOutCase[] };
  const wrong = cases.filter((c) => !readRight(c));
  return [
    info({
      id: 'parser.held-out.parts',
      label: `workout parser, held-out parts of a whole (${cases.length} texts)`,
      value: (100 * (cases.length - wrong.length)) / cases.length,
      unit: '%',
      digits: 0,
      note: wrong.length
        ? `missed: ${wrong.map((c) => JSON.stringify(c.text)).join('; ')}`
        : 'all read right',
    }),
  ];
}
