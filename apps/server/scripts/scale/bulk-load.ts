// The bulk-load shape PostgreSQL's manual recommends ("Populating a Database": remove indexes and foreign-key
// constraints, load, re-create them): on the empty seeded tables, their secondary indexes and foreign keys are
// dropped before the COPY and re-created from their own catalog definitions after it. Primary keys and unique
// constraints stay (other tables' foreign keys depend on them). A seed that dies half-way leaves a throwaway
// database without them: drop it and seed again.
import type pg from 'pg';

export interface Deferred {
  indexes: string[];
  foreignKeys: string[];
}

/** Drops the indexes and foreign keys of `tables` and answers the statements that re-create them. */
export async function deferIndexes(pool: pg.Pool, tables: readonly string[]): Promise<Deferred> {
  const fks = await pool.query<{ tbl: string; name: string; def: string }>(
    `select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'f' and t.relname = any($1) and t.relnamespace = 'public'::regnamespace`,
    [tables],
  );
  const indexes = await pool.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relname = any($1) and t.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const fk of fks.rows) await pool.query(`alter table ${fk.tbl} drop constraint "${fk.name}"`);
  for (const index of indexes.rows) await pool.query(`drop index ${index.name}`);
  return {
    indexes: indexes.rows.map((i) => i.def),
    foreignKeys: fks.rows.map((fk) => `alter table ${fk.tbl} add constraint "${fk.name}" ${fk.def}`),
  };
}

/** Re-creates what `deferIndexes` dropped, two statements at a time (one per core). */
export async function restoreIndexes(pool: pg.Pool, deferred: Deferred): Promise<void> {
  for (const statements of [deferred.indexes, deferred.foreignKeys]) {
    const queue = [...statements];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await pool.query(next);
    };
    await Promise.all([worker(), worker()]);
  }
}
