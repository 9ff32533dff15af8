// Numbers with their units: durations (30s, 3min, 1h30, 1:30:00, 5'30"), distances (400m, 1 mi, 100yd),
// ranges (3-4min, 250-270w), power, heart rate, cadence, RPE, percentages, paces (4:30/km, 1:40/100m) and
// repeat counts (5x, 3 sets). The segment parser decides what each quantity does to the workout.
import type { Sport, Zone } from '../types.ts';
import type { Token } from './lexer.ts';
import { lookup, lookupTypo } from './vocabulary.ts';

export type QuantityKind =
  | 'duration'
  | 'distance'
  | 'reps'
  | 'repeat'
  | 'watts'
  | 'pctThreshold'
  | 'pctMaxHr'
  | 'pctLthr'
  | 'pct'
  | 'bpm'
  | 'rpm'
  | 'spm'
  | 'rpe'
  | 'pacePerKm'
  | 'pacePer100m'
  | 'load'
  | 'namedPace'
  /** A number without a unit; the caller decides (reps, repeat count, default unit). */
  | 'bare'
  /** A m:ss or h:mm:ss time without a unit: a duration, or a pace after "@". */
  | 'clock';

export interface Quantity {
  kind: QuantityKind;
  /** Low and high ends; equal unless a range was written. Durations in seconds, distances in meters. */
  lo: number;
  hi: number;
  /** Index of the first token after the quantity. */
  next: number;
  /** A unit was read in a way that is a guess (e.g. "20m" as minutes for a run). */
  ambiguous: boolean;
  /** Named paces ("10k pace"): their zone. */
  zone?: Zone;
  /** Distances: meters per unit as written (1609.344 for miles). */
  unitMeters?: number;
  /** A ':' directly followed the repeat count ("4x:"). */
  colon?: boolean;
}

const SECOND_UNITS = new Set(['s', 'sec', 'secs', 'second', 'seconds', 'sek']);
const MINUTE_UNITS = new Set(['min', 'mins', 'minute', 'minutes', 'mn', 'mns', 'minuten']);
const HOUR_UNITS = new Set(['h', 'hr', 'hrs', 'hour', 'hours', 'hrs']);
/** Meters per unit. A Map, so that words like "constructor" are not units. */
const DISTANCE_UNITS = new Map<string, number>([
  ['m', 1],
  ['meter', 1],
  ['meters', 1],
  ['metre', 1],
  ['metres', 1],
  ['mtr', 1],
  ['mtrs', 1],
  ['km', 1000],
  ['kms', 1000],
  ['k', 1000],
  ['kilometer', 1000],
  ['kilometers', 1000],
  ['kilometre', 1000],
  ['kilometres', 1000],
  ['mi', 1609.344],
  ['mile', 1609.344],
  ['miles', 1609.344],
  ['yd', 0.9144],
  ['yds', 0.9144],
  ['yard', 0.9144],
  ['yards', 0.9144],
  ['y', 0.9144],
]);
const REPEAT_UNITS = new Set(['x', 'times', 'rounds', 'round', 'sets', 'set', 'rds', 'repeats']);
const REPS_UNITS = new Set(['reps', 'rep', 'repetitions', 'repetition']);
const LOAD_UNITS = new Set(['kg', 'kgs', 'lb', 'lbs', 'kilo', 'kilos', 'pounds', 'pound']);
const MAX_HR_WORDS = new Set(['mhr', 'hrmax', 'maxhr', 'whr']);

export class TokenView {
  constructor(
    readonly toks: readonly Token[],
    readonly end: number,
  ) {}
  word(i: number): string {
    const t = i < this.end ? this.toks[i] : undefined;
    return t?.kind === 'word' ? t.text : '';
  }
  punct(i: number): string {
    const t = i < this.end ? this.toks[i] : undefined;
    return t?.kind === 'punct' ? t.text : '';
  }
  isNum(i: number): boolean {
    return i < this.end && this.toks[i]!.kind === 'num';
  }
  isClock(i: number): boolean {
    return i < this.end && this.toks[i]!.kind === 'clock';
  }
  /** No whitespace between token i-1 and token i. */
  tight(i: number): boolean {
    return i < this.end && !this.toks[i]!.space;
  }
  value(i: number): number {
    return this.toks[i]!.value;
  }
}

/** Whether a repeat count starts at token i ("3x", "5 x", "4 times", "2 sets"). */
export function startsRepeat(v: TokenView, i: number): boolean {
  return v.isNum(i) && REPEAT_UNITS.has(v.word(i + 1));
}

const q = (kind: QuantityKind, lo: number, hi: number, next: number, ambiguous = false): Quantity => ({
  kind,
  lo,
  hi,
  next,
  ambiguous,
});

