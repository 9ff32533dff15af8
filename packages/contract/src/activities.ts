// Recorded training: file import (FIT, GPX, TCX, gzip, zip), activities with their figures, 1 Hz streams,
// matching to planned workouts, and best-effort curves. The rules are in docs/activities.md.
import { RECORDED_SPORTS, SPORTS } from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';
import { ZRpe, ZSessionNote } from './workouts.ts';

/** Core's recorded sports (one home): yoga, rowing, hiking and xc_ski as the workouts have them. */
export const ACTIVITY_SPORTS = RECORDED_SPORTS;
export const ZActivitySport = z.enum(ACTIVITY_SPORTS);
export type ActivitySport = z.infer<typeof ZActivitySport>;

export const IMPORT_FILE_STATUSES = ['queued', 'processing', 'imported', 'duplicate', 'failed'] as const;
export const ZImportFileStatus = z.enum(IMPORT_FILE_STATUSES);
export type ImportFileStatus = z.infer<typeof ZImportFileStatus>;

export const ZImportFile = z.object({
  name: z.string(),
  status: ZImportFileStatus,
  /** Why a file failed or was a duplicate; null otherwise. */
  message: z.string().nullable(),
  /** The activity made (first leg of a multisport file), or the existing one a duplicate matches. */
  activity_id: z.string().nullable(),
  /** Every activity the file made (one per leg for a multisport file). */
  activity_ids: z.array(z.string()),
});
export type ImportFile = z.infer<typeof ZImportFile>;

/** The 202 answer of an upload, and the batch's status afterwards. */
export const ZImportBatch = z
  .object({
    batch_id: z.string(),
    /** True once no file is queued or processing. */
    done: z.boolean(),
    files: z.array(ZImportFile),
  })
  .meta({ id: 'ImportBatch' });
export type ImportBatch = z.infer<typeof ZImportBatch>;

export const ZImportBatchIdParam = z.object({ batchId: z.string().max(100) });
export const ZActivityIdParam = z.object({ id: z.string().max(100) });

const nullableNumber = z.number().nullable();

export const ZActivityLap = z.object({
  index: z.number().int(),
  start_time: z.string(),
  elapsed_seconds: z.number(),
  /** Seconds the device's timer ran (pauses left out); moving time is that less the stops. */
  timer_seconds: z.number(),
  moving_seconds: z.number(),
  distance_m: nullableNumber,
  ascent_m: nullableNumber,
  avg_hr: nullableNumber,
  max_hr: nullableNumber,
  avg_power: nullableNumber,
  max_power: nullableNumber,
  avg_speed_mps: nullableNumber,
  max_speed_mps: nullableNumber,
  avg_cadence: nullableNumber,
  max_cadence: nullableNumber,
  calories: nullableNumber,
});

/** The figures a list row and the detail page share. */
export const ZActivitySummary = z
  .object({
    id: z.string(),
    name: z.string(),
    sport: ZActivitySport,
    device_sport: z.string().nullable(),
    sub_sport: z.string().nullable(),
    device_name: z.string().nullable(),
    source: z.string(),
    /** UTC instant of the start, and the athlete's local calendar day of it. */
    start_time: z.string(),
    local_date: z.string(),
    elapsed_seconds: z.number(),
    /** Seconds the device's timer ran (pauses left out); moving time is that less the stops. */
    timer_seconds: z.number(),
    moving_seconds: z.number(),
    distance_m: nullableNumber,
    ascent_m: nullableNumber,
    avg_hr: nullableNumber,
    max_hr: nullableNumber,
    avg_power: nullableNumber,
    max_power: nullableNumber,
    avg_speed_mps: nullableNumber,
    max_speed_mps: nullableNumber,
    avg_cadence: nullableNumber,
    max_cadence: nullableNumber,
    calories: nullableNumber,
    tss: nullableNumber,
    /** e.g. 'power', 'hr_lthr', 'hr_trimp', 'run_pace', 'swim_css', 'none' (docs/activities.md). */
    tss_method: z.string().nullable(),
    intensity_factor: nullableNumber,
    normalized_power: nullableNumber,
    workout_id: z.string().nullable(),
    multisport_group_id: z.string().nullable(),
    leg_index: z.number().int().nullable(),
    has_gps: z.boolean(),
  })
  .meta({ id: 'ActivitySummary' });
export type ActivitySummary = z.infer<typeof ZActivitySummary>;

const ZFiveZones = z.array(z.number()).length(5);

