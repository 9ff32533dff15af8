// Queries of onboarding sessions (docs/onboarding.md). Every query is scoped by the athlete id.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { onboardingSessions } from '../../db/schema/index.ts';

export type SessionRow = typeof onboardingSessions.$inferSelect;
export type SessionChanges = Partial<
  Omit<typeof onboardingSessions.$inferInsert, 'id' | 'athleteId' | 'createdAt' | 'updatedAt'>
>;

export async function insertSession(
  db: Conn,
  athleteId: string,
  values: { consentVersion: string; language: string },
): Promise<SessionRow> {
  const [row] = await db
    .insert(onboardingSessions)
    .values({ athleteId, ...values })
    .returning();
  return row!;
}

export async function findSession(db: Conn, athleteId: string, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(onboardingSessions)
    .where(and(eq(onboardingSessions.athleteId, athleteId), eq(onboardingSessions.id, id)))
    .limit(1);
  return row;
}

/** Locks the session row for a change that depends on its current status (FOR UPDATE). */
export async function lockSession(db: Conn, athleteId: string, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(onboardingSessions)
    .where(and(eq(onboardingSessions.athleteId, athleteId), eq(onboardingSessions.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function updateSession(
  db: Conn,
  athleteId: string,
  id: string,
  changes: SessionChanges,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(onboardingSessions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(onboardingSessions.athleteId, athleteId), eq(onboardingSessions.id, id)))
    .returning();
  return row;
}

/**
 * A job's stage: written only while the session is still at the revision and status the job started from,
 * so a stale or repeated job changes nothing. Undefined when the session moved on.
 */
export async function advanceStage(
  db: Conn,
  athleteId: string,
  id: string,
  expect: { revision: number; status: string },
  changes: SessionChanges,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(onboardingSessions)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(onboardingSessions.athleteId, athleteId),
        eq(onboardingSessions.id, id),
        eq(onboardingSessions.revision, expect.revision),
        eq(onboardingSessions.status, expect.status),
      ),
    )
    .returning();
  return row;
}

/** Records a failure on the session, unless a newer prompt replaced the revision that failed. */
export async function recordFailure(
  db: Conn,
  athleteId: string,
  id: string,
  revision: number,
  error: string,
): Promise<void> {
  await db
    .update(onboardingSessions)
    .set({ error, updatedAt: new Date() })
    .where(
      and(
        eq(onboardingSessions.athleteId, athleteId),
        eq(onboardingSessions.id, id),
        eq(onboardingSessions.revision, revision),
        ne(onboardingSessions.status, 'APPROVED'),
      ),
    );
}

/** The athlete's latest session (created last), and the latest one not approved. */
export async function latestSessions(
  db: Conn,
  athleteId: string,
): Promise<{ latest: SessionRow | undefined; open: SessionRow | undefined }> {
  const [latest] = await db
    .select()
    .from(onboardingSessions)
    .where(eq(onboardingSessions.athleteId, athleteId))
    .orderBy(desc(onboardingSessions.createdAt), desc(sql`${onboardingSessions.id}`))
    .limit(1);
  const [open] = await db
    .select()
    .from(onboardingSessions)
    .where(and(eq(onboardingSessions.athleteId, athleteId), ne(onboardingSessions.status, 'APPROVED')))
    .orderBy(desc(onboardingSessions.createdAt), desc(sql`${onboardingSessions.id}`))
    .limit(1);
  return { latest, open };
}
