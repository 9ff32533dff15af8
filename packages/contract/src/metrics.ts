// Schemas of the Metrics API (docs/wellness.md): the daily
// wellness store, recovery and readiness scores with their labels, trends and recommendations, metric
// histories, and the CSV import of wellness history.
import { WELLNESS_RANGES, type WellnessField } from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';
import { ZDaysQuery } from './training-load.ts';

// The ranges live in core so its CSV parser can check them without zod; re-exported for the schemas here.
export { WELLNESS_RANGES, type WellnessField };

const ranged = (field: WellnessField, integer = false) => {
  const { min, max, unit } = WELLNESS_RANGES[field];
  const suffix = unit ? ` ${unit}` : '';
  let schema = z.number({ error: `${field} must be a number` });
  if (integer) schema = schema.int(`${field} must be a whole number`);
  return schema
    .min(min, `${field} must be between ${min} and ${max}${suffix}`)
    .max(max, `${field} must be between ${min} and ${max}${suffix}`)
    .nullish();
};

const wellnessValues = {
  /** HRV as rMSSD, milliseconds. */
  hrv: ranged('hrv'),
  /** HRV as SDNN, milliseconds (Apple Health measures SDNN, not rMSSD: the two are kept apart). */
  hrv_sdnn: ranged('hrv_sdnn'),
  resting_hr: ranged('resting_hr', true),
  sleep_hours: ranged('sleep_hours'),
  sleep_quality: ranged('sleep_quality', true),
  /** Subjective readiness 1-5. */
  readiness: ranged('readiness', true),
  fatigue_level: ranged('fatigue_level', true),
  soreness: ranged('soreness', true),
  mood: ranged('mood', true),
  weight_kg: ranged('weight_kg'),
  vo2max: ranged('vo2max'),
  threshold_pace_seconds_per_km: ranged('threshold_pace_seconds_per_km', true),
  ftp_watts: ranged('ftp_watts', true),
  notes: z.string().max(2000, 'notes must be at most 2000 characters').nullish(),
};

/** POST /api/metrics: one day's wellness; a date that already has a row updates the fields sent. */
export const ZWellnessUpsertRequest = z
  .object({ date: ZIsoDate, ...wellnessValues })
  .strict()
  .meta({ id: 'WellnessUpsertRequest' });
export type WellnessUpsertRequest = z.infer<typeof ZWellnessUpsertRequest>;

/** PUT /api/metrics/{id}: any fields of the day (the date may move to a day without a row). */
export const ZWellnessUpdateRequest = z
  .object({ date: ZIsoDate.optional(), ...wellnessValues })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to update')
  .meta({ id: 'WellnessUpdateRequest' });
export type WellnessUpdateRequest = z.infer<typeof ZWellnessUpdateRequest>;

