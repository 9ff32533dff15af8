// POST /api/workout-planning/parse-workout
import type { ParsedWorkout, Sport } from '@stamina/core';
import { PLANNING_API_TIMEOUT_MS } from '@stamina/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export async function parseWorkoutText(text: string, sport: Sport): Promise<ParsedWorkout> {
  const { data } = await api.request('POST /workout-planning/parse-workout', {
    body: { workout_text: text, sport, calculate_zones: true },
    timeoutMs: PLANNING_API_TIMEOUT_MS,
  });
  // The contract's ZZone is an integer from 1 to 5, which core spells as the literal union Zone.
  return data as ParsedWorkout;
}

/** The parse of already-debounced text; an empty text is not parsed (spec part 2 §5). */
export function useParsedWorkout(text: string, sport: Sport) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: ['parse-workout', sport, trimmed],
    queryFn: () => parseWorkoutText(trimmed, sport),
    enabled: trimmed !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
