// POST /api/workout-planning/parse-workout: the text read with the athlete's thresholds of `date` (default
// today). A thresholds save invalidates every parse (api/invalidation.ts).
import type { ParsedWorkout, Sport } from '@stamina/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { PLANNING_API_TIMEOUT_MS } from '../../lib/app-constants.ts';

export const PARSE_WORKOUT_KEY = ['parse-workout'] as const;

async function parseWorkoutText(text: string, sport: Sport, date?: string): Promise<ParsedWorkout> {
  const { data } = await api.request('POST /workout-planning/parse-workout', {
    body: { workout_text: text, sport, calculate_zones: true, ...(date ? { workout_date: date } : {}) },
    timeoutMs: PLANNING_API_TIMEOUT_MS,
  });
  // The contract's ZZone is an integer from 1 to 5, which core spells as the literal union Zone.
  return data as ParsedWorkout;
}

/** The parse of already-debounced text; an empty text is not parsed (docs/screens.md, "Workout editor and dialogs"). */
export function useParsedWorkout(text: string, sport: Sport, date?: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: [...PARSE_WORKOUT_KEY, sport, trimmed, date ?? null],
    queryFn: () => parseWorkoutText(trimmed, sport, date),
    enabled: trimmed !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
