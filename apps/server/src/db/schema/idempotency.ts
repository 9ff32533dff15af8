// Idempotency keys of creating POSTs (docs/RELIABILITY.md, "Idempotent creates"): per athlete and key, the
// request's fingerprint and, once answered, the answer (status and body) that a retry with the same key gets
// again. A row without a status is a request still running. Rows older than 24 hours no longer count.
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, URL and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.key] }),
    index('idempotency_keys_athlete_created_idx').on(t.athleteId, t.createdAt),
  ],
);
