// Training load calls of the Training API: fitness and form, weekly load, streak and the weekly summary,
// computed from the athlete's completed workouts (docs/training-load.md, "Fitness, fatigue and form" to
// "Streaks").
import { z } from 'zod';
import { ZIsoDate } from './common.ts';

/** `days` of a series: 1 to 3650 (ten years). */
export const ZDaysQuery = (fallback: number) =>
  z.object({
    days: z.coerce
      .number({ error: 'days must be a number' })
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(3650, 'days must be at most 3650')
      .default(fallback),
  });

/** `weeks` of a series: 1 to 520 (ten years). */
export const ZWeeksQuery = (fallback: number) =>
  z.object({
    weeks: z.coerce
      .number({ error: 'weeks must be a number' })
      .int('weeks must be a whole number')
      .min(1, 'weeks must be at least 1')
      .max(520, 'weeks must be at most 520')
      .default(fallback),
  });

export const ZAthleteIdParam = z.object({ id: z.string() });

export const ZFitnessFormRecord = z
  .object({
    date: z.string(),
    tss: z.number(),
    ctl: z.number(),
    atl: z.number(),
    tsb: z.number(),
    fitness_level: z.enum(['low', 'moderate', 'high', 'very_high']),
    fatigue_level: z.enum(['low', 'moderate', 'high', 'very_high']),
    form_level: z.enum(['poor', 'tired', 'neutral', 'fresh', 'very_fresh']),
  })
  .meta({ id: 'FitnessFormRecord' });
export type FitnessFormRecordDto = z.infer<typeof ZFitnessFormRecord>;

export const ZWeeklyLoad = z
  .object({
    week_start: z.string(),
    total_tss: z.number(),
    daily_tss: z.array(z.number()).describe('TSS of each day of the week, Monday first'),
    weekly_average: z.number().describe('Average daily TSS of the week'),
    load_trend: z.enum(['increasing', 'stable']),
  })
  .meta({ id: 'WeeklyLoad' });
export type WeeklyLoad = z.infer<typeof ZWeeklyLoad>;

export const ZStreak = z
  .object({ currentStreak: z.number().int(), longestStreak: z.number().int() })
  .meta({ id: 'Streak' });

export const ZWeekSummaryQuery = z.object({ start: ZIsoDate.optional() });

export const ZWeekSummary = z
  .object({
    week_start: z.string(),
    completed_sessions: z.number().int(),
    planned_sessions: z.number().int(),
    total_sessions: z.number().int(),
    total_duration_hours: z.number(),
    weekly_tss: z.number(),
  })
  .meta({ id: 'WeekSummary' });
export type WeekSummary = z.infer<typeof ZWeekSummary>;

export const ZLoadTrendWeek = z
  .object({
    week_start: z.string(),
    week_number: z.number().int().describe('ISO week number'),
    total_tss: z.number(),
    ctl: z.number().describe('At the end of the week (or today, for this week)'),
    atl: z.number(),
    tsb: z.number(),
  })
  .meta({ id: 'LoadTrendWeek' });
export type LoadTrendWeek = z.infer<typeof ZLoadTrendWeek>;

export const ZConsistencyDay = z
  .object({
    date: z.string(),
    day: z.number().int(),
    status: z.enum(['rest', 'complete', 'partial', 'missed']),
    completion: z.number(),
    planned_sessions: z.number().int(),
    completed_sessions: z.number().int(),
    planned_minutes: z.number(),
    completed_minutes: z.number(),
  })
  .meta({ id: 'ConsistencyDay' });

export const ZConsistency = z
  .object({
    daily_data: z.array(ZConsistencyDay),
    summary: z.object({
      total_days: z.number().int(),
      rest_days: z.number().int(),
      complete_days: z.number().int(),
      partial_days: z.number().int(),
      missed_days: z.number().int(),
      training_days: z.number().int(),
      completion_percentage: z.number(),
      average_completion: z.number(),
      current_streak: z.number().int(),
      longest_streak: z.number().int(),
    }),
  })
  .meta({ id: 'Consistency' });

// Calculations: the TSS input and its result, for the calculate-* calls (docs/training-load.md, "Local TSS").
const ZPositive = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .positive(`${name} must be above 0`)
    .max(max, `${name} must be at most ${max}`);

export const ZTssInput = z
  .object({
    sport: z.enum(['swim', 'bike', 'run', 'brick', 'strength'], {
      error: 'sport must be swim, bike, run, brick or strength',
    }),
    duration_minutes: z
      .number({ error: 'duration_minutes must be a number' })
      .min(0, 'duration_minutes must be at least 0')
      .max(10_080, 'duration_minutes must be at most 10080 (a week)'),
    intensity_data: z
      .object({
        avg_power: ZPositive('avg_power', 3000).nullish(),
        avg_heart_rate: ZPositive('avg_heart_rate', 260).nullish(),
        avg_pace_per_km: ZPositive('avg_pace_per_km', 3600).nullish(),
        rpe: z.number().min(1, 'rpe must be 1 to 10').max(10, 'rpe must be 1 to 10').nullish(),
      })
      .strict()
      .nullish(),
    athlete_zones: z
      .object({
        power_ftp: ZPositive('power_ftp', 2000).nullish(),
        hr_zones: z
          .object({
            bounds: z.array(ZPositive('hr_zones.bounds', 260)).length(4).nullish(),
            lthr: ZPositive('lthr', 260).nullish(),
            max_hr: ZPositive('max_hr', 260).nullish(),
          })
          .strict()
          .nullish(),
        pace_thresholds: z
          .object({
            bounds: z.array(ZPositive('pace_thresholds.bounds', 3600)).length(4).nullish(),
            threshold_pace_per_km: ZPositive('threshold_pace_per_km', 3600).nullish(),
          })
          .strict()
          .nullish(),
      })
      .strict()
      .nullish(),
    zone_distribution: z
      .object({
        zone_1: z.number().min(0).optional(),
        zone_2: z.number().min(0).optional(),
        zone_3: z.number().min(0).optional(),
        zone_4: z.number().min(0).optional(),
        zone_5: z.number().min(0).optional(),
      })
      .strict()
      .nullish(),
  })
  .strict()
  .meta({ id: 'TssInput' });
export type TssInputDto = z.infer<typeof ZTssInput>;

export const ZTssResult = z
  .object({
    tss: z.number(),
    intensity_factor: z.number(),
    calculation_method: z.enum(['power', 'zone_distribution', 'heart_rate', 'pace', 'rpe', 'default']),
    confidence: z.number(),
  })
  .meta({ id: 'TssResult' });

export const ZBulkTssRequest = z
  .object({
    workouts: z.array(ZTssInput).min(1, 'Send at least one workout').max(1000, 'At most 1000 workouts'),
  })
  .strict();

export const ZCtlAtlTsbRequest = z
  .object({
    tss_data: z
      .array(
        z
          .object({
            date: ZIsoDate,
            tss: z.number().min(0, 'tss must be at least 0').max(2000, 'tss must be at most 2000'),
          })
          .strict(),
      )
      .min(1, 'Send at least one day')
      .max(3650, 'At most 3650 days'),
    /** CTL and ATL of the day before the first date; default 0 and 0. */
    initial_ctl: z.number().min(0).max(500).optional(),
    initial_atl: z.number().min(0).max(500).optional(),
  })
  .strict();
export type CtlAtlTsbRequest = z.infer<typeof ZCtlAtlTsbRequest>;
export type Consistency = z.infer<typeof ZConsistency>;
