// Queries of the notifications that leave the app (docs/notifications.md): push subscriptions, the delivery log
// that makes each delivery once, and the athletes the morning tick looks at (their sessions are the workouts
// module's `plannedWorkoutsOf`, their plan changes the adaptation's `adaptationChangesSince`).
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { athletes, notificationDeliveries, pushSubscriptions, users } from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
type Preference = 'dailyEmail' | 'pushPlanChanges' | 'pushMissedKeySession';

/** The stored switch, over its default (docs/notifications.md): the e-mail off, push on. */
const preferenceOn = (key: Preference) =>
  sql`coalesce((${athletes.notificationPreferences}->>${key})::boolean, ${key !== 'dailyEmail'})`;

/** A browser subscribes (again): an endpoint already stored, maybe for another athlete, moves to this one. */
export async function upsertSubscription(
  db: Conn,
  athleteId: string,
  input: { endpoint: string; p256dh: string; auth: string; device: string | null },
): Promise<PushSubscriptionRow> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, input.endpoint), ne(pushSubscriptions.athleteId, athleteId)));
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ athleteId, ...input })
    .onConflictDoUpdate({
      target: [pushSubscriptions.athleteId, pushSubscriptions.endpoint],
      set: { athleteId, p256dh: input.p256dh, auth: input.auth, device: input.device, createdAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function removeSubscription(db: Conn, athleteId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.athleteId, athleteId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function removeEndpoint(db: Conn, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function subscriptionsOf(db: Conn, athleteId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.athleteId, athleteId));
}

/**
 * Takes the delivery `key` for the athlete; false when it is taken already. In the sending transaction: a second
 * process inserting the same key waits for the first to commit, then finds it taken (or takes it, if the first
 * rolled back because its send failed).
 */
export async function claimDelivery(
  tx: Conn,
  athleteId: string,
  key: string,
  channel: 'email' | 'push',
): Promise<boolean> {
  const rows = await tx
    .insert(notificationDeliveries)
    .values({ athleteId, key, channel })
    .onConflictDoNothing()
    .returning({ key: notificationDeliveries.key });
  return rows.length > 0;
}

/** When the athlete's last daily e-mail before `key` went, or null if none did. */
export async function lastDailyEmailAt(db: Conn, athleteId: string, key: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: notificationDeliveries.sentAt })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.athleteId, athleteId),
        sql`${notificationDeliveries.key} like 'daily:%'`,
        sql`${notificationDeliveries.key} <> ${key}`,
      ),
    )
    .orderBy(desc(notificationDeliveries.sentAt))
    .limit(1);
  return row?.at ?? null;
}

/** Of `keys`, those already delivered to the athlete. */
export async function deliveredKeys(
  db: Conn,
  pairs: ReadonlyArray<{ athleteId: string; key: string }>,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = rowsOf<{ athlete_id: string; key: string }>(
    await db.execute(sql`
      select d.athlete_id, d.key from notification_deliveries d
      join (values ${sql.join(
        pairs.map((p) => sql`(${p.athleteId}::uuid, ${p.key})`),
        sql`, `,
      )}) as wanted(athlete_id, key) on wanted.athlete_id = d.athlete_id and wanted.key = d.key`),
  );
  return new Set(rows.map((r) => `${r.athlete_id}:${r.key}`));
}

export interface Recipient {
  athleteId: string;
  timezone: string;
  email: string;
  name: string;
}

/** The athletes whose switch `key` is on, with a confirmed address (the e-mail) or a push subscription. */
export async function recipients(
  db: Conn,
  key: Preference,
  athleteIds?: readonly string[],
): Promise<Recipient[]> {
  const viaPush = key !== 'dailyEmail';
  return db
    .select({ athleteId: athletes.id, timezone: athletes.timezone, email: users.email, name: users.name })
    .from(athletes)
    .innerJoin(users, eq(users.id, athletes.authUserId))
    .where(
      and(
        preferenceOn(key),
        viaPush
          ? sql`exists (select 1 from ${pushSubscriptions} s where s.athlete_id = ${athletes.id})`
          : sql`${users.emailConfirmedAt} is not null`,
        athleteIds
          ? sql`${athletes.id} in (${sql.join(
              athleteIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
}
