// Queries of the coach chat: messages and proposed actions, every one scoped by the athlete id.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { coachActions, coachMessages, type StoredCitation } from '../../db/schema/index.ts';

export type CoachMessageRow = typeof coachMessages.$inferSelect;
export type CoachActionRow = typeof coachActions.$inferSelect;

/** One page of the conversation, page 1 the newest; the rows come newest first. */
export async function listMessages(
  db: Conn,
  athleteId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: CoachMessageRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(coachMessages)
      .where(eq(coachMessages.athleteId, athleteId))
      .orderBy(desc(coachMessages.createdAt), desc(coachMessages.role), desc(coachMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(coachMessages).where(eq(coachMessages.athleteId, athleteId)),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function actionsOf(
  db: Conn,
  athleteId: string,
  messageIds: string[],
): Promise<CoachActionRow[]> {
  if (!messageIds.length) return [];
  return db
    .select()
    .from(coachActions)
    .where(and(eq(coachActions.athleteId, athleteId), inArray(coachActions.messageId, messageIds)))
    .orderBy(asc(coachActions.createdAt), asc(coachActions.id));
}

/** Several messages in one statement, returned in the order given. */
export async function insertMessages(
  db: Conn,
  athleteId: string,
  values: {
    role: 'athlete' | 'coach';
    text: string;
    citations?: StoredCitation[];
    source?: string | null;
    createdAt: Date;
  }[],
): Promise<CoachMessageRow[]> {
  const rows = await db
    .insert(coachMessages)
    .values(values.map((v) => ({ athleteId, ...v, citations: v.citations ?? [] })))
    .returning();
  // RETURNING keeps no promised order: put them back in the order given.
  return [...rows].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
}

export async function insertActions(
  db: Conn,
  athleteId: string,
  messageId: string,
  actions: { kind: string; workoutId: string; payload: Record<string, unknown> }[],
): Promise<CoachActionRow[]> {
  if (!actions.length) return [];
  return db
    .insert(coachActions)
    .values(actions.map((a) => ({ athleteId, messageId, ...a })))
    .returning();
}

/** The athlete's action, locked for the confirmation's transaction. */
export async function findAction(
  db: Conn,
  athleteId: string,
  id: string,
): Promise<CoachActionRow | undefined> {
  const [row] = await db
    .select()
    .from(coachActions)
    .where(and(eq(coachActions.athleteId, athleteId), eq(coachActions.id, id)));
  return row;
}

export async function lockAction(
  db: Conn,
  athleteId: string,
  id: string,
): Promise<CoachActionRow | undefined> {
  const [row] = await db
    .select()
    .from(coachActions)
    .where(and(eq(coachActions.athleteId, athleteId), eq(coachActions.id, id)))
    .for('update');
  return row;
}

export async function markApplied(
  db: Conn,
  athleteId: string,
  id: string,
  values: { changeId: string | null; planId: string | null; appliedAt: Date },
): Promise<CoachActionRow> {
  const [row] = await db
    .update(coachActions)
    .set({ status: 'applied', ...values })
    .where(and(eq(coachActions.athleteId, athleteId), eq(coachActions.id, id)))
    .returning();
  return row!;
}
