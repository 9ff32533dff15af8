// The coach chat (docs/coach.md): the conversation per athlete, and the actions the coach proposed in it with
// what became of them.
import { COACH_ACTION_KINDS, type CoachAnswerSource } from '@stamina/core';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
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
import { workouts } from './workouts.ts';

export interface StoredCitation {
  label: string;
  value: string;
  path: string;
}

export const coachMessages = pgTable(
  'coach_messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    citations: jsonb('citations').$type<StoredCitation[]>().notNull().default([]),
    /**
     * Who understood and answered a coach message: the built-in rules or the language model (core
     * COACH_ANSWER_SOURCES); null on the athlete's own. Rows from before migration 0023 read 'built_in'.
     */
    source: text('source').$type<CoachAnswerSource>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    index('coach_messages_athlete_idx').on(t.athleteId, t.createdAt),
    check('coach_messages_role_check', sql`${t.role} in ('athlete', 'coach')`),
    // `is not null` spelt out: `null in (…)` is unknown, which a check lets through.
    check(
      'coach_messages_source_check',
      sql`(${t.role} = 'athlete' and ${t.source} is null) or (${t.role} = 'coach' and ${t.source} is not null and ${t.source} in ('built_in', 'model'))`,
    ),
  ],
);

export const coachActions = pgTable(
  'coach_actions',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').notNull(),
    workoutId: uuid('workout_id'),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('proposed'),
    /** What confirming does: { summary, reason, workoutTitle, workoutDate, patch } (core CoachProposedAction). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The plan change recorded when the action was applied. */
    changeId: uuid('change_id'),
    planId: uuid('plan_id'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The action's place among its answer's actions (they share the answer's created_at). */
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'coach_actions_workout_fk',
      columns: [t.athleteId, t.workoutId],
      foreignColumns: [workouts.athleteId, workouts.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'coach_actions_message_fk',
      columns: [t.athleteId, t.messageId],
      foreignColumns: [coachMessages.athleteId, coachMessages.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.athleteId, t.id] }),
    index('coach_actions_athlete_idx').on(t.athleteId, t.messageId),
    check('coach_actions_status_check', sql`${t.status} in ('proposed', 'applied', 'dismissed')`),
    check('coach_actions_kind_check', oneOf(t.kind, COACH_ACTION_KINDS)),
  ],
);
