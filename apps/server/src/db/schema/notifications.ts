// The in-app notifications that events create (the notifications module). Every row belongs to an athlete.
import { NOTIFICATION_KINDS, type NotificationKind } from '@stamina/core';
import {
  check,
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
import { oneOf } from './one-of.ts';

/**
 * In-app notifications. `dedupe_key` makes each event notify once, whichever process or request notices it
 * first (insert … on conflict do nothing): e.g. `missed:<workout id>`, `recovery:<date>`, `week:<monday>`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    uniqueIndex('notifications_athlete_dedupe_key').on(t.athleteId, t.dedupeKey),
    index('notifications_athlete_created_idx').on(t.athleteId, t.createdAt),
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
  ],
);
