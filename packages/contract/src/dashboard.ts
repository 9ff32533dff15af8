// Schemas of the Dashboard API (docs/dashboard.md, "Dashboard API"), the athlete profile's dashboard
// configuration ("Athlete profile", "Widgets") and the in-app notifications with their preferences
// ("Notifications").
import { LAYOUT_STYLES, NOTIFICATION_KINDS, SPORTS, WIDGET_IDS } from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';
import { ZRecoveryAnalysis, ZRecoveryScore } from './metrics.ts';
import { ZTrackedMetrics } from './sport-metrics.ts';
import { ZWeeklyLoad, ZWeekSummary } from './training-load.ts';

const ZTrend = z.enum(['improving', 'stable', 'declining']);

// ——— Athlete profile: dashboard layout and notification preferences ———

export const ZLayoutStyle = z.enum(LAYOUT_STYLES, {
  error: `layout_style must be one of: ${LAYOUT_STYLES.join(', ')}`,
});

export const ZWidgetConfigItem = z
  .object({
    id: z.enum(WIDGET_IDS, { error: 'Unknown widget id' }),
    name: z.string().min(1).max(80),
    description: z.string().max(200),
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    order: z.number().int().min(0).max(99),
  })
  .strict();

export const ZWidgetConfig = z
  .array(ZWidgetConfigItem)
  .max(20)
  .refine(
    (items) => new Set(items.map((i) => i.id)).size === items.length,
    'Each widget may appear only once',
  )
  .meta({ id: 'WidgetConfig' });

export const ZNotificationPreferences = z
  .object({
    missedSession: z.boolean(),
    newWeekPlan: z.boolean(),
    recoveryWarning: z.boolean(),
    /** The morning e-mail (docs/notifications.md): off until the athlete opts in. */
    dailyEmail: z.boolean(),
    /** Web Push, on the browsers the athlete subscribed: plan changes and a missed key session. */
    pushPlanChanges: z.boolean(),
    pushMissedKeySession: z.boolean(),
  })
  .strict()
  .meta({ id: 'NotificationPreferences' });

/** GET /api/athletes/me: the caller's athlete profile (docs/dashboard.md, "Athlete profile"). */
export const ZAthleteProfile = z
  .object({
    id: z.string(),
    layout_style: ZLayoutStyle,
    /** Stored config that fails validation (docs/dashboard.md, "Athlete profile") is answered as the default list. */
    widget_config: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        enabled: z.boolean(),
        order: z.number(),
      }),
    ),
    onboarding_complete: z.boolean(),
    notification_preferences: ZNotificationPreferences,
    /** The metrics the athlete tracks: Settings → Metrics & Zones (docs/zones.md). */
    tracked_metrics: ZTrackedMetrics,
    /** Whether the daily adaptation may change the plan (docs/adaptation.md); Settings → Preferences. */
    adaptation_enabled: z.boolean(),
    /**
     * The profile picture's version (docs/profile.md, "Profile picture"): null without one. It changes with
     * every upload, so a client keys its copy of GET /api/athletes/me/avatar by it.
     */
    avatar_version: z.string().nullable(),
  })
  .meta({ id: 'AthleteProfile' });
export type AthleteProfile = z.infer<typeof ZAthleteProfile>;

/**
 * PUT /api/athletes/me: only the fields sent change (docs/dashboard.md, "Athlete profile"); the widget order is
 * renumbered from 0.
 */
export const ZAthleteProfileUpdateRequest = z
  .object({
    layout_style: ZLayoutStyle.optional(),
    widget_config: ZWidgetConfig.optional(),
    notification_preferences: ZNotificationPreferences.partial().optional(),
    onboarding_complete: z.boolean().optional(),
    tracked_metrics: ZTrackedMetrics.partial().optional(),
    adaptation_enabled: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to update')
  .meta({ id: 'AthleteProfileUpdateRequest' });
export type AthleteProfileUpdateRequest = z.infer<typeof ZAthleteProfileUpdateRequest>;

// ——— Dashboard ———

/** Today's workout as the dashboard shows it (the Training API's field names, docs/dashboard.md, "Dashboard API"). */
export const ZDashboardWorkout = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    sport: z.enum(SPORTS),
    intensity: z.number().int().nullable().describe('1-5: the workout zone'),
    duration: z.number().nullable().describe('Minutes'),
    target_heart_rate_min: z.number().nullable(),
    target_heart_rate_max: z.number().nullable(),
    status: z.enum(['planned', 'completed', 'skipped']),
    workout_date: z.string(),
    plan_id: z.string().nullable(),
  })
  .meta({ id: 'DashboardWorkout' });

export const ZPrimaryRace = z
  .object({
    plan_id: z.string(),
    name: z.string(),
    race_type: z.string().nullable(),
    date: z.string(),
    days_until: z.number().int().describe('Negative once the race is past'),
    target_time: z.string().nullable(),
  })
  .meta({ id: 'PrimaryRace' });

