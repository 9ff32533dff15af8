// Rows read as one JSON value, for the reads of a cache miss that fetch tens of rows (docs/performance.md, "Cached reads and what a miss costs"). PGlite decodes every field of every row on its own (a text decode and a
// parser per value, a few microseconds each): 50 rows of 10 columns cost more than the query. Aggregated in SQL
// into one JSON array, the same rows are one value and one JSON.parse, on PGlite and PostgreSQL alike.
//
// Only columns whose values come out exactly as Drizzle gives them may be read so: numbers (their shortest
// exact text, as the driver's), text, uuid, boolean, dates kept as strings, json/jsonb, and timestamps with a
// time zone, read as their text and made a Date as Drizzle makes it (`new Date(text)`), and text arrays.
// Anything else is refused.
import { type Column, is, SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Conn } from './client.ts';
import { readValue } from './read-batch.ts';

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

const TIMESTAMP = 'PgTimestamp';

/** A column, or an SQL expression whose JSON form its caller vouches for (a uuid, a number, text). */
type Field = Column | SQL<unknown>;
type RowOf<T extends Record<string, Field>> = {
  [K in keyof T]: T[K] extends Column ? T[K]['_']['data'] : T[K] extends SQL<infer V> ? V : never;
};

/** A text array reads as a JSON array of strings, exactly as the driver gives it. */
function isTextArray(column: Column): boolean {
  const base = (column as unknown as { baseColumn?: Column }).baseColumn;
  return column.columnType === 'PgArray' && base?.columnType === 'PgText';
}

const dialect = new PgDialect();
const pairTexts = new WeakMap<Column, Map<string, { text: string; timestamp: boolean }>>();

/** The SQL text of one column's pair in `json_build_object`, rendered once (it holds no parameter). */
function columnPair(name: string, column: Column): { text: string; timestamp: boolean } {
  let byName = pairTexts.get(column);
  const known = byName?.get(name);
  if (known) return known;
  let pair: SQL;
  let timestamp = false;
  if (column.columnType === TIMESTAMP && (column as unknown as { withTimezone: boolean }).withTimezone) {
    timestamp = true;
    pair = sql`${sql.raw(`'${name}'`)}, ${column}::text`;
  } else if (AS_JSON.has(column.columnType) || isTextArray(column)) {
    pair = sql`${sql.raw(`'${name}'`)}, ${column}`;
  } else {
    throw new Error(`jsonRows: ${column.name} (${column.columnType}) cannot be read as JSON`);
  }
  const rendered = dialect.sqlToQuery(pair);
  if (rendered.params.length > 0) throw new Error(`jsonRows: ${column.name} renders with parameters`);
  const entry = { text: rendered.sql, timestamp };
  if (!byName) {
    byName = new Map();
    pairTexts.set(column, byName);
  }
  byName.set(name, entry);
  return entry;
}

/**
 * `json_build_object(...)` of the columns, and `revive`, which gives the parsed objects the values Drizzle
 * would give (a timestamp made a Date). For a read that builds its own statement around the object.
 */
export function jsonObject<T extends Record<string, Field>>(columns: T) {
  const timestamps: string[] = [];
  // A column's pair is constant text (`'name', "table"."column"`), written once per column and name and kept:
  // Drizzle would otherwise walk every pair's pieces again on every query (most of a miss's query-building
  // time). Consecutive columns go in as one piece of text; an SQL field stays a fragment (it may hold parameters).
  const pieces: SQL[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 0) pieces.push(sql.raw(run.join(', ')));
    run = [];
  };
  for (const [name, column] of Object.entries(columns)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`jsonRows: bad field name ${name}`);
    if (is(column, SQL)) {
      flush();
      pieces.push(sql`${sql.raw(`'${name}'`)}, ${column}`);
      continue;
    }
    const pair = columnPair(name, column);
    if (pair.timestamp) timestamps.push(name);
    run.push(pair.text);
  }
  flush();
  return {
    object: sql`json_build_object(${sql.join(pieces, sql`, `)})`,
    /** The rows of a JSON array value (parsed, or its text), with the values Drizzle would give. */
    revive(raw: unknown): RowOf<T>[] {
      const rows = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as RowOf<T>[];
      for (const name of timestamps) {
        for (const r of rows as Record<string, unknown>[]) {
          if (typeof r[name] === 'string') r[name] = new Date(r[name]);
        }
      }
      return rows;
    },
  };
}

/**
 * `select <columns> from <table> where <where> order by <orderBy>`, as rows with the columns' field names and
 * the values Drizzle would give, read in one JSON array.
 */
export async function jsonRows<T extends Record<string, Field>>(
  db: Conn,
  columns: T,
  table: PgTable,
  where: SQL | undefined,
  orderBy: SQL,
  limit?: number,
): Promise<RowOf<T>[]> {
  const { object, revive } = jsonObject(columns);
  const filter = sql`where ${where ?? sql`true`}`;
  // With a limit, the first rows in order are picked first, under the table's own name for the fields to read.
  const source =
    limit === undefined
      ? sql`${table} ${filter}`
      : sql`(select * from ${table} ${filter} order by ${orderBy} limit ${limit}) as ${table}`;
  // One value: inside a batch scope it is sent with the request's other reads (db/read-batch.ts).
  return revive(
    await readValue(
      db,
      sql`select coalesce(json_agg(${object} order by ${orderBy}), '[]'::json) as rows from ${source}`,
    ),
  );
}

/**
 * The first row of `select <columns> from <table> where <where> order by <orderBy>`, as `jsonRows` gives it, or
 * undefined: one JSON object, so that a batch scope can send it with other reads (db/read-batch.ts).
 */
export async function jsonRow<T extends Record<string, Field>>(
  db: Conn,
  columns: T,
  table: PgTable,
  where: SQL | undefined,
  orderBy: SQL,
): Promise<RowOf<T> | undefined> {
  const { object, revive } = jsonObject(columns);
  const value = await readValue(
    db,
    sql`select ${object} from ${table} where ${where ?? sql`true`} order by ${orderBy} limit 1`,
  );
  if (value === null) return undefined;
  return revive([typeof value === 'string' ? JSON.parse(value) : value])[0];
}
