// A part inside a whole: "2h with the last 30min at MP", "90 min including 3x10 min at threshold", "16 km of
// which the last 5 km at MP", "long run 2h finishing with 20 min at tempo", "75 min with the first 15 min easy".
// The part is carved out of the step it belongs to, so the whole keeps its length (docs/workout-parser.md,
// "Parts of a whole").
import { roundTo } from '../../numbers.ts';
import type { Interval } from '../types.ts';
import type { PartPosition } from './items.ts';
import type { TokenView } from './quantities.ts';

export interface PartMarker {
  /** Tokens the marker takes ("with the last" is three). */
  length: number;
  position: PartPosition;
  /** Written with a connector or "the" ("with the last", "including"): it may split a segment. */
  strong: boolean;
}

const EDGE: Record<string, PartPosition> = { last: 'last', final: 'last', first: 'first' };
const INCLUDING = new Set(['including', 'incl', 'inc', 'includes', 'include']);
const FINISHING = new Set(['finishing', 'finish', 'ending', 'end', 'finishes', 'ends', 'starting', 'start']);

/** Words a marker can start with: any other word is no marker, without reading further. */
export const MARKER_START: ReadonlySet<string> = new Set([
  'and',
  'with',
  'w',
  'of',
  'the',
  ...Object.keys(EDGE),
  ...INCLUDING,
  ...FINISHING,
]);

/**
 * Reads a part marker at token `i`: [and] [with | w/ | including | incl. | of which | finishing with | ending
 * with | starting with] [the] [last | final | first]. A connector without an edge word places the part by its
 * meaning (finishing/ending: last, starting: first, including/of which: inside); plain "with" needs the edge
 * word ("with 6x 20s strides" is added, not carved).
 */
export function partMarker(v: TokenView, i: number): PartMarker | null {
  if (!MARKER_START.has(v.word(i))) return null;
  let k = i;
  if (v.word(k) === 'and') k++;
  let connector: 'with' | 'inside' | 'last' | 'first' | null = null;
  const w = v.word(k);
  if (w === 'with') {
    connector = 'with';
    k++;
  } else if (w === 'w' && v.punct(k + 1) === '/') {
    connector = 'with';
    k += 2;
  } else if (INCLUDING.has(w)) {
    connector = 'inside';
    k++;
    if (v.punct(k) === '.') k++;
  } else if (w === 'of' && v.word(k + 1) === 'which') {
    connector = 'inside';
    k += 2;
  } else if (FINISHING.has(w) && v.word(k + 1) === 'with') {
    connector = w.startsWith('start') ? 'first' : 'last';
    k += 2;
  }
  const the = v.word(k) === 'the';
  if (the) k++;
  const edge = EDGE[v.word(k)];
  if (edge) k++;
  if (!edge && (connector === null || connector === 'with')) return null;
  const position: PartPosition = edge ?? (connector as PartPosition);
  // "and" alone, or "the" alone, is no marker; an edge word alone is ("last 10min fast").
  if (k === i || (connector === null && !edge)) return null;
  return { length: k - i, position, strong: connector !== null || the };
}

/** Whether tokens [from, to) hold a number: a whole to carve a part from. */
export function holdsQuantity(v: TokenView, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (v.isNum(k) || v.isClock(k)) return true;
  return false;
}

/** A copy of the whole's step with another length. */
function piece(whole: Interval, seconds: number, metres: number | undefined): Interval {
  const step: Interval = { ...whole, targets: { ...whole.targets }, duration_seconds: seconds };
  if (metres === undefined) delete step.distance_meters;
  else step.distance_meters = roundTo(metres, 1);
  return step;
}

const sum = (steps: readonly Interval[], pick: (s: Interval) => number) =>
  steps.reduce((total, s) => total + pick(s), 0);

/**
 * The whole with its parts carved out: what is left of it before the parts written as first, split evenly
 * either side of the parts written as inside, and the parts written as last after it. Distances are carved from
 * a distance when every part is one; otherwise time from time. Null when the parts are not shorter than the
 * whole: then nothing is carved (the caller keeps the steps one after another, as written).
 */
export function carveWhole(
  whole: Interval,
  parts: readonly { position: PartPosition; steps: Interval[] }[],
): Interval[] | null {
  const inner = parts.flatMap((p) => p.steps);
  if (inner.length === 0) return null;
  const metres = whole.distance_meters;
  const seconds = whole.duration_seconds;
  let left: number;
  let leftMetres: number | undefined;
  if (metres !== undefined && inner.every((s) => s.distance_meters !== undefined)) {
    const used = sum(inner, (s) => s.distance_meters!);
    if (used >= metres) return null;
    leftMetres = metres - used;
    left = (seconds * leftMetres) / metres;
  } else {
    const used = sum(inner, (s) => s.duration_seconds);
    if (used >= seconds) return null;
    left = seconds - used;
    leftMetres = metres === undefined ? undefined : (metres * left) / seconds;
  }
  const of = (position: PartPosition) => parts.filter((p) => p.position === position).flatMap((p) => p.steps);
  const inside = of('inside');
  let middle: Interval[];
  if (inside.length === 0) middle = [piece(whole, Math.max(1, Math.round(left)), leftMetres)];
  else {
    const before = Math.max(1, Math.round(left / 2));
    const after = Math.max(1, Math.round(left) - before);
    const half = leftMetres === undefined ? undefined : leftMetres / 2;
    middle = [piece(whole, before, half), ...inside, piece(whole, after, half)];
  }
  return [...of('first'), ...middle, ...of('last')];
}
