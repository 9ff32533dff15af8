// The editor's live parse (docs/workout-parser.md): the text and sport are parsed 1 s after either stops changing; the
// last good result stays on screen until a new one arrives, an error replaces it, and clearing the text clears
// both at once.
import type { ParsedWorkout, Sport } from '@stamina/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParsedWorkout } from '../../api/workouts/parse-workout.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

const PARSE_DEBOUNCE_MS = 1000;
const PARSE_FAILED = 'Failed to parse workout';

interface ParseView {
  result: ParsedWorkout;
  /** The text the result is of (trimmed), for the warning highlights. */
  text: string;
}

export interface ParsePreview {
  view: ParseView | null;
  parseError: string | null;
  /** True from a keystroke until its parse has answered. */
  parsing: boolean;
  /** The sport of the text as last parsed (it lags the form's sport by the debounce). */
  parsedSport: Sport;
}

/**
 * `onParsed` runs once per new result, with the sport it was parsed for. `date` is the workout's day: the
 * server reads the text with the athlete's thresholds of that day (docs/zones.md).
 */
export function useParsePreview(
  text: string,
  sport: Sport,
  onParsed: (result: ParsedWorkout, sport: Sport) => void,
  date?: string,
): ParsePreview {
  const [view, setView] = useState<ParseView | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const onParsedRef = useRef(onParsed);
  useEffect(() => {
    onParsedRef.current = onParsed;
  });

  // One debounce over text and sport together: a parse runs 1 s after either stops changing.
  const input = useMemo(() => ({ text, sport }), [text, sport]);
  const debounced = useDebouncedValue(input, PARSE_DEBOUNCE_MS);
  const parse = useParsedWorkout(debounced.text, debounced.sport, date);

  useEffect(() => {
    const result = parse.data;
    if (!result) return;
    setView({ result, text: debounced.text.trim() });
    setParseError(null);
    onParsedRef.current(result, debounced.sport);
  }, [parse.data, debounced]);

  useEffect(() => {
    if (!parse.error) return;
    setView(null);
    setParseError(parse.error instanceof Error && parse.error.message ? parse.error.message : PARSE_FAILED);
  }, [parse.error]);

  // Clearing the text clears the result at once, without waiting for the debounce.
  const textEmpty = text.trim() === '';
  useEffect(() => {
    if (!textEmpty) return;
    setView(null);
    setParseError(null);
  }, [textEmpty]);

  const parsing = !textEmpty && (text !== debounced.text || sport !== debounced.sport || parse.isFetching);
  return { view, parseError, parsing, parsedSport: debounced.sport };
}
