// Queries of the training plans area. Every query is scoped by the caller's athlete id.
import { and, desc, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { trainingPlans } from '../../db/schema/index.ts';

export type PlanRow = typeof trainingPlans.$inferSelect;

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

/** One of the athlete's plans; another athlete's id is undefined, like a missing one. */
export async function findPlan(db: Conn, athleteId: string, id: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(trainingPlans)
    .where(and(eq(trainingPlans.athleteId, athleteId), eq(trainingPlans.id, id)))
    .limit(1);
  return row;
}
