// `npm run db:citus-check` (CI): the schema can be sharded by athlete with Citus (docs/scale.md, "Citus: sharding
// by athlete"). It migrates a fresh database (in-memory PGlite; a new database on the PostgreSQL server of
// TEST_DATABASE_URL or DATABASE_URL when one is set, dropped after), reads the catalogue and fails, one line per
// violation, on any table that breaks the rules below. Which tables are not athlete tables is said in one place:
// src/db/distribution.ts.
//   1. Every table is classified: it carries athlete_id (an athlete table), or it is `athletes`, a reference
//      table or a global table.
//   2. An athlete table's athlete_id is NOT NULL (a row must have a shard).
//   3. athlete_id is in the primary key and in every unique constraint and unique index of an athlete table
//      (`athletes`: its id).
//   4. A foreign key from an athlete table to another athlete table includes athlete_id on both sides (the rows
//      are then on the same shard), and an ON DELETE SET NULL of it names the columns it clears, never
//      athlete_id. An athlete table may also reference `athletes` by athlete_id, and any reference table.
//   5. No reference or global table references an athlete table (Citus refuses it).
// A constraint listed in DROPPED_AT_DISTRIBUTION (src/db/distribution.ts) is dropped when the tables are
// distributed: rules 3 and 5 let it be.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, openDatabase } from '../src/db/client.ts';
import {
  ATHLETES_TABLE,
  DISTRIBUTION_COLUMN,
  DROPPED_AT_DISTRIBUTION,
  GLOBAL_TABLES,
  REFERENCE_TABLES,
} from '../src/db/distribution.ts';

