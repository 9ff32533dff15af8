// Thresholds estimated from the athlete's recordings, and where each threshold in use comes from
// (docs/zones.md, "Estimates from recordings"; the rules and their sources are written there).
import { addDays } from '../dates.ts';
import { DEFAULT_THRESHOLDS } from '../workouts/parser/intensity.ts';

/** Allen & Coggan: FTP is about 95 % of the best 20-minute mean power. */
export const FTP_FROM_20MIN = 0.95;
/** Recordings older than this many days (before today) are not read for an estimate. */
export const ESTIMATE_WINDOW_DAYS = 90;
/** At least this many qualifying recordings in the window before an estimate is offered. */
export const ESTIMATE_MIN_RECORDINGS = 3;
/** A run's threshold effort: the fastest 30 minutes of moving time (Friel's 30-minute test). */
export const RUN_TEST_SECONDS = 1800;
/** Friel's LTHR: the mean heart rate of the last 20 minutes of the 30-minute effort. */
export const LTHR_TAIL_SECONDS = 1200;

/** The keys of the threshold figures that a recording can estimate. */
export type EstimatedKey = 'ftp_watts' | 'threshold_pace_seconds_per_km' | 'lthr';
/** Where a threshold in use comes from: the athlete's own entry, or the app's default. */
export type ThresholdSource = 'athlete' | 'default';

/** A run's 30-minute threshold effort, kept with its best efforts (`best_efforts.threshold`). */
export interface RunThresholdEffort {
  /** Mean pace of the fastest 30 moving minutes, seconds per km. */
  pace_30min: number;
  /** Mean heart rate of the last 20 minutes of that effort, bpm; absent without heart rate. */
  lthr_30min?: number;
}

/**
 * The fastest `RUN_TEST_SECONDS` of a run, from its cumulative distance over moving seconds (non-decreasing
 * metres, one per second), and the mean of `heartRate` (bpm per moving second, NaN where missing) over the
 * last `LTHR_TAIL_SECONDS` of that window. Undefined when the run is shorter than 30 moving minutes or covers
 * no distance in them.
 */
export function runThresholdEffort(
  cumulative: readonly number[],
  heartRate: readonly number[] = [],
): RunThresholdEffort | undefined {
  const n = RUN_TEST_SECONDS;
  if (cumulative.length <= n) return undefined;
  let bestStart = -1;
  let bestMeters = 0;
  for (let i = 0; i + n < cumulative.length; i++) {
    const meters = cumulative[i + n]! - cumulative[i]!;
    if (meters > bestMeters) {
      bestMeters = meters;
      bestStart = i;
    }
  }
  if (bestStart < 0 || bestMeters <= 0) return undefined;
  const out: RunThresholdEffort = { pace_30min: Math.round((n / bestMeters) * 1000) };
  const lthr = tailHeartRate(heartRate, bestStart + n);
  if (lthr !== undefined) out.lthr_30min = lthr;
  return out;
}

/**
 * The mean heart rate (bpm, NaN or missing skipped) of the `LTHR_TAIL_SECONDS` before `end`: Friel's LTHR of a
 * 30-minute effort ending there. Undefined under half the tail with heart rate, so a strap that dropped out
 * does not make the figure.
 */
function tailHeartRate(heartRate: readonly number[], end: number): number | undefined {
  let sum = 0;
  let count = 0;
  for (let i = end - LTHR_TAIL_SECONDS; i < end; i++) {
    const hr = heartRate[i];
    if (typeof hr === 'number' && Number.isFinite(hr) && hr > 0) {
      sum += hr;
      count += 1;
    }
  }
  return count >= LTHR_TAIL_SECONDS / 2 ? Math.round(sum / count) : undefined;
}

/** A ride's 30-minute threshold effort, kept with its best efforts (`best_efforts.threshold`). */
export interface RideThresholdEffort {
  /** Mean heart rate of the last 20 minutes of the ride's hardest 30 minutes, bpm. */
  lthr_30min?: number;
}

const finite = (v: number | undefined): number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;

