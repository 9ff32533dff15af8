// Schemas of the Analytics API (docs/training-load.md, "Analytics API") and of the Training API's
// zones-distribution, load/{id} and analytics/{id} reads. Everything is computed from completed workouts
// (and, later, imported activities) through the daily load table; "today" is the athlete's own calendar day.
import { z } from 'zod';
import { ZIsoDate } from './common.ts';
import { ZConsistency, ZFitnessFormRecord, ZWeeklyLoad } from './training-load.ts';

/**
 * Periods of the zone and polarization reads, as days ending today: week 7, month 28 (four training weeks),
 * 3months 91 (thirteen weeks), year 364, all (from the first completed session). Default month
 * (docs/training-load.md, "Analytics API").
 */
export const ANALYTICS_PERIODS = ['week', 'month', '3months', 'year', 'all'] as const;
export const ZAnalyticsPeriod = z.enum(ANALYTICS_PERIODS, {
  error: `period must be one of: ${ANALYTICS_PERIODS.join(', ')}`,
});
export type AnalyticsPeriod = z.infer<typeof ZAnalyticsPeriod>;
export const ZPeriodQuery = z.object({ period: ZAnalyticsPeriod.default('month') });

export const ZOptionalAthleteIdParam = z.object({ id: z.string().optional() });

const ZSportHours = z.object({
  swim_hours: z.number(),
  bike_hours: z.number(),
  run_hours: z.number(),
  strength_hours: z.number(),
});

/** One training week (Monday first) of the analytics weekly load (docs/training-load.md, "Analytics API"). */
export const ZAnalyticsWeeklyLoad = z
  .object({
    week: z.number().int().describe('1 for the oldest week of the range'),
    week_start_date: z.string(),
    ...ZSportHours.shape,
    swim_tss: z.number(),
    bike_tss: z.number(),
    run_tss: z.number(),
    strength_tss: z.number(),
    total_hours: z.number(),
    total_tss: z.number(),
    sessions: z.number().int().describe('Completed sessions'),
    acute_load: z.number().describe('ATL at the end of the week (today for this week)'),
    chronic_load: z.number().describe('CTL at the end of the week'),
    training_stress_balance: z.number().describe('TSB at the end of the week'),
    planned_hours: z.number().describe('Hours of every workout scheduled that week, done or not'),
    completion_rate: z
      .number()
      .nullable()
      .describe('Completed hours / planned hours × 100; null with none planned'),
  })
  .meta({ id: 'AnalyticsWeeklyLoad' });
export type AnalyticsWeeklyLoad = z.infer<typeof ZAnalyticsWeeklyLoad>;

/**
 * zone_3_percentage is also the "moderate" bucket of polarization; zone_1_2 and zone_4_5 are the low and high
 * ones (docs/training-load.md, "Polarization").
 */
const zoneFields = {
  zone_1_percentage: z.number(),
  zone_2_percentage: z.number(),
  zone_3_percentage: z.number(),
  zone_4_percentage: z.number(),
  zone_5_percentage: z.number(),
  zone_1_2_percentage: z.number(),
  zone_4_5_percentage: z.number(),
  total_time_minutes: z.number(),
};

export const ZZoneSummary = z.object(zoneFields).meta({ id: 'ZoneSummary' });

/** Time in zones over a period (docs/training-load.md, "Analytics API"); rest counts as zone 1. */
export const ZZonesDistribution = z
  .object({
    period: ZAnalyticsPeriod,
    start_date: z.string(),
    end_date: z.string(),
    ...zoneFields,
    by_sport: z.object({
      run: ZZoneSummary,
      bike: ZZoneSummary,
      swim: ZZoneSummary,
      strength: ZZoneSummary,
      /** Sessions of no single sport (a recording whose file names none, a brick): totals = the sum of all five. */
      other: ZZoneSummary,
    }),
    /** The targets shown: Z1-Z2 80 %, Z3 5 %, Z4-Z5 15 % (docs/training-load.md, "Polarization"). */
    targets: z.object({ zone_1_2: z.number(), zone_3: z.number(), zone_4_5: z.number() }),
  })
  .meta({ id: 'ZonesDistribution' });
export type ZonesDistribution = z.infer<typeof ZZonesDistribution>;

