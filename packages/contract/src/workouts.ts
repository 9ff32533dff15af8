// Schemas of the workout-planning API (docs/workout-parser.md, "How it is built: parser and store") and the Training API's
// workout calls.
import { SPORTS } from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';

/** Every sport a workout can be: core's list (docs/training-load.md, "Sports scored by effort"). */
export const ZSport = z.enum(SPORTS, { error: `sport must be one of ${SPORTS.join(', ')}` });
export type WorkoutSport = z.infer<typeof ZSport>;
export const ZWorkoutStatus = z.enum(['planned', 'completed', 'skipped'], {
  error: 'status must be planned, completed or skipped',
});
const ZZone = z.number().int().min(1).max(5);

export const ZIntervalTargets = z
  .object({
    heart_rate_min: z.number().optional(),
    heart_rate_max: z.number().optional(),
    power_watts: z.number().optional(),
    power_watts_max: z.number().optional(),
    power_percent_ftp: z.number().optional().describe('Power as % of FTP, as written or imported'),
    power_percent_ftp_max: z.number().optional(),
    ramp_to_percent_ftp: z.number().optional().describe('A ramp ends at this % of FTP'),
    pace_per_km_seconds: z.number().optional(),
    pace_per_100m_seconds: z.number().optional(),
    cadence_rpm: z.number().optional(),
    cadence_spm: z.number().optional(),
    rpe: z.number().optional(),
  })
  .meta({ id: 'IntervalTargets' });

export const ZInterval = z
  .object({
    name: z.string(),
    duration_seconds: z.number().min(0),
    repetitions: z.number().int().min(1),
    rest_duration_seconds: z.number().min(0),
    zone: ZZone,
    targets: ZIntervalTargets,
    isRest: z.boolean(),
    phase: z.enum(['warmup', 'main', 'cooldown']),
    distance_meters: z.number().min(0).optional(),
    zone_source: z
      .object({
        kind: z.enum(['target', 'word', 'default', 'recovery']),
        why: z.string().max(200),
      })
      .optional()
      .describe(
        "Why the step is in its zone: a target it carries ('250 W = 100% FTP'), a word written for it, the default, or its place in a set (a recovery)",
      ),
  })
  .meta({ id: 'Interval' });

export const ZZoneDistribution = z.object({
  zone_1: z.number(),
  zone_2: z.number(),
  zone_3: z.number(),
  zone_4: z.number(),
  zone_5: z.number(),
});

export const ZParsedWorkout = z
  .object({
    intervals: z.array(ZInterval),
    warmup_intervals: z.array(ZInterval),
    main_intervals: z.array(ZInterval),
    cooldown_intervals: z.array(ZInterval),
    total_duration_estimated: z.number(),
    zone_distribution: ZZoneDistribution,
    parsing_confidence: z.number().min(0).max(1),
    warnings: z.array(
      z.object({ message: z.string(), start: z.number(), end: z.number(), text: z.string() }),
    ),
  })
  .meta({ id: 'ParsedWorkout' });

/** Text longer than this answers 413. */
export const WORKOUT_TEXT_MAX_LENGTH = 10_000;

export const ZParseWorkoutRequest = z.object({
  workout_text: z.string({ error: 'workout_text is required' }),
  sport: ZSport,
  calculate_zones: z.boolean().default(true),
  /** The day the workout is for: the athlete's thresholds in force that day are used (default: today). */
  workout_date: ZIsoDate.optional(),
});

/** The stored structure: the parse result without the per-text warnings. */
export const ZWorkoutStructure = z.object({
  warmup_intervals: z.array(ZInterval),
  main_intervals: z.array(ZInterval),
  cooldown_intervals: z.array(ZInterval),
  total_duration_estimated: z.number(),
  zone_distribution: ZZoneDistribution,
});

