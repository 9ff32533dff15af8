// Checks a zone table the athlete edited (auto-calculate off): docs/zones.md, "Editing zones".
import type { Zone } from '../workouts/types.ts';

/** What a zone table measures: the contract's enum and the `sport_zones_kind_check` constraint read this array. */
export const ZONE_KINDS = ['power', 'hr', 'pace'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

export interface ZoneTableProblem {
  /** The zone that is wrong (1-5). */
  zone: Zone;
  message: string;
}

interface ZoneInput {
  zone: number;
  min: number;
  max: number;
}

/**
 * Null when the table is well formed, else the first zone that is wrong and why. A table has zones 1-5 in
 * order, whole non-negative bounds with min ≤ max, and zones that do not overlap: power and heart-rate zones
 * rise (zone 2 starts above zone 1's max), pace zones run from slow to fast (zone 2 ends below zone 1's
 * min, in seconds). Gaps between zones are allowed.
 */
export function validateZoneTable(kind: ZoneKind, zones: readonly ZoneInput[]): ZoneTableProblem | null {
  if (zones.length !== 5) return { zone: 1, message: `A zone table has 5 zones (got ${zones.length})` };
  for (let i = 0; i < 5; i++) {
    const z = zones[i]!;
    const zone = (i + 1) as Zone;
    const name = `Zone ${zone}`;
    if (z.zone !== zone)
      return { zone, message: `${name} is out of order: expected zone ${zone}, got ${z.zone}` };
    if (!Number.isInteger(z.min) || !Number.isInteger(z.max))
      return { zone, message: `${name}: min and max must be whole numbers` };
    if (z.min < 0 || z.max < 0) return { zone, message: `${name}: min and max must be 0 or more` };
    if (z.min > z.max) return { zone, message: `${name}: min (${z.min}) is above max (${z.max})` };
    if (i === 0) continue;
    const previous = zones[i - 1]!;
    if (kind === 'pace') {
      if (z.max >= previous.min)
        return {
          zone,
          message: `${name} must be faster than zone ${i}: its slowest pace (${z.max}) must be below zone ${i}'s fastest (${previous.min})`,
        };
    } else if (z.min <= previous.max) {
      return {
        zone,
        message: `${name} overlaps zone ${i}: its min (${z.min}) must be above zone ${i}'s max (${previous.max})`,
      };
    }
  }
  return null;
}