interface Constraint {
  table: string;
  name: string;
  /** 'p' primary key, 'u' unique constraint, 'f' foreign key, 'i' a unique index that is no constraint. */
  kind: 'p' | 'u' | 'f' | 'i';
  columns: string[];
  parent: string | null;
  parentColumns: string[];
  /** ON DELETE: 'a' no action, 'r' restrict, 'c' cascade, 'n' set null, 'd' set default. */
  onDelete: string | null;
  /** The columns an ON DELETE SET NULL / SET DEFAULT clears, when it names them (PostgreSQL 15). */
  setColumns: string[] | null;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function readCatalogue(db: Db) {
  const columns = rows<{ table_name: string; column_name: string; is_nullable: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name, c.is_nullable
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`),
  );
  const constraints = rows<{
    table_name: string;
    name: string;
    kind: 'p' | 'u' | 'f';
    columns: string[];
    parent: string | null;
    parent_columns: string[] | null;
    on_delete: string | null;
    set_columns: string[] | null;
  }>(
    await db.execute(sql`
      select cl.relname as table_name, con.conname as name, con.contype as kind,
        array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
        pcl.relname as parent,
        array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as parent_columns,
        case when con.contype = 'f' then con.confdeltype::text end as on_delete,
        case when con.confdelsetcols is not null then
          array(select a.attname::text from unnest(con.confdelsetcols) k(n)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) end as set_columns
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      left join pg_class pcl on pcl.oid = con.confrelid
      where n.nspname = current_schema() and con.contype in ('p', 'u', 'f')`),
  );
  // Unique indexes that back no constraint (a unique index on an expression or with a predicate); the columns
  // of an expression index are those it names, its expression's columns are not counted.
  const indexes = rows<{ table_name: string; name: string; columns: string[] }>(
    await db.execute(sql`
      select cl.relname as table_name, ic.relname as name,
        array(select a.attname::text from unnest(ix.indkey::int2[]) k(n)
          join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.n) as columns
      from pg_index ix
      join pg_class cl on cl.oid = ix.indrelid
      join pg_class ic on ic.oid = ix.indexrelid
      join pg_namespace n on n.oid = cl.relnamespace
      where n.nspname = current_schema() and ix.indisunique
        and not exists (select 1 from pg_constraint con
          where con.conindid = ix.indexrelid and con.conrelid = ix.indrelid and con.contype in ('p', 'u', 'x'))`),
  );
  const tables = new Map<string, Map<string, boolean>>();
  for (const c of columns) {
    const table = tables.get(c.table_name) ?? new Map<string, boolean>();
    table.set(c.column_name, c.is_nullable === 'YES');
    tables.set(c.table_name, table);
  }
  const all: Constraint[] = [
    ...constraints.map((c) => ({
      table: c.table_name,
      name: c.name,
      kind: c.kind,
      columns: c.columns,
      parent: c.parent,
      parentColumns: c.parent_columns ?? [],
      onDelete: c.on_delete,
      setColumns: c.set_columns,
    })),
    ...indexes.map((i) => ({
      table: i.table_name,
      name: i.name,
      kind: 'i' as const,
      columns: i.columns,
      parent: null,
      parentColumns: [],
      onDelete: null,
      setColumns: null,
    })),
  ];
  return { tables, constraints: all };
}

/** Every way the migrated schema of `db` breaks the rules above, one sentence each; none when it is ready. */
export async function citusViolations(db: Db): Promise<string[]> {
  const { tables, constraints } = await readCatalogue(db);
  const problems: string[] = [];
  const isReference = (t: string) => t in REFERENCE_TABLES;
  const isGlobal = (t: string) => t in GLOBAL_TABLES;
  const isAthleteTable = (t: string) =>
    t !== ATHLETES_TABLE &&
    !isReference(t) &&
    !isGlobal(t) &&
    tables.get(t)?.has(DISTRIBUTION_COLUMN) === true;
  /** The column that names the athlete in a distributed table. */
  const key = (t: string) => (t === ATHLETES_TABLE ? 'id' : DISTRIBUTION_COLUMN);
  const distributed = (t: string) => t === ATHLETES_TABLE || isAthleteTable(t);

  for (const listed of [...Object.keys(REFERENCE_TABLES), ...Object.keys(GLOBAL_TABLES)]) {
    if (!tables.has(listed))
      problems.push(
        `${listed}: listed in src/db/distribution.ts but no such table exists; remove it from the list`,
      );
  }
  for (const [table, columns] of [...tables].sort(([a], [b]) => a.localeCompare(b))) {
    if (!distributed(table) && !isReference(table) && !isGlobal(table)) {
      problems.push(
        `${table}: has no ${DISTRIBUTION_COLUMN} column and is not classified; add ${DISTRIBUTION_COLUMN} (an athlete table) or list it as a reference or global table in src/db/distribution.ts`,
      );
      continue;
    }
    if (!isAthleteTable(table)) continue;
    if (columns.get(DISTRIBUTION_COLUMN))
      problems.push(`${table}: ${DISTRIBUTION_COLUMN} is nullable; a row without an athlete has no shard`);
  }

  for (const c of constraints) {
    if (!tables.has(c.table)) continue;
    const dropped = `${c.table}.${c.columns.join(',')}` in DROPPED_AT_DISTRIBUTION;
    if ((c.kind === 'p' || c.kind === 'u' || c.kind === 'i') && distributed(c.table)) {
      if (!c.columns.includes(key(c.table)) && !dropped) {
        const what = { p: 'primary key', u: 'unique constraint', i: 'unique index' }[c.kind];
        problems.push(
          `${c.table}: ${what} ${c.name} (${c.columns.join(', ') || 'an expression'}) does not include ${key(c.table)}`,
        );
      }
      continue;
    }
    if (c.kind !== 'f' || !c.parent) continue;
    const fk = `${c.table}: foreign key ${c.name} (${c.columns.join(', ')}) -> ${c.parent} (${c.parentColumns.join(', ')})`;
    if (distributed(c.table)) {
      if (isReference(c.parent)) continue;
      if (!distributed(c.parent)) {
        problems.push(`${fk} points at ${c.parent}, which is neither an athlete table nor a reference table`);
        continue;
      }
      const at = c.columns.indexOf(key(c.table));
      if (at < 0 || c.parentColumns[at] !== key(c.parent)) {
        problems.push(
          `${fk} does not pair ${key(c.table)} with ${c.parent}.${key(c.parent)}; the rows could be on different shards`,
        );
        continue;
      }
      if (c.onDelete === 'n' || c.onDelete === 'd') {
        const cleared = c.setColumns ?? c.columns;
        if (cleared.includes(key(c.table)))
          problems.push(
            `${fk}: ON DELETE SET ${c.onDelete === 'n' ? 'NULL' : 'DEFAULT'} would clear ${key(c.table)}; name the columns it clears`,
          );
      }
      continue;
    }
    if (
      distributed(c.parent) &&
      !(`${c.table}.${c.columns[0]}` in DROPPED_AT_DISTRIBUTION && c.columns.length === 1)
    )
      problems.push(
        `${fk}: a ${isReference(c.table) ? 'reference' : 'global'} table may not reference an athlete table`,
      );
  }
  return problems;
}

/** A fresh database to migrate: a new one on the PostgreSQL server of `serverUrl`, dropped by `drop`. */
async function freshPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `stamina_citus_check_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function main(): Promise<number> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
  const fresh = serverUrl ? await freshPostgres(serverUrl) : null;
  const database = await openDatabase(
    fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite', dataDir: null },
  );
  try {
    await database.migrate();
    const problems = await citusViolations(database.db);
    const where = fresh ? 'PostgreSQL' : 'PGlite';
    if (problems.length === 0) {
      console.log(`citus check (${where}): every athlete table can be distributed by ${DISTRIBUTION_COLUMN}`);
      return 0;
    }
    console.error(`citus check (${where}): ${problems.length} problem(s) (docs/scale.md, "Citus"):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    return 1;
  } finally {
    await database.close();
    await fresh?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());
