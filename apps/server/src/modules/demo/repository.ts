// Queries of the demo seed: the lock that makes one of several starting processes seed while the others wait and
// then find the account there (whether there is one is the auth module's `hasAnyUser`).
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** Beside the migration lock's key (db/client.ts), so the two never collide. */
const DEMO_SEED_LOCK_KEY = 7_361_220_002;

/** Held until the transaction ends, so a crash never leaves it taken. */
export async function lockDemoSeed(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
}