/** Per zone in detail, per sport, and week by week over the last four training weeks. */
export const ZDetailedZones = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    zones: z.array(
      z.object({
        zone: z.number().int().min(1).max(5),
        name: z.string(),
        description: z.string(),
        color: z.string(),
        minutes: z.number(),
        percentage: z.number(),
      }),
    ),
    by_sport: z.array(
      z.object({
        sport: z.enum(['run', 'bike', 'swim', 'strength']),
        total_minutes: z.number(),
        zone_minutes: z.array(z.number()).describe('Zones 1-5'),
      }),
    ),
    weekly: z.array(z.object({ week_start: z.string(), zone_minutes: z.array(z.number()) })),
  })
  .meta({ id: 'DetailedZones' });

const ZIntensityDistribution = z.object({ low: z.number(), moderate: z.number(), high: z.number() });
export const ZPolarization = z
  .object({
    period: ZAnalyticsPeriod,
    current_distribution: ZIntensityDistribution,
    ideal_distribution: ZIntensityDistribution,
    polarization_score: z.number(),
    recommendations: z.array(z.string()),
    is_polarized: z.boolean(),
    total_time_minutes: z.number(),
  })
  .meta({ id: 'Polarization' });
export type Polarization = z.infer<typeof ZPolarization>;

/** A fitness/form record with the training readiness (0-100) that its form implies. */
export const ZFitnessTrendRecord = ZFitnessFormRecord.extend({
  training_readiness: z.number(),
  recovery_score: z
    .number()
    .nullable()
    .describe('Recovery score of the day from wellness data; null on a day without wellness'),
}).meta({ id: 'FitnessTrendRecord' });
export type FitnessTrendRecord = z.infer<typeof ZFitnessTrendRecord>;

const ZTrend = z.enum(['improving', 'stable', 'declining']);
export const ZFitnessTrends = z
  .object({
    records: z.array(ZFitnessTrendRecord),
    ramp_rate: z.number().describe('CTL gained over the last 7 days'),
    trends: z.object({ fitness: ZTrend, fatigue: ZTrend, form: ZTrend }),
  })
  .meta({ id: 'FitnessTrends' });
export type FitnessTrends = z.infer<typeof ZFitnessTrends>;

/** One projected day: the planned TSS of the day and the CTL, ATL and TSB it leads to. */
export const ZFitnessProjectionPoint = z
  .object({ date: ZIsoDate, tss: z.number(), ctl: z.number(), atl: z.number(), tsb: z.number() })
  .meta({ id: 'FitnessProjectionPoint' });

/**
 * Fitness, fatigue and form carried forward from today with the planned sessions' TSS (docs/training-load.md,
 * "Projection"), through race day or else the last planned session, at most a year.
 */
export const ZFitnessProjection = z
  .object({
    end_date: ZIsoDate.nullable().describe('The last projected day; null when nothing lies ahead'),
    ends_at: z
      .enum(['race', 'last_planned_session'])
      .nullable()
      .describe("What the projection runs to: the active plan's race day, else the last planned session"),
    race_date: ZIsoDate.nullable(),
    records: z
      .array(ZFitnessProjectionPoint)
      .describe("Today (the history's last point, unchanged) and each projected day after it"),
  })
  .meta({ id: 'FitnessProjection' });
export type FitnessProjection = z.infer<typeof ZFitnessProjection>;

/** Acute:chronic workload ratio bands (Gabbett 2016): below 0.8 low, to 1.3 optimal, to 1.5 high, above. */
export const ZLoadBalanceWeek = z
  .object({
    week_start: z.string(),
    acute_load: z.number(),
    chronic_load: z.number(),
    acwr: z.number().nullable().describe('ATL / CTL at the end of the week; null while CTL is 0'),
    status: z.enum(['low', 'optimal', 'high', 'very_high']).nullable(),
    ...ZSportHours.shape,
  })
  .meta({ id: 'LoadBalanceWeek' });
export const ZLoadBalance = z
  .object({
    weeks: z.array(ZLoadBalanceWeek),
    current_acwr: z.number().nullable(),
    current_status: z.enum(['low', 'optimal', 'high', 'very_high']).nullable(),
    sport_share: z.object({ swim: z.number(), bike: z.number(), run: z.number(), strength: z.number() }),
  })
  .meta({ id: 'LoadBalance' });

export const ZAchievement = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    emoji: z.string(),
    category: z.string(),
    earned: z.boolean(),
    earned_date: z.string().nullable(),
    progress_percentage: z.number(),
    current_value: z.number(),
    target_value: z.number(),
    unit: z.string(),
  })
  .meta({ id: 'Achievement' });
