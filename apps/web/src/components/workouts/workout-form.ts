// The editor's form values and the pure rules that turn them into API bodies (docs/screens.md, "Workout editor and
// dialogs").
import type { Workout, WorkoutCreateRequest, WorkoutUpdateRequest } from '@stamina/contract';
import { addDays, type Sport, type Zone } from '@stamina/core';
import { SPORT_LABELS } from './format.ts';

export interface WorkoutFormValues {
  title: string;
  /** yyyy-MM-dd */
  date: string;
  sport: Sport | '';
  /** As typed in the numeric input; '' when not provided. */
  durationMinutes: string;
  /** '' or '1'..'5'. */
  zone: string;
  text: string;
}

/** The title a workout gets when the athlete gives none: 'Run Workout'. */
export function defaultTitle(sport: Sport): string {
  return `${SPORT_LABELS[sport]} Workout`;
}

/** Save is enabled only when title (trimmed), date and sport are non-empty and nothing is pending. */
export function canSave(values: WorkoutFormValues, pending: boolean): boolean {
  return values.title.trim() !== '' && values.date !== '' && values.sport !== '' && !pending;
}

/** An integer from a numeric input, or undefined when nothing (or nothing numeric) was typed. */
function optionalInteger(input: string): number | undefined {
  if (input.trim() === '') return undefined;
  const value = Number.parseInt(input, 10);
  return Number.isFinite(value) ? value : undefined;
}

function optionalZone(input: string): Zone | undefined {
  const value = optionalInteger(input);
  return value !== undefined && value >= 1 && value <= 5 ? (value as Zone) : undefined;
}

/** POST body: blank title becomes '<Sport> Workout'; duration, zone and text only when provided. */
export function buildCreateRequest(values: WorkoutFormValues & { sport: Sport }): WorkoutCreateRequest {
  const body: WorkoutCreateRequest = {
    title: values.title.trim() || defaultTitle(values.sport),
    workout_date: values.date,
    sport: values.sport,
  };
  const text = values.text.trim();
  if (text) body.workout_language_text = text;
  const duration = optionalInteger(values.durationMinutes);
  if (duration !== undefined) body.duration_minutes = duration;
  const zone = optionalZone(values.zone);
  if (zone !== undefined) body.intensity_zone = zone;
  return body;
}

/**
 * PUT body for an existing workout. The same rules as create, except that a cleared text, duration or
 * zone is sent as null so that the stored value is cleared rather than silently kept.
 */
export function buildUpdateRequest(values: WorkoutFormValues & { sport: Sport }): WorkoutUpdateRequest {
  const { workout_language_text, duration_minutes, intensity_zone, ...rest } = buildCreateRequest(values);
  return {
    ...rest,
    workout_language_text: workout_language_text ?? null,
    duration_minutes: duration_minutes ?? null,
    intensity_zone: intensity_zone ?? null,
  };
}

/** The form as an existing workout fills it. */
export function valuesFromWorkout(workout: Workout): WorkoutFormValues {
  return {
    title: workout.title,
    date: workout.workout_date,
    sport: workout.sport,
    durationMinutes: workout.duration_minutes === null ? '' : String(workout.duration_minutes),
    zone: workout.intensity_zone === null ? '' : String(workout.intensity_zone),
    text: workout.workout_language_text ?? '',
  };
}

/** How far ahead auto-schedule looks for a free day, the chosen day included. */
export const AUTO_SCHEDULE_DAYS = 14;

/** The first day from `date` on (within AUTO_SCHEDULE_DAYS) with no workout; `date` itself if none is free. */
export function firstFreeDate(date: string, taken: Iterable<string>): string {
  const busy = new Set(taken);
  for (let offset = 0; offset < AUTO_SCHEDULE_DAYS; offset++) {
    const candidate = addDays(date, offset);
    if (!busy.has(candidate)) return candidate;
  }
  return date;
}
