// Queries of the athlete profile's dashboard settings. Every query is scoped by the caller's athlete id.

import { DEFAULT_UNITS, DEFAULT_WEEK_START, type Units, type WeekStart } from '@stamina/core';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Conn, Db } from '../../db/client.ts';
import { athletes } from '../../db/schema/index.ts';

const profileColumns = {
  id: athletes.id,
  layoutStyle: athletes.layoutStyle,
  widgetConfig: athletes.widgetConfig,
  onboardingComplete: athletes.onboardingComplete,
  notificationPreferences: athletes.notificationPreferences,
  trackedMetrics: athletes.trackedMetrics,
  adaptationEnabled: athletes.adaptationEnabled,
  avatarKey: athletes.avatarKey,
};

export type AthleteProfileRow = {
  id: string;
  layoutStyle: string;
  /** Whatever is stored: rows written before validation existed may hold anything. */
  widgetConfig: unknown;
  onboardingComplete: boolean;
  notificationPreferences: unknown;
  trackedMetrics: unknown;
  adaptationEnabled: boolean;
  avatarKey: string | null;
};

export async function findProfile(db: Conn, athleteId: string): Promise<AthleteProfileRow | undefined> {
  const [row] = await db.select(profileColumns).from(athletes).where(eq(athletes.id, athleteId)).limit(1);
  return row;
}

export interface ProfileChanges {
  layoutStyle?: string;
  widgetConfig?: typeof athletes.$inferInsert.widgetConfig;
  onboardingComplete?: boolean;
  /** Merged into the stored preferences, so keys not sent keep their value. */
  notificationPreferences?: Record<string, boolean>;
  /** Merged like the preferences. */
  trackedMetrics?: Record<string, boolean>;
  adaptationEnabled?: boolean;
}

/**
 * One statement: the preferences are merged by PostgreSQL (jsonb ||), so two requests changing different
 * preferences at once cannot overwrite each other's change with a stale copy.
 */
export async function updateProfile(
  db: Conn,
  athleteId: string,
  changes: ProfileChanges,
): Promise<AthleteProfileRow | undefined> {
  const { notificationPreferences, trackedMetrics, ...plain } = changes;
  const [row] = await db
    .update(athletes)
    .set({
      ...plain,
      ...(notificationPreferences
        ? {
            notificationPreferences: sql`${athletes.notificationPreferences} || ${JSON.stringify(notificationPreferences)}::jsonb`,
          }
        : {}),
      ...(trackedMetrics
        ? { trackedMetrics: sql`${athletes.trackedMetrics} || ${JSON.stringify(trackedMetrics)}::jsonb` }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(athletes.id, athleteId))
    .returning(profileColumns);
  return row;
}

/**
 * The athlete's IANA time zone (UTC when unknown). Other modules read it through this module's index, on their
 * own connection or transaction (docs/modules.md, "Reads of another module's tables").
 */
export async function findTimezone(db: Conn, athleteId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: athletes.timezone })
    .from(athletes)
    .where(eq(athletes.id, athleteId))
    .limit(1);
  return row?.timezone ?? 'UTC';
}

/**
 * Locks the athlete's row until the caller's transaction ends: the plans and the thresholds serialise their
 * writes on it, after the athlete's write lock (db/athlete-lock.ts), which the caller takes first.
 */
export async function lockAthleteRow(tx: Conn, athleteId: string): Promise<void> {
  await tx.select({ id: athletes.id }).from(athletes).where(eq(athletes.id, athleteId)).for('update');
}

/** Turns one notification switch on or off, the others kept (jsonb ||, one statement). */
export async function setNotificationPreference(
  db: Conn,
  athleteId: string,
  key: string,
  on: boolean,
): Promise<void> {
  await db
    .update(athletes)
    .set({
      notificationPreferences: sql`${athletes.notificationPreferences} || jsonb_build_object(${key}::text, ${on}::boolean)`,
      updatedAt: sql`now()`,
    })
    .where(eq(athletes.id, athleteId));
}

/** The athlete's calendar: time zone, week start and units (UTC, Monday and metric for an unknown id). */
export async function findCalendar(
  db: Conn,
  athleteId: string,
): Promise<{ timezone: string; weekStart: WeekStart; units: Units }> {
  const [row] = await db
    .select({ timezone: athletes.timezone, weekStart: athletes.weekStart, units: athletes.units })
    .from(athletes)
    .where(eq(athletes.id, athleteId))
    .limit(1);
  return {
    timezone: row?.timezone ?? 'UTC',
    weekStart: row?.weekStart ?? DEFAULT_WEEK_START,
    units: row?.units ?? DEFAULT_UNITS,
  };
}

