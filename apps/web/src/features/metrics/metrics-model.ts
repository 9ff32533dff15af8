// What the Metrics page shows (docs/screens.md, "Metrics page"), apart from React: its metric keys mapped to
// the API's types, the timeframes and the custom range turned into a history request and a window to clip it
// to, values written with their units (threshold pace as m:ss per km), and which metrics an athlete is offered
// (HRV as SDNN only to one who has SDNN values, docs/wellness.md "HRV: rMSSD and SDNN").
import type { CurrentMetrics, MetricType } from '@stamina/contract';
import {
  addDays,
  DEFAULT_METRIC_KEYS,
  epochDay,
  formatPaceSecondsPerKm,
  METRIC_KEYS,
  METRIC_SPECS,
  type METRIC_TIMEFRAME_DAYS,
  type MetricKey,
  paceInUnits,
  paceUnit,
  type Units,
  weightInUnits,
  weightUnit,
} from '@stamina/core';

export const METRIC_API_TYPES: Record<MetricKey, MetricType> = {
  vo2max: 'vo2max',
  restingHR: 'resting_hr',
  thresholdPace: 'threshold_pace',
  ftp: 'ftp',
  hrv: 'hrv',
  hrvSdnn: 'hrv_sdnn',
  sleepHours: 'sleep_hours',
  weight: 'weight',
};

/**
 * A metric's points in the athlete's units (core units, docs/units.md): on imperial units body weight in lb and
 * threshold pace per mile; else as stored.
 */
export function inUnits<T extends { value: number }>(
  key: MetricKey,
  points: readonly T[],
  units: Units,
): T[] {
  if (units !== 'imperial') return [...points];
  if (key === 'weight')
    return points.map((p) => ({ ...p, value: Math.round(weightInUnits(p.value, units) * 10) / 10 }));
  if (key === 'thresholdPace')
    return points.map((p) => ({ ...p, value: Math.round(paceInUnits(p.value, units)) }));
  return [...points];
}

const hasOwnData = (key: MetricKey, current: CurrentMetrics | undefined) =>
  Boolean(current?.[METRIC_API_TYPES[key]]);

/**
 * The metrics offered as checkboxes, in the page's order: a metric marked `onlyWithOwnData` (HRV as SDNN) only
 * once the athlete has a value of it, so nobody without an Apple Watch sees a chart they can never fill.
 */
export function offeredMetrics(current: CurrentMetrics | undefined): MetricKey[] {
  return METRIC_KEYS.filter((key) => !METRIC_SPECS[key].onlyWithOwnData || hasOwnData(key, current));
}

/**
 * The charts shown before the athlete picks: the page's defaults, plus each `onlyWithOwnData` metric they
 * have, since an athlete who imported Apple Health expects to see the HRV their watch measured.
 */
export function defaultMetrics(current: CurrentMetrics | undefined): MetricKey[] {
  return METRIC_KEYS.filter(
    (key) =>
      DEFAULT_METRIC_KEYS.includes(key) || (METRIC_SPECS[key].onlyWithOwnData && hasOwnData(key, current)),
  );
}

export type Timeframe = `${(typeof METRIC_TIMEFRAME_DAYS)[number]}` | 'custom';

export const TIMEFRAME_OPTIONS: readonly { value: Timeframe; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '6 months' },
  { value: 'custom', label: 'Custom range' },
];

/** The history API's longest window (contract ZDaysQuery). */
const MAX_HISTORY_DAYS = 3650;

export interface HistoryWindow {
  /** Days to ask the history API for, counted back from today. */
  days: number;
  start: string;
  end: string;
}

/**
 * The request for a timeframe. The history call only takes a day count ending today, so a custom range asks
 * for enough days to reach back to its start and the points are clipped to [start, end] afterwards.
 * An error to show instead for a custom range that cannot be drawn.
 */
export function historyWindow(
  timeframe: Timeframe,
  custom: { start: string; end: string },
  today: string,
): HistoryWindow | { error: string } {
  if (timeframe !== 'custom') {
    const days = Number(timeframe);
    return { days, start: addDays(today, -(days - 1)), end: today };
  }
  const start = epochDay(custom.start);
  const end = epochDay(custom.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return { error: 'Choose a start and an end date.' };
  if (start > end) return { error: 'The start date must be on or before the end date.' };
  const todayDay = epochDay(today);
  if (start > todayDay) return { error: 'The start date cannot be in the future.' };
  const days = Math.min(MAX_HISTORY_DAYS, todayDay - start + 1);
  return { days, start: custom.start, end: end > todayDay ? today : custom.end };
}

export function clipToWindow<T extends { date: string }>(points: readonly T[], window: HistoryWindow): T[] {
  return points.filter((point) => point.date >= window.start && point.date <= window.end);
}

/**
 * Evenly spaced y-axis ticks for a decimal metric: a step of 1, 2 or 5 times a power of ten, never finer than
 * the metric's precision, so the written ticks (rounded to that precision) stay evenly spaced. At most `count`
 * intervals; the first and last tick enclose every value.
 */
export function decimalTicks(values: readonly number[], decimals: number, count = 4): number[] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const finest = 10 ** -decimals;
  const span = Math.max(max - min, finest);
  let step = finest;
  for (let magnitude = finest; step * count < span; magnitude *= 10) {
    step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s * count >= span) ?? magnitude * 10;
  }
  const round = (v: number) => Number(v.toFixed(decimals));
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let i = 0; ticks.length < 2 || (ticks.at(-1) ?? max) < max; i++) ticks.push(round(first + i * step));
  return ticks;
}

/** A value as shown beside its chart: pace as m:ss, others to the metric's precision. */
export function formatMetricValue(key: MetricKey, value: number): string {
  if (key === 'thresholdPace') return formatPaceSecondsPerKm(value);
  const { decimals } = METRIC_SPECS[key];
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A signed change, with a true minus sign; pace changes as ±m:ss. */
export function formatMetricChange(key: MetricKey, change: number): string {
  const magnitude = formatMetricValue(key, Math.abs(change));
  if (Number(magnitude.replace(/[^0-9]/g, '')) === 0) return `±${magnitude}`;
  return `${change > 0 ? '+' : '−'}${magnitude}`;
}

/** The unit after a value: pace reads '6:20 /km' ('/mi' on imperial), since m:ss already says minutes; weight in lb on imperial. */
export function unitAfterValue(key: MetricKey, units: Units = 'metric'): string {
  if (key === 'weight') return weightUnit(units);
  return key === 'thresholdPace' ? paceUnit(units) : METRIC_SPECS[key].unit;
}
