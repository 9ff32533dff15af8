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
  rowing: 'rowing',
  hiking: 'hiking',
  cross_country_skiing: 'xc_ski',
  yoga: 'yoga',
  // TCX and GPX words (Strava's GPX types: Hike, Rowing, NordicSki, Yoga).
  run: 'run',
  biking: 'bike',
  ride: 'bike',
  virtual_ride: 'bike',
  bike: 'bike',
  swim: 'swim',
  strength: 'strength',
  hike: 'hiking',
  nordic_ski: 'xc_ski',
  xc_ski: 'xc_ski',
};

/** 'lapSwimming' → 'lap_swimming'; names already in snake_case or lower case stay as they are. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

/**
 * Stamina's sport for a device sport and sub-sport (either may be absent). FIT writes strength and yoga sessions
 * as sport 'training' with sub-sport 'strength_training' or 'yoga', rowing (an erg too: sub-sport
 * 'indoor_rowing'), hiking and cross-country skiing as sports of their own; TCX and GPX name the sport in words
 * ('Biking', 'Running', 'Hike', 'Other').
 */
export function mapSport(deviceSport: string | undefined, subSport?: string): RecordedSport {
  const sport = deviceSport ? snakeCase(deviceSport) : '';
  const sub = subSport ? snakeCase(subSport) : '';
  if (sub === 'strength_training') return 'strength';
  if (sub === 'yoga') return 'yoga';
  return SPORTS[sport] ?? 'other';
}