export const ZActivityDetail = ZActivitySummary.extend({
  /** The description and gear an archive gave (Strava's activities.csv), or null. */
  description: z.string().nullable(),
  gear: z.string().nullable(),
  laps: z.array(ZActivityLap),
  /** Seconds in zones 1–5 per kind present in the recording. */
  zone_seconds: z.object({
    power: ZFiveZones.optional(),
    /** Seconds in Coggan's seven power levels (Active Recovery … Neuromuscular, docs/zones.md). */
    power_levels: z.array(z.number()).length(7).optional(),
    hr: ZFiveZones.optional(),
    pace: ZFiveZones.optional(),
  }),
  /** Power: '5s', '1min', '5min', '20min', '60min' → watts. Pace: '400m', '1km', '1mile', '5km', '10km', 'half_marathon', 'marathon' → seconds. */
  best_efforts: z.object({
    power: z.record(z.string(), z.number()).optional(),
    pace: z.record(z.string(), z.number()).optional(),
    /** A run's fastest 30 minutes: 'pace_30min' s/km and 'lthr_30min' bpm (docs/zones.md, "Estimates from recordings"). */
    threshold: z.record(z.string(), z.number()).optional(),
    /** The heart-rate curve, bpm per duration ('5s' … '120min'), for the analysis's bests. */
    heart_rate: z.record(z.string(), z.number()).optional(),
    /** A swim's pace curve, seconds per distance ('50m' … ), kept apart from the runs' pace. */
    swim_pace: z.record(z.string(), z.number()).optional(),
  }),
  /** The thresholds the training values used, and which of them were defaults. */
  thresholds: z.object({
    values: z.record(z.string(), z.number()),
    defaults_used: z.array(z.string()),
    effective_from: z.string().nullable(),
  }),
  /** The kinds of stream the activity has (for GET …/streams). */
  stream_types: z.array(z.string()),
  /** How hard it felt (session RPE, 1-10) and the athlete's note; without sensor data the RPE scores it. */
  rpe: z.number().int().min(1).max(10).nullable(),
  note: z.string().nullable(),
  /** The matched workout, planned against actual. */
  matched_workout: z
    .object({
      id: z.string(),
      title: z.string(),
      workout_date: z.string(),
      planned_duration_minutes: nullableNumber,
      planned_tss: nullableNumber,
      /** The workout's main zone on the app's 1–5 scale. */
      planned_zone: nullableNumber,
      /** The IF that gives the planned TSS over the planned duration. */
      planned_intensity_factor: nullableNumber,
      actual_duration_seconds: nullableNumber,
      actual_tss: nullableNumber,
      actual_intensity_factor: nullableNumber,
      /** Each part in whole percent, null when it cannot be compared (docs/activities.md, "Compliance"). */
      compliance: z.object({
        duration_percent: nullableNumber,
        tss_percent: nullableNumber,
        /** Actual IF against the planned IF (above 100: harder than planned). */
        intensity_percent: nullableNumber,
        /** Share of the zoned time at or below the planned zone (steady sessions, zones 1–3). */
        zone_percent: nullableNumber,
        /** The parts' agreement with the plan, averaged: 100 when everything went as planned. */
        percent: z.number(),
      }),
    })
    .nullable(),
}).meta({ id: 'ActivityDetail' });
export type ActivityDetail = z.infer<typeof ZActivityDetail>;

export const ZActivityListQuery = z.object({
  sport: ZActivitySport.optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  /** Distance range, metres, both included (an activity without a distance is left out when either is set). */
  min_distance_m: z.coerce.number().min(0).max(10_000_000).optional(),
  max_distance_m: z.coerce.number().min(0).max(10_000_000).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZActivityList = z
  .object({
    items: z.array(ZActivitySummary),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'ActivityList' });
export type ActivityList = z.infer<typeof ZActivityList>;

export const STREAM_TYPES = [
  'time',
  'power',
  'heart_rate',
  'cadence',
  'speed',
  'distance',
  'altitude',
  'lat',
  'lng',
  'temperature',
] as const;
export const ZStreamType = z.enum(STREAM_TYPES);
export type StreamType = z.infer<typeof ZStreamType>;

/** `types`: a comma-separated list of stream types (default: all the activity has). */
export const ZActivityStreamsQuery = z.object({ types: z.string().max(200).optional() });

/**
 * 1 Hz streams: index i is second i of elapsed time from the start. A missing sample (a pause, a dropout)
 * is null. `time` is seconds from the start.
 */
export const ZActivityStreams = z
  .object({
    sample_count: z.number().int(),
    streams: z.record(z.string(), z.array(z.number().nullable())),
  })
  .meta({ id: 'ActivityStreams' });
export type ActivityStreams = z.infer<typeof ZActivityStreams>;

/** Match to another planned workout (by id), or unmatch (null; also when workout_id is left out). */
export const ZActivityMatchRequest = z.object({ workout_id: z.string().max(100).nullable().default(null) });

/**
 * The sports an athlete can give a recorded activity (docs/activities.md, "Changing the sport"): every recorded
 * sport but brick, which only a multisport recording is; the workouts' sports (core SPORTS).
 */
export const ACTIVITY_EDIT_SPORTS = SPORTS;
export const ZActivityEditSport = z.enum(ACTIVITY_EDIT_SPORTS);
export type ActivityEditSport = z.infer<typeof ZActivityEditSport>;

/**
 * Rename, change the sport (its figures, load and match are computed again), log how it felt (RPE, a note;
 * null clears one), or several at once; at least one. An RPE scores an activity without power, pace or heart
 * rate (docs/training-load.md, "Logged sessions").
 */
export const ZActivityUpdateRequest = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    sport: ZActivityEditSport.optional(),
    rpe: ZRpe.nullable().optional(),
    note: ZSessionNote.nullable().optional(),
  })
  .refine(
    (body) => Object.values(body).some((v) => v !== undefined),
    'Send a name, a sport, an RPE or a note',
  );
