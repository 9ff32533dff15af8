// What a goal text can support (docs/onboarding.md, "A language model"): every date, time and number it
// states in any form the rules read. A reading from elsewhere (the operator's language model) keeps a field
// only when the text supports it: a date or a time that is in no form in the text is dropped.
import { findDates } from './goal-dates.ts';
import { normalise } from './goal-text.ts';
import { findTimes } from './goal-times.ts';

export interface GoalEvidence {
  /** The normalised text. */
  text: string;
  /** Every date the text names (YYYY-MM-DD, after today). */
  dates: Set<string>;
  /** Every reading, in seconds, of every time the text states (h:mm and m:ss both). */
  seconds: number[];
  /** Every pace the text states, seconds per km (and per 100 m for swim paces). */
  paces: number[];
  /** Every number written in the text. */
  numbers: number[];
}

export function goalEvidence(input: string, today: string): GoalEvidence {
  const text = normalise(typeof input === 'string' ? input.slice(0, 5000) : '');
  const { times, paces } = findTimes(text);
  return {
    text,
    dates: new Set(findDates(text, today).map((d) => d.date)),
    seconds: times.flatMap((t) => t.readings),
    paces: paces.flatMap((p) => [p.secondsPerKm, ...(p.per100m === null ? [] : [p.per100m])]),
    numbers: [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0])),
  };
}

/** Whether `value` is written in the text, exactly or (for km from miles, minutes from hours) converted. */
export function statesNumber(evidence: GoalEvidence, value: number, tolerance = 0.01): boolean {
  return evidence.numbers.some(
    (n) =>
      Math.abs(n - value) <= tolerance * Math.max(1, value) ||
      Math.abs(n * 1.609344 - value) <= 0.01 * value ||
      Math.abs(n * 60 - value) <= 0.01 * value ||
      Math.abs(n / 60 - value) <= 0.01 * Math.max(1, value),
  );
}

/** Whether a time of `seconds` is written in the text in any form. */
export const statesTime = (evidence: GoalEvidence, seconds: number) =>
  evidence.seconds.some((s) => Math.abs(s - seconds) < 1);
