// How the Journey page writes plan dates and counts (dates as 'MMM d, yyyy': docs/screens.md,
// "Journey page").
import { format, parseISO } from 'date-fns';

export const formatPlanDate = (iso: string) => format(parseISO(iso), 'MMM d, yyyy');

/** 'Mar 2 – Apr 12, 2026', or with both years when the range crosses one. */
export function formatDateRange(start: string, end: string): string {
  const from = parseISO(start);
  const to = parseISO(end);
  const sameYear = from.getFullYear() === to.getFullYear();
  return `${format(from, sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(to, 'MMM d, yyyy')}`;
}

export function daysToGoText(days: number | null): string {
  if (days === null) return 'No race date';
  if (days === 0) return 'Race day!';
  if (days < 0) return `Race was ${-days} ${days === -1 ? 'day' : 'days'} ago`;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
