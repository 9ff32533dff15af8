// A device's sport to Stamina's sports (docs/activities.md, "Decoding"): virtual rides and treadmill runs
// count as their sport; the device's own sport and sub-sport are kept beside it, in snake_case as the FIT
// profile names them.
import type { RecordedSport } from '@stamina/core';

const SPORTS: Record<string, RecordedSport> = {
  running: 'run',
  trail_running: 'run',
  cycling: 'bike',
  e_biking: 'bike',
  swimming: 'swim',
  multisport: 'brick',
  strength_training: 'strength',
  // TCX and GPX words.
  run: 'run',
  biking: 'bike',
  ride: 'bike',
  virtual_ride: 'bike',
  bike: 'bike',
  swim: 'swim',
  strength: 'strength',
};

/** 'lapSwimming' → 'lap_swimming'; names already in snake_case or lower case stay as they are. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

/**
 * Stamina's sport for a device sport and sub-sport (either may be absent). FIT writes strength sessions as
 * sport 'training' with sub-sport 'strength_training'; TCX and GPX name the sport in words ('Biking',
 * 'Running', 'Other').
 */
export function mapSport(deviceSport: string | undefined, subSport?: string): RecordedSport {
  const sport = deviceSport ? snakeCase(deviceSport) : '';
  const sub = subSport ? snakeCase(subSport) : '';
  if (sub === 'strength_training') return 'strength';
  return SPORTS[sport] ?? 'other';
}
