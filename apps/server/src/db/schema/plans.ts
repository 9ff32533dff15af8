import { sql } from 'drizzle-orm';
import {
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';

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
