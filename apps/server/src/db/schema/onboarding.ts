// Onboarding sessions (docs/onboarding.md): the athlete's goal in plain words, what the server made of it at
// each status (goal context, training profile, drafted plan), and the plan its approval created.
import { ONBOARDING_STATUSES } from '@stamina/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

export const onboardingSessions = pgTable(
  'onboarding_sessions',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('CREATED'),
    consentVersion: text('consent_version').notNull(),
    language: text('language').notNull().default('en'),
    prompt: text('prompt'),
    /**
     * Counts the prompts sent; a processing job carries the revision it was queued for and stops when a newer
     * prompt replaced it.
     */
    revision: integer('revision').notNull().default(0),
    goalContext: jsonb('goal_context').$type<Record<string, unknown>>(),
    /** Who read the goal: 'rules' (the built-in parser) or 'model' (LLM_BASE_URL, checked against the rules). */
    goalParsedBy: text('goal_parsed_by'),
    /** What the last 12 weeks held (DATA_HARVESTED), then the estimated training profile (PROFILE_SYNTHESIZED). */
    harvest: jsonb('harvest').$type<Record<string, unknown>>(),
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    /** The generated plan (core GeneratedPlan) as drafted for review (PLAN_DRAFTED). */
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    devicesSkipped: boolean('devices_skipped').notNull().default(false),
    error: text('error'),
    planId: uuid('plan_id'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'onboarding_sessions_plan_fk',
      columns: [t.athleteId, t.planId],
      foreignColumns: [trainingPlans.athleteId, trainingPlans.id],
    }).onDelete('set null'),
    primaryKey({ columns: [t.athleteId, t.id] }),
    // Job handlers and webhooks find the row by id alone (docs/scale.md, "Citus: sharding by athlete").
    index('onboarding_sessions_id_idx').on(t.id),
    index('onboarding_sessions_athlete_idx').on(t.athleteId, t.createdAt),
    check('onboarding_sessions_goal_parsed_by_check', sql`${t.goalParsedBy} in ('rules', 'model')`),
    check('onboarding_sessions_status_check', oneOf(t.status, ONBOARDING_STATUSES)),
  ],
);