export type ActivityUpdateRequest = z.infer<typeof ZActivityUpdateRequest>;

export const ZCurveQuery = z.object({
  type: z.enum(['power', 'pace']),
  /** 'week', 'month', '3months', 'year' or 'all' (default '3months'). */
  period: z.enum(['week', 'month', '3months', 'year', 'all']).default('3months'),
});

/** Best effort per duration (power, watts) or per distance (pace, seconds), with the activity that set it. */
export const ZCurve = z
  .object({
    type: z.enum(['power', 'pace']),
    period: z.string(),
    points: z.array(
      z.object({
        /** Seconds (power) or metres (pace). */
        x: z.number(),
        label: z.string(),
        /** Watts (power) or seconds for the distance (pace). */
        value: z.number(),
        activity_id: z.string(),
        date: z.string(),
      }),
    ),
  })
  .meta({ id: 'Curve' });
export type Curve = z.infer<typeof ZCurve>;

const ZBestAt = z.object({ value: z.number(), activity_id: z.string(), date: z.string() }).nullable();
/** One point of an activity's curve, beside the athlete's best over the 42 days up to its day and ever. */
const ZAnalysisCurvePoint = z.object({
  key: z.string(),
  /** Seconds (power, heart rate) or metres (pace). */
  x: z.number(),
  /** Watts, bpm, or seconds to cover the distance. */
  value: z.number(),
  /** The athlete's stored best efforts at this point (power and run pace only; null where none is kept). */
  best_42d: ZBestAt,
  best_all_time: ZBestAt,
});

export const ZActivityInterval = z.object({
  kind: z.enum(['lap', 'effort']),
  /** Seconds from the start (elapsed), first included, last excluded. */
  start_second: z.number().int(),
  end_second: z.number().int(),
  duration_seconds: z.number(),
  distance_m: nullableNumber,
  avg_power: nullableNumber,
  normalized_power: nullableNumber,
  avg_hr: nullableNumber,
  max_hr: nullableNumber,
  avg_speed_mps: nullableNumber,
  zone: z.number().int().nullable(),
  /** What the zone is of: the average power, the average pace or the average heart rate. */
  zone_basis: z.enum(['power', 'pace', 'hr']).nullable(),
});
export type ActivityInterval = z.infer<typeof ZActivityInterval>;

/** docs/activities.md, "Analysis" and "Intervals". */
export const ZActivityAnalysis = z
  .object({
    activity_id: z.string(),
    curves: z.object({
      power: z.array(ZAnalysisCurvePoint),
      heart_rate: z.array(ZAnalysisCurvePoint),
      pace: z.array(ZAnalysisCurvePoint),
    }),
    /** The body weight used for W/kg: the latest on or before the activity's day (wellness), with its day. */
    weight_kg: nullableNumber,
    weight_date: z.string().nullable(),
    kilojoules: nullableNumber,
    watts_per_kg: nullableNumber,
    np_watts_per_kg: nullableNumber,
    variability_index: nullableNumber,
    efficiency_factor: nullableNumber,
    /** 'power': NP ÷ average HR; 'speed': metres per minute ÷ average HR. */
    efficiency_basis: z.enum(['power', 'speed']).nullable(),
    /** Pa:HR (Pw:HR): (first half EF − second half EF) ÷ first half EF, %. Under 5 %: coupled. */
    decoupling_percent: nullableNumber,
    first_half_ef: nullableNumber,
    second_half_ef: nullableNumber,
    /** Laps, then the efforts found in the stream, each with its own figures. */
    intervals: z.array(ZActivityInterval),
    /** The rule that found the efforts, in words (its line, smoothing, merge gap and shortest effort). */
    effort_rule: z.string(),
  })
  .meta({ id: 'ActivityAnalysis' });
export type ActivityAnalysis = z.infer<typeof ZActivityAnalysis>;
