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

export const ZONES: readonly ZoneInfo[] = [
  { zone: 1, name: 'Recovery', band: '50-60%', label: 'Very Easy, active recovery', color: '#10B981' },
  { zone: 2, name: 'Aerobic (Base)', band: '60-70%', label: 'Easy, conversational', color: '#3B82F6' },
  { zone: 3, name: 'Tempo', band: '70-80%', label: 'Moderate', color: '#F59E0B' },
  { zone: 4, name: 'Threshold', band: '80-90%', label: 'Hard', color: '#EF4444' },
  { zone: 5, name: 'VO2 Max', band: '90-100%', label: 'Very Hard', color: '#8B5CF6' },
];

/** Heart-rate zone names (docs/screens.md, "App-wide constants"). */
export const HEART_RATE_ZONE_NAMES: Record<Zone, string> = {
  1: 'Recovery Zone',
  2: 'Aerobic Zone',
  3: 'Tempo Zone',
  4: 'Threshold Zone',
  5: 'VO2 Max Zone',
};

export function isZone(value: unknown): value is Zone {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}
