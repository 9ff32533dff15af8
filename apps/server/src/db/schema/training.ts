// Training plans and planned/completed workouts. Every row belongs to an athlete (athlete_id, indexed).
import { SPORTS } from '@stamina/core';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';
import { oneOf } from './one-of.ts';

export const trainingPlans = pgTable(
  'training_plans',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    raceType: text('race_type'),
    raceDate: date('race_date'),
    targetTime: text('target_time'),
    /** First day of the plan; the service sets it (default today in the athlete's time zone). */
    startDate: date('start_date').notNull().default(sql`current_date`),
    phases: jsonb('phases').$type<unknown[]>().notNull().default([]),
    status: text('status').notNull().default('active'),
    /**
     * A generated plan's outline (docs/onboarding.md, "The plan's outline"): the goal context and training
     * profile it was built from, its weeks and explainability. Null for a plan the athlete made by hand.
     */
    outline: jsonb('outline').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    index('training_plans_athlete_idx').on(t.athleteId),
    // At most one active plan per athlete: the Journey page and the analytics read "the" active plan.
    uniqueIndex('training_plans_one_active_idx').on(t.athleteId).where(sql`${t.status} = 'active'`),
  ],
);

export const workouts = pgTable(
  'workouts',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id'),
    templateId: uuid('template_id'),
    title: text('title').notNull(),
    workoutDate: date('workout_date').notNull(),
    sport: text('sport').notNull(),
    workoutLanguageText: text('workout_language_text'),
    durationMinutes: integer('duration_minutes'),
    intensityZone: smallint('intensity_zone'),
    status: text('status').notNull().default('planned'),
    description: text('description'),
    targetHeartRateMin: integer('target_heart_rate_min'),
    targetHeartRateMax: integer('target_heart_rate_max'),
    workoutData: jsonb('workout_data').$type<Record<string, unknown>>().notNull().default({}),
    workoutStructure: jsonb('workout_structure').$type<Record<string, unknown>>(),
    /**
     * Training stress of the session (docs/training-load.md, "Local TSS"); counted in the load only when
     * completed.
     */
    tss: doublePrecision('tss'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Filled when a recorded activity completes the workout (docs/activities.md, "Matching"): what was done,
     * and how it compares with the plan: duration, TSS, intensity and time in zone, and overall.
     */
    actualDurationSeconds: integer('actual_duration_seconds'),
    actualTss: doublePrecision('actual_tss'),
    /**
     * What the athlete logged on completing it (docs/training-load.md, "Logged sessions"): the distance done,
     * how hard it felt (session RPE, 1-10) and a note. With `actualDurationSeconds`, the RPE gives `actualTss`
     * when no recording completes the workout.
     */
    actualDistanceM: doublePrecision('actual_distance_m'),
    rpe: smallint('rpe'),
    note: text('note'),
    compliance: jsonb('compliance').$type<{
      durationPercent: number | null;
      tssPercent: number | null;
      /** Absent on rows written before intensity was weighed (docs/activities.md, "Compliance"). */
      intensityPercent?: number | null;
      zonePercent?: number | null;
      percent: number;
    }>(),
    /**
     * When the athlete last created or edited the workout by hand through the API; null for workouts written
     * only by the plan generator or the adaptation. Adaptation leaves such workouts alone (docs/adaptation.md).
     */
    editedByAthleteAt: timestamp('edited_by_athlete_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'workouts_plan_fk',
      columns: [t.athleteId, t.planId],
      foreignColumns: [trainingPlans.athleteId, trainingPlans.id],
    }).onDelete('set null'),
    primaryKey({ columns: [t.athleteId, t.id] }),
    index('workouts_athlete_date_idx').on(t.athleteId, t.workoutDate),
    check('workouts_tss_check', sql`${t.tss} >= 0`),
    check('workouts_sport_check', oneOf(t.sport, SPORTS)),
    check('workouts_rpe_check', sql`${t.rpe} between 1 and 10`),
    check('workouts_status_check', sql`${t.status} in ('planned', 'completed', 'skipped')`),
    check('workouts_zone_check', sql`${t.intensityZone} between 1 and 5`),
  ],
);

/**
 * One row per athlete and day from their first completed session on: the day's stress and volume, and the
 * fitness (CTL), fatigue (ATL) and form (TSB) after it. Kept current in the transaction of every workout
 * write, re-derived from the changed day on, so that no request recomputes years of history.
 */
