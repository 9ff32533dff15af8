// A part inside a whole: "2h with the last 30min at MP", "90 min including 3x10 min at threshold", "90' ride
// with 3x10' @ threshold", "16 km of which the last 5 km at MP", "long run 2h finishing with 20 min at tempo",
// "75 min with the first 15 min easy".
// The part is carved out of the step it belongs to, so the whole keeps its length (docs/workout-parser.md,
// "Parts of a whole").
import { roundTo } from '../../numbers.ts';
import type { Interval, Sport, Zone } from '../types.ts';
import type { PartPosition } from './items.ts';
import { readQuantity, startsRepeat, type TokenView } from './quantities.ts';

export interface PartMarker {
  /** Tokens the marker takes ("with the last" is three). */
  length: number;
  position: PartPosition;
  /** Written with a connector or "the" ("with the last", "including"): it may split a segment. */
  strong: boolean;
  /** Plain "with" or "w/" before a set ("with 3x10'"): a set of strides after it stays added. */
  plainWith: boolean;
}

const EDGE: Record<string, PartPosition> = { last: 'last', final: 'last', first: 'first' };
const INCLUDING = new Set([
  'including',
  'incl',
  'inc',
  'includes',
  'include',
  'within',
  'containing',
  'contains',
]);
/** The whole named again after the connector: "45 min fartlek within the run: 8x 1 min hard". */
const WHOLE_NOUNS = new Set(['run', 'ride', 'session', 'workout', 'swim']);
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
 * Reads a part marker at token `i`: [and] [with | w/ | including | incl. | within | containing | of which |
 * finishing with | ending with | starting with] [the] [run | ride | session | workout | swim [:]] [last | final
 * | first]. A connector without an edge word places the part by its meaning (finishing/ending: last, starting:
 * first, including/within/of which: inside); plain "with" needs the edge word or a set after it ("90' with
 * 3x10' @ threshold" is inside, as "including"; "with 2min rest" is no part).
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
  if (connector !== null && WHOLE_NOUNS.has(v.word(k))) {
    k++;
    if (v.punct(k) === ':') k++;
  }
  const edge = EDGE[v.word(k)];
  if (edge) k++;
  const plainWith = !edge && connector === 'with';
  if (plainWith ? !startsRepeat(v, k) : !edge && connector === null) return null;
  const position: PartPosition = edge ?? (plainWith ? 'inside' : (connector as PartPosition));
  // "and" alone, or "the" alone, is no marker; an edge word alone is ("last 10min fast").
  if (k === i) return null;
  return { length: k - i, position, strong: connector !== null || the, plainWith };
}

/** What a part's marker is reported with when the part does not fit in its whole (then added after it). */
export const PART_LONGER_THAN_WHOLE = 'Part as long as its whole or longer: added after it';

/** Whether tokens [from, to) hold a number: a whole to carve a part from. */
export function holdsQuantity(v: TokenView, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (v.isNum(k) || v.isClock(k)) return true;
  return false;
}

/** Whether tokens [from, to) hold a duration or a distance: a whole a set can sit in. */
export function holdsWhole(v: TokenView, from: number, to: number, sport: Sport): boolean {
  for (let k = from; k < to; k++) {
    if (!v.isNum(k) && !v.isClock(k)) continue;
    const kind = readQuantity(v, k, sport).kind;
    if (kind === 'duration' || kind === 'distance' || kind === 'clock') return true;
  }
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

/**
 * A progression split into equal parts, one per zone from `start` to `finish` (zone 2 to zone 4: thirds in
 * zones 2, 3 and 4). A whole in time is split by time; a whole in distance by distance, each part timed at its
 * own zone by `secondsFor` (docs/workout-parser.md, "Progressions"). Only the last part keeps the whole's
 * targets: they name where it finishes.
 */
export function riseThrough(
  whole: Interval,
  start: Zone,
  finish: Zone,
  secondsFor: (metres: number, zone: Zone) => number,
): Interval[] {
  const n = finish - start + 1;
  const metres = whole.distance_meters;
  const steps: Interval[] = [];
  for (let k = 0; k < n; k++) {
    const zone = (start + k) as Zone;
    // Cumulative rounding, so the parts add up to the whole exactly.
    const share = (total: number) => Math.round((total * (k + 1)) / n) - Math.round((total * k) / n);
    const partMetres = metres === undefined ? undefined : (metres * (k + 1)) / n - (metres * k) / n;
    const seconds = partMetres === undefined ? share(whole.duration_seconds) : secondsFor(partMetres, zone);
    const step = piece(whole, Math.max(1, Math.round(seconds)), partMetres);
    step.zone = zone;
    step.zone_source = {
      kind: 'word',
      why: `progression: part ${k + 1} of ${n}, zone ${start} rising to zone ${finish}`,
    };
    if (k < n - 1) step.targets = {};
    steps.push(step);
  }
  return steps;
}
