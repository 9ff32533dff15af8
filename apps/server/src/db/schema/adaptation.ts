import { PLAN_CHANGE_KINDS, PLAN_CHANGE_SOURCES } from '@stamina/core';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';
import { oneOf } from './one-of.ts';
import { trainingPlans } from './plans.ts';
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
    check('plan_changes_source_check', oneOf(t.source, PLAN_CHANGE_SOURCES)),
    check('plan_changes_kind_check', oneOf(t.kind, PLAN_CHANGE_KINDS)),
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
