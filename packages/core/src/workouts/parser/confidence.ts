// What the parser did not understand, and how sure it is of the rest.
//
// Warnings: every token left unused (or flagged, e.g. a value out of range), merged with its neighbours on
// the same line into one fragment with its [start, end) positions in the original text.
//
// Confidence = (share of non-whitespace characters understood) × (1 − 0.05 per kind of default assumed).
// The six kinds: a step without intensity (zone 2), without duration (60 s), a distance timed with a
// default threshold or bike speed, a target zoned against a default threshold, strength reps timed at
// 3 s each, a unit guessed ("6x400" as meters, "20m" run as minutes). Each kind counts once however many
// steps needed it, so a long, fully understood workout is not marked down for its length. No intervals:
// confidence 0.
import { roundTo } from '../../numbers.ts';
import type { ParseWarning } from '../types.ts';
import type { ParseContext } from './context.ts';

const NOT_UNDERSTOOD = 'Not understood';
const PENALTY_PER_ASSUMPTION = 0.05;

export function collectWarnings(ctx: ParseContext): { warnings: ParseWarning[]; coverage: number } {
  const { toks, used, flags, text } = ctx;
  const warnings: ParseWarning[] = [];
  let total = 0;
  let missed = 0;
  // The fragment being built: start < 0 when none.
  let start = -1;
  let end = -1;
  let message = '';
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.kind === 'nl') {
      if (start >= 0) warnings.push({ message, start, end, text: text.slice(start, end) });
      start = -1;
      continue;
    }
    const size = t.end - t.start;
    total += size;
    const flagged = flags.get(i);
    if (used[i] && flagged === undefined) {
      if (start >= 0) warnings.push({ message, start, end, text: text.slice(start, end) });
      start = -1;
      continue;
    }
    missed += size;
    const m = flagged ?? NOT_UNDERSTOOD;
    if (start >= 0 && m === message) end = t.end;
    else {
      if (start >= 0) warnings.push({ message, start, end, text: text.slice(start, end) });
      start = t.start;
      end = t.end;
      message = m;
    }
  }
  if (start >= 0) warnings.push({ message, start, end, text: text.slice(start, end) });
  return { warnings, coverage: total === 0 ? 0 : (total - missed) / total };
}

export function confidence(coverage: number, assumptionKinds: number, hasIntervals: boolean): number {
  if (!hasIntervals) return 0;
  const factor = 1 - assumptionKinds * PENALTY_PER_ASSUMPTION;
  return roundTo(Math.min(1, Math.max(0, coverage * factor)), 2);
}

/**
 * The editor's badge (docs/screens.md, 'Workout editor and dialogs'): High at 0.8 or above, Medium at 0.5 or
 * above, Low below.
 */
export function confidenceLabel(c: number): 'High' | 'Medium' | 'Low' {
  if (c >= 0.8) return 'High';
  if (c >= 0.5) return 'Medium';
  return 'Low';
}
