// Which planned workout a recorded activity completes, and how it compares with the plan (docs/activities.md,
// "Matching"). Pure: the service loads the candidates and writes the result.
import type { Sport } from '@stamina/core';
import type { ActivitySport } from '../../db/schema/activities.ts';

/** The workout sport an activity of this sport can complete; brick and other complete none. */
export function workoutSportOf(sport: ActivitySport): Sport | null {
  return sport === 'run' || sport === 'bike' || sport === 'swim' || sport === 'strength' ? sport : null;
}

interface Candidate {
  id: string;
  durationMinutes: number | null;
}

/**
 * The candidate whose planned duration is nearest the activity's timer time; one without a planned
 * duration only when none has one. Ties go to the first (the calendar's order).
 */
export function nearestWorkout<T extends Candidate>(
  candidates: readonly T[],
  timerSeconds: number,
): T | null {
  let best: T | null = null;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const gap =
      candidate.durationMinutes === null
        ? Number.MAX_SAFE_INTEGER
        : Math.abs(candidate.durationMinutes * 60 - timerSeconds);
    if (best === null || gap < bestGap) {
      best = candidate;
      bestGap = gap;
    }
  }
  return best;
}

export interface Compliance {
  durationPercent: number | null;
  tssPercent: number | null;
  percent: number;
}

/**
 * Actual against planned, in whole percent: duration (timer time, rests included, against planned minutes) and TSS, each
 * null when the plan has no such figure or the activity none; `percent` is their mean, or 100 when neither
 * can be compared (the session was done).
 */
export function compliance(
  planned: { durationMinutes: number | null; tss: number | null },
  actual: { timerSeconds: number; tss: number | null },
): Compliance {
  const durationPercent =
    planned.durationMinutes && planned.durationMinutes > 0
      ? Math.round((actual.timerSeconds / (planned.durationMinutes * 60)) * 100)
      : null;
  const tssPercent =
    planned.tss && planned.tss > 0 && actual.tss !== null
      ? Math.round((actual.tss / planned.tss) * 100)
      : null;
  const known = [durationPercent, tssPercent].filter((v): v is number => v !== null);
  const percent = known.length === 0 ? 100 : Math.round(known.reduce((a, b) => a + b, 0) / known.length);
  return { durationPercent, tssPercent, percent };
}