export type AchievementDto = z.infer<typeof ZAchievement>;
export const ZAchievementsQuery = z.object({
  category: z
    .enum(['milestone', 'distance', 'endurance', 'volume', 'load', 'consistency', 'multisport'], {
      error: 'category must be milestone, distance, endurance, volume, load, consistency or multisport',
    })
    .optional(),
});
export const ZAchievements = z
  .object({
    achievements: z.array(ZAchievement),
    earned_count: z.number().int(),
    total_count: z.number().int(),
  })
  .meta({ id: 'Achievements' });

export const ZPerformanceTrendsQuery = z.object({
  sport: z
    .enum(['run', 'bike', 'swim', 'strength'], { error: 'sport must be run, bike, swim or strength' })
    .optional(),
});
export const ZPerformanceTrends = z
  .object({
    sport: z.enum(['run', 'bike', 'swim', 'strength']).nullable(),
    weeks: z.array(
      z.object({
        week_start: z.string(),
        sessions: z.number().int(),
        hours: z.number(),
        distance_km: z.number(),
        tss: z.number(),
        average_intensity_factor: z.number().nullable(),
        average_pace_per_km_seconds: z.number().nullable().describe('Runs and swims with a known distance'),
      }),
    ),
    trends: z.object({ volume: ZTrend, intensity: ZTrend, load: ZTrend }),
  })
  .meta({ id: 'PerformanceTrends' });

export const ZPeriodization = z
  .object({
    current_phase: z.enum(['base', 'build', 'peak', 'taper', 'race', 'recovery']),
    phase_progress: z.number(),
    load_progression: z.array(
      z.object({
        week_start: z.string(),
        total_tss: z.number(),
        ctl: z.number(),
        atl: z.number(),
        tsb: z.number(),
        ramp_rate: z.number(),
      }),
    ),
    next_phase_date: z.string().nullable(),
    source: z.enum(['plan', 'inferred']),
    focus: z.string().nullable(),
    plan_id: z.string().nullable(),
  })
  .meta({ id: 'Periodization' });

export const ZRaceReadinessQuery = z.object({
  race_id: z.uuid({ error: 'race_id must be a plan id' }).optional(),
});
export const ZRaceReadiness = z
  .object({
    readiness_score: z.number(),
    fitness_level: z.enum(['low', 'moderate', 'high', 'very_high']),
    taper_recommendation: z.string(),
    predicted_performance: z.object({
      model: z.literal('riegel'),
      model_name: z.string(),
      exponent: z.number(),
      predictions: z.array(
        z.object({
          distance_meters: z.number(),
          name: z.string(),
          predicted_time_seconds: z.number(),
          predicted_time: z.string(),
          based_on: z.object({ distance_meters: z.number(), time_seconds: z.number(), date: z.string() }),
        }),
      ),
    }),
    areas_to_focus: z.array(z.string()),
    days_until_race: z.number().int().nullable(),
    race_day_load: z.object({ ctl: z.number(), atl: z.number(), tsb: z.number() }),
    race: z
      .object({
        plan_id: z.string(),
        title: z.string(),
        race_type: z.string().nullable(),
        race_date: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'RaceReadiness' });
export type RaceReadinessDto = z.infer<typeof ZRaceReadiness>;

/** GET /api/training/load/{id}?week_start: one training week's load (default this week). */
export const ZWeekStartQuery = z.object({ week_start: ZIsoDate.optional() });
export const ZTrainingLoad = ZWeeklyLoad;

/** GET /api/training/analytics/{id}?period: the period at a glance. */
export const ZTrainingAnalytics = z
  .object({
    period: ZAnalyticsPeriod,
    start_date: z.string(),
    end_date: z.string(),
    total_sessions: z.number().int(),
    total_hours: z.number(),
    total_tss: z.number(),
    average_weekly_hours: z.number(),
    zone_distribution: ZZoneSummary,
    polarization: ZPolarization,
    current_form: ZFitnessFormRecord,
    consistency: ZConsistency.shape.summary,
    training_quality: z.enum(['excellent', 'good', 'needs_improvement', 'poor']),
    training_quality_score: z.number().describe('0-100: half consistency, half polarization score'),
  })
  .meta({ id: 'TrainingAnalytics' });

export const ZServiceHealth = z
  .object({ status: z.literal('ok'), service: z.string(), database: z.literal('ok') })
  .meta({ id: 'ServiceHealth' });
export type Achievements = z.infer<typeof ZAchievements>;
