// Rows read as one JSON value, for the reads of a cache miss that fetch tens of rows (docs/ARCHITECTURE.md,
// "Workouts and the calendar", misses). PGlite decodes every field of every row on its own (a text decode and a
// parser per value, a few microseconds each): 50 rows of 10 columns cost more than the query. Aggregated in SQL
// into one JSON array, the same rows are one value and one JSON.parse, on PGlite and PostgreSQL alike.
//
// Only columns whose JSON form is what the driver gives for them may be read so: numbers (their shortest exact
// text, as the driver's), text, uuid, boolean, dates kept as strings, and json/jsonb. A timestamp is refused (its
// JSON text is not the one Drizzle makes its Date from).
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Conn } from './client.ts';

const AS_JSON = new Set([
  'PgInteger',
  'PgSmallInt',
  'PgDoublePrecision',
  'PgReal',
  'PgText',
  'PgVarchar',
  'PgUUID',
  'PgBoolean',
  'PgDateString',
  'PgJson',
  'PgJsonb',
]);

type RowOf<T extends Record<string, Column>> = { [K in keyof T]: T[K]['_']['data'] };

/**
 * `select <columns> from <table> where <where> order by <orderBy>`, as rows with the columns' field names and
 * the values Drizzle would give, read in one JSON array.
 */
export async function jsonRows<T extends Record<string, Column>>(
  db: Conn,
  columns: T,
  table: PgTable,
  where: SQL | undefined,
  orderBy: SQL,
): Promise<RowOf<T>[]> {
  const pairs = Object.entries(columns).map(([name, column]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`jsonRows: bad field name ${name}`);
    if (!AS_JSON.has(column.columnType)) {
      throw new Error(`jsonRows: ${column.name} (${column.columnType}) cannot be read as JSON`);
    }
    return sql`${sql.raw(`'${name}'`)}, ${column}`;
  });
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_object(${sql.join(pairs, sql`, `)}) order by ${orderBy}), '[]'::json) as rows
    from ${table} where ${where ?? sql`true`}`);
  const [row] = (result as unknown as { rows: { rows: RowOf<T>[] | string }[] }).rows;
  const rows = row?.rows ?? [];
  return typeof rows === 'string' ? (JSON.parse(rows) as RowOf<T>[]) : rows;
}
