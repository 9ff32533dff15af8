// The athlete profile: one row per user, owner of every training, wellness and settings row.
import type { WeekStart, WidgetConfigItem } from '@stamina/core';
import { boolean, date, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export interface NotificationPreferences {
  missedSession: boolean;
  newWeekPlan: boolean;
  recoveryWarning: boolean;
  /** The morning e-mail (docs/notifications.md): off until the athlete opts in. */
  dailyEmail: boolean;
  /** Web Push of plan changes and of a missed key session, on the browsers the athlete subscribed. */
  pushPlanChanges: boolean;
  pushMissedKeySession: boolean;
}

/** Which metrics the athlete tracks (Settings → Metrics & Zones toggles). */
export interface TrackedMetrics {
  heartRate: boolean;
  pace: boolean;
  power: boolean;
  hrv: boolean;
  sleep: boolean;
  fatigue: boolean;
  rpe: boolean;
}

export const athletes = pgTable('athletes', {
  id: uuid('id').primaryKey().defaultRandom(),
  authUserId: uuid('auth_user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  layoutStyle: text('layout_style').notNull().default('minimal'),
  widgetConfig: jsonb('widget_config').$type<WidgetConfigItem[]>().notNull(),
  onboardingComplete: boolean('onboarding_complete').notNull().default(false),
  timezone: text('timezone').notNull().default('UTC'),
  units: text('units').$type<'metric' | 'imperial'>().notNull().default('metric'),
  /** The day the athlete's weeks start on (core WEEK_STARTS; docs/training-load.md, "Weeks"). */
  weekStart: text('week_start').$type<WeekStart>().notNull().default('monday'),
  theme: text('theme').$type<'light' | 'dark' | 'system'>().notNull().default('system'),
  notificationPreferences: jsonb('notification_preferences')
    .$type<NotificationPreferences>()
    .notNull()
    .default({
      missedSession: true,
      newWeekPlan: true,
      recoveryWarning: true,
      dailyEmail: false,
      pushPlanChanges: true,
      pushMissedKeySession: true,
    }),
  trackedMetrics: jsonb('tracked_metrics')
    .$type<TrackedMetrics>()
    .notNull()
    .default({ heartRate: true, pace: true, power: true, hrv: true, sleep: true, fatigue: true, rpe: true }),
  /** Whether the daily adaptation may change the athlete's plan (docs/adaptation.md, "Athlete's choices win"). */
  adaptationEnabled: boolean('adaptation_enabled').notNull().default(true),
  birthday: date('birthday'),
  gender: text('gender'),
  primarySports: text('primary_sports').array().notNull().default([]),
  goalEvent: text('goal_event'),
  goalDate: date('goal_date'),
  language: text('language').notNull().default('en'),
  /**
   * The profile picture's file store key (docs/profile.md, "Profile picture"), null without one. The key's
   * last segment holds an unguessable version that changes with every upload.
   */
  avatarKey: text('avatar_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
