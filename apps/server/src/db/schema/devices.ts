// Device connections (docs/devices.md): an athlete's link to a provider (Garmin, Strava) with its tokens
// encrypted at rest, the pending authorisations of the OAuth dance, and the sync runs with their counts.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
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

export type DeviceConnectionStatus = 'connected' | 'error';
export type SyncRunStatus = 'queued' | 'running' | 'done' | 'failed';
export type SyncRunKind = 'manual' | 'auto' | 'backfill' | 'webhook';

export const deviceConnections = pgTable(
  'device_connections',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** `error`: the provider refused our tokens (revoked, expired refresh): the athlete must connect again. */
    status: text('status').$type<DeviceConnectionStatus>().notNull().default('connected'),
    /** The athlete's id at the provider, which its webhooks name. */
    providerUserId: text('provider_user_id'),
    /** AES-256-GCM, `iv.tag.ciphertext` in base64url (modules/devices/secrets.ts). */
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    scopes: text('scopes'),
    autoSync: boolean('auto_sync').notNull().default(true),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Where the next pull starts: the start of the last successful one (a day's overlap is added). */
    syncedThrough: timestamp('synced_through', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Consecutive failed pulls; the backoff doubles with each. */
    failures: integer('failures').notNull().default(0),
    backoffUntil: timestamp('backoff_until', { withTimezone: true }),
    backfillDone: integer('backfill_done').notNull().default(0),
    backfillTotal: integer('backfill_total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    // Job handlers and webhooks find the row by id alone (docs/scale.md, "Citus: sharding by athlete").
    index('device_connections_id_idx').on(t.id),
    uniqueIndex('device_connections_athlete_provider_idx').on(t.athleteId, t.provider),
    index('device_connections_due_idx').on(t.nextSyncAt),
    index('device_connections_provider_user_idx').on(t.provider, t.providerUserId),
    check('device_connections_status_check', sql`${t.status} in ('connected', 'error')`),
  ],
);

/** One pending authorisation: the PKCE verifier of a signed `state`, used once. */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    sessionId: text('session_id').notNull(),
    codeVerifierEnc: text('code_verifier_enc').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    // Job handlers and webhooks find the row by id alone (docs/scale.md, "Citus: sharding by athlete").
    index('device_authorizations_id_idx').on(t.id),
    index('device_authorizations_athlete_idx').on(t.athleteId),
  ],
);

export const deviceSyncRuns = pgTable(
  'device_sync_runs',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id').notNull(),
    provider: text('provider').notNull(),
    kind: text('kind').$type<SyncRunKind>().notNull(),
    status: text('status').$type<SyncRunStatus>().notNull().default('queued'),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    wellnessDays: integer('wellness_days').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'device_sync_runs_connection_fk',
      columns: [t.athleteId, t.connectionId],
      foreignColumns: [deviceConnections.athleteId, deviceConnections.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.athleteId, t.id] }),
    // Job handlers and webhooks find the row by id alone (docs/scale.md, "Citus: sharding by athlete").
    index('device_sync_runs_id_idx').on(t.id),
    index('device_sync_runs_athlete_idx').on(t.athleteId, t.createdAt),
    index('device_sync_runs_connection_idx').on(t.connectionId, t.status),
    check('device_sync_runs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('device_sync_runs_kind_check', sql`${t.kind} in ('manual', 'auto', 'backfill', 'webhook')`),
  ],
);
