// Queries only the dashboard needs; the rest comes from the training-load, plans, metrics and notification
// modules. Every query is scoped by the athlete id.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { workouts } from '../../db/schema/index.ts';

/** The first planned or completed workout of a day (the order they were added), with the card's columns. */
export async function firstWorkoutOn(db: Conn, athleteId: string, date: string) {
  const [row] = await db
    .select({
      id: workouts.id,
      title: workouts.title,
      description: workouts.description,
      sport: workouts.sport,
      intensityZone: workouts.intensityZone,
      durationMinutes: workouts.durationMinutes,
      targetHeartRateMin: workouts.targetHeartRateMin,
      targetHeartRateMax: workouts.targetHeartRateMax,
      status: workouts.status,
      workoutDate: workouts.workoutDate,
      planId: workouts.planId,
    })
    .from(workouts)
    .where(
      and(
        eq(workouts.athleteId, athleteId),
        eq(workouts.workoutDate, date),
        inArray(workouts.status, ['planned', 'completed']),
      ),
    )
    .orderBy(asc(workouts.createdAt), asc(workouts.id))
    .limit(1);
  return row;
}
