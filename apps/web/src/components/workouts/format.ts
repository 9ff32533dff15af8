// Display helpers shared by the workout screens: durations, paces, clock times and sport labels.
import type { Sport, Units } from '@stamina/core';

export const SPORT_LABELS: Record<Sport, string> = {
  run: 'Run',
  bike: 'Bike',
  swim: 'Swim',
  strength: 'Strength',
  yoga: 'Yoga',
  rowing: 'Rowing',
  hiking: 'Hiking',
  xc_ski: 'Cross-country ski',
  other: 'Other',
};

const METERS_PER_MILE = 1609.344;

/** '45 min', '1h', '1h 30m'; under a minute '30 sec'. */
export function formatDuration(seconds: number): string {
  const safe = Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
  if (safe > 0 && safe < 60) return `${Math.round(safe)} sec`;
  const minutes = Math.round(safe / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** 'm:ss', or 'h:mm:ss' from an hour on. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Run pace: '4:30 /km' in metric, the same speed as '7:15 /mi' in imperial. */
export function formatPace(secondsPerKm: number, units: Units = 'metric'): string {
  if (units === 'imperial') return `${formatClock((secondsPerKm * METERS_PER_MILE) / 1000)} /mi`;
  return `${formatClock(secondsPerKm)} /km`;
}

/** Swim pace: '1:40 /100m'. */
export function formatPace100(secondsPer100m: number): string {
  return `${formatClock(secondsPer100m)} /100m`;
}