/**
 * A ride's LTHR effort (docs/zones.md, "Estimates from recordings"): the hardest `RUN_TEST_SECONDS` of moving
 * time, by mean power when the ride has power in most of its seconds, else by mean heart rate (Friel's 30-minute
 * time trial, as for a run), and the mean heart rate of its last `LTHR_TAIL_SECONDS`. Both arrays are one value
 * per moving second (NaN where missing). Undefined when the ride is shorter than 30 moving minutes or the tail
 * has too little heart rate.
 */
export function rideThresholdEffort(
  power: readonly number[],
  heartRate: readonly number[],
): RideThresholdEffort | undefined {
  const n = RUN_TEST_SECONDS;
  const length = Math.max(power.length, heartRate.length);
  if (length <= n) return undefined;
  const withPower = power.filter((v) => finite(v) > 0).length;
  const effort = withPower * 2 > length ? power : heartRate;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += finite(effort[i]);
  let best = sum;
  let bestEnd = n;
  for (let end = n + 1; end <= length; end++) {
    sum += finite(effort[end - 1]) - finite(effort[end - 1 - n]);
    if (sum > best) {
      best = sum;
      bestEnd = end;
    }
  }
  const lthr = tailHeartRate(heartRate, bestEnd);
  return lthr === undefined ? undefined : { lthr_30min: lthr };
}

/**
 * `rideThresholdEffort` from a ride's stored streams (1 Hz over elapsed time, null where nothing was recorded),
 * for rides imported before the effort was kept: the seconds with speed above a walk (or, without a speed
 * stream, with heart rate) stand for the moving seconds.
 */
export function rideThresholdEffortFromStreams(
  power: readonly (number | null)[],
  heartRate: readonly (number | null)[],
  speed: readonly (number | null)[],
): RideThresholdEffort | undefined {
  const watts: number[] = [];
  const hr: number[] = [];
  const length = Math.max(power.length, heartRate.length, speed.length);
  for (let i = 0; i < length; i++) {
    const moving = speed.length > 0 ? (speed[i] ?? 0) > 0.5 : heartRate[i] != null;
    if (!moving) continue;
    watts.push(power[i] ?? Number.NaN);
    hr.push(heartRate[i] ?? Number.NaN);
  }
  return rideThresholdEffort(watts, hr);
}

/**
 * `runThresholdEffort` from a run's stored streams (1 Hz over elapsed time, null where nothing was recorded),
 * for runs imported before the effort was kept: the seconds whose distance moved on stand for the moving
 * seconds (a stop adds no distance, so it neither breaks nor pads the effort).
 */
export function runThresholdEffortFromStreams(
  distance: readonly (number | null)[],
  heartRate: readonly (number | null)[] = [],
): RunThresholdEffort | undefined {
  const cumulative: number[] = [];
  const hr: number[] = [];
  let last: number | undefined;
  for (let i = 0; i < distance.length; i++) {
    const d = distance[i];
    if (typeof d !== 'number' || !Number.isFinite(d)) continue;
    if (last !== undefined && d <= last) continue;
    last = d;
    cumulative.push(d);
    hr.push(heartRate[i] ?? Number.NaN);
  }
  return runThresholdEffort(cumulative, hr);
}

/** What one recording offers the estimates. */
export interface EstimateRecording {
  activityId: string;
  /** The athlete's day of the recording, YYYY-MM-DD. */
  date: string;
  sport: string;
  /** Best 20-minute mean power, watts (rides with power). */
  power20min?: number | null;
  /** The run's 30-minute effort. */
  run?: RunThresholdEffort | null;
  /** The ride's 30-minute effort (its LTHR). */
  ride?: RideThresholdEffort | null;
}

export interface ThresholdEstimate {
  key: EstimatedKey;
  sport: 'running' | 'cycling';
  /** The estimated value (watts, seconds per km or bpm), rounded to whole units. */
  value: number;
  /** The recording whose effort gives it, and the effort's own figure (20-minute power, 30-minute pace or HR). */
  basis: { activityId: string; date: string; effort: number };
  /** Qualifying recordings in the window. */
  recordings: number;
}

