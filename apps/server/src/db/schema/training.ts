// Training plans and planned/completed workouts. Every row belongs to an athlete (athlete_id, indexed).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';

export const trainingPlans = pgTable(
  'training_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    raceType: text('race_type'),
    raceDate: date('race_date'),
    targetTime: text('target_time'),
    phases: jsonb('phases').$type<unknown[]>().notNull().default([]),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_plans_athlete_idx').on(t.athleteId)],
);

export const workouts = pgTable(
  'workouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => trainingPlans.id, { onDelete: 'set null' }),
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
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workouts_athlete_date_idx').on(t.athleteId, t.workoutDate),
    check('workouts_sport_check', sql`${t.sport} in ('run', 'bike', 'swim', 'strength')`),
    check('workouts_status_check', sql`${t.status} in ('planned', 'completed', 'skipped')`),
    check('workouts_zone_check', sql`${t.intensityZone} between 1 and 5`),
  ],
);
