// How activities and import batches are shown (docs/activities.md): the summary and detail views, rounded as
// the API gives them, and the name an activity gets when its file gives none.
import type { ActivityDetail, ActivitySummary, ImportBatch } from '@stamina/contract';
import { plannedIntensityFactor, roundTo } from '@stamina/core';
import type { Conn } from '../../db/client.ts';
import type { WorkoutService } from '../workouts/index.ts';
import * as repo from './repository.ts';

export function batchView(batchId: string, files: repo.BatchFileRow[]): ImportBatch {
  return {
    batch_id: batchId,
    done: files.every((f) => f.status !== 'queued' && f.status !== 'processing'),
    files: files.map((f) => ({
      name: f.name,
      status: f.status,
      message: f.message,
      activity_id: f.activityId,
      activity_ids: f.activityIds,
    })),
  };
}

const round1 = (v: number | null) => (v === null ? null : roundTo(v, 1));
const round3 = (v: number | null) => (v === null ? null : roundTo(v, 3));

export function toSummary(row: repo.ActivityRow, streamTypes: readonly string[]): ActivitySummary {
  return {
    id: row.id,
    name: row.name,
    sport: row.sport,
    device_sport: row.deviceSport,
    sub_sport: row.subSport,
    device_name: row.deviceName,
    source: row.source,
    start_time: row.startTime.toISOString(),
    local_date: row.localDate,
    elapsed_seconds: row.elapsedSeconds,
    timer_seconds: row.timerSeconds,
    moving_seconds: row.movingSeconds,
    distance_m: round1(row.distanceM),
    ascent_m: round1(row.ascentM),
    avg_hr: round1(row.avgHr),
    max_hr: round1(row.maxHr),
    avg_power: round1(row.avgPower),
    max_power: round1(row.maxPower),
    avg_speed_mps: row.avgSpeedMps === null ? null : roundTo(row.avgSpeedMps, 3),
    max_speed_mps: row.maxSpeedMps === null ? null : roundTo(row.maxSpeedMps, 3),
    avg_cadence: round1(row.avgCadence),
    max_cadence: round1(row.maxCadence),
    calories: row.calories,
    tss: round1(row.tss),
    tss_method: row.tssMethod,
    intensity_factor: row.intensityFactor === null ? null : roundTo(row.intensityFactor, 3),
    normalized_power: round1(row.normalizedPower),
    workout_id: row.workoutId,
    multisport_group_id: row.multisportGroupId,
    leg_index: row.legIndex,
    has_gps: streamTypes.includes('lat'),
  };
}

export const SPORT_WORDS: Record<repo.ActivityRow['sport'], string> = {
  run: 'Run',
  bike: 'Ride',
  swim: 'Swim',
  brick: 'Brick',
  strength: 'Strength',
  yoga: 'Yoga',
  rowing: 'Row',
  hiking: 'Hike',
  xc_ski: 'Ski',
  other: 'Activity',
};

/**
 * The hour formatter of each time zone met, made once: building an Intl.DateTimeFormat costs milliseconds on
 * the event loop, paid by every imported file before (docs/RELIABILITY.md, "Imports and the event loop").
 * null: a zone Intl does not know.
 */
const hourFormats = new Map<string, Intl.DateTimeFormat | null>();
function hourFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = hourFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hour12: false, timeZone });
    } catch {
      format = null;
    }
    if (hourFormats.size < 1000) hourFormats.set(timeZone, format);
  }
  return format;
}

/** "Morning Ride", "Evening Run": the name an activity gets when its file gives none. */
export function defaultName(sport: repo.ActivityRow['sport'], start: Date, timeZone: string): string {
  const local = hourFormat(timeZone)?.format(start);
  // An unknown zone keeps UTC.
  const hour = local === undefined ? start.getUTCHours() : Number(local);
  const part =
    hour < 5 ? 'Night' : hour < 12 ? 'Morning' : hour < 17 ? 'Afternoon' : hour < 21 ? 'Evening' : 'Night';
  return `${part} ${SPORT_WORDS[sport]}`;
}

/** An activity as its detail shows it: the summary, laps, zones, efforts, thresholds and the workout it completes. */
export async function activityDetail(
  db: Conn,
  workouts: Pick<WorkoutService, 'find'>,
  athleteId: string,
  row: repo.ActivityRow,
): Promise<ActivityDetail> {
  const streamTypes = await repo.streamTypes(db, athleteId, row.id);
  const workout = row.workoutId ? await workouts.find(db, athleteId, row.workoutId) : undefined;
  const thresholds = row.thresholds as Partial<ActivityDetail['thresholds']>;
  return {
    ...toSummary(row, streamTypes),
    description: row.description,
    gear: row.gear,
    laps: row.laps.map((lap) => ({
      index: lap.index,
      start_time: lap.startTime,
      elapsed_seconds: lap.elapsedSeconds,
      // Laps stored before timer time was kept had their timer time as moving time.
      timer_seconds: lap.timerSeconds ?? lap.movingSeconds,
      moving_seconds: lap.movingSeconds,
      distance_m: round1(lap.distanceM),
      ascent_m: round1(lap.ascentM),
      avg_hr: round1(lap.avgHr),
      max_hr: round1(lap.maxHr),
      avg_power: round1(lap.avgPower),
      max_power: round1(lap.maxPower),
      avg_speed_mps: lap.avgSpeedMps,
      max_speed_mps: lap.maxSpeedMps,
      avg_cadence: round1(lap.avgCadence),
      max_cadence: round1(lap.maxCadence),
      calories: lap.calories,
    })),
    zone_seconds: row.zoneSeconds as ActivityDetail['zone_seconds'],
    best_efforts: row.bestEfforts as ActivityDetail['best_efforts'],
    thresholds: {
      values: thresholds.values ?? {},
      defaults_used: thresholds.defaults_used ?? [],
      effective_from: thresholds.effective_from ?? null,
    },
    stream_types: [...streamTypes].sort(),
    rpe: row.rpe,
    note: row.note,
    matched_workout: workout
      ? {
          id: workout.id,
          title: workout.title,
          workout_date: workout.workoutDate,
          planned_duration_minutes: workout.durationMinutes,
          planned_tss: round1(workout.tss),
          planned_zone: workout.intensityZone,
          planned_intensity_factor: round3(plannedIntensityFactor(workout)),
          actual_duration_seconds: workout.actualDurationSeconds,
          actual_tss: round1(workout.actualTss),
          actual_intensity_factor: round3(row.intensityFactor),
          compliance: {
            duration_percent: workout.compliance?.durationPercent ?? null,
            tss_percent: workout.compliance?.tssPercent ?? null,
            intensity_percent: workout.compliance?.intensityPercent ?? null,
            zone_percent: workout.compliance?.zonePercent ?? null,
            percent: workout.compliance?.percent ?? 100,
          },
        }
      : null,
  };
}