const isUnit = (w: string) =>
  SECOND_UNITS.has(w) || MINUTE_UNITS.has(w) || HOUR_UNITS.has(w) || DISTANCE_UNITS.has(w);

/** A unit as written, or the unit a typo stands for ("minuts", "secnds"). */
function unitWord(w: string): string {
  if (w.length < 5 || isUnit(w) || lookup(w) !== undefined) return w;
  const fixed = lookupTypo(w);
  return fixed !== undefined && isUnit(fixed) ? fixed : w;
}

/** Reads a unit for the numbers lo..hi starting at token j. */
function readUnit(
  v: TokenView,
  lo: number,
  hi: number,
  j: number,
  sport: Sport,
  allowCompound: boolean,
): Quantity {
  const w = unitWord(v.word(j));
  const p = v.punct(j);
  if (w) {
    if (SECOND_UNITS.has(w)) return q('duration', lo, hi, j + 1);
    if (MINUTE_UNITS.has(w)) {
      const d = q('duration', lo * 60, hi * 60, j + 1);
      return allowCompound ? addSeconds(v, d) : d;
    }
    if (HOUR_UNITS.has(w) && !(w === 'hr' && lo > 24)) {
      const d = q('duration', lo * 3600, hi * 3600, j + 1);
      return allowCompound ? addMinutesAfterHours(v, d) : d;
    }
    if (w === 'hr' || w === 'bpm') return q('bpm', lo, hi, j + 1);
    if (w === 'm') {
      // "3m30s" is minutes and seconds.
      if (v.isNum(j + 1) && v.tight(j + 1) && SECOND_UNITS.has(v.word(j + 2)))
        return addSeconds(v, q('duration', lo * 60, hi * 60, j + 1));
    }
    const meters = DISTANCE_UNITS.get(w);
    if (meters !== undefined) {
      if (v.word(j + 1) === 'pace' || v.word(j + 1) === 'effort') {
        const km = (hi * meters) / 1000;
        return { ...q('namedPace', lo, hi, j + 2), zone: km <= 5.5 ? 5 : km <= 22 ? 4 : 3 };
      }
      // "20m" on a run or ride is almost always minutes; in the pool or gym it is meters.
      if (w === 'm' && hi < 50 && (sport === 'run' || sport === 'bike'))
        return q('duration', lo * 60, hi * 60, j + 1, true);
      return { ...q('distance', lo * meters, hi * meters, j + 1), unitMeters: meters };
    }
    // "300 w/u" and "4x 400 w/ 200 jog": the w is "with", not watts.
    if ((w === 'w' && !(v.punct(j + 1) === '/' && v.tight(j + 1))) || w === 'watt' || w === 'watts')
      return q('watts', lo, hi, j + 1);
    if (w === 'rpm') return q('rpm', lo, hi, j + 1);
    if (w === 'spm') return q('spm', lo, hi, j + 1);
    if (w === 'rpe') return q('rpe', lo, hi, j + 1);
    if (REPEAT_UNITS.has(w)) {
      const of = v.word(j + 1) === 'of';
      const next = of ? j + 2 : j + 1;
      const rep = q('repeat', lo, hi, next);
      // "5 rounds of 10 swings, 5 squats": a circuit, the rest of the line.
      if (of && (w === 'rounds' || w === 'round' || w === 'rds')) rep.colon = true;
      if (v.punct(next) === ':') {
        rep.colon = true;
        rep.next = next + 1;
      }
      return rep;
    }
    if (REPS_UNITS.has(w)) return q(sport === 'strength' ? 'reps' : 'repeat', lo, hi, j + 1);
    if (LOAD_UNITS.has(w)) return q('load', lo, hi, j + 1);
    return q('bare', lo, hi, j);
  }
  if (p === "'") {
    // 10'' is seconds, 5'30" is five and a half minutes.
    if (v.punct(j + 1) === "'" && v.tight(j + 1)) return q('duration', lo, hi, j + 2);
    const d = q('duration', lo * 60, hi * 60, j + 1);
    if (allowCompound && v.isNum(j + 1) && v.tight(j + 1)) {
      const s = v.value(j + 1);
      const close = v.punct(j + 2) === '"' ? 1 : v.punct(j + 2) === "'" && v.punct(j + 3) === "'" ? 2 : 0;
      if (s < 60 && (close > 0 || !v.word(j + 2))) return q('duration', d.lo + s, d.hi + s, j + 2 + close);
    }
    return d;
  }
  if (p === '"') return q('duration', lo, hi, j + 1);
  if (p === '%') return readPercent(v, lo, hi, j + 1);
  if (p === '/' && v.isNum(j + 1) && v.value(j + 1) === 10) return q('rpe', lo, hi, j + 2);
  return q('bare', lo, hi, j);
}

