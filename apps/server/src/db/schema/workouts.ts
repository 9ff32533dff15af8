// Planned and completed workouts (the workouts module). Every row belongs to an athlete (athlete_id, indexed).
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
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';
import { oneOf } from './one-of.ts';
import { trainingPlans } from './plans.ts';
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

/** A day's training of one sport, as the daily load keeps it. */
