// Queries of data ownership (docs/account.md). The export and the import walk every table that carries an
// `athlete_id` column, found in the catalogue, so a table added later is exported, imported and purged without
// a change here.
import { and, desc, eq, sql } from 'drizzle-orm';
import { lockAthleteWrites } from '../../db/athlete-lock.ts';
import type { Conn, Tx } from '../../db/client.ts';
import { accountExports, accountImports } from '../../db/schema/index.ts';

export type ExportRow = typeof accountExports.$inferSelect;
export type ImportRow = typeof accountImports.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface ColumnInfo {
  name: string;
  /** PostgreSQL's type name: 'uuid', '_uuid' (uuid[]), 'text', 'bytea', … */
  udt: string;
  /**
   * Computed by the database (`generated always as`, or an identity `generated always`, such as the job queue's
   * enqueue order): never written by an import.
   */
  generated: boolean;
  nullable: boolean;
  /** The table a single-column foreign key of this column points at. */
  references?: string;
}

export interface OwnedTable {
  name: string;
  /**
   * The column that names the owning athlete: `athlete_id`, or the one column with a foreign key to `athletes`
   * (`workout_templates.owner_athlete_id`, an athlete's own Workout Bank templates).
   */
  owner: string;
  columns: ColumnInfo[];
  /** The other athlete-owned tables this one references, which an import writes first. */
  references: string[];
}

/**
 * Every table of the public schema that belongs to an athlete: one with an `athlete_id` column, or one with a
 * foreign key to `athletes` (every owner column counts, docs/account.md), ordered so that referenced tables
 * come first.
 */
export async function ownedTables(conn: Conn): Promise<OwnedTable[]> {
  const columns = rowsOf<{
    table_name: string;
    column_name: string;
    udt_name: string;
    is_generated: string;
    identity_generation: string | null;
    is_nullable: string;
  }>(
    await conn.execute(sql`
      select c.table_name, c.column_name, c.udt_name, c.is_generated, c.identity_generation, c.is_nullable
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name <> 'athletes'
      order by c.table_name, c.ordinal_position`),
  );
  const fks = rowsOf<{ child: string; parent: string; column_name: string | null }>(
    await conn.execute(sql`
      select cl.relname as child, pcl.relname as parent,
        case when array_length(con.conkey, 1) = 1 then a.attname end as column_name
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_class pcl on pcl.oid = con.confrelid
      join pg_namespace n on n.oid = cl.relnamespace
      left join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
      where con.contype = 'f' and n.nspname = current_schema()`),
  );
  const target = new Map<string, string>();
  for (const fk of fks) if (fk.column_name) target.set(`${fk.child}.${fk.column_name}`, fk.parent);
  const byTable = new Map<string, ColumnInfo[]>();
  for (const c of columns) {
    const list = byTable.get(c.table_name) ?? [];
    const references = target.get(`${c.table_name}.${c.column_name}`);
    list.push({
      name: c.column_name,
      udt: c.udt_name,
      generated: c.is_generated === 'ALWAYS' || c.identity_generation === 'ALWAYS',
      nullable: c.is_nullable === 'YES',
      ...(references ? { references } : {}),
    });
    byTable.set(c.table_name, list);
  }
  const owners = new Map<string, string>();
  for (const [table, list] of byTable) {
    const owner = list.find((c) => c.name === 'athlete_id') ?? list.find((c) => c.references === 'athletes');
    if (owner) owners.set(table, owner.name);
  }
  const tables = [...owners.keys()];
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
    ordered.push({
      name,
      owner: owners.get(name)!,
      columns: byTable.get(name)!,
      references: refs.get(name)!,
    });
  };
  for (const name of tables.sort()) visit(name);
  return ordered;
}

/** A table and the column naming its owner (`athlete_id` unless said). */
export type Owned = { name: string; owner?: string };
const ownerOf = (table: Owned) => sql.identifier(table.owner ?? 'athlete_id');

export async function countOwned(conn: Conn, table: Owned, athleteId: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await conn.execute(
      sql`select count(*)::int as n from ${sql.identifier(table.name)} where ${ownerOf(table)} = ${athleteId}`,
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
  table: Owned,
  athleteId: string,
  after: string,
  limit: number,
): Promise<{ rows: Record<string, unknown>[]; last: string | null }> {
  const result = rowsOf<{ pos: string; row: Record<string, unknown> }>(
    await conn.execute(sql`
      select t.ctid::text as pos, row_to_json(t) as row
      from ${sql.identifier(table.name)} t
      where t.${ownerOf(table)} = ${athleteId} and t.ctid > ${after}::tid
      order by t.ctid
      limit ${limit}`),
  );
  return {
    rows: result.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row)),
    last: result.at(-1)?.pos ?? null,
  };
}

/**
 * Inserts exported rows into `table` in one statement, their JSON read back by PostgreSQL into the column types;
 * only `columns` are written (never a generated one).
 */
export async function insertJsonRows(
  conn: Conn,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const target = sql.identifier(table);
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  await conn.execute(sql`
    insert into ${target} (${list})
    select ${list} from json_populate_recordset(null::${target}, ${JSON.stringify(rows)}::json)`);
}

/**
 * Which of `ids` name a row of `table` that any athlete may reference: every row of a table no athlete owns;
 * of an owned one (`owned`), a row without an owner or one its owner made public. An import keeps only these.
 */