function readPercent(v: TokenView, lo: number, hi: number, j: number): Quantity {
  let k = v.word(j) === 'of' ? j + 1 : j;
  const w = v.word(k);
  // "@ 1% incline": the treadmill, not the effort.
  if (w === 'incline' || w === 'grade' || w === 'gradient') return q('load', lo, hi, k + 1);
  if (w === 'ftp' || w === 'threshold' || w === 'thr' || w === 'lt' || w === 'css' || w === 'cp') {
    if (w === 'lt' && v.word(k + 1) === 'hr') return q('pctLthr', lo, hi, k + 2);
    return q('pctThreshold', lo, hi, k + 1);
  }
  if (w === 'lthr') return q('pctLthr', lo, hi, k + 1);
  if (MAX_HR_WORDS.has(w)) return q('pctMaxHr', lo, hi, k + 1);
  if (w === 'max' || w === 'maximum') {
    if (v.word(k + 1) === 'hr') return q('pctMaxHr', lo, hi, k + 2);
    if (v.word(k + 1) === 'heart' && v.word(k + 2) === 'rate') return q('pctMaxHr', lo, hi, k + 3);
  }
  if (w === 'hr' || (w === 'heart' && v.word(k + 1) === 'rate')) {
    k += w === 'hr' ? 1 : 2;
    if (v.word(k) === 'max') k++;
    return q('pctMaxHr', lo, hi, k);
  }
  if (w === 'rm' || w === 'effort' || w === 'intensity' || w === 'mas') return q('pct', lo, hi, k + 1);
  if (v.isNum(k) && v.value(k) === 1 && v.word(k + 1) === 'rm') return q('pct', lo, hi, k + 2);
  return q('pct', lo, hi, j);
}

/** Words after "3min 30s" that make the seconds a step of their own ("5x 3min 30s rest"). */
const REST_HINTS = new Set([
  'rest',
  'recovery',
  'rec',
  'off',
  'ri',
  'jog',
  'walk',
  'float',
  'easy',
  'recover',
]);

function addSeconds(v: TokenView, d: Quantity): Quantity {
  const j = d.next;
  if (!v.isNum(j)) return d;
  const s = v.value(j);
  if (s >= 60) return d;
  if (SECOND_UNITS.has(v.word(j + 1)) || v.punct(j + 1) === '"') {
    if (!v.tight(j) && REST_HINTS.has(v.word(j + 2))) return d;
    return { ...d, lo: d.lo + s, hi: d.hi + s, next: j + 2 };
  }
  // "3min30" with nothing after it.
  if (v.tight(j) && !v.word(j + 1) && !v.punct(j + 1))
    return { ...d, lo: d.lo + s, hi: d.hi + s, next: j + 1 };
  return d;
}

function addMinutesAfterHours(v: TokenView, d: Quantity): Quantity {
  const j = d.next;
  if (!v.isNum(j)) return d;
  const m = v.value(j);
  if (m >= 60) return d;
  const w = v.word(j + 1);
  if (MINUTE_UNITS.has(w) || w === 'm')
    return addSeconds(v, { ...d, lo: d.lo + m * 60, hi: d.hi + m * 60, next: j + 2 });
  if (v.punct(j + 1) === "'") return { ...d, lo: d.lo + m * 60, hi: d.hi + m * 60, next: j + 2 };
  // "1h30" with no unit after the minutes.
  if (
    v.tight(j) &&
    !SECOND_UNITS.has(w) &&
    !DISTANCE_UNITS.has(w) &&
    v.punct(j + 1) !== '%' &&
    v.punct(j + 1) !== '/'
  )
    return { ...d, lo: d.lo + m * 60, hi: d.hi + m * 60, next: j + 1 };
  return d;
}

/** Pace unit after a clock: "/km", "/mi", "/100m", "/100", "/100yd", "min/km", "per km". */
function readPaceUnit(v: TokenView, j: number): { metersPer: number; next: number } | null {
  let k = j;
  if (MINUTE_UNITS.has(v.word(k)) && (v.punct(k + 1) === '/' || v.word(k + 1) === 'per')) k++;
  if (v.punct(k) !== '/' && v.word(k) !== 'per') return null;
  k++;
  let count = 1;
  if (v.isNum(k)) {
    count = v.value(k);
    k++;
    const w = v.word(k);
    const unit = DISTANCE_UNITS.get(w);
    if (unit === undefined) return count > 0 ? { metersPer: count, next: k } : null;
    return count > 0 ? { metersPer: count * unit, next: k + 1 } : null;
  }
  const unit = DISTANCE_UNITS.get(v.word(k));
  if (unit === undefined) return null;
  // "/m" alone is not a pace unit anyone writes; "/y" neither.
  if (unit < 1000 && v.word(k) !== 'mi') return null;
  return { metersPer: unit, next: k + 1 };
}

