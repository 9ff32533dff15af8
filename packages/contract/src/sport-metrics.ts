// The athlete's thresholds (with a dated history) and training zones: Settings → Metrics & Zones, and every
// parse, TSS and time-in-zone figure. The rules are in docs/zones.md.
import { THRESHOLD_SPORTS, ZONE_KINDS } from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';

/** Sports with their own thresholds. `triathlon` reads and writes the same values (docs/zones.md). */
export const ZThresholdSport = z.enum(THRESHOLD_SPORTS);
export type ThresholdSport = z.infer<typeof ZThresholdSport>;
export const ZSportMetricsSport = z.enum([...THRESHOLD_SPORTS, 'triathlon']);
export type SportMetricsSport = z.infer<typeof ZSportMetricsSport>;

const hr = z.number().int().min(30).max(260).nullable();
const watts = (max: number) => z.number().int().min(20).max(max).nullable();
/** Paces and swim times are whole seconds: run per km (2:00 to 30:00), swim per 100 m (0:40 to 10:00). */
const runPace = z.number().int().min(120).max(1800).nullable();
const swimPace = z.number().int().min(40).max(600).nullable();

export const ZRunningMetrics = z.object({
  threshold_pace_seconds_per_km: runPace,
  max_hr: hr,
  resting_hr: hr,
  lthr: hr,
});
export const ZCyclingMetrics = z.object({
  ftp_watts: watts(3000),
  max_hr: hr,
  resting_hr: hr,
  lthr: hr,
  /** Best 5-second power. */
  max_power_watts: watts(5000),
});
export const ZSwimmingMetrics = z.object({
  css_seconds_per_100m: swimPace,
  threshold_100_seconds: swimPace,
  max_hr: hr,
});
/** The combined set, as the triathlon tab shows it: each value is the one of its own sport. */
export const ZTriathlonMetrics = z.object({
  run_threshold_pace_seconds_per_km: runPace,
  ftp_watts: watts(3000),
  css_seconds_per_100m: swimPace,
  run_max_hr: hr,
  bike_max_hr: hr,
  swim_max_hr: hr,
});

const dated = <T extends z.ZodRawShape>(values: z.ZodObject<T>) =>
  z.object({
    /** The day the values in force today took effect; null when the athlete has entered none. */
    effective_from: ZIsoDate.nullable(),
    values,
  });

/** Which metrics the athlete tracks (the page's toggles); read and saved with the athlete profile (/athletes/me). */
export const ZTrackedMetrics = z.object({
  heart_rate: z.boolean(),
  pace: z.boolean(),
  power: z.boolean(),
  hrv: z.boolean(),
  sleep: z.boolean(),
  fatigue: z.boolean(),
  rpe: z.boolean(),
});

export const ZSportMetricsHistoryEntry = z.object({
  sport: ZThresholdSport,
  effective_from: ZIsoDate,
  values: z.union([ZRunningMetrics, ZCyclingMetrics, ZSwimmingMetrics]),
});

export const ZSportMetrics = z
  .object({
    running: dated(ZRunningMetrics),
    cycling: dated(ZCyclingMetrics),
    swimming: dated(ZSwimmingMetrics),
    triathlon: dated(ZTriathlonMetrics),
    /** Every dated entry, newest first. */
    history: z.array(ZSportMetricsHistoryEntry),
    /** The values used where the athlete has none (docs/zones.md, "Defaults"). */
    defaults: z.object({
      ftp_watts: z.number(),
      threshold_pace_seconds_per_km: z.number(),
      css_seconds_per_100m: z.number(),
      max_hr: z.number(),
    }),
  })
  .meta({ id: 'SportMetrics' });
export type SportMetrics = z.infer<typeof ZSportMetrics>;

/** Saving one sport's values (all of them: a null clears one), from `effective_from` (default: today). */
export const ZSportMetricsUpdateRequest = z.discriminatedUnion('sport', [
  z.object({ sport: z.literal('running'), effective_from: ZIsoDate.optional(), values: ZRunningMetrics }),
  z.object({ sport: z.literal('cycling'), effective_from: ZIsoDate.optional(), values: ZCyclingMetrics }),
  z.object({ sport: z.literal('swimming'), effective_from: ZIsoDate.optional(), values: ZSwimmingMetrics }),
  z.object({ sport: z.literal('triathlon'), effective_from: ZIsoDate.optional(), values: ZTriathlonMetrics }),
]);
export type SportMetricsUpdateRequest = z.infer<typeof ZSportMetricsUpdateRequest>;

/** A planned workout whose zone a threshold change re-labelled (it was re-parsed). */
export const ZRelabelledWorkout = z.object({
  id: z.string(),
  title: z.string(),
  workout_date: z.string(),
  from_zone: z.number().int().min(1).max(5).nullable(),
  to_zone: z.number().int().min(1).max(5).nullable(),
});
export type RelabelledWorkout = z.infer<typeof ZRelabelledWorkout>;

export const ZSportMetricsSaved = ZSportMetrics.extend({
  relabelled_workouts: z.array(ZRelabelledWorkout),
}).meta({ id: 'SportMetricsSaved' });
export type SportMetricsSaved = z.infer<typeof ZSportMetricsSaved>;

// Zones ----------------------------------------------------------------------------------------------------