const nullableNumber = z.number().nullable();
export const ZWellnessDay = z
  .object({
    id: z.string(),
    date: z.string(),
    hrv: nullableNumber,
    hrv_sdnn: nullableNumber,
    resting_hr: nullableNumber,
    sleep_hours: nullableNumber,
    sleep_quality: nullableNumber,
    readiness: nullableNumber,
    fatigue_level: nullableNumber,
    soreness: nullableNumber,
    mood: nullableNumber,
    weight_kg: nullableNumber,
    vo2max: nullableNumber,
    threshold_pace_seconds_per_km: nullableNumber,
    ftp_watts: nullableNumber,
    notes: z.string().nullable(),
    /**
     * The day's recovery score (docs/wellness.md, "Recovery score"), from the values and the baselines of
     * that day.
     */
    recovery_score: nullableNumber,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WellnessDay' });
export type WellnessDay = z.infer<typeof ZWellnessDay>;

export const ZMetricsListQuery = z.object({
  start_date: ZIsoDate.optional(),
  end_date: ZIsoDate.optional(),
});
export const ZMetricIdParam = z.object({ id: z.uuid({ error: 'id must be a metrics entry id' }) });
export const ZOptionalIdParam = z.object({ id: z.string().optional() });
export const ZDateQuery = z.object({ date: ZIsoDate.optional() });

/**
 * Recovery labels (docs/wellness.md, "Recovery score"): 80+ Fully Recovered, 60+ Good Recovery, 40+ Moderate
 * Recovery, else Need Recovery.
 */
export const ZRecoveryLabel = z.enum([
  'Fully Recovered',
  'Good Recovery',
  'Moderate Recovery',
  'Need Recovery',
]);
/**
 * Readiness labels (docs/wellness.md, "Readiness"): 80 Ready to Train, 60 Good to Go, 40 Take It Easy, else
 * Rest Recommended.
 */
export const ZReadinessLabel = z.enum(['Ready to Train', 'Good to Go', 'Take It Easy', 'Rest Recommended']);
const ZTrend = z.enum(['improving', 'stable', 'declining']);

/** One weighted component of the recovery score: the value, its baseline, and the points it adds. */
export const ZRecoveryFactor = z.object({
  value: nullableNumber,
  baseline: nullableNumber,
  weight: z.number(),
  points: z.number().describe('Contribution to the score, in points (negative lowers it)'),
});

export const ZRecoveryScore = z
  .object({
    date: z.string(),
    score: z.number().describe('0-100'),
    label: ZRecoveryLabel,
    /**
     * 'low' below 40, 'reduced' below 60, 'high' above 85, else 'normal'
     * (docs/wellness.md, "Recovery score").
     */
    band: z.enum(['low', 'reduced', 'normal', 'high']),
    factors: z.object({
      hrv: ZRecoveryFactor,
      resting_hr: ZRecoveryFactor,
      sleep_duration: ZRecoveryFactor,
      sleep_quality: ZRecoveryFactor,
      subjective_readiness: ZRecoveryFactor,
      training_load: ZRecoveryFactor,
    }),
    confidence: z.number().describe('0-1: the share of the weights with a value'),
    baselines: z.object({
      hrv: z.number(),
      resting_hr: z.number(),
      sleep_hours: z.number(),
      source: z
        .enum(['personal', 'default'])
        .describe('personal: rolling 30-day averages, from 7 days of data'),
      days: z.number().int(),
    }),
    trends: z.object({ recovery: ZTrend, hrv: ZTrend, resting_hr: ZTrend, sleep: ZTrend }),
    recommendations: z.array(z.string()),
  })
  .meta({ id: 'RecoveryScore' });
export type RecoveryScoreDto = z.infer<typeof ZRecoveryScore>;

export const ZRecoveryAnalysis = z
  .object({
    overall_score: nullableNumber.describe('Mean of the daily scores; null without data'),
    daily_scores: z.array(
      z.object({
        date: z.string(),
        score: z.number(),
        label: ZRecoveryLabel,
        factors: ZRecoveryScore.shape.factors,
      }),
    ),
    trend: ZTrend,
    factors: z.object({
      hrv_average: nullableNumber,
      resting_hr_average: nullableNumber,
      sleep_hours_average: nullableNumber,
      sleep_quality_average: nullableNumber,
    }),
    recommendations: z.array(z.string()),
  })
  .meta({ id: 'RecoveryAnalysis' });

export const ZReadiness = z
  .object({
    date: z.string(),
    score: z.number().describe('0-100'),
    label: ZReadinessLabel,
    confidence: z.number(),
    /** How much each input moved the score. */
    components: z.object({
      recovery: z.object({ score: nullableNumber, weight: z.number() }),
      form: z.object({ tsb: z.number(), score: z.number(), weight: z.number() }),
      load: z.object({
        atl: z.number(),
        ctl: z.number(),
        acwr: nullableNumber,
        score: z.number(),
        weight: z.number(),
      }),
    }),
    recommendations: z.array(z.string()),
  })
  .meta({ id: 'Readiness' });
export type ReadinessDto = z.infer<typeof ZReadiness>;

/** POST /api/metrics/calculate-readiness[/{id}] and calculate-recovery/{id}: for a day (default today). */
export const ZScoreRequest = z.object({ date: ZIsoDate.optional() }).strict();

export const ZScoreTrendPoint = z.object({ date: z.string(), score: nullableNumber });
export const ZScoreTrends = z
  .object({ days: z.array(ZScoreTrendPoint), trend: ZTrend, average: nullableNumber })
  .meta({ id: 'ScoreTrends' });

/** Metric types of the history calls (docs/wellness.md, "Reads"), which the Metrics page charts. */
export const METRIC_TYPES = [
  'hrv',
  /** HRV as SDNN (Apple Health): kept apart from rMSSD `hrv` and not in the recovery score. */
  'hrv_sdnn',
  'resting_hr',
  'sleep_hours',
  'sleep_quality',
  'vo2max',
  'ftp',
  'threshold_pace',
  'weight',
  'readiness',
  'fatigue',
  'recovery_score',
] as const;
export const ZMetricType = z.enum(METRIC_TYPES, { error: `type must be one of: ${METRIC_TYPES.join(', ')}` });
export type MetricType = z.infer<typeof ZMetricType>;

export const ZMetricHistoryQuery = ZDaysQuery(30).extend({ type: ZMetricType });
export const ZMetricPoint = z.object({ date: z.string(), value: z.number() });
export const ZMetricHistory = z
  .object({ type: ZMetricType, unit: z.string(), points: z.array(ZMetricPoint) })
  .meta({ id: 'MetricHistory' });

/** GET /api/v1/metrics/current: the latest value of each metric and its date; null when never logged. */
export const ZCurrentMetrics = z
  .object(
    Object.fromEntries(
      METRIC_TYPES.map((type) => [type, z.object({ value: z.number(), date: z.string() }).nullable()]),
    ) as Record<MetricType, z.ZodNullable<z.ZodObject<{ value: z.ZodNumber; date: z.ZodString }>>>,
  )
  .meta({ id: 'CurrentMetrics' });

export const ZMetricsSummaryQuery = z.object({
  period: z
    .enum(['week', 'month', '3months'], { error: 'period must be week, month or 3months' })
    .default('month'),
});
export const ZMetricsSummary = z
  .object({
    period: z.enum(['week', 'month', '3months']),
    start_date: z.string(),
    end_date: z.string(),
    metrics: z.array(
      z.object({
        type: ZMetricType,
        unit: z.string(),
        latest: nullableNumber,
        average: nullableNumber,
        min: nullableNumber,
        max: nullableNumber,
        count: z.number().int(),
        trend: ZTrend,
      }),
    ),
  })
  .meta({ id: 'MetricsSummary' });

/** CSV import of wellness history: at most 5 MB and 20,000 rows; the whole file lands or nothing does. */
export const WELLNESS_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const WELLNESS_CSV_MAX_ROWS = 20_000;
export const ZWellnessImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false'], { error: 'dry_run must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export const ZWellnessImportReport = z
  .object({
    dry_run: z.boolean(),
    rows_total: z.number().int(),
    rows_valid: z.number().int(),
    /** Rows whose date already has an entry: the file's values update it. */
    rows_updating: z.number().int(),
    imported: z.number().int().describe('Rows written; 0 on a dry run or when any row is rejected'),
    columns: z.array(z.string()).describe('Recognised columns, in file order'),
    ignored_columns: z.array(z.string()),
    rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    preview: z.array(ZWellnessUpsertRequest).describe('The first 20 valid rows as they would be stored'),
  })
  .meta({ id: 'WellnessImportReport' });
export type WellnessImportReport = z.infer<typeof ZWellnessImportReport>;
export type MetricHistory = z.infer<typeof ZMetricHistory>;
export type CurrentMetrics = z.infer<typeof ZCurrentMetrics>;