function readClock(v: TokenView, i: number): Quantity {
  const first = v.value(i);
  const lo = first;
  let hi = first;
  let j = i + 1;
  if ((v.punct(j) === '-' || v.word(j) === 'to') && v.isClock(j + 1)) {
    hi = v.value(j + 1);
    j += 2;
  }
  const pace = readPaceUnit(v, j);
  if (pace) {
    const kind: QuantityKind = pace.metersPer >= 400 ? 'pacePerKm' : 'pacePer100m';
    const scale = kind === 'pacePerKm' ? 1000 / pace.metersPer : 100 / pace.metersPer;
    return q(kind, lo * scale, hi * scale, pace.next);
  }
  const w = v.word(j);
  if (MINUTE_UNITS.has(w) || SECOND_UNITS.has(w)) return q('duration', lo, hi, j + 1);
  if (HOUR_UNITS.has(w)) {
    // "1:30h" / "1:30 hrs" is an hour and a half.
    return q('duration', lo * 60, hi * 60, j + 1);
  }
  return q('clock', lo, hi, j);
}

/** "3.50/km", "7.15/mi": minutes and seconds written with a point, read as a pace when a pace unit follows. */
function decimalPace(v: TokenView, i: number): Quantity | null {
  const tok = v.toks[i]!;
  const value = tok.value;
  if (Number.isInteger(value)) return null;
  const minutes = Math.floor(value);
  const decimals = tok.end - tok.start - String(minutes).length - 1;
  const fraction = Math.round((value - minutes) * 10 ** decimals);
  const seconds = decimals === 2 && fraction < 60 ? fraction : decimals === 1 ? fraction * 6 : -1;
  if (seconds < 0) return null;
  const pace = readPaceUnit(v, i + 1);
  if (!pace) return null;
  const total = minutes * 60 + seconds;
  const kind: QuantityKind = pace.metersPer >= 400 ? 'pacePerKm' : 'pacePer100m';
  const scale = kind === 'pacePerKm' ? 1000 / pace.metersPer : 100 / pace.metersPer;
  return q(kind, total * scale, total * scale, pace.next);
}

/** Reads the quantity starting at a number or clock token. */
export function readQuantity(v: TokenView, i: number, sport: Sport): Quantity {
  if (v.isClock(i)) return readClock(v, i);
  const lo = v.value(i);
  const j = i + 1;
  if (!Number.isInteger(lo) && (v.punct(j) === '/' || v.word(j) === 'min' || v.word(j) === 'per')) {
    const pace = decimalPace(v, i);
    if (pace) return pace;
  }
  // A range: "3-4min", "250 - 270w", "3 to 4 min".
  if ((v.punct(j) === '-' || v.word(j) === 'to') && v.isNum(j + 1)) {
    const hi = v.value(j + 1);
    // A bare range ("3x10-12 squats") is kept whole.
    return readUnit(v, lo, hi, j + 2, sport, false);
  }
  return readUnit(v, lo, lo, j, sport, true);
}

/** Plausible bounds per kind; outside them a quantity is reported rather than used. */
export function inRange(x: Quantity): boolean {
  const { lo, hi } = x;
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || lo < 0 || hi < 0) return false;
  const top = Math.max(lo, hi);
  switch (x.kind) {
    case 'duration':
    case 'clock':
      return top > 0 && top <= 86_400;
    case 'distance':
      return top > 0 && top <= 1_000_000;
    case 'reps':
      return top >= 1 && top <= 1000;
    case 'repeat':
      return top >= 1 && top <= 1000;
    case 'watts':
      return top > 0 && top <= 3000;
    case 'pctThreshold':
      // Sprints are written at 300 % FTP and more.
      return top > 0 && top <= 1000;
    case 'pctMaxHr':
    case 'pctLthr':
    case 'pct':
      return top > 0 && top <= 200;
    case 'bpm':
      return lo >= 30 && top <= 250;
    case 'rpm':
    case 'spm':
      return top > 0 && top <= 300;
    case 'rpe':
      return lo >= 0 && top <= 10;
    case 'pacePerKm':
      return lo >= 60 && top <= 1800;
    case 'pacePer100m':
      return lo >= 20 && top <= 600;
    default:
      return true;
  }
}
