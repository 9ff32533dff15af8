// Notifications that leave the app (docs/notifications.md): the browsers an athlete allowed Web Push on, and the
// log of what was sent, whose primary key makes each delivery happen once whichever process gets there first.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';

/**
 * One browser (service worker) that accepted Web Push for the athlete: the push service's endpoint and the keys
 * the payload is encrypted for. An endpoint belongs to one browser profile: a browser signed into another account
 * moves to it (the subscribe deletes it from other athletes, then upserts it on (athlete_id, endpoint); keys
 * carry athlete_id for sharding, docs/scale.md). Removed on unsubscribe and when the push service answers
 * 404 or 410 (the browser dropped it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser's own words for itself (its user agent), to tell devices apart in Settings. */
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    uniqueIndex('push_subscriptions_athlete_endpoint_key').on(t.athleteId, t.endpoint),
    index('push_subscriptions_endpoint_idx').on(t.endpoint),
  ],
);

/**
 * What was sent to an athlete outside the app, one row per athlete and key (`daily:<local day>`,
 * `push:change:<plan change id>`, `push:missed-key:<workout id>`): a job inserts its row in the transaction that
 * sends, so a second process running the same job waits on the row and then finds it taken.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    channel: text('channel').$type<'email' | 'push'>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.key] }),
    check('notification_deliveries_channel_check', sql`${t.channel} in ('email', 'push')`),
  ],
);
