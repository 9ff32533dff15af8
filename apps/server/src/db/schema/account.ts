// Data ownership (docs/account.md): the "Download my data" exports, each a zip built by a job in the file store.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';

export type ExportStatus = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').notNull().defaultRandom(),
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
    primaryKey({ columns: [t.athleteId, t.id] }),
    // Job handlers and webhooks find the row by id alone (docs/scale.md, "Citus: sharding by athlete").
    index('account_exports_id_idx').on(t.id),
    index('account_exports_athlete_idx').on(t.athleteId, t.createdAt),
    // Single-flight (docs/account.md, "Download my data"): one export queued or running per athlete, however
    // many requests ask at once.
    uniqueIndex('account_exports_one_active_idx')
      .on(t.athleteId)
      .where(sql`${t.status} in ('queued', 'running')`),
    check(
      'account_exports_status_check',
      sql`${t.status} in ('queued', 'running', 'ready', 'failed', 'expired')`,
    ),
    check('account_exports_percent_check', sql`${t.percent} between 0 and 100`),
  ],
);

export type ImportStatus = 'running' | 'done' | 'failed';

/**
 * The athlete's latest import of an export (docs/account.md, "Importing an export"): one row per athlete, its
 * progress while it runs, and the lease of the process writing it. A row still `running` whose lease has passed
 * was cut off (the process died): its rows are removed before anything else touches the account's import.
 */
export const accountImports = pgTable(
  'account_imports',
  {
    athleteId: uuid('athlete_id')
      .primaryKey()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    status: text('status').$type<ImportStatus>().notNull().default('running'),
    percent: integer('percent').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    message: text('message'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('account_imports_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
    check('account_imports_percent_check', sql`${t.percent} between 0 and 100`),
  ],
);