export const ZDashboardSummary = z
  .object({
    athlete_id: z.string(),
    date: z.string(),
    /**
     * Each score once, for every tile and widget (core `dashboardScores`); null: nothing to compute it from,
     * shown as no score, never a stand-in number (docs/dashboard.md, "Scores").
     */
    readiness_score: z.number().nullable(),
    recovery_score: z.number().nullable(),
    /**
     * Whether the load figures (fitness, fatigue, form, readiness from form) rest on default thresholds, and
     * which of them are defaults (docs/zones.md, "Estimates from recordings").
     */
    thresholds: z.object({
      estimated: z.boolean(),
      defaults: z.array(z.enum(['ftp_watts', 'threshold_pace_seconds_per_km', 'lthr'])),
    }),
    fitness_score: z.number().describe('CTL'),
    fatigue_score: z.number().describe('ATL'),
    form_score: z.number().describe('TSB'),
    todays_workout: ZDashboardWorkout.nullable(),
    weekly_summary: ZWeekSummary,
    current_training_streak: z.number().int(),
    longest_training_streak: z.number().int(),
    primary_race: ZPrimaryRace.nullable(),
    active_plan: z
      .object({ id: z.string(), title: z.string(), progress_percentage: z.number() })
      .nullable()
      .describe('For the fourth tile: Plan Progress with an active plan, else a link to make one'),
    trends: z.object({
      readiness_trend: z
        .number()
        .describe('Percent change of readiness over the last 7 days against the 7 before'),
      volume_trend: ZTrend,
      intensity_trend: ZTrend,
    }),
    recovery_insights: z.array(z.string()).max(3),
    unread_notifications: z.number().int(),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof ZDashboardSummary>;

/** GET /api/dashboard/welcome: whether this is the athlete's first sign-in (docs/dashboard.md, "Greeting"). */
export const ZDashboardWelcome = z
  .object({ first_visit: z.boolean(), greeting: z.enum(['Welcome', 'Welcome back']) })
  .meta({ id: 'DashboardWelcome' });
export type DashboardWelcome = z.infer<typeof ZDashboardWelcome>;

/** GET /api/dashboard/widgets/readiness (docs/dashboard.md, "Dashboard API"). */
export const ZReadinessWidget = z
  .object({
    readiness: z.number().nullable(),
    readinessConfidence: z.number(),
    trends: z.object({ readiness_trend: z.number() }),
    recoveryFactors: z.object({ sleep_duration: z.number().nullable(), hrv: z.number().nullable() }),
    readinessTrends: z.object({ hrv: z.enum(['improving', 'declining', 'stable']) }),
    fitnessMetrics: z.object({
      tsb: z.number(),
      atl: z.number(),
      ctl: z.number(),
      trainingReadiness: z.number(),
    }),
    primaryRace: z.object({ name: z.string(), days_until: z.number().int() }).nullable(),
    currentStreak: z.number().int(),
    weekSummary: z.object({
      total_duration_hours: z.number(),
      weekly_tss: z.number(),
      planned_sessions: z.number().int(),
      completed_sessions: z.number().int(),
    }),
    recoveryRecommendations: z.array(z.string()),
  })
  .meta({ id: 'ReadinessWidget' });

/** GET /api/dashboard/widgets/streak: the widget's names (the Training API's are camelCase). */
export const ZStreakWidget = z
  .object({
    current_streak: z.number().int(),
    longest_streak: z.number().int(),
    streak_type: z.literal('training_days'),
  })
  .meta({ id: 'StreakWidget' });

/** GET /api/dashboard/widgets/race-countdown: the primary race, or null. */
export const ZRaceCountdownWidget = ZPrimaryRace.nullable();

/** GET /api/dashboard/recovery?days (default 7): the recovery analysis plus today's score. */
export const ZDashboardRecovery = z
  .object({ today: ZRecoveryScore.nullable(), analysis: ZRecoveryAnalysis })
  .meta({ id: 'DashboardRecovery' });

/** GET /api/dashboard/training-load: this week's load and today's fitness, fatigue and form. */
export const ZDashboardTrainingLoad = ZWeeklyLoad.extend({
  ctl: z.number(),
  atl: z.number(),
  tsb: z.number(),
  form_level: z.enum(['poor', 'tired', 'neutral', 'fresh', 'very_fresh']),
}).meta({ id: 'DashboardTrainingLoad' });

// ——— Notifications ———

export const ZNotification = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    /** Where the notification leads in the app, e.g. /calendar or /metrics. */
    link: z.string().nullable(),
    created_at: z.string(),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type NotificationDto = z.infer<typeof ZNotification>;

export const ZNotificationsQuery = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const ZNotificationList = z
  .object({ notifications: z.array(ZNotification), unread_count: z.number().int() })
  .meta({ id: 'NotificationList' });
export const ZNotificationIdParam = z.object({ id: z.uuid({ error: 'id must be a notification id' }) });

/** POST /api/notifications/read-all: how many were marked read. */
export const ZNotificationsReadAll = z
  .object({ marked: z.number().int(), unread_count: z.number().int() })
  .meta({ id: 'NotificationsReadAll' });

/** GET /api/dashboard/widgets/weekly-summary?week_start: any day of the Monday week (default this week). */
export const ZDashboardWeekQuery = z.object({
  week_start: ZIsoDate.optional(),
});
export type ReadinessWidget = z.infer<typeof ZReadinessWidget>;
export type StreakWidget = z.infer<typeof ZStreakWidget>;
export type RaceCountdownWidget = z.infer<typeof ZRaceCountdownWidget>;
export type DashboardRecovery = z.infer<typeof ZDashboardRecovery>;
export type NotificationList = z.infer<typeof ZNotificationList>;
