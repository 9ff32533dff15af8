// The workout answers (the contract's shapes of a stored workout), the stress of a structure and the
// precondition errors: the pure side of service.ts, split from it along that seam (docs/workouts.md).
import type { TrainingWorkout, Workout } from '@stamina/contract';
import {
  loggedWorkoutTss,
  type ParsedWorkout,
  roundTo,
  type Sport,
  workoutTss,
  type ZoneDistribution,
} from '@stamina/core';
import { AppError } from '../../lib/errors.ts';
import type * as repo from './repository.ts';

/** The calendar range is at most 366 days; this leaves room for several workouts a day. */
export const CALENDAR_MAX_EVENTS = 1000;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toTrainingWorkout(row: repo.WorkoutRow): TrainingWorkout {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    intensity: row.intensityZone as TrainingWorkout['intensity'],
    duration: row.durationMinutes,
    target_heart_rate_min: row.targetHeartRateMin,
    target_heart_rate_max: row.targetHeartRateMax,
    sport: row.sport as TrainingWorkout['sport'],
    plan_id: row.planId,
    workout_date: row.workoutDate,
    status: row.status as TrainingWorkout['status'],
    ...loggedAnswer(row),
  };
}

type LoggedRow = Pick<
  repo.WorkoutRow,
  'actualDurationSeconds' | 'actualDistanceM' | 'actualTss' | 'rpe' | 'note'
>;

/** What was done, as both workout answers show it. */
function loggedAnswer(row: LoggedRow) {
  return {
    actual_duration_minutes:
      row.actualDurationSeconds === null ? null : roundTo(row.actualDurationSeconds / 60, 1),
    actual_distance_meters: row.actualDistanceM === null ? null : roundTo(row.actualDistanceM, 1),
    actual_tss: row.actualTss === null ? null : roundTo(row.actualTss, 1),
    rpe: row.rpe,
    note: row.note,
  };
}

/** The logged fields of a request (undefined: unchanged, null: cleared) as column changes. */
export function loggedChanges(body: {
  actual_duration_minutes?: number | null | undefined;
  actual_distance_meters?: number | null | undefined;
  rpe?: number | null | undefined;
  note?: string | null | undefined;
}): Partial<repo.WorkoutInsert> {
  const changes: Partial<repo.WorkoutInsert> = {};
  const minutes = body.actual_duration_minutes;
  if (minutes !== undefined)
    changes.actualDurationSeconds = minutes === null ? null : Math.round(minutes * 60);
  if (body.actual_distance_meters !== undefined) changes.actualDistanceM = body.actual_distance_meters;
  if (body.rpe !== undefined) changes.rpe = body.rpe;
  if (body.note !== undefined) changes.note = body.note === '' ? null : body.note;
  return changes;
}

export function toWorkout(row: repo.WorkoutAnswerRow): Workout {
  return {
    id: row.id,
    title: row.title,
    workout_date: row.workoutDate,
    sport: row.sport as Workout['sport'],
    workout_language_text: row.workoutLanguageText,
    duration_minutes: row.durationMinutes,
    intensity_zone: row.intensityZone as Workout['intensity_zone'],
    plan_id: row.planId,
    template_id: row.templateId,
    status: row.status as Workout['status'],
    workout_data: row.workoutData,
    workout_structure: (row.workoutStructure as Workout['workout_structure']) ?? null,
    tss: row.tss === null ? null : roundTo(row.tss, 1),
    ...loggedAnswer(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The structure kept with a workout: the parse result without the per-text details. */
export function structureOf(parsed: ParsedWorkout): Record<string, unknown> {
  return {
    warmup_intervals: parsed.warmup_intervals,
    main_intervals: parsed.main_intervals,
    cooldown_intervals: parsed.cooldown_intervals,
    total_duration_estimated: parsed.total_duration_estimated,
    zone_distribution: parsed.zone_distribution,
  };
}

/** A workout's training stress (local TSS), from its parsed structure or its duration and zone. */
export function tssOf(
  values: Pick<repo.WorkoutInsert, 'sport' | 'durationMinutes' | 'intensityZone' | 'workoutStructure'>,
) {
  const structure = values.workoutStructure as { zone_distribution?: ZoneDistribution } | null | undefined;
  return workoutTss({
    sport: values.sport as Sport,
    duration_minutes: values.durationMinutes ?? null,
    intensity_zone: values.intensityZone ?? null,
    zone_distribution: structure?.zone_distribution ?? null,
  });
}

/**
 * The TSS of a workout done by hand, from what was logged (docs/training-load.md, "Logged sessions"): null when
 * nothing was, so the planned TSS counts.
 */
export function loggedTss(
  row: Pick<
    repo.WorkoutInsert,
    'sport' | 'durationMinutes' | 'intensityZone' | 'workoutStructure' | 'actualDurationSeconds' | 'rpe'
  >,
) {
  const structure = row.workoutStructure as { zone_distribution?: ZoneDistribution } | null | undefined;
  return loggedWorkoutTss(
    {
      sport: row.sport,
      duration_minutes: row.durationMinutes ?? null,
      intensity_zone: row.intensityZone ?? null,
      zone_distribution: structure?.zone_distribution ?? null,
    },
    {
      duration_minutes: row.actualDurationSeconds == null ? null : row.actualDurationSeconds / 60,
      rpe: row.rpe ?? null,
    },
  );
}

/** docs/offline.md, "Conflicts": a write whose copy of the workout is older than the workout. */
/** An `If-Match: *` on a workout that does not exist (docs/offline.md, "Conflicts"). */
export function gone() {
  return new AppError(
    'PRECONDITION_FAILED',
    'This workout no longer exists, so your change was not applied. Reload your calendar.',
    { updated_at: null },
  );
}

export function changedSince(current: Pick<repo.WorkoutRow, 'updatedAt'>) {
  return new AppError(
    'PRECONDITION_FAILED',
    'This workout was changed after your copy of it, so your change was not applied. Reload it and try again.',
    { updated_at: current.updatedAt.toISOString() },
  );
}
