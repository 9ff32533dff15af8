// Request-scoped read batching (docs/performance.md, "Cached reads and what a miss costs"). Inside a batch scope
// (`batchReads`, entered by a route that opts in: the dashboard summary), the reads that give one value (one row,
// one column: a `jsonRows` read, a one-row JSON object, a count) do not run at once. They wait until the current
// turn's promises have settled and then run together as one statement, `select (<q1>) as r0, (<q2>) as r1, ...`,
// each caller getting its own value: on PGlite every statement has a fixed cost, on PostgreSQL a round trip.
// Reads issued after a flush (a read that needs an earlier one's answer) form the next statement.
//
// Each module still builds and runs its own reads on its own tables; only the sending is shared, so no module
// reads another's data. Outside a scope, and on any handle but the scope's own database (a transaction above all:
// its reads must see its writes and, on PGlite, cannot wait for a statement outside it), a read runs at once,
// exactly as it would without this file.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Conn, Db } from './client.ts';

interface Pending {
  query: SQL;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Scope {
  db: Db;
  queue: Pending[];
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `run` with the single-value reads it makes on `db` sent together (see above). */
export function batchReads<T>(db: Db, run: () => Promise<T>): Promise<T> {
  return scopes.run({ db, queue: [] }, run);
}

type Rows = { rows: Record<string, unknown>[] };

/** The value of a statement giving one row of one column; null when it gives no row. */
async function runAlone(conn: Conn, query: SQL): Promise<unknown> {
  const { rows } = (await conn.execute(query)) as unknown as Rows;
  const [row] = rows;
  return row === undefined ? null : Object.values(row)[0];
}

/**
 * The value of `query`, a select of one column giving at most one row (null when it gives none). Inside a batch
 * scope and on its database, sent with the other reads of the same turn; anywhere else, at once.
 */
export function readValue(conn: Conn, query: SQL): Promise<unknown> {
  const scope = scopes.getStore();
  if (!scope || conn !== scope.db) return runAlone(conn, query);
  return new Promise((resolve, reject) => {
    scope.queue.push({ query, resolve, reject });
    // setImmediate runs once the promises settled in this turn have run their callbacks: a read issued a few
    // awaits later still joins this statement; one that first awaits a queued read's answer goes in the next.
    if (scope.queue.length === 1) setImmediate(() => void flush(scope));
  });
}

async function flush(scope: Scope): Promise<void> {
  const batch = scope.queue;
  scope.queue = [];
  if (batch.length === 1) {
    const [only] = batch as [Pending];
    return runAlone(scope.db, only.query).then(only.resolve, only.reject);
  }
  let row: Record<string, unknown> | undefined;
  try {
    const columns = batch.map((read, i) => sql`(${read.query}) as ${sql.raw(`r${i}`)}`);
    const { rows } = (await scope.db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as Rows;
    row = rows[0];
  } catch {
    // One read failed (or the statement as a whole): each read runs alone, so that each caller gets its own
    // value or its own error, as without batching (the dashboard falls back per read).
    for (const read of batch) runAlone(scope.db, read.query).then(read.resolve, read.reject);
    return;
  }
  for (const [i, read] of batch.entries()) read.resolve(row?.[`r${i}`] ?? null);
}

/** `select count(*) from <table> where <where>` as a number, a read that a batch scope sends with the others. */
export async function countRows(conn: Conn, table: PgTable, where: SQL | undefined): Promise<number> {
  return Number(
    (await readValue(conn, sql`select count(*)::int from ${table} where ${where ?? sql`true`}`)) ?? 0,
  );
}
