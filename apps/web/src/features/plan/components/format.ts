// How the Journey page writes plan dates and counts (dates as 'MMM d, yyyy': docs/screens.md,
// "Journey page").
import { formatDay, formatDayRange } from '../../../lib/dates.ts';

export const formatPlanDate = (iso: string) => formatDay(iso);

/** 'Mar 2 – Apr 12, 2026', or with both years when the range crosses one. */
export const formatDateRange = (start: string, end: string): string => formatDayRange(start, end);

export function daysToGoText(days: number | null): string {
  if (days === null) return 'No race date';
  if (days === 0) return 'Race day!';
  if (days < 0) return `Race was ${-days} ${days === -1 ? 'day' : 'days'} ago`;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
