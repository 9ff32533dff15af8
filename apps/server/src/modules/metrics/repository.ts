// Queries of the daily wellness store. Every query is scoped by the athlete id; the unique (athlete_id, date)
// index serves the range reads and the upserts.
import type { WellnessField, WellnessValues } from '@stamina/core';
import { and, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { wellnessDaily } from '../../db/schema/index.ts';
import { uuidArray } from '../../db/uuid-array.ts';

export type WellnessRow = typeof wellnessDaily.$inferSelect;
type Insert = typeof wellnessDaily.$inferInsert;

/**
 * Contract field → table column key. FTP and threshold pace are not wellness columns: a day's values are
 * stored in the one dated threshold store (docs/zones.md, "One store"; the store's `splitThresholds`).
 */
const COLUMN_OF = {
  hrv: 'hrv',
  hrv_sdnn: 'hrvSdnn',
  resting_hr: 'restingHr',
  sleep_hours: 'sleepHours',
  sleep_quality: 'sleepQuality',
  readiness: 'readiness',
  fatigue_level: 'fatigueLevel',
  soreness: 'soreness',
  mood: 'mood',
  weight_kg: 'weightKg',
  vo2max: 'vo2max',
  notes: 'notes',
} as const satisfies Record<Exclude<WellnessField, ThresholdField> | 'notes', keyof WellnessRow>;
export type ValueKey = keyof typeof COLUMN_OF;
/** The wellness fields that are thresholds, kept in the threshold store. */
export type ThresholdField = 'ftp_watts' | 'threshold_pace_seconds_per_km';
/** What a wellness row stores of a day: its values without the thresholds. */
type DayValues = Omit<Partial<WellnessValues>, ThresholdField>;
export const VALUE_KEYS = Object.keys(COLUMN_OF) as ValueKey[];

/** A row of the table as the contract's (snake_case) values; a column the row was read without is undefined. */
export function valuesOf(row: Pick<WellnessRow, 'date'> & Partial<WellnessRow>): WellnessValues {
  const values: Record<string, unknown> = { date: row.date };
  for (const key of VALUE_KEYS) values[key] = row[COLUMN_OF[key]];
  return values as WellnessValues;
}

/**
 * What readiness reads of a day (the recovery score's inputs, docs/wellness.md "Recovery score"), with the day's
 * notes, which the adaptation reads for illness and injury: the daily adaptation's batch reads only these
 * (docs/scale.md, "What grows, measured").
 */
const READINESS_DAY = {
  athleteId: wellnessDaily.athleteId,
  date: wellnessDaily.date,
  hrv: wellnessDaily.hrv,
  restingHr: wellnessDaily.restingHr,
  sleepHours: wellnessDaily.sleepHours,
  sleepQuality: wellnessDaily.sleepQuality,
  readiness: wellnessDaily.readiness,
  notes: wellnessDaily.notes,
};
export type ReadinessRow = Pick<WellnessRow, keyof typeof READINESS_DAY>;

/**
 * `listDays` of many athletes in one query (the daily adaptation's batch), only the `READINESS_DAY` columns:
 * athlete id → rows, oldest first.
 */
export async function listDaysOfAthletes(
  db: Conn,
  athleteIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, ReadinessRow[]>> {
  const out = new Map<string, ReadinessRow[]>();
  if (athleteIds.length === 0) return out;
  const rows = await jsonRows(
    db,
    READINESS_DAY,
    wellnessDaily,
    and(
      sql`${wellnessDaily.athleteId} = any(${uuidArray(athleteIds)})`,
      gte(wellnessDaily.date, from),
      lte(wellnessDaily.date, to),
    ),
    sql`${wellnessDaily.athleteId}, ${wellnessDaily.date}`,
  );
  for (const row of rows) {
    const list = out.get(row.athleteId) ?? [];
    list.push(row);
    out.set(row.athleteId, list);
  }
  return out;
}

/** The athlete's rows from `from` to `to` (both included), oldest first. */
export async function listDays(
  db: Conn,
  athleteId: string,
  from: string,
  to: string,
): Promise<WellnessRow[]> {
  // Read as one JSON value (db/json-rows.ts): a summary's 44 days are one value, not 800 fields.
  const { athleteId: _athlete, ...columns } = getTableColumns(wellnessDaily);
  const rows = await jsonRows(
    db,
    columns,
    wellnessDaily,
    and(eq(wellnessDaily.athleteId, athleteId), gte(wellnessDaily.date, from), lte(wellnessDaily.date, to)),
    sql`${wellnessDaily.date}`,
  );
  return rows.map((row) => ({ ...row, athleteId }));
}

export async function findById(db: Conn, athleteId: string, id: string): Promise<WellnessRow | undefined> {
  const rows = await db
    .select()
    .from(wellnessDaily)
    .where(and(eq(wellnessDaily.athleteId, athleteId), eq(wellnessDaily.id, id)))
    .limit(1);
  return rows[0];
}

/** The dates among `dates` that already have a row. */
export async function existingDates(
  db: Conn,
  athleteId: string,
  dates: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < dates.length; i += 1000) {
    const chunk = dates.slice(i, i + 1000);
    const rows = await db
      .select({ date: wellnessDaily.date })
      .from(wellnessDaily)
      .where(and(eq(wellnessDaily.athleteId, athleteId), inArray(wellnessDaily.date, chunk)));
    for (const row of rows) found.add(row.date);
  }
  return found;
}

/**
 * Inserts or updates one row per date: a date that has a row gets only the fields present in its input (an
 * explicit null clears a field, an absent key leaves it). `on conflict … do update` can only set the same
 * columns for every row of a statement, so rows are grouped by the set of fields they carry, and each group is
 * written in chunks of 500 rows, one statement per chunk. Returns, per date, whether the row was created.
 */
/**
 * Days per insert statement. The query builder's work for one statement is held until it is sent: 500 days a
 * statement grew RSS by 60 to 75 MB while an Apple Health export's 5,000 nights were written, 100 by about 10,
 * in the same time (docs/RELIABILITY.md, "Apple Health off the event loop").
 */
const UPSERT_BATCH_DAYS = 100;

export async function upsertWellnessDays(
  db: Conn,
  athleteId: string,
  rows: readonly DayValues[],
): Promise<{ date: string; id: string; created: boolean }[]> {
  const groups = new Map<string, { keys: ValueKey[]; rows: DayValues[] }>();
  for (const row of rows) {
    if (!row.date) continue;
    const keys = VALUE_KEYS.filter((key) => row[key] !== undefined);
    const signature = keys.join(',');
    const group = groups.get(signature) ?? { keys, rows: [] };
    group.rows.push(row);
    groups.set(signature, group);
  }
  const written: { date: string; id: string; created: boolean }[] = [];
  for (const { keys, rows: group } of groups.values()) {
    const set: Record<string, unknown> = { updatedAt: sql`now()` };
    for (const key of keys) set[COLUMN_OF[key]] = sql.raw(`excluded.${snake(COLUMN_OF[key])}`);
    for (let i = 0; i < group.length; i += UPSERT_BATCH_DAYS) {
      const values: Insert[] = group.slice(i, i + UPSERT_BATCH_DAYS).map((row) => {
        const insert: Record<string, unknown> = { athleteId, date: row.date };
        for (const key of keys) insert[COLUMN_OF[key]] = row[key] ?? null;
        return insert as Insert;
      });
      const result = await db
        .insert(wellnessDaily)
        .values(values)
        .onConflictDoUpdate({ target: [wellnessDaily.athleteId, wellnessDaily.date], set })
        // xmax is 0 on a freshly inserted tuple and set on one that an update replaced.
        .returning({ id: wellnessDaily.id, date: wellnessDaily.date, created: sql<boolean>`(xmax = 0)` });
      written.push(...result);
    }
  }
  return written;
}

/** The row's `updated_at` is still `since`, to the millisecond (as the API gives it): an If-Match that holds. */
const unchangedSince = (since: Date) =>
  sql`date_trunc('milliseconds', ${wellnessDaily.updatedAt}) = ${since.toISOString()}::timestamptz`;

/** The columns a write sets: the keys given (an explicit null clears), and `updated_at`. */
function setOf(changes: DayValues): Partial<Insert> {
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  if (changes.date !== undefined) set.date = changes.date;
  for (const key of VALUE_KEYS) if (changes[key] !== undefined) set[COLUMN_OF[key]] = changes[key];
  return set as Partial<Insert>;
}

/**
 * Updates one row by id (only the keys given); undefined when the athlete has no such row, or, with
 * `since`, when the row is no longer that version.
 */
export async function updateById(
  db: Conn,
  athleteId: string,
  id: string,
  changes: DayValues,
  since?: Date,
): Promise<WellnessRow | undefined> {
  const rows = await db
    .update(wellnessDaily)
    .set(setOf(changes))
    .where(
      and(
        eq(wellnessDaily.athleteId, athleteId),
        eq(wellnessDaily.id, id),
        since ? unchangedSince(since) : undefined,
      ),
    )
    .returning();
  return rows[0];
}

export async function findByDate(
  db: Conn,
  athleteId: string,
  date: string,
): Promise<WellnessRow | undefined> {
  const rows = await db
    .select()
    .from(wellnessDaily)
    .where(and(eq(wellnessDaily.athleteId, athleteId), eq(wellnessDaily.date, date)))
    .limit(1);
  return rows[0];
}

/**
 * One day's write under a precondition, in one statement (docs/offline.md, "Conflicts"): with `since`, the fields
 * given are set only while the day's row is that version; with `absent`, the row is created only while the day
 * has none. The written row's id, or undefined when the precondition failed.
 */
export async function writeDayIf(
  db: Conn,
  athleteId: string,
  day: DayValues & { date: string },
  precondition: { since: Date | '*' } | { absent: true },
): Promise<string | undefined> {
  if ('since' in precondition) {
    const rows = await db
      .update(wellnessDaily)
      .set(setOf({ ...day, date: undefined }))
      .where(
        and(
          eq(wellnessDaily.athleteId, athleteId),
          eq(wellnessDaily.date, day.date),
          precondition.since instanceof Date ? unchangedSince(precondition.since) : undefined,
        ),
      )
      .returning({ id: wellnessDaily.id });
    return rows[0]?.id;
  }
  const insert: Record<string, unknown> = { athleteId, date: day.date };
  for (const key of VALUE_KEYS) if (day[key] !== undefined) insert[COLUMN_OF[key]] = day[key];
  const rows = await db
    .insert(wellnessDaily)
    .values(insert as Insert)
    .onConflictDoNothing({ target: [wellnessDaily.athleteId, wellnessDaily.date] })
    .returning({ id: wellnessDaily.id });
  return rows[0]?.id;
}

export async function deleteById(db: Conn, athleteId: string, id: string): Promise<WellnessRow | undefined> {
  const rows = await db
    .delete(wellnessDaily)
    .where(and(eq(wellnessDaily.athleteId, athleteId), eq(wellnessDaily.id, id)))
    .returning();
  return rows[0];
}

/** The latest logged value of every field with its date, in one statement (one index probe per field). */
export async function latestValues(
  db: Conn,
  athleteId: string,
): Promise<Partial<Record<WellnessField, { value: number; date: string }>>> {
  const fields = VALUE_KEYS.filter((key): key is Exclude<ValueKey, 'notes'> => key !== 'notes');
  const selections = fields.map(
    (field) =>
      sql`(select json_build_object('value', ${sql.raw(field)}, 'date', date::text) from wellness_daily
        where athlete_id = ${athleteId}::uuid and ${sql.raw(field)} is not null order by date desc limit 1) as ${sql.raw(field)}`,
  );
  const result = await db.execute(sql`select ${sql.join(selections, sql`, `)}`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const latest: Partial<Record<WellnessField, { value: number; date: string }>> = {};
  for (const field of fields) {
    const raw = row[field];
    const cell = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { value: number; date: string } | null;
    if (cell && typeof cell.value === 'number') latest[field] = cell;
  }
  return latest;
}

const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The latest body weight logged on or before `date` (W/kg of an activity, docs/activities.md "Analysis"). */
export async function latestWeightOn(
  db: Conn,
  athleteId: string,
  date: string,
): Promise<{ date: string; weightKg: number } | null> {
  const rows = await db
    .select({ date: wellnessDaily.date, weightKg: wellnessDaily.weightKg })
    .from(wellnessDaily)
    .where(
      and(
        eq(wellnessDaily.athleteId, athleteId),
        lte(wellnessDaily.date, date),
        sql`${wellnessDaily.weightKg} is not null`,
      ),
    )
    .orderBy(sql`${wellnessDaily.date} desc`)
    .limit(1);
  const row = rows[0];
  return row && row.weightKg !== null ? { date: row.date, weightKg: row.weightKg } : null;
}