export async function sharedIds(
  conn: Conn,
  table: string,
  owned: OwnedTable | null,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const open = !owned
    ? sql`true`
    : owned.columns.some((c) => c.name === 'is_public')
      ? sql`(${sql.identifier(owned.owner)} is null or is_public)`
      : sql`${sql.identifier(owned.owner)} is null`;
  const rows = rowsOf<{ id: string }>(
    await conn.execute(sql`
      select id::text as id from ${sql.identifier(table)}
      where id = any(${`{${ids.join(',')}}`}::uuid[]) and ${open}`),
  );
  return new Set(rows.map((r) => r.id));
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

/** A new export, or undefined when one is already queued or running (the partial unique index decides). */
export async function insertExport(tx: Tx, athleteId: string): Promise<ExportRow | undefined> {
  const [row] = await tx.insert(accountExports).values({ athleteId }).onConflictDoNothing().returning();
  return row;
}

export async function findExport(db: Conn, athleteId: string, id: string): Promise<ExportRow | undefined> {
  const rows = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.athleteId, athleteId), eq(accountExports.id, id)))
    .limit(1);
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
  athleteId: string,
  id: string,
  values: Partial<
    Pick<ExportRow, 'status' | 'percent' | 'storageKey' | 'sizeBytes' | 'message' | 'expiresAt'>
  >,
): Promise<void> {
  await db
    .update(accountExports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(accountExports.athleteId, athleteId), eq(accountExports.id, id)));
}

/** Deletes up to `limit` of the athlete's rows of `table`; how many went. */
export async function deleteOwnedSome(conn: Conn, table: Owned, athleteId: string, limit: number) {
  const target = sql.identifier(table.name);
  const rows = rowsOf<{ n: number }>(
    await conn.execute(sql`
      with gone as (
        delete from ${target} where ctid in (
          select ctid from ${target} where ${ownerOf(table)} = ${athleteId} limit ${limit})
        returning 1)
      select count(*)::int as n from gone`),
  );
  return Number(rows[0]?.n ?? 0);
}

// The import's journal (docs/account.md, "Importing an export"): one row per athlete, under a lease.

export async function findImport(conn: Conn, athleteId: string): Promise<ImportRow | undefined> {
  const rows = await conn.select().from(accountImports).where(eq(accountImports.athleteId, athleteId));
  return rows[0];
}

/**
 * Starts import `id` for the athlete: 'busy' when another import of theirs runs under a live lease, 'stale'
 * when one was cut off (its lease passed: its rows must be undone first), 'fresh' otherwise.
 */
export async function claimImport(
  tx: Tx,
  athleteId: string,
  id: string,
  rowsTotal: number,
  leaseSeconds: number,
): Promise<'busy' | 'stale' | 'fresh'> {
  // The athlete's write lock first (docs/RELIABILITY.md, lock order): with no row yet, `for update` below locks
  // nothing, and two first imports sent at once would both claim (the second's insert waits, then updates the
  // first's row) and write the same days twice. Under the lock the second sees the first's live claim: busy.
  await lockAthleteWrites(tx, athleteId);
  const current = rowsOf<{ running: boolean; live: boolean }>(
    await tx.execute(sql`
      select status = 'running' as running, lease_until >= now() as live
      from account_imports where athlete_id = ${athleteId} for update`),
  )[0];
  if (current?.running && current.live) return 'busy';
  await tx.execute(sql`
    insert into account_imports (athlete_id, id, status, percent, rows_done, rows_total, message, lease_until)
    values (${athleteId}, ${id}, 'running', 0, 0, ${rowsTotal}, null,
      now() + make_interval(secs => ${leaseSeconds}))
    on conflict (athlete_id) do update set id = excluded.id, status = 'running', percent = 0, rows_done = 0,
      rows_total = excluded.rows_total, message = null, lease_until = excluded.lease_until,
      created_at = now(), updated_at = now()`);
  return current?.running ? 'stale' : 'fresh';
}

/** Renews the lease of import `id` with its progress; false when it is no longer this import's. */
export async function renewImport(
  conn: Conn,
  athleteId: string,
  id: string,
  progress: { rowsDone?: number; percent?: number },
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await conn
    .update(accountImports)
    .set({
      ...progress,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(accountImports.athleteId, athleteId),
        eq(accountImports.id, id),
        eq(accountImports.status, 'running'),
      ),
    )
    .returning({ id: accountImports.id });
  return rows.length > 0;
}

export async function settleImport(
  conn: Conn,
  athleteId: string,
  id: string,
  values: { status: 'done' | 'failed'; message: string | null; percent?: number },
): Promise<void> {
  await conn
    .update(accountImports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(accountImports.athleteId, athleteId), eq(accountImports.id, id)));
}

/** Athletes whose import was cut off: still `running`, its lease passed (`all`: whatever the lease). */
export async function staleImports(conn: Conn, all: boolean): Promise<string[]> {
  return rowsOf<{ athlete_id: string }>(
    await conn.execute(sql`
      select athlete_id from account_imports
      where status = 'running' and (${all} or lease_until < now())`),
  ).map((r) => r.athlete_id);
}

/** Takes a cut-off import over under a new id, to undo it; false when another process was first. */
export async function takeOverStale(
  conn: Conn,
  athleteId: string,
  id: string,
  leaseSeconds: number,
  all: boolean,
): Promise<boolean> {
  const rows = rowsOf(
    await conn.execute(sql`
      update account_imports set id = ${id}, lease_until = now() + make_interval(secs => ${leaseSeconds}),
        updated_at = now()
      where athlete_id = ${athleteId} and status = 'running' and (${all} or lease_until < now())
      returning athlete_id`),
  );
  return rows.length > 0;
}
