// The profile page's figures (docs/profile.md): which source This Year counts, and the personal records at
// the classic running distances, from recorded activities' best efforts or, before there are any, from
// completed workouts that were one continuous run of that distance.

export type ProfileSource = 'activities' | 'workouts' | 'none';

/** Totals of one source over the year: sessions, seconds and metres. */
export interface YearTotals {
  sessions: number;
  seconds: number;
  distanceMeters: number;
}

export interface ThisYear {
  source: ProfileSource;
  workouts: number;
  total_seconds: number;
  distance_meters: number;
}

/**
 * This Year counts recorded activities when the year has any; otherwise completed workouts; otherwise
 * nothing. Never both: a workout an activity completed would be counted twice.
 */
export function thisYearFigures(activities: YearTotals, workouts: YearTotals): ThisYear {
  const pick = (source: ProfileSource, t: YearTotals): ThisYear => ({
    source,
    workouts: Math.max(0, Math.round(t.sessions)),
    total_seconds: Math.max(0, Math.round(t.seconds)),
    distance_meters: Math.max(0, Math.round(t.distanceMeters)),
  });
  if (activities.sessions > 0) return pick('activities', activities);
  if (workouts.sessions > 0) return pick('workouts', workouts);
  return pick('none', { sessions: 0, seconds: 0, distanceMeters: 0 });
}

/** The record distances, shortest first, with the key of the activities' pace best efforts for each. */
export const RECORD_DISTANCES = [
  { key: '5k', label: '5K', meters: 5000, bestEffortKey: '5km' },
  { key: '10k', label: '10K', meters: 10000, bestEffortKey: '10km' },
  { key: 'half_marathon', label: 'Half Marathon', meters: 21097.5, bestEffortKey: 'half_marathon' },
  { key: 'marathon', label: 'Marathon', meters: 42195, bestEffortKey: 'marathon' },
] as const;

export type RecordKey = (typeof RECORD_DISTANCES)[number]['key'];

/** A workout counts for a distance when its known distance is within this share of it (21.1 km is a half). */
export const RECORD_DISTANCE_TOLERANCE = 0.01;

/** An activity's pace best efforts: seconds per distance key ('5km', …). */
export interface ActivityBests {
  activityId: string;
  date: string;
  pace: Readonly<Record<string, number>>;
}

/** A completed run that was one continuous effort over a known distance. */
export interface RecordRun {
  date: string;
  durationMinutes: number | null;
  distanceMeters: number | null;
}

export interface PersonalRecord {
  key: RecordKey;
  label: string;
  distance_meters: number;
  duration_seconds: number;
  date: string;
  source: 'activity' | 'workout';
  activity_id: string | null;
}

const usable = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * The fastest time at each record distance. Once any activity has a best effort at one of them, records
 * come from activities only (a recording is measured; a workout's time is what was written down); before
 * that, from completed continuous runs of the distance. Ties keep the earliest.
 */
export function personalRecords(
  activities: readonly ActivityBests[],
  runs: readonly RecordRun[],
): { source: ProfileSource; records: PersonalRecord[] } {
  const fromActivities: PersonalRecord[] = [];
  for (const d of RECORD_DISTANCES) {
    let best: PersonalRecord | null = null;
    for (const a of activities) {
      const seconds = a.pace[d.bestEffortKey];
      if (!usable(seconds)) continue;
      if (
        best === null ||
        seconds < best.duration_seconds ||
        (seconds === best.duration_seconds && a.date < best.date)
      )
        best = {
          key: d.key,
          label: d.label,
          distance_meters: d.meters,
          duration_seconds: Math.round(seconds),
          date: a.date,
          source: 'activity',
          activity_id: a.activityId,
        };
    }
    if (best) fromActivities.push(best);
  }
  if (fromActivities.length > 0) return { source: 'activities', records: fromActivities };

  const fromWorkouts: PersonalRecord[] = [];
  for (const d of RECORD_DISTANCES) {
    let best: PersonalRecord | null = null;
    for (const r of runs) {
      if (!usable(r.distanceMeters) || !usable(r.durationMinutes)) continue;
      if (Math.abs(r.distanceMeters - d.meters) > d.meters * RECORD_DISTANCE_TOLERANCE) continue;
      const seconds = Math.round(r.durationMinutes * 60);
      if (
        best === null ||
        seconds < best.duration_seconds ||
        (seconds === best.duration_seconds && r.date < best.date)
      )
        best = {
          key: d.key,
          label: d.label,
          distance_meters: d.meters,
          duration_seconds: seconds,
          date: r.date,
          source: 'workout',
          activity_id: null,
        };
    }
    if (best) fromWorkouts.push(best);
  }
  return { source: fromWorkouts.length > 0 ? 'workouts' : 'none', records: fromWorkouts };
}
