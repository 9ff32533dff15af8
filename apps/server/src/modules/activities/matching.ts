// Which planned workout a recorded activity completes, and how it compares with the plan (docs/activities.md,
// "Matching"). Pure: the service loads the candidates and writes the result. The compliance itself is core's
// (compliance.ts), fed here with the row shapes.
import { type Compliance, compliance as coreCompliance, type Sport } from '@stamina/core';
import type { ActivitySport } from '../../db/schema/activities.ts';

/** The workout sport an activity of this sport can complete: its own; brick and other complete none. */
export function workoutSportOf(sport: ActivitySport): Sport | null {
  return sport === 'brick' || sport === 'other' ? null : sport;
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

/** Compliance of an activity row against a workout row (core `compliance`, docs/activities.md "Compliance"). */
export function compliance(
  planned: { durationMinutes: number | null; tss: number | null; intensityZone?: number | null },
  actual: {
    timerSeconds: number;
    tss: number | null;
    intensityFactor?: number | null;
    sport?: string;
    zoneSeconds?: Record<string, number[]> | null;
  },
): Compliance {
  return coreCompliance(planned, actual);
}
