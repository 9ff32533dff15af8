// The tables the scale seed writes, one COPY buffer each, and the order their batches are copied in: a level
// only references tables of earlier levels (foreign keys), and the tables of one level copy in parallel.
import {
  activities,
  activityStreams,
  athletes,
  dailyLoad,
  notifications,
  sportMetrics,
  trainingPlans,
  users,
  wellnessDaily,
  workoutFavorites,
  workoutRatings,
  workouts,
  workoutTemplateEvents,
  workoutTemplates,
} from '../../src/db/schema/index.ts';
import { CopyBuffer } from './copy.ts';

const TABLES = {
  users,
  athletes,
  sportMetrics,
  trainingPlans,
  workouts,
  activities,
  activityStreams,
  dailyLoad,
  wellnessDaily,
  notifications,
  workoutTemplates,
  workoutFavorites,
  workoutRatings,
  workoutTemplateEvents,
};

export type Buffers = { [K in keyof typeof TABLES]: CopyBuffer };

export function createBuffers(): Buffers {
  return Object.fromEntries(
    Object.entries(TABLES).map(([key, table]) => [key, new CopyBuffer(table)]),
  ) as Buffers;
}

export const LEVELS: ReadonlyArray<ReadonlyArray<keyof Buffers>> = [
  ['users', 'workoutTemplates'],
  ['athletes'],
  ['sportMetrics', 'trainingPlans', 'dailyLoad', 'wellnessDaily', 'notifications'],
  ['workouts', 'workoutFavorites', 'workoutRatings', 'workoutTemplateEvents'],
  ['activities'],
  ['activityStreams'],
];

/** The seed's tables by their SQL names, for the size report. */
export const TABLE_NAMES: readonly string[] = Object.values(createBuffers()).map((b) => b.name);