/** Time zone and adaptation switch of these athletes (the daily adaptation's schedule, docs/adaptation.md). */
export async function adaptationSettings(
  db: Conn,
  athleteIds: readonly string[],
): Promise<Array<{ athleteId: string; timezone: string; enabled: boolean }>> {
  if (athleteIds.length === 0) return [];
  return db
    .select({ athleteId: athletes.id, timezone: athletes.timezone, enabled: athletes.adaptationEnabled })
    .from(athletes)
    .where(inArray(athletes.id, [...athleteIds]));
}

type AthleteRow = typeof athletes.$inferSelect;

/** The athlete of a new account, in the signup's transaction (auth). */
export async function insertAthlete(
  tx: Conn,
  values: Pick<typeof athletes.$inferInsert, 'authUserId' | 'widgetConfig' | 'timezone'>,
): Promise<AthleteRow> {
  const [row] = await tx.insert(athletes).values(values).returning();
  return row!;
}

/** The athlete fields an account's own profile and time zone writes may change (auth). */
export type AthleteProfileFields = Partial<
  Pick<
    AthleteRow,
    | 'birthday'
    | 'gender'
    | 'primarySports'
    | 'goalEvent'
    | 'goalDate'
    | 'language'
    | 'timezone'
    | 'units'
    | 'weekStart'
    | 'onboardingComplete'
  >
>;

/** Changes these fields of the athlete of account `userId` (auth's profile and time zone writes). */
export async function updateAthleteOfUser(
  conn: Conn,
  userId: string,
  fields: AthleteProfileFields,
): Promise<void> {
  await conn
    .update(athletes)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(athletes.authUserId, userId));
}

/** The profile picture's file store key, or null (undefined when the athlete row is missing). */
export async function avatarKey(db: Conn, athleteId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ key: athletes.avatarKey })
    .from(athletes)
    .where(eq(athletes.id, athleteId))
    .limit(1);
  return row ? row.key : undefined;
}

/**
 * Points the athlete at another picture (null: none) and answers the key it replaced, in one transaction with
 * the row locked, so two uploads at once each learn which file they made obsolete.
 */
export async function replaceAvatarKey(
  db: Db,
  athleteId: string,
  key: string | null,
): Promise<{ previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ key: athletes.avatarKey })
      .from(athletes)
      .where(eq(athletes.id, athleteId))
      .for('update');
    if (!row) return undefined;
    await tx
      .update(athletes)
      .set({ avatarKey: key, updatedAt: new Date() })
      .where(eq(athletes.id, athleteId));
    return { previous: row.key };
  });
}

// --- The account's export and import (docs/account.md): the athlete row as JSON, its columns, its settings ---

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The athlete row as PostgreSQL's JSON of it (every column, snake_case), or undefined. */
export async function athleteRowJson(
  conn: Conn,
  athleteId: string,
): Promise<Record<string, unknown> | undefined> {
  const rows = rowsOf<{ row: Record<string, unknown> | string }>(
    await conn.execute(sql`select row_to_json(a) as row from athletes a where a.id = ${athleteId}`),
  );
  const row = rows[0]?.row;
  return typeof row === 'string' ? JSON.parse(row) : row;
}

/** The columns of `athletes` (an import copies the settings among them). */
export async function athleteColumns(conn: Conn): Promise<string[]> {
  return rowsOf<{ column_name: string }>(
    await conn.execute(sql`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'athletes' order by ordinal_position`),
  ).map((r) => r.column_name);
}

/** Overwrites the `columns` of the athlete row from an exported one (the caller leaves out ids and the picture). */
export async function updateAthleteFromJson(
  tx: Conn,
  athleteId: string,
  row: Record<string, unknown>,
  columns: string[],
): Promise<void> {
  if (columns.length === 0) return;
  const sets = columns.map((c) => sql`${sql.identifier(c)} = src.${sql.identifier(c)}`);
  await tx.execute(sql`
    update athletes set ${sql.join(sets, sql`, `)}
    from json_populate_record(null::athletes, ${JSON.stringify(row)}::json) src
    where athletes.id = ${athleteId}`);
}