/** A day's training of one sport, as the daily load keeps it. */
export interface SportDayFigures {
  /** `minutes`: the sport's minutes (moving time of a recording); absent on a row written before it was kept. */
  [sport: string]: { tss: number; zoneSeconds: [number, number, number, number, number]; minutes?: number };
}

export const dailyLoad = pgTable(
  'daily_load',
  {
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    tss: doublePrecision('tss').notNull().default(0),
    ctl: doublePrecision('ctl').notNull().default(0),
    atl: doublePrecision('atl').notNull().default(0),
    tsb: doublePrecision('tsb').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    runMinutes: doublePrecision('run_minutes').notNull().default(0),
    bikeMinutes: doublePrecision('bike_minutes').notNull().default(0),
    swimMinutes: doublePrecision('swim_minutes').notNull().default(0),
    strengthMinutes: doublePrecision('strength_minutes').notNull().default(0),
    /** Seconds in zones 1–5 (rest counted as zone 1), from the sessions' parsed structure or their zone. */
    zoneSeconds: jsonb('zone_seconds')
      .$type<[number, number, number, number, number]>()
      .notNull()
      .default([0, 0, 0, 0, 0]),
    /**
     * Per sport (run, bike, swim, strength), the day's TSS and seconds in zones 1–5, made by the same rule as the
     * day's totals, so that a sport's figures and the totals never disagree (docs/training-load.md, "The daily
     * load table"). Null on a row written before it was kept: re-derived on its first read (`ensureSportFigures`).
     */
    sportFigures: jsonb('sport_figures').$type<SportDayFigures>(),
    /**
     * The training streak facts as of this day, kept with it so that a streak read is one row, not the whole
     * history: the consecutive days with sessions ending on this day, and the longest such run on or before it.
     */
    streakDays: integer('streak_days').notNull().default(0),
    longestStreak: integer('longest_streak').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.athleteId, t.date] })],
);

/** A workout as a plan change saw it before or after (docs/adaptation.md, "Undo"): enough to restore it. */
export interface WorkoutSnapshot {
  id: string;
  planId: string | null;
  title: string;
  workoutDate: string;
  sport: string;
  workoutLanguageText: string | null;
  durationMinutes: number | null;
  intensityZone: number | null;
  status: string;
  description: string | null;
  updatedAt: string;
}

/**
 * Every change the adaptation or the coach made to an athlete's plan (docs/adaptation.md, "Every change is
 * recorded"), with the workout before and after it (null: it did not exist, or was deleted), so it can be
 * shown with its reason and undone.
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id'),
    /** The workout changed; no foreign key, since a drop deletes it and its history must stay. */
    workoutId: uuid('workout_id'),
    /** The day the change affects (the workout's day before the change). */
    date: date('date').notNull(),
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<WorkoutSnapshot>(),
    after: jsonb('after').$type<WorkoutSnapshot>(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'plan_changes_plan_fk',
      columns: [t.athleteId, t.planId],
      foreignColumns: [trainingPlans.athleteId, trainingPlans.id],
    }).onDelete('set null'),
    primaryKey({ columns: [t.athleteId, t.id] }),
    index('plan_changes_athlete_idx').on(t.athleteId, t.createdAt),
    index('plan_changes_workout_idx').on(t.athleteId, t.workoutId),
    check('plan_changes_source_check', sql`${t.source} in ('adaptation', 'coach')`),
    check(
      'plan_changes_kind_check',
      sql`${t.kind} in ('swap', 'rest', 'move', 'drop', 'ease', 'skip', 'shorten', 'rebuild')`,
    ),
  ],
);

/** Days the athlete decided (an undone change): the adaptation leaves them alone (docs/adaptation.md, "Undo"). */
export const athleteDecidedDays = pgTable(
  'athlete_decided_days',
  {
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.athleteId, t.date] })],
);

/**
 * One row per athlete and local day the daily adaptation ran (docs/adaptation.md, "One run a day"): the
 * primary key makes the run claimable once, whichever process or request gets there first.
 */
export const adaptationRuns = pgTable(
  'adaptation_runs',
  {
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    changes: integer('changes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.athleteId, t.day] })],
);
