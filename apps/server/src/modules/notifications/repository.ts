// Queries of the in-app notifications. Every query is scoped by the athlete id; every insert is
// "on conflict (athlete_id, dedupe_key) do nothing", so an event notifies once whichever request, process or
// retry notices it first.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The athlete's notification switch `key`, true unless stored as false (the defaults are all on). */
const preferenceOn = (key: 'missedSession' | 'newWeekPlan' | 'recoveryWarning') =>
  sql.raw(`coalesce((a.notification_preferences->>'${key}')::boolean, true)`);

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

export async function unreadCount(db: Conn, athleteId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.athleteId, athleteId), isNull(notifications.readAt)));
  return row?.n ?? 0;
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
 * The time-based events of one athlete in one statement: yesterday's workouts still planned (missed
 * sessions) and, once the week holds a planned workout, the week's plan. The preference switches are read in
 * the same statement, and each event's dedupe key makes a repeat a no-op. The number of new notifications.
 */
export async function sweepTimeBased(
  db: Conn,
  athleteId: string,
  days: { yesterday: string; monday: string; sunday: string },
): Promise<number> {
  const athlete = sql`${athleteId}::uuid`;
  const result = await db.execute(sql`
    with week as (
      select count(*) filter (where w.status <> 'skipped') as sessions,
             count(*) filter (where w.status = 'planned') as planned,
             coalesce(sum(w.duration_minutes) filter (where w.status <> 'skipped'), 0) as minutes
      from workouts w
      where w.athlete_id = ${athlete} and w.workout_date between ${days.monday}::date and ${days.sunday}::date
    )
    insert into notifications (athlete_id, kind, title, body, link, data, dedupe_key)
    select a.id, 'missed_session', 'Missed session: ' || w.title,
           'Planned for ' || to_char(w.workout_date, 'YYYY-MM-DD')
             || ' and not marked done. Reschedule it or log it on the calendar.',
           '/calendar',
           jsonb_build_object('workout_id', w.id, 'date', to_char(w.workout_date, 'YYYY-MM-DD')),
           'missed:' || w.id
    from athletes a
    join workouts w on w.athlete_id = a.id
    where a.id = ${athlete} and ${preferenceOn('missedSession')}
      and w.workout_date = ${days.yesterday}::date and w.status = 'planned'
    union all
    select a.id, 'new_week_plan',
           'Your week: ' || week.sessions || case when week.sessions = 1 then ' session, ' else ' sessions, ' end
             || round(week.minutes / 60.0, 1)::float8 || ' h planned',
           'From ' || ${days.monday}::text || ' to ' || ${days.sunday}::text || '. See it on the calendar.',
           '/calendar',
           jsonb_build_object('week_start', ${days.monday}::text, 'sessions', week.sessions,
             'minutes', week.minutes),
           'week:' || ${days.monday}::text
    from athletes a, week
    where a.id = ${athlete} and ${preferenceOn('newWeekPlan')} and week.planned > 0
    on conflict (athlete_id, dedupe_key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** A recovery warning for `date`, unless the athlete turned recovery warnings off or has one for that day. */
export async function insertRecoveryWarning(
  db: Conn,
  athleteId: string,
  date: string,
  body: string,
  data: Record<string, unknown>,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into notifications (athlete_id, kind, title, body, link, data, dedupe_key)
    select a.id, 'recovery_warning', 'Recovery warning', ${body}, '/metrics', ${JSON.stringify(data)}::jsonb,
           ${`recovery:${date}`}
    from athletes a
    where a.id = ${athleteId}::uuid and ${preferenceOn('recoveryWarning')}
    on conflict (athlete_id, dedupe_key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
