// Queries of device connections, pending authorisations and sync runs (docs/devices.md).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { deviceAuthorizations, deviceConnections, deviceSyncRuns } from '../../db/schema/devices.ts';

export type ConnectionRow = typeof deviceConnections.$inferSelect;
export type SyncRunRow = typeof deviceSyncRuns.$inferSelect;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function connections(db: Conn, athleteId: string): Promise<ConnectionRow[]> {
  return db.select().from(deviceConnections).where(eq(deviceConnections.athleteId, athleteId));
}

export async function connection(db: Conn, athleteId: string, provider: string) {
  const [row] = await db
    .select()
    .from(deviceConnections)
    .where(and(eq(deviceConnections.athleteId, athleteId), eq(deviceConnections.provider, provider)));
  return row;
}

/** A row named with its athlete: every read and write by id names both (docs/scale.md, "Router queries"). */
export interface Ref {
  athleteId: string;
  id: string;
}

export async function connectionById(db: Conn, { athleteId, id }: Ref, lock = false) {
  const query = db
    .select()
    .from(deviceConnections)
    .where(and(eq(deviceConnections.athleteId, athleteId), eq(deviceConnections.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function connectionsOfProviderUser(db: Conn, provider: string, providerUserId: string) {
  return db
    .select()
    .from(deviceConnections)
    .where(
      and(eq(deviceConnections.provider, provider), eq(deviceConnections.providerUserId, providerUserId)),
    );
}

/** Creates the athlete's connection or replaces its tokens (connecting again after an error). */
export async function upsertConnection(
  db: Conn,
  values: Omit<typeof deviceConnections.$inferInsert, 'id'>,
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(deviceConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [deviceConnections.athleteId, deviceConnections.provider],
      set: {
        status: 'connected',
        providerUserId: values.providerUserId,
        accessTokenEnc: values.accessTokenEnc,
        refreshTokenEnc: values.refreshTokenEnc,
        expiresAt: values.expiresAt,
        scopes: values.scopes,
        lastError: null,
        failures: 0,
        backoffUntil: null,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function updateConnection(db: Conn, { athleteId, id }: Ref, changes: Partial<ConnectionRow>) {
  const [row] = await db
    .update(deviceConnections)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(deviceConnections.athleteId, athleteId), eq(deviceConnections.id, id)))
    .returning();
  return row;
}

export async function deleteConnection(db: Conn, { athleteId, id }: Ref): Promise<void> {
  await db
    .delete(deviceConnections)
    .where(and(eq(deviceConnections.athleteId, athleteId), eq(deviceConnections.id, id)));
}

export async function insertAuthorization(db: Conn, values: typeof deviceAuthorizations.$inferInsert) {
  const [row] = await db.insert(deviceAuthorizations).values(values).returning();
  return row!;
}

/** Takes (deletes and returns) a pending authorisation: each is used once. */
export async function takeAuthorization(db: Conn, athleteId: string, id: string) {
  const [row] = await db
    .delete(deviceAuthorizations)
    .where(and(eq(deviceAuthorizations.athleteId, athleteId), eq(deviceAuthorizations.id, id)))
    .returning();
  return row;
}

export async function purgeExpiredAuthorizations(db: Conn): Promise<void> {
  await db.delete(deviceAuthorizations).where(sql`${deviceAuthorizations.expiresAt} < now()`);
}

export async function insertRun(db: Conn, values: typeof deviceSyncRuns.$inferInsert): Promise<SyncRunRow> {
  const [row] = await db.insert(deviceSyncRuns).values(values).returning();
  return row!;
}

export async function run(db: Conn, { athleteId, id }: Ref) {
  const [row] = await db
    .select()
    .from(deviceSyncRuns)
    .where(and(eq(deviceSyncRuns.athleteId, athleteId), eq(deviceSyncRuns.id, id)));
  return row;
}

export async function ownRun(db: Conn, athleteId: string, id: string) {
  const [row] = await db
    .select()
    .from(deviceSyncRuns)
    .where(and(eq(deviceSyncRuns.id, id), eq(deviceSyncRuns.athleteId, athleteId)));
  return row;
}

/** The connection's run that is queued or running, if any. */
export async function openRun(db: Conn, connectionId: string) {
  const [row] = await db
    .select()
    .from(deviceSyncRuns)
    .where(
      and(
        eq(deviceSyncRuns.connectionId, connectionId),
        inArray(deviceSyncRuns.status, ['queued', 'running']),
      ),
    )
    .orderBy(desc(deviceSyncRuns.createdAt))
    .limit(1);
  return row;
}

export async function latestRuns(db: Conn, athleteId: string): Promise<SyncRunRow[]> {
  const result = await db.execute(sql`
    select distinct on (connection_id) id from device_sync_runs
    where athlete_id = ${athleteId} order by connection_id, created_at desc`);
  const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(deviceSyncRuns).where(inArray(deviceSyncRuns.id, ids));
}

export async function updateRun(db: Conn, { athleteId, id }: Ref, changes: Partial<SyncRunRow>) {
  await db
    .update(deviceSyncRuns)
    .set(changes)
    .where(and(eq(deviceSyncRuns.athleteId, athleteId), eq(deviceSyncRuns.id, id)));
}

/** Connections due an automatic pull, locked for this transaction (other processes skip them). */
export async function claimDue(db: Conn, limit: number): Promise<ConnectionRow[]> {
  const result = await db.execute(sql`
    select id from device_connections
    where status = 'connected' and auto_sync and next_sync_at <= now()
      and (backoff_until is null or backoff_until <= now())
    order by next_sync_at
    limit ${limit}
    for update skip locked`);
  const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(deviceConnections).where(inArray(deviceConnections.id, ids));
}