export interface EstimateProgress {
  key: EstimatedKey;
  sport: 'running' | 'cycling';
  estimate: ThresholdEstimate | null;
  /** Qualifying recordings in the window, and how many are needed. */
  have: number;
  need: number;
}

type Pick = (r: EstimateRecording) => number | undefined;
const positive = (v: number | null | undefined): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;

const RULES: ReadonlyArray<{
  key: EstimatedKey;
  sport: 'running' | 'cycling';
  effort: Pick;
  /** Which effort is best: the highest power or HR, the lowest (fastest) pace. */
  better: (a: number, b: number) => boolean;
  value: (effort: number) => number;
}> = [
  {
    key: 'ftp_watts',
    sport: 'cycling',
    effort: (r) => (r.sport === 'bike' ? positive(r.power20min) : undefined),
    better: (a, b) => a > b,
    value: (watts) => Math.round(watts * FTP_FROM_20MIN),
  },
  {
    key: 'threshold_pace_seconds_per_km',
    sport: 'running',
    effort: (r) => (r.sport === 'run' ? positive(r.run?.pace_30min) : undefined),
    better: (a, b) => a < b,
    value: (pace) => Math.round(pace),
  },
  {
    key: 'lthr',
    sport: 'running',
    effort: (r) => (r.sport === 'run' ? positive(r.run?.lthr_30min) : undefined),
    better: (a, b) => a > b,
    value: (bpm) => Math.round(bpm),
  },
  {
    key: 'lthr',
    sport: 'cycling',
    effort: (r) => (r.sport === 'bike' ? positive(r.ride?.lthr_30min) : undefined),
    better: (a, b) => a > b,
    value: (bpm) => Math.round(bpm),
  },
];

/**
 * FTP, run threshold pace, and run and ride LTHR estimated from the recordings of the `ESTIMATE_WINDOW_DAYS` days
 * ending `today`: once `ESTIMATE_MIN_RECORDINGS` recordings qualify for a figure, the best effort among them
 * gives it (FTP 95 % of the best 20-minute power; threshold pace the fastest 30-minute pace; LTHR the highest
 * mean HR of a 30-minute effort's last 20 minutes, runs for running's, rides for cycling's). Each figure says how many recordings it has and needs.
 */
export function estimateThresholds(
  recordings: readonly EstimateRecording[],
  today: string,
): EstimateProgress[] {
  const from = addDays(today, -ESTIMATE_WINDOW_DAYS);
  const recent = recordings.filter((r) => r.date >= from && r.date <= today);
  return RULES.map((rule) => {
    let best: { r: EstimateRecording; effort: number } | undefined;
    let have = 0;
    for (const r of recent) {
      const effort = rule.effort(r);
      if (effort === undefined) continue;
      have += 1;
      if (!best || rule.better(effort, best.effort)) best = { r, effort };
    }
    const estimate =
      best && have >= ESTIMATE_MIN_RECORDINGS
        ? {
            key: rule.key,
            sport: rule.sport,
            value: rule.value(best.effort),
            basis: { activityId: best.r.activityId, date: best.r.date, effort: Math.round(best.effort) },
            recordings: have,
          }
        : null;
    return { key: rule.key, sport: rule.sport, estimate, have, need: ESTIMATE_MIN_RECORDINGS };
  });
}

/** The default a figure falls back to while the athlete has none (LTHR: none, read from max HR). */
export const THRESHOLD_DEFAULTS: Record<EstimatedKey, number | null> = {
  ftp_watts: DEFAULT_THRESHOLDS.ftpWatts,
  threshold_pace_seconds_per_km: DEFAULT_THRESHOLDS.thresholdPaceSecondsPerKm,
  lthr: null,
};

/**
 * Whether figures built on the athlete's thresholds are estimates: true until the athlete has their own FTP or
 * their own threshold pace (set, or an estimate accepted). Load, fitness, form and zones rest on one of them;
 * with neither, every such figure stands on the defaults (FTP 250 W, 5:00/km).
 */
export function thresholdsAreEstimates(sources: { ftp: ThresholdSource; pace: ThresholdSource }): boolean {
  return sources.ftp === 'default' && sources.pace === 'default';
}
