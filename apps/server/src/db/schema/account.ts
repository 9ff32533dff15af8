// Data ownership (docs/account.md): the "Download my data" exports, each a zip built by a job in the file store.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';

export type ExportStatus = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    /** 0–100: the share of the athlete's rows and files written so far. */
    percent: integer('percent').notNull().default(0),
    /** Key of the zip in the file store once ready. */
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    message: text('message'),
    /** When the zip and its link stop working (set when it is ready). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_exports_athlete_idx').on(t.athleteId, t.createdAt),
    check(
      'account_exports_status_check',
      sql`${t.status} in ('queued', 'running', 'ready', 'failed', 'expired')`,
    ),
    check('account_exports_percent_check', sql`${t.percent} between 0 and 100`),
  ],
);
