// Queries of data ownership (docs/account.md). The export and the import walk every table that carries an
// `athlete_id` column, found in the catalogue, so a table added later is exported, imported and purged without
// a change here.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Conn, Db, Tx } from '../../db/client.ts';
import { accountExports } from '../../db/schema/index.ts';

export type ExportRow = typeof accountExports.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface ColumnInfo {
  name: string;
  /** PostgreSQL's type name: 'uuid', '_uuid' (uuid[]), 'text', 'bytea', … */
  udt: string;
}

export interface OwnedTable {
  name: string;
  columns: ColumnInfo[];
  /** The other athlete-owned tables this one references, which an import writes first. */
  references: string[];
}

/** Every table of the public schema with an `athlete_id` column, ordered so that referenced tables come first. */
export async function ownedTables(conn: Conn): Promise<OwnedTable[]> {
  const columns = rowsOf<{ table_name: string; column_name: string; udt_name: string }>(
    await conn.execute(sql`
      select c.table_name, c.column_name, c.udt_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.table_name in (
          select table_name from information_schema.columns
          where table_schema = current_schema() and column_name = 'athlete_id')
      order by c.table_name, c.ordinal_position`),
  );
  const byTable = new Map<string, ColumnInfo[]>();
  for (const c of columns) {
    const list = byTable.get(c.table_name) ?? [];
    list.push({ name: c.column_name, udt: c.udt_name });
    byTable.set(c.table_name, list);
  }
  const fks = rowsOf<{ child: string; parent: string }>(
    await conn.execute(sql`
      select distinct cl.relname as child, pcl.relname as parent
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_class pcl on pcl.oid = con.confrelid
      join pg_namespace n on n.oid = cl.relnamespace
      where con.contype = 'f' and n.nspname = current_schema()`),
  );
  const tables = [...byTable.keys()];
  const refs = new Map(tables.map((t) => [t, [] as string[]]));
  for (const fk of fks) {
    if (fk.child !== fk.parent && refs.has(fk.child) && refs.has(fk.parent))
      refs.get(fk.child)!.push(fk.parent);
  }
  // Depth-first topological order: a table after everything it references.
  const ordered: OwnedTable[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const parent of refs.get(name) ?? []) visit(parent);
    ordered.push({ name, columns: byTable.get(name)!, references: refs.get(name)! });
  };
  for (const name of tables.sort()) visit(name);
  return ordered;
}

export async function countOwned(conn: Conn, table: string, athleteId: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await conn.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where athlete_id = ${athleteId}`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * One page of the athlete's rows of `table` as JSON objects (bytea as '\x…' hex, timestamps as ISO text), after
 * the physical row position `after` ('(0,0)' for the first page). Keyset paging on ctid: no page costs more than
 * `limit` rows of memory, whatever the table's key.
 */
export async function ownedPage(
  conn: Conn,
  table: string,
  athleteId: string,
  after: string,
  limit: number,
): Promise<{ rows: Record<string, unknown>[]; last: string | null }> {
  const result = rowsOf<{ pos: string; row: Record<string, unknown> }>(
    await conn.execute(sql`
      select t.ctid::text as pos, row_to_json(t) as row
      from ${sql.identifier(table)} t
      where t.athlete_id = ${athleteId} and t.ctid > ${after}::tid
      order by t.ctid
      limit ${limit}`),
  );
  return {
    rows: result.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row)),
    last: result.at(-1)?.pos ?? null,
  };
}

/** The account row, without its password hash (an export never carries a secret). */
export async function accountRow(
  conn: Conn,
  athleteId: string,
): Promise<Record<string, unknown> | undefined> {
  const rows = rowsOf<{ row: Record<string, unknown> | string }>(
    await conn.execute(sql`
      select row_to_json(u) as row from (
        select users.id, users.email, users.name, users.email_confirmed_at, users.created_at
        from users join athletes on athletes.auth_user_id = users.id where athletes.id = ${athleteId}) u`),
  );
  const row = rows[0]?.row;
  return typeof row === 'string' ? JSON.parse(row) : row;
}

/** Inserts one exported row into `table`, its JSON read back by PostgreSQL into the column types. */
export async function insertJsonRow(tx: Tx, table: string, row: Record<string, unknown>): Promise<void> {
  const target = sql.identifier(table);
  await tx.execute(sql`
    insert into ${target} select * from json_populate_record(null::${target}, ${JSON.stringify(row)}::json)`);
}

/** Overwrites the settings columns of the athlete row from an exported one (ids and the picture excepted). */
export async function updateAthleteFromJson(
  tx: Tx,
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

/**
 * Removes the queue's jobs of the account (the purge job's own included): by their indexed athlete, and of the
 * few jobs of no one athlete (daily batches), those whose payload names it.
 */
export async function deleteJobsNaming(tx: Tx, athleteId: string, ids: string[]): Promise<void> {
  await tx.execute(sql`delete from jobs where athlete_id = ${athleteId}`);
  for (const id of ids) {
    await tx.execute(sql`delete from jobs where athlete_id is null and position(${id} in payload::text) > 0`);
  }
}

export async function insertExport(tx: Tx, athleteId: string): Promise<ExportRow> {
  const [row] = await tx.insert(accountExports).values({ athleteId }).returning();
  return row!;
}

export async function findExport(db: Conn, athleteId: string, id: string): Promise<ExportRow | undefined> {
  const rows = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.athleteId, athleteId), eq(accountExports.id, id)))
    .limit(1);
  return rows[0];
}

export async function findExportById(db: Conn, id: string): Promise<ExportRow | undefined> {
  const rows = await db.select().from(accountExports).where(eq(accountExports.id, id)).limit(1);
  return rows[0];
}

export async function latestExport(db: Conn, athleteId: string): Promise<ExportRow | undefined> {
  const rows = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.athleteId, athleteId))
    .orderBy(desc(accountExports.createdAt))
    .limit(1);
  return rows[0];
}

export async function updateExport(
  db: Conn,
  id: string,
  values: Partial<
    Pick<ExportRow, 'status' | 'percent' | 'storageKey' | 'sizeBytes' | 'message' | 'expiresAt'>
  >,
): Promise<void> {
  await db
    .update(accountExports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(accountExports.id, id));
}

export type { Db };

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

export async function deleteOwned(tx: Tx, table: string, athleteId: string): Promise<void> {
  await tx.execute(sql`delete from ${sql.identifier(table)} where athlete_id = ${athleteId}`);
}
