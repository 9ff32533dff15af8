// Weeks and zone minutes as the analytics reads shape them: the weeks of a range, days grouped by
// their week, the form at a week's close, and five zone totals as percentages or as named fields. Pure; the
// rules are in docs/training-load.md §13.
import { addDays } from '../dates.ts';
import { roundTo } from '../numbers.ts';
import { zonePercentages } from './analytics.ts';
import { type WeekStart, weekStartOf } from './calendar.ts';

/** Minutes (or seconds) in zones 1 to 5, as stored per day. */
export interface ZoneTotalsRow {
  z1: number;
  z2: number;
  z3: number;
  z4: number;
  z5: number;
}

/** The five zone totals of a row, zone 1 first. */
export const zoneTotalsList = (row: ZoneTotalsRow): number[] => [row.z1, row.z2, row.z3, row.z4, row.z5];

/** Minutes per zone as percentages to 0.1 summing to 100 (core `zonePercentages`), and the total to 0.1. */
export function zoneSummary(minutes: readonly number[]) {
  const { zones, zone_1_2, zone_4_5 } = zonePercentages(minutes);
  return {
    zone_1_percentage: zones[0],
    zone_2_percentage: zones[1],
    zone_3_percentage: zones[2],
    zone_4_percentage: zones[3],
    zone_5_percentage: zones[4],
    zone_1_2_percentage: zone_1_2,
    zone_4_5_percentage: zone_4_5,
    total_time_minutes: roundTo(
      minutes.reduce((a, b) => a + b, 0),
      1,
    ),
  };
}

/** Five zone values as `zone_1` … `zone_5`. */
export const zoneFields = (values: readonly number[]) => ({
  zone_1: values[0]!,
  zone_2: values[1]!,
  zone_3: values[2]!,
  zone_4: values[3]!,
  zone_5: values[4]!,
});

/** The weeks from `first` to `last` (both first days of a week), in order. */
export function weekStartsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let week = first; week <= last; week = addDays(week, 7)) out.push(week);
  return out;
}

/**
 * Dated items grouped by the first day of their week (Monday unless `weekStartsOn` says otherwise), each group
 * in the input's order.
 */
export function groupByWeek<T extends { date: string }>(
  items: readonly T[],
  weekStartsOn: number | WeekStart = 1,
): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const week = weekStartOf(item.date, weekStartsOn);
    const group = out.get(week);
    if (group) group.push(item);
    else out.set(week, [item]);
  }
  return out;
}

/** The point closing the week `week`: its seventh day, or `today` for the week still running. */
export function weekClosingPoint<P extends { date: string }>(
  points: readonly P[],
  week: string,
  today: string,
): P | undefined {
  const end = addDays(week, 6) < today ? addDays(week, 6) : today;
  return points.find((p) => p.date === end);
}
