// Training load calls of the Training API (spec part 2 §7, §9): fitness and form, weekly load, streak and the
// weekly summary, computed from the athlete's completed workouts.
import { z } from 'zod';

const ZIsoDate = z.iso.date({ error: 'Use a date in the form YYYY-MM-DD' });

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
