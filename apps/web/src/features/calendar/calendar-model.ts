// The training calendar's date arithmetic and figures (docs/screens.md, "Training calendar"), kept free of React so the
// rules can be read and tested in one place. Weeks start on the athlete's week start (Settings → Preferences,
// Monday by default; core WEEK_STARTS), given to each function as date-fns' `weekStartsOn`.
import { dailyLoadScore, type WeekDayIndex } from '@stamina/core';
import {
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import type { CalendarEvent } from '../../api/workouts/calendar.ts';
import { formatDay, formatDayRange, isoDate } from '../../lib/dates.ts';

export type CalendarView = 'week' | 'month' | 'agenda';
export const CALENDAR_VIEWS: readonly { value: CalendarView; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'agenda', label: 'Agenda' },
];

/** Agenda shows the current week plus this many further weeks. */
const AGENDA_EXTRA_WEEKS = 2;

export interface Period {
  start: Date;
  end: Date;
}

/** The days a view is about: its label, stat cards and agenda list cover these. */
export function periodOf(view: CalendarView, anchor: Date, weekStartsOn: WeekDayIndex): Period {
  const week = { weekStartsOn };
  if (view === 'month') return { start: startOfMonth(anchor), end: endOfMonth(anchor) };
  if (view === 'agenda')
    return { start: startOfWeek(anchor, week), end: endOfWeek(addWeeks(anchor, AGENDA_EXTRA_WEEKS), week) };
  return { start: startOfWeek(anchor, week), end: endOfWeek(anchor, week) };
}

/** The days a view draws and therefore fetches: the month view draws whole weeks. */
export function visibleRangeOf(view: CalendarView, anchor: Date, weekStartsOn: WeekDayIndex): Period {
  if (view === 'month') {
    const week = { weekStartsOn };
    return { start: startOfWeek(startOfMonth(anchor), week), end: endOfWeek(endOfMonth(anchor), week) };
  }
  return periodOf(view, anchor, weekStartsOn);
}

const WEEKDAY_SHORT_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The seven short day names in the order of a week starting on `weekStartsOn` ('Mon' … 'Sun' by default). */
export function weekdayHeaders(weekStartsOn: WeekDayIndex): string[] {
  return Array.from({ length: 7 }, (_, i) => WEEKDAY_SHORT_NAMES[(weekStartsOn + i) % 7]!);
}

export function daysOf(period: Period): Date[] {
  return eachDayOfInterval(period);
}

/** Previous/next: one week in week and agenda views, one month in month view. */
export function shiftAnchor(view: CalendarView, anchor: Date, direction: 1 | -1): Date {
  return view === 'month' ? addMonths(anchor, direction) : addWeeks(anchor, direction);
}

/** 'November 2025' for a month; 'Nov 16 – 22, 2025', 'Nov 30 – Dec 6, 2025' or 'Dec 28, 2025 – Jan 3, 2026'. */
export function periodLabel(view: CalendarView, anchor: Date, weekStartsOn: WeekDayIndex): string {
  if (view === 'month') return formatDay(anchor, 'month-year');
  const { start, end } = periodOf(view, anchor, weekStartsOn);
  return formatDayRange(start, end);
}

export function parseView(value: string | null): CalendarView {
  return value === 'month' || value === 'agenda' ? value : 'week';
}

/** A YYYY-MM-DD parameter as a date, or today when it is missing or not a real date. */
export function parseAnchor(value: string | null): Date {
  if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = parseISO(value);
    if (!Number.isNaN(date.getTime()) && isoDate(date) === value) return date;
  }
  return new Date();
}

/** Events grouped by their day, in the order the server sent them (date, then creation). */
export function eventsByDay(events: readonly CalendarEvent[]): Map<string, CalendarEvent[]> {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const list = byDay.get(event.event_date);
    if (list) list.push(event);
    else byDay.set(event.event_date, [event]);
  }
  return byDay;
}

/**
 * The day's load, in TSS (docs/screens.md, "Training calendar"): its workouts' (a completed one's logged TSS, or its
 * recording's, which the page puts in `workout.tss`) and the recordings that completed none of them.
 */
export function dayLoad(
  events: readonly CalendarEvent[] | undefined,
  unclaimedTss: readonly number[] = [],
): number {
  return dailyLoadScore(
    (events ?? []).map((e) => ({
      status: e.status,
      tss: e.workout.tss,
      // A recording scored it: its TSS (in `tss`) counts, not what was logged by hand.
      actual_tss: e.activity_id ? null : e.workout.actual_tss,
    })),
    unclaimedTss,
  );
}

export interface CalendarStats {
  /** Planned workouts from today on, within the period. */
  upcoming: number;
  /** Completed workouts within the period. */
  completed: number;
  /** Hours of every workout in the period that is not skipped: what was done plus what is still planned. */
  volumeHours: number;
  /** Of those, the hours already completed. */
  completedHours: number;
}

export function calendarStats(
  events: readonly CalendarEvent[],
  period: Period,
  today: string,
): CalendarStats {
  const from = isoDate(period.start);
  const to = isoDate(period.end);
  let upcoming = 0;
  let completed = 0;
  let minutes = 0;
  let completedMinutes = 0;
  for (const event of events) {
    if (event.event_date < from || event.event_date > to) continue;
    const duration = event.duration_minutes ?? 0;
    if (event.status === 'planned' && event.event_date >= today) upcoming++;
    if (event.status === 'completed') {
      completed++;
      completedMinutes += duration;
    }
    if (event.status !== 'skipped') minutes += duration;
  }
  return {
    upcoming,
    completed,
    volumeHours: Math.round((minutes / 60) * 10) / 10,
    completedHours: Math.round((completedMinutes / 60) * 10) / 10,
  };
}
