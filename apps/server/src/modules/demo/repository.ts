// Queries of the demo seed: whether the database has any account yet, and the lock that makes one of several
// starting processes seed while the others wait and then find the account there.
import { sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Beside the migration lock's key (db/client.ts), so the two never collide. */
const DEMO_SEED_LOCK_KEY = 7_361_220_002;

export async function hasAnyUser(conn: Conn): Promise<boolean> {
  const rows = await conn.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/** Held until the transaction ends, so a crash never leaves it taken. */
export async function lockDemoSeed(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
}
