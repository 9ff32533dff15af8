// Display of recorded figures in the athlete's units (docs/activities.md, "Web"): distances, speeds as the
// sport reads them (bike km/h or mph, run pace per km or mile, swim pace per 100 m), heights and durations.
import type { ActivitySport } from '@stamina/contract';
import {
  formatDistance as formatDistanceInUnits,
  formatHeight as formatHeightInUnits,
  formatPace,
  speedInUnits,
  type Units,
  YARDS_PER_METER,
} from '@stamina/core';
import { formatClock, SPORT_LABELS } from '../workouts/format.ts';

/** The workouts' sport names, and a brick (a multisport recording): core's labels. */
export const ACTIVITY_SPORT_LABELS: Readonly<Record<ActivitySport, string>> = SPORT_LABELS;

const METERS_PER_100_YARDS = 100 / YARDS_PER_METER;

/** '42.20 km' or '26.22 mi'; a swim in metres or yards. */
export function formatDistance(meters: number | null, units: Units, sport?: ActivitySport): string {
  if (meters === null) return '—';
  if (sport === 'swim') {
    return units === 'imperial'
      ? `${Math.round(meters * YARDS_PER_METER).toLocaleString('en-US')} yd`
      : `${Math.round(meters).toLocaleString('en-US')} m`;
  }
  return formatDistanceInUnits(meters, units);
}

/** '245 m' or '804 ft'. */
export function formatHeight(meters: number | null, units: Units): string {
  if (meters === null) return '—';
  return formatHeightInUnits(meters, units);
}

/** Elapsed clock: '1:02:03' or '12:05'. */
export function formatElapsed(seconds: number | null): string {
  return seconds === null ? '—' : formatClock(seconds);
}

/** How the sport reads speed: pace for runs and hikes and swims, speed for everything else. */
export function speedKind(sport: ActivitySport): 'pace' | 'swim_pace' | 'speed' {
  if (sport === 'run' || sport === 'hiking') return 'pace';
  if (sport === 'swim') return 'swim_pace';
  return 'speed';
}

/** A speed in metres per second as the sport reads it: '32.4 km/h', '4:30 /km', '1:45 /100m' ('/100yd' imperial). */
export function formatSpeed(mps: number | null, units: Units, sport: ActivitySport): string {
  if (mps === null || !Number.isFinite(mps) || mps <= 0) return '—';
  const kind = speedKind(sport);
  if (kind === 'speed') {
    return `${speedInUnits(mps, units).toFixed(1)} ${units === 'imperial' ? 'mph' : 'km/h'}`;
  }
  if (kind === 'swim_pace') {
    return units === 'imperial'
      ? `${formatClock(METERS_PER_100_YARDS / mps)} /100yd`
      : `${formatClock(100 / mps)} /100m`;
  }
  return formatPace(1000 / mps, units);
}

/** The name of the speed figure for the sport. */
export function speedLabel(sport: ActivitySport): string {
  return speedKind(sport) === 'speed' ? 'Speed' : 'Pace';
}

/** A number rounded, with its unit, or a dash: '245 W', '152 bpm'. */
export function withUnit(value: number | null, unit: string, digits = 0): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return `${digits ? value.toFixed(digits) : Math.round(value)} ${unit}`;
}

/** Cadence unit by sport: strides per minute on foot, strokes in the water, revolutions on the bike. */
export function cadenceUnit(sport: ActivitySport): string {
  if (sport === 'run') return 'spm';
  if (sport === 'swim') return 'spm';
  return 'rpm';
}

/** The methods the server names for a training stress score (docs/activities.md). */
const TSS_METHOD_LABELS: Record<string, string> = {
  power: 'Power (TSS from normalized power and FTP)',
  hr_lthr: 'Heart rate (hrTSS from threshold heart rate)',
  hr_trimp: 'Heart rate (TRIMP from maximum and resting heart rate)',
  run_pace: 'Pace (rTSS from normalized graded pace)',
  swim_css: 'Swim pace (sTSS from critical swim speed)',
  rpe: 'Effort (TSS from your RPE over the moving time: no power, heart rate or pace)',
  none: 'Not scored: no power, heart rate or pace to score it by; log your RPE to score it',
};

export function tssMethodLabel(method: string | null): string {
  if (!method) return 'Not scored';
  return TSS_METHOD_LABELS[method] ?? method;
}

/** Labels of the thresholds the server reports it used. */
const THRESHOLD_LABELS: Record<string, { label: string; unit: string }> = {
  ftp: { label: 'FTP', unit: 'W' },
  ftp_watts: { label: 'FTP', unit: 'W' },
  lthr: { label: 'Threshold heart rate', unit: 'bpm' },
  threshold_hr: { label: 'Threshold heart rate', unit: 'bpm' },
  max_hr: { label: 'Maximum heart rate', unit: 'bpm' },
  resting_hr: { label: 'Resting heart rate', unit: 'bpm' },
  threshold_pace: { label: 'Threshold pace', unit: 's/km' },
  threshold_pace_seconds_per_km: { label: 'Threshold pace', unit: 's/km' },
  css: { label: 'Critical swim speed', unit: 's/100m' },
  css_seconds_per_100m: { label: 'Critical swim speed', unit: 's/100m' },
};

/** '250 W', '4:15 /km' ('6:50 /mi' on imperial) for a threshold by its key; unknown keys show as they come. */
export function formatThreshold(
  key: string,
  value: number,
  units: Units = 'metric',
): { label: string; value: string } {
  const known = THRESHOLD_LABELS[key];
  if (!known) return { label: key.replaceAll('_', ' '), value: String(Math.round(value * 100) / 100) };
  if (known.unit === 's/km') return { label: known.label, value: formatPace(value, units) };
  if (known.unit === 's/100m') return { label: known.label, value: `${formatClock(value)} /100m` };
  return { label: known.label, value: `${Math.round(value)} ${known.unit}` };
}
