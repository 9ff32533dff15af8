// Display helpers shared by the workout screens: durations, paces, clock times and sport labels.
import { formatClock, formatPace, SPORT_LABELS } from '@stamina/core';

// Sport labels have one home too, core's vocabulary (shared with the server's Workout Bank categories).
export { SPORT_LABELS };

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

// Clock times and run paces in the athlete's units have one home, core's units (docs/units.md).
export { formatClock, formatPace };

/** Swim pace: '1:40 /100m'. */
export function formatPace100(secondsPer100m: number): string {
  return `${formatClock(secondsPer100m)} /100m`;
}
