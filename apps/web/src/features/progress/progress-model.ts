// The Progress page's periods and the shaping of API data into its charts' rows.
import type { AnalyticsPeriod, FitnessTrendRecord } from '@stamina/contract';
import { addDays, daysBetween, roundTo, type WeekDayIndex, weekStartOf } from '@stamina/core';

export type ProgressRange = '4weeks' | '12weeks' | 'all';

export const PROGRESS_RANGES: Record<
  ProgressRange,
  {
    label: string;
    ariaLabel: string;
    weeks: number;
    /** Null for 'all': the days run from the first week with training (see allDays). */
    days: number | null;
    period: AnalyticsPeriod;
    zonesLabel: string;
    /** How the coach summary names the period. */
    periodText: string;
  }
> = {
  '4weeks': {
    label: '4W',
    ariaLabel: 'Last 4 weeks',
    weeks: 4,
    days: 28,
    period: 'month',
    zonesLabel: 'Last 4 weeks',
    periodText: 'the last 4 weeks',
  },
  '12weeks': {
    label: '12W',
    ariaLabel: 'Last 12 weeks',
    weeks: 12,
    days: 84,
    period: '3months',
    zonesLabel: 'Last 12 weeks',
    periodText: 'the last 12 weeks',
  },
  all: {
    label: 'All',
    ariaLabel: 'All time',
    weeks: 520,
    days: null,
    period: 'all',
    zonesLabel: 'All time',
    periodText: 'all your training',
  },
};

export function parseProgressRange(value: string | null): ProgressRange {
  return value === '4weeks' || value === 'all' ? value : '12weeks';
}

/** The API's longest series (ten years). */
const MAX_DAYS = 3650;
/** Days asked for when 'All' has no training week to start from. */
const FALLBACK_DAYS = 28;

/** Days from the Monday of `firstWeekStart` to `today`, both included, at most ten years. */
export function allDays(firstWeekStart: string | null, today: string): number {
  if (!firstWeekStart) return FALLBACK_DAYS;
  return Math.min(MAX_DAYS, Math.max(1, daysBetween(firstWeekStart, today) + 1));
}

/** Whole days of the last `weeks` weeks, for the consistency grid (a long period would not fit). */
export const GRID_DAYS = 84;

export interface TrendRow {
  /** First day of the week (the athlete's week start), 'YYYY-MM-DD'. */
  weekStart: string;
  readiness: number;
  recovery: number | null;
}

/**
 * Readiness and recovery as weekly means (the athlete's weeks, Monday by default; docs/screens.md, 'Progress
 * page'), like the sample's trend rows (week, readiness, recovery): daily points over months would be noise.
 * Recovery is null for a week without any.
 */
export function weeklyTrendRows(
  records: readonly FitnessTrendRecord[],
  weekStartsOn: WeekDayIndex = 1,
): TrendRow[] {
  const weeks = new Map<string, { readiness: number[]; recovery: number[] }>();
  for (const record of records) {
    const key = weekStartOf(record.date, weekStartsOn);
    const bucket = weeks.get(key) ?? { readiness: [], recovery: [] };
    bucket.readiness.push(record.training_readiness);
    if (record.recovery_score !== null) bucket.recovery.push(record.recovery_score);
    weeks.set(key, bucket);
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([weekStart, bucket]) => ({
      weekStart,
      readiness: roundTo(mean(bucket.readiness), 1),
      recovery: bucket.recovery.length > 0 ? roundTo(mean(bucket.recovery), 1) : null,
    }));
}

/** Weeks of the sample trend rows, ending with this week. */
export function sampleWeekStart(
  index: number,
  count: number,
  today: string,
  weekStartsOn: WeekDayIndex = 1,
): string {
  return addDays(weekStartOf(today, weekStartsOn), (index - (count - 1)) * 7);
}
