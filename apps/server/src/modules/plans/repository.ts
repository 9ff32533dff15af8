// Queries of the training plans area. Every query is scoped by the caller's athlete id.
import { and, desc, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import { lockAthleteWrites } from '../../db/athlete-lock.ts';
import type { Conn } from '../../db/client.ts';
import { jsonRow } from '../../db/json-rows.ts';
import { trainingPlans } from '../../db/schema/index.ts';
import { lockAthleteRow } from '../athletes/index.ts';

export type PlanRow = typeof trainingPlans.$inferSelect;
/** A plan row without its outline (the generated plan's weeks), for reads that only show the plan's header. */
export type PlanHeader = Omit<PlanRow, 'outline'>;
const { outline: _outline, ...PLAN_HEADER } = getTableColumns(trainingPlans);

/** The athlete's active plan (the newest, should several ever be active), or undefined. */
export async function findActivePlan(db: Conn, athleteId: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(trainingPlans)
    .where(and(eq(trainingPlans.athleteId, athleteId), eq(trainingPlans.status, 'active')))
    .orderBy(desc(trainingPlans.createdAt))
    .limit(1);
  return row;
}

/**
 * The athlete's active plan without its outline, or undefined: the dashboard and profile read only this. Read as
 * one JSON object with the values Drizzle gives (db/json-rows.ts `jsonRow`), so that a batch scope can send it
 * with the request's other reads (db/read-batch.ts).
 */
export async function findActivePlanHeader(db: Conn, athleteId: string): Promise<PlanHeader | undefined> {
  return jsonRow(
    db,
    PLAN_HEADER,
    trainingPlans,
    and(eq(trainingPlans.athleteId, athleteId), eq(trainingPlans.status, 'active')),
    desc(trainingPlans.createdAt),
  );
}

/** `findActivePlan` of many athletes in one query: athlete id → their newest active plan. */
export async function findActivePlans(
  db: Conn,
  athleteIds: readonly string[],
): Promise<Map<string, PlanRow>> {
  const out = new Map<string, PlanRow>();
  if (athleteIds.length === 0) return out;
  const rows = await db
    .select()
    .from(trainingPlans)
    .where(and(inArray(trainingPlans.athleteId, [...athleteIds]), eq(trainingPlans.status, 'active')))
    .orderBy(desc(trainingPlans.createdAt));
  for (const row of rows) if (!out.has(row.athleteId)) out.set(row.athleteId, row);
  return out;
}

/** One of the athlete's plans; another athlete's id is undefined, like a missing one. */
export async function findPlan(db: Conn, athleteId: string, id: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(trainingPlans)
    .where(and(eq(trainingPlans.athleteId, athleteId), eq(trainingPlans.id, id)))
    .limit(1);
  return row;
}

export type PlanInsert = Omit<
  typeof trainingPlans.$inferInsert,
  'id' | 'athleteId' | 'createdAt' | 'updatedAt'
>;

/** The athlete's plans, newest first. */
export async function listPlans(db: Conn, athleteId: string): Promise<PlanRow[]> {
  return db
    .select()
    .from(trainingPlans)
    .where(eq(trainingPlans.athleteId, athleteId))
    .orderBy(desc(trainingPlans.createdAt), desc(trainingPlans.id));
}

export async function insertPlan(db: Conn, athleteId: string, values: PlanInsert): Promise<PlanRow> {
  const [row] = await db
    .insert(trainingPlans)
    .values({ ...values, athleteId })
    .returning();
  return row!;
}

export async function updatePlan(
  db: Conn,
  athleteId: string,
  id: string,
  values: Partial<PlanInsert>,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(trainingPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(trainingPlans.athleteId, athleteId), eq(trainingPlans.id, id)))
    .returning();
  return row;
}

/** Deletes one of the athlete's plans; its workouts stay, their plan_id set null by the foreign key. */
export async function deletePlan(db: Conn, athleteId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(trainingPlans)
    .where(and(eq(trainingPlans.athleteId, athleteId), eq(trainingPlans.id, id)))
    .returning({ id: trainingPlans.id });
  return rows.length > 0;
}

/** Archives the athlete's active plans other than `exceptId`. */
export async function archiveActivePlans(db: Conn, athleteId: string, exceptId?: string): Promise<void> {
  const conditions = [eq(trainingPlans.athleteId, athleteId), eq(trainingPlans.status, 'active')];
  if (exceptId) conditions.push(ne(trainingPlans.id, exceptId));
  await db
    .update(trainingPlans)
    .set({ status: 'archived', updatedAt: new Date() })
    .where(and(...conditions));
}

/**
 * Locks the athlete's row until the transaction ends, so that two requests activating plans at once run one
 * after the other instead of one of them failing on the one-active-plan index. The athlete's write lock first,
 * as every write of their training takes it (db/athlete-lock.ts): the plan's workouts are written after.
 */
export async function lockAthlete(db: Conn, athleteId: string): Promise<void> {
  await lockAthleteWrites(db, athleteId);
  await lockAthleteRow(db, athleteId);
}

/**
 * Every athlete with an active plan, and the plan: the daily adaptation's schedule (docs/adaptation.md, "One run
 * a day"). Not scoped by athlete: it serves the background job, never a request.
 */
export async function activePlans(db: Conn): Promise<Array<{ athleteId: string; planId: string }>> {
  return db
    .select({ athleteId: trainingPlans.athleteId, planId: trainingPlans.id })
    .from(trainingPlans)
    .where(eq(trainingPlans.status, 'active'));
}
