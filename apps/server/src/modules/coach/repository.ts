// Queries of the coach chat: messages and proposed actions, every one scoped by the athlete id.
import { randomUUID } from 'node:crypto';
import type { CoachAnswerSource } from '@stamina/core';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
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
    .orderBy(asc(coachActions.createdAt), asc(coachActions.position), asc(coachActions.id));
}

export interface NewExchange {
  question: { text: string; createdAt: Date };
  answer: { text: string; citations: StoredCitation[]; source: CoachAnswerSource; createdAt: Date };
  actions: { kind: string; workoutId: string; payload: Record<string, unknown> }[];
}

/**
 * A question, its answer and the answer's proposed actions in one statement: atomic on its own, so no
 * transaction, and a single round trip (on PGlite every statement and transaction serialises all requests;
 * docs/coach.md, "Where the answers come from"). The ids and times are made here, so nothing is read back: the
 * rows returned are the rows stored. An action's created_at is its answer's; `position` keeps the answer's order.
 */
export async function insertExchange(
  db: Conn,
  athleteId: string,
  exchange: NewExchange,
): Promise<{ question: CoachMessageRow; answer: CoachMessageRow; actions: CoachActionRow[] }> {
  const question: CoachMessageRow = {
    id: randomUUID(),
    athleteId,
    role: 'athlete',
    text: exchange.question.text,
    citations: [],
    source: null,
    createdAt: exchange.question.createdAt,
  };
  const answer: CoachMessageRow = {
    id: randomUUID(),
    athleteId,
    role: 'coach',
    text: exchange.answer.text,
    citations: exchange.answer.citations,
    source: exchange.answer.source,
    createdAt: exchange.answer.createdAt,
  };
  const actions: CoachActionRow[] = exchange.actions.map((a, position) => ({
    id: randomUUID(),
    athleteId,
    messageId: answer.id,
    workoutId: a.workoutId,
    kind: a.kind,
    status: 'proposed',
    payload: a.payload,
    changeId: null,
    planId: null,
    appliedAt: null,
    createdAt: answer.createdAt,
    position,
  }));
  const message = (m: CoachMessageRow) =>
    sql`(${m.id}, ${athleteId}, ${m.role}, ${m.text}, ${JSON.stringify(m.citations)}::jsonb, ${m.source}, ${m.createdAt.toISOString()}::timestamptz)`;
  const insertMessages = sql`insert into coach_messages (id, athlete_id, role, text, citations, source, created_at) values ${message(question)}, ${message(answer)}`;
  await db.execute(
    actions.length
      ? sql`with stored_messages as (${insertMessages})
          insert into coach_actions (id, athlete_id, message_id, workout_id, kind, payload, created_at, position)
          values ${sql.join(
            actions.map(
              (a) =>
                sql`(${a.id}, ${athleteId}, ${a.messageId}, ${a.workoutId}, ${a.kind}, ${JSON.stringify(a.payload)}::jsonb, ${a.createdAt.toISOString()}::timestamptz, ${a.position})`,
            ),
            sql`, `,
          )}`
      : insertMessages,
  );
  return { question, answer, actions };
}

/** The athlete's action; with `forUpdate`, locked for the caller's transaction (a confirmation). */
export async function findAction(
  db: Conn,
  athleteId: string,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<CoachActionRow | undefined> {
  const query = db
    .select()
    .from(coachActions)
    .where(and(eq(coachActions.athleteId, athleteId), eq(coachActions.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
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
