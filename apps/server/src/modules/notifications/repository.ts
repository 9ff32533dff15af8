// Queries of the in-app notifications. Every query is scoped by the athlete id; every insert is
// "on conflict (athlete_id, dedupe_key) do nothing", so an event notifies once whichever request, process or
// retry notices it first.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { countRows } from '../../db/read-batch.ts';
import { notifications } from '../../db/schema/index.ts';
import type { NotificationEvent } from './texts.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export async function listNotifications(
  db: Conn,
  athleteId: string,
  options: { unread: boolean; limit: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.athleteId, athleteId), options.unread ? isNull(notifications.readAt) : undefined),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

/** A single value: inside a batch scope it is sent with the request's other reads (db/read-batch.ts). */
export async function unreadCount(db: Conn, athleteId: string): Promise<number> {
  return countRows(
    db,
    notifications,
    and(eq(notifications.athleteId, athleteId), isNull(notifications.readAt)),
  );
}

/** Marks one notification read (an already read one keeps its time); undefined when not the athlete's. */
export async function markRead(
  db: Conn,
  athleteId: string,
  id: string,
  at: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.athleteId, athleteId), eq(notifications.id, id)))
    .returning();
  return row;
}

/** Marks every unread notification of the athlete read; the number marked. */
export async function markAllRead(db: Conn, athleteId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.athleteId, athleteId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Stores the events of many athletes in one statement (the daily adaptation's batch), each unless its athlete turned
 * its kind off (the switch is read in the same statement) or already has one with its dedupe key. The number of
 * new notifications.
 */
export async function insertEventsOfAthletes(
  db: Conn,
  events: ReadonlyArray<NotificationEvent & { athleteId: string }>,
): Promise<number> {
  if (events.length === 0) return 0;
  const rows = events.map((e) => ({
    athlete_id: e.athleteId,
    kind: e.kind,
    title: e.title,
    body: e.body,
    link: e.link,
    data: e.data,
    dedupe_key: e.dedupeKey,
    preference: e.preference,
  }));
  const result = await db.execute(sql`
    insert into notifications (athlete_id, kind, title, body, link, data, dedupe_key)
    select a.id, e.kind, e.title, e.body, e.link, e.data, e.dedupe_key
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as e(athlete_id uuid, kind text, title text, body text, link text, data jsonb, dedupe_key text,
        preference text)
    join athletes a on a.id = e.athlete_id
    where coalesce((a.notification_preferences->>e.preference)::boolean, true)
    on conflict (athlete_id, dedupe_key) do nothing
    returning athlete_id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** `insertEventsOfAthletes` for the events of one athlete: the same statement. */
export function insertEvents(
  db: Conn,
  athleteId: string,
  events: readonly NotificationEvent[],
): Promise<number> {
  return insertEventsOfAthletes(
    db,
    events.map((e) => ({ ...e, athleteId })),
  );
}