export const ZZoneKind = z.enum(ZONE_KINDS);
export type ZoneKind = z.infer<typeof ZZoneKind>;
/** The tables each sport has: running hr + pace, cycling power + hr, swimming pace + hr. */
export const SPORT_ZONE_KINDS = {
  running: ['hr', 'pace'],
  cycling: ['power', 'hr'],
  swimming: ['pace', 'hr'],
} as const satisfies Record<ThresholdSport, readonly ZoneKind[]>;

/** One zone with inclusive integer bounds in its table's unit. Pace zones run from slow (zone 1) to fast. */
export const ZZoneRange = z.object({
  zone: z.number().int().min(1).max(5),
  min: z.number().int(),
  max: z.number().int(),
});

export const ZZoneMethod = z.enum([
  'coggan',
  'friel',
  'karvonen',
  'max_hr',
  'threshold_pace',
  'css',
  'custom',
]);

export const ZZoneTable = z.object({
  sport: ZThresholdSport,
  kind: ZZoneKind,
  /** watts, bpm, seconds per km (run pace) or seconds per 100 m (swim pace). */
  unit: z.enum(['watts', 'bpm', 'sec_per_km', 'sec_per_100m']),
  auto_calculate: z.boolean(),
  /** How the zones were derived ('custom' when the athlete edited them). */
  method: ZZoneMethod,
  /** True when the threshold behind them is a default, not the athlete's. */
  from_defaults: z.boolean(),
  zones: z.array(ZZoneRange).length(5),
  /**
   * Power tables only: Coggan's seven levels by name from the FTP in force (watts, inclusive; level 7 has no
   * top), shown beside the app's five zones; not editable (docs/zones.md, "Coggan's seven power levels").
   */
  levels: z
    .array(
      z.object({
        level: z.number().int().min(1).max(7),
        name: z.string(),
        min: z.number().int(),
        max: z.number().int().nullable(),
      }),
    )
    .length(7)
    .optional(),
});
export type ZoneTable = z.infer<typeof ZZoneTable>;

export const ZAthleteZones = z.object({ tables: z.array(ZZoneTable) }).meta({ id: 'AthleteZones' });
export type AthleteZones = z.infer<typeof ZAthleteZones>;

/** The tables after a save, and the planned workouts whose zone the edited tables changed (re-parsed). */
export const ZAthleteZonesSaved = ZAthleteZones.extend({
  relabelled_workouts: z.array(ZRelabelledWorkout),
}).meta({ id: 'AthleteZonesSaved' });
export type AthleteZonesSaved = z.infer<typeof ZAthleteZonesSaved>;

/**
 * Saving zone tables: each names its sport and kind. With auto_calculate on, `zones` is ignored (and may be
 * left out); with it off, `zones` is required and validated: integers, rising, not overlapping (docs/zones.md).
 */
export const ZZonesUpdateRequest = z.object({
  tables: z
    .array(
      z.object({
        sport: ZThresholdSport,
        kind: ZZoneKind,
        auto_calculate: z.boolean(),
        zones: z.array(ZZoneRange).length(5).optional(),
      }),
    )
    .min(1)
    .max(6),
});
export type ZonesUpdateRequest = z.infer<typeof ZZonesUpdateRequest>;

// Estimates from recordings (docs/zones.md, "Estimates from recordings") ---------------------------------

export const ZEstimatedKey = z.enum(['ftp_watts', 'threshold_pace_seconds_per_km', 'lthr']);
export type EstimatedKey = z.infer<typeof ZEstimatedKey>;
/** Where a threshold in use comes from: the athlete's own dated entry, or the app's default. */
export const ZThresholdSource = z.enum(['athlete', 'default']);

export const ZThresholdEstimate = z.object({
  key: ZEstimatedKey,
  sport: z.enum(['running', 'cycling']),
  /** The value in use today (the athlete's, else the default; LTHR has no default: null). */
  current: z.number().nullable(),
  threshold_source: ZThresholdSource,
  /** True while `current` is a default: every figure built on it is an estimate. */
  estimated: z.boolean(),
  /** The value the recordings give, once enough qualify; null before. */
  estimate: z
    .object({
      value: z.number(),
      /** The recording with the best effort, and that effort (20-minute watts, 30-minute s/km or bpm). */
      activity_id: z.string(),
      date: ZIsoDate,
      effort: z.number(),
      recordings: z.number().int(),
    })
    .nullable(),
  /** Qualifying recordings in the last 90 days, and how many an estimate needs. */
  recordings: z.number().int(),
  needed: z.number().int(),
});
export type ThresholdEstimate = z.infer<typeof ZThresholdEstimate>;

export const ZThresholdEstimates = z
  .object({
    /** True while neither FTP nor threshold pace is the athlete's: load, form and zones are estimates. */
    estimated: z.boolean(),
    thresholds: z.array(ZThresholdEstimate),
  })
  .meta({ id: 'ThresholdEstimates' });
export type ThresholdEstimates = z.infer<typeof ZThresholdEstimates>;

/** Accept one estimate: stored as a dated threshold from today (the other values of the sport kept). */
export const ZThresholdEstimateAccept = z.object({
  key: ZEstimatedKey,
  /** Whose threshold: LTHR is running's or cycling's (running's when absent); the others have one sport. */
  sport: z.enum(['running', 'cycling']).optional(),
});
export type ThresholdEstimateAccept = z.infer<typeof ZThresholdEstimateAccept>;