export const ZWorkout = z
  .object({
    id: z.uuid(),
    title: z.string(),
    workout_date: z.string(),
    sport: ZSport,
    workout_language_text: z.string().nullable(),
    duration_minutes: z.number().int().nullable(),
    intensity_zone: ZZone.nullable(),
    plan_id: z.uuid().nullable(),
    template_id: z.uuid().nullable(),
    status: ZWorkoutStatus,
    workout_data: z.record(z.string(), z.unknown()),
    workout_structure: ZWorkoutStructure.nullable(),
    tss: z
      .number()
      .nullable()
      .describe('Training stress score (local TSS); counted in the load once completed'),
    actual_duration_minutes: z
      .number()
      .nullable()
      .describe('Minutes actually trained: logged when marked done, or from the recording that completed it'),
    actual_distance_meters: z.number().nullable().describe('Distance logged when marked done'),
    actual_tss: z
      .number()
      .nullable()
      .describe(
        'TSS of what was done; counted in the load instead of the planned TSS (docs/training-load.md)',
      ),
    rpe: z.number().int().min(1).max(10).nullable().describe('How hard it felt: session RPE, 1-10'),
    note: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Workout' });
export type Workout = z.infer<typeof ZWorkout>;

const ZTitle = z.string().trim().min(1, 'title is required').max(200, 'title must be at most 200 characters');
const ZDuration = z
  .number()
  .int('duration_minutes must be a whole number')
  .min(0)
  .max(24 * 60);
const ZWorkoutData = z
  .record(z.string(), z.unknown())
  .refine(
    (data) => jsonLengthAtMost(data, 20_000),
    'workout_data is too large or too deeply nested (at most 20,000 characters as JSON)',
  );

/** Whether `value` written as JSON fits in `max` characters; a value too deep to write does not fit. */
function jsonLengthAtMost(value: unknown, max: number): boolean {
  try {
    return JSON.stringify(value).length <= max;
  } catch {
    return false;
  }
}
/** Session RPE: how hard the whole session felt, 1 (very easy) to 10 (maximal) (docs/training-load.md). */
export const ZRpe = z
  .number()
  .int('rpe must be a whole number from 1 to 10')
  .min(1, 'rpe must be from 1 to 10')
  .max(10, 'rpe must be from 1 to 10');
export const SESSION_NOTE_MAX_LENGTH = 2000;
export const ZSessionNote = z
  .string()
  .trim()
  .max(SESSION_NOTE_MAX_LENGTH, `The note is limited to ${SESSION_NOTE_MAX_LENGTH} characters`);
const ZActualDuration = z
  .number()
  .int('actual_duration_minutes must be a whole number')
  .min(1, 'actual_duration_minutes must be at least 1')
  .max(24 * 60);
const ZActualDistance = z.number().min(0).max(1_000_000, 'actual_distance_meters must be at most 1,000 km');

/** What was done, logged by hand: each optional, and null clears one (on an update). */
const loggedFields = {
  actual_duration_minutes: ZActualDuration.nullable().optional(),
  actual_distance_meters: ZActualDistance.nullable().optional(),
  rpe: ZRpe.nullable().optional(),
  note: ZSessionNote.nullable().optional(),
};

/**
 * "Mark done" without a recording: what was actually done, all optional (docs/training-load.md, "Logged
 * sessions"). These figures, not the planned ones, feed the load.
 */
export const ZWorkoutCompleteRequest = z
  .object({
    actual_duration_minutes: ZActualDuration.optional(),
    actual_distance_meters: ZActualDistance.optional(),
    rpe: ZRpe.optional(),
    note: ZSessionNote.optional(),
  })
  .strict();
export type WorkoutCompleteRequest = z.input<typeof ZWorkoutCompleteRequest>;

const ZText = z
  .string()
  .max(WORKOUT_TEXT_MAX_LENGTH, `Workout text is limited to ${WORKOUT_TEXT_MAX_LENGTH} characters`);

export const ZWorkoutCreateRequest = z
  .object({
    title: ZTitle,
    workout_date: ZIsoDate,
    sport: ZSport,
    workout_language_text: ZText.optional(),
    duration_minutes: ZDuration.optional(),
    intensity_zone: ZZone.optional(),
    plan_id: z.uuid().nullable().optional(),
    template_id: z.uuid().nullable().optional(),
    status: ZWorkoutStatus.optional(),
    workout_data: ZWorkoutData.optional(),
  })
  .strict();
export type WorkoutCreateRequest = z.input<typeof ZWorkoutCreateRequest>;

export const ZWorkoutUpdateRequest = z
  .object({
    title: ZTitle.optional(),
    workout_date: ZIsoDate.optional(),
    sport: ZSport.optional(),
    workout_language_text: ZText.nullable().optional(),
    duration_minutes: ZDuration.nullable().optional(),
    intensity_zone: ZZone.nullable().optional(),
    plan_id: z.uuid().nullable().optional(),
    template_id: z.uuid().nullable().optional(),
    status: ZWorkoutStatus.optional(),
    workout_data: ZWorkoutData.optional(),
    ...loggedFields,
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to update');
export type WorkoutUpdateRequest = z.input<typeof ZWorkoutUpdateRequest>;

export const ZWorkoutListQuery = z
  .object({
    plan_id: z.uuid().optional(),
    sport: ZSport.optional(),
    date_from: ZIsoDate.optional(),
    date_to: ZIsoDate.optional(),
    status: ZWorkoutStatus.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be at least 1')
      .max(500, 'limit must be at most 500')
      .default(100),
  })
  .refine(
    (q) => !q.date_from || !q.date_to || q.date_from <= q.date_to,
    'date_from must not be after date_to',
  );

export const ZCalendarQuery = z
  .object({
    date_from: ZIsoDate,
    date_to: ZIsoDate,
    event_type: z.enum(['workout']).optional(),
  })
  .refine((q) => q.date_from <= q.date_to, 'date_from must not be after date_to')
  .refine(
    (q) => (Date.parse(q.date_to) - Date.parse(q.date_from)) / 86_400_000 <= 366,
    'The calendar range is limited to 366 days',
  );

export const ZCalendarEvent = z
  .object({
    id: z.uuid(),
    event_date: z.string(),
    event_type: z.literal('workout'),
    title: z.string(),
    sport: ZSport,
    status: ZWorkoutStatus,
    duration_minutes: z.number().int().nullable(),
    intensity_zone: ZZone.nullable(),
    /** The recorded activity that completed this workout, if any (docs/activities.md, "Matching"). */
    activity_id: z.string().nullable(),
    workout: ZWorkout,
  })
  .meta({ id: 'CalendarEvent' });

// Any string: an id that is not a UUID simply names no workout (404), like another athlete's id.
export const ZWorkoutIdParam = z.object({ workoutId: z.string().max(100) });

// The Training API's view of the same workouts (docs/workout-parser.md, "How it is built: parser and store": intensity 1-5,
// duration in minutes).
export const ZTrainingWorkout = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    intensity: ZZone.nullable(),
    duration: z.number().int().nullable(),
    target_heart_rate_min: z.number().int().nullable(),
    target_heart_rate_max: z.number().int().nullable(),
    sport: ZSport,
    plan_id: z.uuid().nullable(),
    workout_date: z.string(),
    status: ZWorkoutStatus,
    actual_duration_minutes: z
      .number()
      .nullable()
      .describe('Minutes actually trained: logged when marked done, or from the recording that completed it'),
    actual_distance_meters: z.number().nullable().describe('Distance logged when marked done'),
    actual_tss: z
      .number()
      .nullable()
      .describe(
        'TSS of what was done; counted in the load instead of the planned TSS (docs/training-load.md)',
      ),
    rpe: z.number().int().min(1).max(10).nullable().describe('How hard it felt: session RPE, 1-10'),
    note: z.string().nullable(),
  })
  .meta({ id: 'TrainingWorkout' });
export type TrainingWorkout = z.infer<typeof ZTrainingWorkout>;

const ZHeartRate = z.number().int().min(30).max(250);

export const ZTrainingWorkoutCreateRequest = z
  .object({
    title: ZTitle,
    description: z.string().max(5000).nullable().optional(),
    intensity: ZZone.optional(),
    duration: ZDuration.optional(),
    target_heart_rate_min: ZHeartRate.optional(),
    target_heart_rate_max: ZHeartRate.optional(),
    sport: ZSport,
    plan_id: z.uuid().nullable().optional(),
    workout_date: ZIsoDate.optional(),
  })
  .strict()
  .refine(
    (b) =>
      !b.target_heart_rate_min ||
      !b.target_heart_rate_max ||
      b.target_heart_rate_min <= b.target_heart_rate_max,
    'target_heart_rate_min must not exceed target_heart_rate_max',
  );
export type TrainingWorkoutCreateRequest = z.input<typeof ZTrainingWorkoutCreateRequest>;

export const ZTrainingWorkoutUpdateRequest = z
  .object({
    title: ZTitle.optional(),
    description: z.string().max(5000).nullable().optional(),
    intensity: ZZone.nullable().optional(),
    duration: ZDuration.nullable().optional(),
    target_heart_rate_min: ZHeartRate.nullable().optional(),
    target_heart_rate_max: ZHeartRate.nullable().optional(),
    sport: ZSport.optional(),
    plan_id: z.uuid().nullable().optional(),
    workout_date: ZIsoDate.optional(),
    status: ZWorkoutStatus.optional(),
    ...loggedFields,
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to update');
export type TrainingWorkoutUpdateRequest = z.input<typeof ZTrainingWorkoutUpdateRequest>;

export const ZTrainingWorkoutListQuery = z.object({
  plan_id: z.uuid().optional(),
  /** The days to list, both included (the Journey page reads its plan's week). */
  date_from: ZIsoDate.optional(),
  date_to: ZIsoDate.optional(),
});

// Workout files: export and import as .zwo, .fit, .mrc or .erg (docs/workout-parser.md, "Workout files").
export const WORKOUT_FILE_FORMATS = ['zwo', 'fit', 'mrc', 'erg'] as const;
export type WorkoutFileFormat = (typeof WORKOUT_FILE_FORMATS)[number];
export const WORKOUT_IMPORT_FORMATS = ['zwo', 'mrc', 'erg', 'fit'] as const;
/** The sports each file format can describe. */
export const WORKOUT_FILE_SPORTS: Record<WorkoutFileFormat, readonly WorkoutSport[]> = {
  zwo: ['bike', 'run'],
  fit: ['run', 'bike', 'swim', 'strength'],
  mrc: ['bike'],
  erg: ['bike'],
};
export const WORKOUT_FILE_FORMAT_NAMES: Record<WorkoutFileFormat, string> = {
  zwo: 'Zwift .zwo',
  fit: 'Garmin FIT',
  mrc: '.mrc',
  erg: '.erg',
};
/** An uploaded workout file larger than this answers 413. */
export const WORKOUT_FILE_MAX_BYTES = 1024 * 1024;

export const ZWorkoutFileFormat = z.enum(WORKOUT_FILE_FORMATS, {
  error: 'format must be zwo, fit, mrc or erg',
});

export const ZWorkoutExportQuery = z.object({
  format: ZWorkoutFileFormat,
  /** FTP for power in the file; without it, zones are written at their typical %FTP (and .erg assumes 200 W). */
  ftp_watts: z.coerce
    .number()
    .int('ftp_watts must be a whole number')
    .min(50, 'ftp_watts must be at least 50')
    .max(2000, 'ftp_watts must be at most 2000')
    .optional(),
  /** A swim's pool length in metres for a .fit file (default 25): its steps are whole lengths of it. */
  pool_length_m: z.coerce
    .number()
    .min(10, 'pool_length_m must be at least 10')
    .max(100, 'pool_length_m must be at most 100')
    .optional(),
});
export type WorkoutExportQuery = z.infer<typeof ZWorkoutExportQuery>;

/** The form fields of a workout-file upload (multipart/form-data, beside the file itself). */
export const ZWorkoutImportFields = z
  .object({
    workout_date: ZIsoDate,
    title: ZTitle.optional(),
  })
  .strict();
export type WorkoutImportFields = z.infer<typeof ZWorkoutImportFields>;
export type CalendarEvent = z.infer<typeof ZCalendarEvent>;
