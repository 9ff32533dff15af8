// The five intensity zones (docs/workout-parser.md, "Zones"; docs/zones.md).
import type { Zone } from './types.ts';

export interface ZoneInfo {
  zone: Zone;
  name: string;
  /** Editor intensity band. */
  band: string;
  /** Dashboard label. */
  label: string;
  color: string;
}

/** The five zones' names, zone 1 first: the zone tables, the editor and the celebrations read them. */
export const ZONE_NAMES = ['Recovery', 'Aerobic', 'Tempo', 'Threshold', 'VO2 Max'] as const;

export const ZONES: readonly ZoneInfo[] = [
  { zone: 1, name: ZONE_NAMES[0], band: '50-60%', label: 'Very Easy, active recovery', color: '#10B981' },
  {
    zone: 2,
    name: `${ZONE_NAMES[1]} (Base)`,
    band: '60-70%',
    label: 'Easy, conversational',
    color: '#3B82F6',
  },
  { zone: 3, name: ZONE_NAMES[2], band: '70-80%', label: 'Moderate', color: '#F59E0B' },
  { zone: 4, name: ZONE_NAMES[3], band: '80-90%', label: 'Hard', color: '#EF4444' },
  { zone: 5, name: ZONE_NAMES[4], band: '90-100%', label: 'Very Hard', color: '#8B5CF6' },
];

export function isZone(value: unknown): value is Zone {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}
