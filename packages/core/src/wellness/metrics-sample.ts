// The Metrics page's keys, units and sample series (docs/screens.md, "Metrics page"). A metric whose history
// cannot be loaded, or an account that has logged nothing yet, is drawn from a sample around fixed baselines.
// The sample is deterministic per calendar date, so a 30-day window is the tail of the 90-day one and the
// chart does not jump when the timeframe changes.
import { dateOfEpochDay, epochDay } from '../dates.ts';
import { roundTo } from '../numbers.ts';

export type MetricKey =
  | 'vo2max'
  | 'restingHR'
  | 'thresholdPace'
  | 'ftp'
  | 'hrv'
  | 'hrvSdnn'
  | 'sleepHours'
  | 'weight';

/** In the page's order. HRV (SDNN) sits beside HRV but is offered only to an athlete with SDNN values. */
export const METRIC_KEYS: readonly MetricKey[] = [
  'vo2max',
  'restingHR',
  'thresholdPace',
  'ftp',
  'hrv',
  'hrvSdnn',
  'sleepHours',
  'weight',
];
export const DEFAULT_METRIC_KEYS: readonly MetricKey[] = ['vo2max', 'restingHR', 'hrv'];
export const METRIC_TIMEFRAME_DAYS = [7, 30, 90, 180] as const;
/** Week-over-week change compares the latest value with the one this many points back. */
export const WEEK_OVER_WEEK_POINTS = 7;

export interface MetricSpec {
  label: string;
  /** The unit as shown; threshold pace is stored in seconds per km and shown as m:ss per km. */
  unit: string;
  chart: 'line' | 'bar';
  /** The value the sample swings around. */
  sampleBaseline: number;
  /** Half the sample's day-to-day swing around the baseline. */
  sampleSwing: number;
  decimals: 0 | 1;
  /** For resting HR and pace a fall is an improvement. */
  lowerIsBetter: boolean;
  /**
   * Offered (and charted by default) only when the athlete has values of their own, never as a sample:
   * HRV as SDNN comes only from an Apple Health import (docs/wellness.md, "HRV: rMSSD and SDNN").
   */
  onlyWithOwnData?: boolean;
}

export const METRIC_SPECS: Record<MetricKey, MetricSpec> = {
  vo2max: {
    label: 'VO2 Max',
    unit: 'ml/kg/min',
    chart: 'line',
    sampleBaseline: 45,
    sampleSwing: 1.5,
    decimals: 1,
    lowerIsBetter: false,
  },
  restingHR: {
    label: 'Resting Heart Rate',
    unit: 'bpm',
    chart: 'line',
    sampleBaseline: 48,
    sampleSwing: 3,
    decimals: 0,
    lowerIsBetter: true,
  },
  thresholdPace: {
    label: 'Threshold Pace',
    unit: 'min/km',
    chart: 'line',
    sampleBaseline: 380,
    sampleSwing: 10,
    decimals: 0,
    lowerIsBetter: true,
  },
  ftp: {
    label: 'FTP',
    unit: 'watts',
    chart: 'bar',
    sampleBaseline: 280,
    sampleSwing: 8,
    decimals: 0,
    lowerIsBetter: false,
  },
  hrv: {
    label: 'HRV',
    unit: 'ms',
    chart: 'line',
    sampleBaseline: 45,
    sampleSwing: 8,
    decimals: 0,
    lowerIsBetter: false,
  },
  hrvSdnn: {
    label: 'HRV (SDNN)',
    unit: 'ms',
    chart: 'line',
    sampleBaseline: 50,
    sampleSwing: 10,
    decimals: 0,
    lowerIsBetter: false,
    onlyWithOwnData: true,
  },
  sleepHours: {
    label: 'Sleep',
    unit: 'hours',
    chart: 'bar',
    sampleBaseline: 7.5,
    sampleSwing: 0.8,
    decimals: 1,
    lowerIsBetter: false,
  },
  /** Stored in kg; shown in lb to an athlete on imperial units (the page converts). */
  weight: {
    label: 'Body Weight',
    unit: 'kg',
    chart: 'line',
    sampleBaseline: 70,
    sampleSwing: 1.2,
    decimals: 1,
    lowerIsBetter: false,
  },
};

export interface MetricSamplePoint {
  date: string;
  value: number;
}

/** A fixed pseudo-random number in [0, 1) for a day and a metric: the sample must look the same every visit. */
function dayNoise(day: number, salt: number): number {
  let t = (Math.imul(day, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  t = Math.imul(t ^ (t >>> 16), 0x7feb352d);
  t = Math.imul(t ^ (t >>> 15), 0x846ca68b);
  return ((t ^ (t >>> 16)) >>> 0) / 4294967296;
}

/**
 * `days` daily sample values of `metric` ending on `endDate` (YYYY-MM-DD), oldest first: the baseline, a slow
 * two-week wave and a day's noise. FTP moves in steps, since it is retested, not measured daily.
 */
export function metricSampleSeries(metric: MetricKey, days: number, endDate: string): MetricSamplePoint[] {
  const end = epochDay(endDate);
  if (Number.isNaN(end)) throw new RangeError(`Invalid date: ${endDate}`);
  const spec = METRIC_SPECS[metric];
  const salt = METRIC_KEYS.indexOf(metric);
  const points: MetricSamplePoint[] = [];
  for (let day = end - Math.max(0, Math.floor(days)) + 1; day <= end; day++) {
    const sampledDay = metric === 'ftp' ? day - (((day % 14) + 14) % 14) : day;
    const wave = Math.sin((sampledDay / 14) * 2 * Math.PI) * 0.5;
    const noise = dayNoise(sampledDay, salt) - 0.5;
    const value = spec.sampleBaseline + spec.sampleSwing * (wave + noise);
    points.push({ date: dateOfEpochDay(day), value: roundTo(value, spec.decimals) });
  }
  return points;
}

export interface MetricChange {
  latest: number;
  /** The value WEEK_OVER_WEEK_POINTS points back; null while the series is shorter than that. */
  previous: number | null;
  change: number | null;
}

/** The latest value of a series (oldest first) and its change against the value seven points back. */
export function metricChange(values: readonly number[]): MetricChange | null {
  const latest = values.at(-1);
  if (latest === undefined) return null;
  const previous = values.length > WEEK_OVER_WEEK_POINTS ? values.at(-1 - WEEK_OVER_WEEK_POINTS)! : null;
  return { latest, previous, change: previous === null ? null : latest - previous };
}

/** Seconds per km as 'm:ss' (380 → '6:20'). */
export function formatPaceSecondsPerKm(secondsPerKm: number): string {
  const total = Math.round(Math.abs(secondsPerKm));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${secondsPerKm < 0 ? '-' : ''}${minutes}:${seconds < 10 ? '0' : ''}${seconds}`;
}
