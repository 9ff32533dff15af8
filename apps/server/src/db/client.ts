// Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when DATABASE_URL is set.
// Both speak real PostgreSQL, share one Drizzle schema and the same committed migrations.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { yieldToOthers } from '../lib/event-loop.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: repository functions that may run inside or outside a transaction take this. */
export type Conn = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATION_LOCK_KEY = 7_361_220_001;
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

/**
 * The types Drizzle reads as text from PGlite (timestamps, dates, intervals, numeric[] and their arrays): it passes
 * a parser for each, returning the text unchanged, with every query.
 */
const TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const PROBE = '2000-01-01 00:00:00+00';

/** Whether a query's parsers only keep those types as text, as the client now does for every query. */
function onlyTextParsers(parsers: QueryOptions['parsers']): boolean {
  if (!parsers) return false;
  for (const [key, parse] of Object.entries(parsers)) {
    if (!TEXT_TYPES.has(Number(key)) || parse(PROBE, Number(key)) !== PROBE) return false;
  }
  return true;
}

type PgliteQuery = PGlite['query'];

/**
 * What the PGlite connection is doing, for the health check: transactions open, and when a statement last
 * answered (performance.now()). PGlite is one connection, so a `select 1` waits behind a running transaction
 * (an import's, 14 statements); while one is open and answered a statement within BUSY_ALIVE_MS, the database
 * has shown it is alive and the check does not queue (docs/RELIABILITY.md, "Imports and the event loop").
 */
interface PgliteActivity {
  transactions: number;
  answeredAt: number;
}

/** How recent a statement of the open transaction must be for the health check to count it as an answer. */
export const BUSY_ALIVE_MS = 1_000;

/**
 * A query function that drops parsers the client already applies (see `keepTextTypes`), and that lets the event
 * loop turn once before the query runs. PGlite runs each query synchronously on this thread, and its promise
 * settles as a microtask, so a job's chain of awaited queries (a claim, a transaction of fourteen statements, a
 * batch of inserts) would otherwise hold the event loop from its first query to its last: with the turn, other
 * requests are read and answered between any two queries (docs/RELIABILITY.md, "Imports and the event loop").
 */
function withoutTextParsers(query: PgliteQuery, activity: PgliteActivity): PgliteQuery {
  return (async (text: string, params?: unknown[], options?: QueryOptions) => {
    await yieldToOthers();
    const result = await query(
      text,
      params,
      options && onlyTextParsers(options.parsers) ? { ...options, parsers: undefined } : options,
    );
    activity.answeredAt = performance.now();
    return result;
  }) as PgliteQuery;
}

/**
 * PGlite merges a query's parsers into a copy of its whole table of about 300 (`{...all, ...given}`), so the few
 * Drizzle passes with every query cost a copy each time: 0.1 to 0.4 ms a query on this machine, more than a
 * small insert itself. The client keeps those types as text for every query instead, and a query whose parsers
 * only do that is sent without them: the same rows, no copy (docs/coach.md, "How it is built").
 */
function keepTextTypes(client: PGlite): PgliteActivity {
  const activity: PgliteActivity = { transactions: 0, answeredAt: Number.NEGATIVE_INFINITY };
  const keep = (value: string) => value;
  for (const type of TEXT_TYPES) client.parsers[type] = keep;
  client.query = withoutTextParsers(client.query.bind(client), activity);
  const transaction = client.transaction.bind(client);
  client.transaction = ((run: Parameters<PGlite['transaction']>[0]) =>
    transaction(async (tx) => {
      tx.query = withoutTextParsers(tx.query.bind(tx) as PgliteQuery, activity) as typeof tx.query;
      activity.transactions += 1;
      try {
        return await run(tx);
      } finally {
        activity.transactions -= 1;
      }
    })) as PGlite['transaction'];
  return activity;
}

const BYTEA = 17;

/**
 * PGlite writes a bytea parameter as hex text through `Array.from(bytes).map(...)`: one string per byte, all of
 * it on the event loop and all of it garbage (half a megabyte, an archive round's streams: 0.4 to 0.7 s in a
 * fresh process on this loaded machine). The same text (`\x` then two hex digits a byte) comes from Buffer's
 * native encoder in 10 to 30 ms (docs/RELIABILITY.md, "An archive on PGlite").
 */
function hexBytea(client: PGlite): void {
  client.serializers[BYTEA] = (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  };
}

/** dataDir null opens an in-memory PGlite (real PostgreSQL, nothing kept on disk). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Several app processes may start at once: an advisory lock lets one migrate while the others wait.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
  await client.waitReady;
  const activity = keepTextTypes(client);
  hexBytea(client);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      // A transaction holds the one connection and its statements are answering: alive, without queueing
      // behind it. One that has answered nothing for BUSY_ALIVE_MS (stuck, or waiting on something else) gets
      // no such credit: the check then waits for its own `select 1`, as any other request would.
      if (activity.transactions > 0 && performance.now() - activity.answeredAt < BUSY_ALIVE_MS) return;
      await pgliteDb.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
