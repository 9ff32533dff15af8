// The whole library and the fields derived from each entry (docs/workout-bank.md, "Derived fields").
import { createHash } from 'node:crypto';
import { parseWorkout, primaryZone, roundTo, workoutTss } from '@stamina/core';
import { BIKE_TEMPLATES } from './bike.ts';
import { BRICK_TEMPLATES } from './brick.ts';
import { RECOVERY_TEMPLATES } from './recovery.ts';
import { RUN_TEMPLATES } from './run.ts';
import { STRENGTH_TEMPLATES } from './strength.ts';
import { SWIM_TEMPLATES } from './swim.ts';
import type { LibraryTemplate } from './types.ts';

export type { LibraryTemplate } from './types.ts';

export const LIBRARY: readonly LibraryTemplate[] = [
  ...SWIM_TEMPLATES,
  ...BIKE_TEMPLATES,
  ...RUN_TEMPLATES,
  ...BRICK_TEMPLATES,
  ...STRENGTH_TEMPLATES,
  ...RECOVERY_TEMPLATES,
];

export interface DerivedFields {
  estimatedDurationMinutes: number;
  estimatedDistanceMeters: number | null;
  zone1Percentage: number;
  zone2Percentage: number;
  zone3Percentage: number;
  zone4Percentage: number;
  zone5Percentage: number;
  estimatedTss: number;
  /** low (zone 1-2), moderate (3), high (4) or very_high (5): the session's main zone. */
  intensity: 'low' | 'moderate' | 'high' | 'very_high';
  warnings: string[];
}

const INTENSITY_BY_ZONE = { 1: 'low', 2: 'low', 3: 'moderate', 4: 'high', 5: 'very_high' } as const;

/** Duration, zones, TSS and intensity from the structure text, by the core parser with default thresholds. */
export function deriveFields(
  structure: string,
  sport: LibraryTemplate['sport'],
  discipline: string,
): DerivedFields {
  const parsed = parseWorkout(structure, { sport });
  const minutes = Math.max(1, Math.round(parsed.total_duration_estimated / 60));
  const distance = parsed.intervals.reduce((sum, i) => sum + (i.distance_meters ?? 0), 0);
  const zones = parsed.zone_distribution;
  const tss = workoutTss({ sport: discipline, duration_minutes: minutes, zone_distribution: zones }) ?? 0;
  return {
    estimatedDurationMinutes: minutes,
    estimatedDistanceMeters: distance > 0 ? Math.round(distance) : null,
    zone1Percentage: zones.zone_1,
    zone2Percentage: zones.zone_2,
    zone3Percentage: zones.zone_3,
    zone4Percentage: zones.zone_4,
    zone5Percentage: zones.zone_5,
    estimatedTss: roundTo(tss, 1),
    intensity: INTENSITY_BY_ZONE[primaryZone(parsed.intervals) ?? 2],
    warnings: parsed.warnings.map((w) => `${w.message}: ${w.text}`),
  };
}

/** A hash of the entry as written: the seed rewrites a row only when it changed. */
export function contentHash(template: LibraryTemplate): string {
  return createHash('sha256').update(JSON.stringify(template)).digest('hex');
}
