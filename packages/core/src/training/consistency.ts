// Consistency and training streaks (docs/training-load.md, "Consistency" and "Streaks").
//
// A day's completion is the share of its scheduled training that was done: completed minutes over the
// minutes of every workout scheduled that day (planned, completed or skipped, so a completed workout is its
// own plan and a skipped one counts as undone). When no scheduled workout has a duration, sessions are
// counted instead. Status: nothing scheduled → rest; completion above 0.8 → complete; above 0.5 → partial;
// otherwise missed.
import { addDays } from '../dates.ts';
import { nonNegative, roundTo } from '../numbers.ts';
import { dateRange, isIsoDate } from './calendar.ts';
import { MAX_SESSION_MINUTES } from './tss.ts';

export type ConsistencyStatus = 'rest' | 'complete' | 'partial' | 'missed';

/**
 * Completion above this is a complete day, above PARTIAL_ABOVE a partial one (docs/training-load.md,
 * "Consistency").
 */
export const COMPLETE_ABOVE = 0.8;
export const PARTIAL_ABOVE = 0.5;

/** A workout as consistency sees it: its day, its status and its duration. */
export interface ConsistencyWorkout {
  date: string;
  /** 'completed' counts as done; every other status (planned, skipped, …) as scheduled but not done. */
  status: string;
  duration_minutes?: number | null;
}

export interface ConsistencyDay {
  date: string;
  /** Day of the month, as docs/training-load.md §6 has a day carry it. */
  day: number;
  status: ConsistencyStatus;
  /** 0..1; 0 on a rest day. */
  completion: number;
  planned_sessions: number;
  completed_sessions: number;
  planned_minutes: number;
  completed_minutes: number;
}

export interface ConsistencySummary {
  total_days: number;
  rest_days: number;
  complete_days: number;
  partial_days: number;
  missed_days: number;
  /** Days that are not rest days (and are counted: see `consistencyAnalysis`). */
  training_days: number;
  /** Share of complete days among counted training days, percent, rounded; 0 without training days. */
  completion_percentage: number;
  /** Mean completion of the counted training days, percent, rounded to 0.1. */
  average_completion: number;
  current_streak: number;
  longest_streak: number;
}

export interface ConsistencyAnalysis {
  daily_data: ConsistencyDay[];
  summary: ConsistencySummary;
}

const EMPTY_SUMMARY: ConsistencySummary = {
  total_days: 0,
  rest_days: 0,
  complete_days: 0,
  partial_days: 0,
  missed_days: 0,
  training_days: 0,
  completion_percentage: 0,
  average_completion: 0,
  current_streak: 0,
  longest_streak: 0,
};

/** The status of a completion ratio on a day with something scheduled. */
export function consistencyStatus(completion: number): Exclude<ConsistencyStatus, 'rest'> {
  if (completion > COMPLETE_ABOVE) return 'complete';
  if (completion > PARTIAL_ABOVE) return 'partial';
  return 'missed';
}

/**
 * One day from its workouts (all on that day). Negative or non-finite durations count as 0 minutes, longer
 * ones than 7 days as 7 days.
 */
export function consistencyDay(date: string, workouts: readonly ConsistencyWorkout[]): ConsistencyDay {
  let plannedMinutes = 0;
  let completedMinutes = 0;
  let completedSessions = 0;
  for (const workout of workouts) {
    const minutes = Math.min(nonNegative(workout.duration_minutes), MAX_SESSION_MINUTES);
    plannedMinutes += minutes;
    if (workout.status === 'completed') {
      completedSessions += 1;
      completedMinutes += minutes;
    }
  }
  const base = {
    date,
    day: Number(date.slice(8, 10)),
    planned_sessions: workouts.length,
    completed_sessions: completedSessions,
    planned_minutes: roundTo(plannedMinutes, 1),
    completed_minutes: roundTo(completedMinutes, 1),
  };
  if (workouts.length === 0) return { ...base, status: 'rest', completion: 0 };
  const ratio =
    plannedMinutes > 0 && Number.isFinite(plannedMinutes)
      ? completedMinutes / plannedMinutes
      : completedSessions / workouts.length;
  const completion = Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 0;
  return { ...base, status: consistencyStatus(completion), completion: roundTo(completion, 3) };
}

/**
 * Consistency over the `days` days ending `today` (default 28; at least 1, at most 3660).
 * Every day in the range gets exactly one status. Today is shown with its status so far, but counts in the
 * summary only once it is complete: a day that is not over yet does not count against the athlete.
 * Workouts outside the range or with an invalid date are ignored; an invalid `today` gives no days.
 */
export function consistencyAnalysis(
  workouts: readonly ConsistencyWorkout[],
  today: string,
  days = 28,
): ConsistencyAnalysis {
  if (!isIsoDate(today)) return { daily_data: [], summary: { ...EMPTY_SUMMARY } };
  const span = Number.isFinite(days) ? Math.min(3660, Math.max(1, Math.floor(days))) : 28;
  const from = addDays(today, -(span - 1));
  const byDate = new Map<string, ConsistencyWorkout[]>();
  for (const workout of workouts) {
    if (!isIsoDate(workout.date) || workout.date < from || workout.date > today) continue;
    const list = byDate.get(workout.date);
    if (list) list.push(workout);
    else byDate.set(workout.date, [workout]);
  }
  const daily = dateRange(from, today).map((date) => consistencyDay(date, byDate.get(date) ?? []));
  const counted = daily.filter((d) => d.status !== 'rest' && (d.date !== today || d.status === 'complete'));
  const count = (status: ConsistencyStatus) => daily.filter((d) => d.status === status).length;
  const complete = counted.filter((d) => d.status === 'complete').length;
  const streak = trainingStreak(
    workouts.filter((w) => w.status === 'completed').map((w) => w.date),
    today,
  );
  return {
    daily_data: daily,
    summary: {
      total_days: daily.length,
      rest_days: count('rest'),
      complete_days: count('complete'),
      partial_days: count('partial'),
      missed_days: count('missed'),
      training_days: counted.length,
      completion_percentage: counted.length > 0 ? Math.round((complete / counted.length) * 100) : 0,
      average_completion:
        counted.length > 0
          ? roundTo((counted.reduce((a, d) => a + d.completion, 0) / counted.length) * 100, 1)
          : 0,
      ...streak,
    },
  };
}

export interface TrainingStreak {
  /** Consecutive days with at least one completed workout, ending today, or yesterday while today is open. */
  current_streak: number;
  longest_streak: number;
}

/**
 * Streaks from the dates of completed workouts. A day counts when it has at least one completed workout.
 * The current streak ends today when today has one; otherwise it ends yesterday, because today is not over
 * and an athlete who trains in the evening has not broken the streak in the morning. Dates after `today`
 * and invalid dates are ignored, so the current streak is never longer than the longest (an invalid `today`
 * gives zeros).
 */
export function trainingStreak(completedDates: readonly string[], today: string): TrainingStreak {
  if (!isIsoDate(today)) return { current_streak: 0, longest_streak: 0 };
  const days = [...new Set(completedDates.filter((d) => isIsoDate(d) && d <= today))].sort();
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const date of days) {
    run = previous !== undefined && addDays(previous, 1) === date ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = date;
  }
  const active = new Set(days);
  let current = 0;
  let cursor = active.has(today) ? today : addDays(today, -1);
  while (active.has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  return { current_streak: current, longest_streak: longest };
}
