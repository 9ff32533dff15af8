// Shared state of one parse: the tokens, which of them were understood, bracket pairs, the sport and the
// athlete's thresholds, and how many defaults had to be assumed (which lowers the confidence).
import type { AthleteThresholds, Sport } from '../types.ts';
import { type ResolvedThresholds, resolveThresholds } from './intensity.ts';
import { type Token, tokenize } from './lexer.ts';
import { TokenView } from './quantities.ts';
import { lookup, lookupTypo, MAX_WORDS, type Meaning } from './vocabulary.ts';

/** Brackets nested deeper than this are reported instead of parsed (keeps recursion bounded). */
const MAX_DEPTH = 8;

/** Kinds of default the parser may have to assume; each kind lowers the confidence once. */
export const Assumption = {
  zone: 1,
  duration: 2,
  distanceTime: 4,
  targetThreshold: 8,
  unit: 16,
  repTime: 32,
} as const;
export type Assumption = (typeof Assumption)[keyof typeof Assumption];

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

export class ParseContext {
  readonly toks: Token[];
  /** 1 when the token was understood. */
  readonly used: Uint8Array;
  /** Index of the matching bracket, or -1. */
  readonly match: Int32Array;
  /** Tokens reported with a specific message even though their value was used. */
  readonly flags = new Map<number, string>();
  readonly thresholds: ResolvedThresholds;
  /** Kinds of default assumed (bit set of Assumption). */
  private assumed = 0;

  constructor(
    readonly text: string,
    readonly sport: Sport,
    thresholds: AthleteThresholds | undefined,
  ) {
    this.toks = tokenize(text);
    this.used = new Uint8Array(this.toks.length);
    this.match = matchBrackets(this.toks);
    this.thresholds = resolveThresholds(thresholds);
  }

  assume(kind: Assumption): void {
    this.assumed |= kind;
  }

  /** How many different kinds of default the parse needed. */
  get assumptionKinds(): number {
    let n = 0;
    for (let bits = this.assumed; bits; bits &= bits - 1) n++;
    return n;
  }

  view(end: number): TokenView {
    return new TokenView(this.toks, end);
  }

  use(from: number, to: number): void {
    const used = this.used;
    const end = Math.min(to, used.length);
    for (let i = from; i < end; i++) used[i] = 1;
  }

  unuse(from: number, to: number): void {
    const used = this.used;
    const end = Math.min(to, used.length);
    for (let i = from; i < end; i++) used[i] = 0;
  }

  /** Reports tokens [from, to) with a message. */
  flag(from: number, to: number, message: string): void {
    for (let i = from; i < to && i < this.toks.length; i++) this.flags.set(i, message);
  }

  /** The longest known phrase starting at word token i (words may be joined by '-' or spaces). */
  phrase(i: number, end: number): { meaning: Meaning; next: number } | null {
    const toks = this.toks;
    const first = toks[i];
    if (first?.kind !== 'word' || i >= end) return null;
    const words = [first.text];
    const ends = [i + 1];
    let k = i + 1;
    while (words.length < MAX_WORDS && k < end) {
      const t = toks[k]!;
      if (t.kind === 'word') {
        words.push(t.text);
        ends.push(k + 1);
        k++;
      } else if (t.kind === 'punct' && (t.text === '-' || t.text === '/') && !t.space && k + 1 < end) {
        // "warm-up"; "w/u" and "c/d" (a slash joins only single letters: "w/ rest" is "with").
        const after = toks[k + 1]!;
        if (after.kind !== 'word' || after.space) break;
        if (t.text === '/' && (after.text.length > 1 || words[words.length - 1]!.length > 1)) break;
        words.push(after.text);
        ends.push(k + 2);
        k += 2;
      } else break;
    }
    for (let n = words.length; n >= 1; n--) {
      const meaning = lookup(n === 1 ? words[0]! : words.slice(0, n).join(' '));
      if (meaning) return { meaning, next: ends[n - 1]! };
    }
    // A typo of a known word ("wih", "thresold").
    const fixed = lookupTypo(first.text);
    const meaning = fixed === undefined ? undefined : lookup(fixed);
    return meaning ? { meaning, next: i + 1 } : null;
  }
}

/** Pairs brackets of the same kind; an unpaired or too deeply nested bracket keeps -1. */
function matchBrackets(toks: Token[]): Int32Array {
  const match = new Int32Array(toks.length).fill(-1);
  // Each entry: the opener's index, or -1 for one nested too deep (its closer stays unpaired too).
  const stack: number[] = [];
  let depth = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.kind !== 'punct') continue;
    if (OPENERS[t.text] !== undefined) {
      stack.push(depth < MAX_DEPTH ? i : -1);
      depth++;
    } else if (t.text === ')' || t.text === ']' || t.text === '}') {
      if (stack.length === 0) continue;
      const top = stack[stack.length - 1]!;
      if (top >= 0 && OPENERS[toks[top]!.text] !== t.text) continue;
      stack.pop();
      depth--;
      if (top >= 0) {
        match[top] = i;
        match[i] = top;
      }
    }
  }
  return match;
}
