// The calendar's weekly totals (docs/screens.md, "Training calendar", "Weekly totals"): per week and sport, the
// hours, distance and TSS planned against those done. Planned is every session of the week that is not skipped
// (done ones included: the week's plan); done is the completed ones with what was actually done: the recording
// that completed a session (its TSS and distance), else the figures logged when marked done, else the plan's.
// A planned distance is the steps' written distances plus, for timed run, ride and swim steps, an estimate
// (core `plannedDistance`); a total with any estimate in it is marked as estimated.
import { type DistanceThresholds, plannedDistance, type Sport } from '@stamina/core';
import type { CalendarEvent } from '../../api/workouts/calendar.ts';

export interface Figures {
  minutes: number;
  /** Null when no session of the sum has a distance. */
  distanceMeters: number | null;
  /** True when part of the distance was estimated from time (shown with '≈'). */
  distanceEstimated: boolean;
  tss: number;
}

interface SportTotals {
  sport: Sport;
  planned: Figures;
  done: Figures;
}

export interface WeekTotals {
  /** Sports with any planned or done session, most planned time first. */
  sports: SportTotals[];
  planned: Figures;
  done: Figures;
}

/** What a recording that completed a session measured. */
export interface RecordedFigures {
  tss: number | null;
  distanceMeters: number | null;
}

const empty = (): Figures => ({ minutes: 0, distanceMeters: null, distanceEstimated: false, tss: 0 });

function add(
  to: Figures,
  minutes: number | null,
  distance: { meters: number; estimated: boolean } | null,
  tss: number | null,
) {
  to.minutes += minutes ?? 0;
  if (distance !== null) {
    to.distanceMeters = (to.distanceMeters ?? 0) + distance.meters;
    to.distanceEstimated ||= distance.estimated;
  }
  to.tss += tss ?? 0;
}

const measured = (meters: number | null | undefined) =>
  typeof meters === 'number' ? { meters, estimated: false } : null;

/**
 * Totals of the events of `days` (YYYY-MM-DD, one week), by sport. `recorded` holds the figures of the
 * recordings that completed sessions, by activity id; `thresholds` the athlete's, for estimated distances.
 */
export function weekTotals(
  events: readonly CalendarEvent[],
  days: ReadonlySet<string>,
  recorded: ReadonlyMap<string, RecordedFigures> = new Map(),
  thresholds: DistanceThresholds = {},
): WeekTotals {
  const bySport = new Map<Sport, SportTotals>();
  const planned = empty();
  const done = empty();
  for (const event of events) {
    if (!days.has(event.event_date) || event.status === 'skipped') continue;
    const workout = event.workout;
    const row = bySport.get(event.sport) ?? { sport: event.sport, planned: empty(), done: empty() };
    bySport.set(event.sport, row);
    const distance = plannedDistance(event.sport, workout.workout_structure, thresholds);
    add(row.planned, workout.duration_minutes, distance, workout.tss);
    add(planned, workout.duration_minutes, distance, workout.tss);
    if (event.status !== 'completed') continue;
    const recording = event.activity_id ? recorded.get(event.activity_id) : undefined;
    const minutes = workout.actual_duration_minutes ?? workout.duration_minutes;
    const doneDistance =
      measured(recording?.distanceMeters) ?? measured(workout.actual_distance_meters) ?? distance;
    const tss = recording?.tss ?? workout.actual_tss ?? workout.tss;
    add(row.done, minutes, doneDistance, tss);
    add(done, minutes, doneDistance, tss);
  }
  const sports = [...bySport.values()].sort((a, b) => b.planned.minutes - a.planned.minutes);
  return { sports, planned, done };
}
