// Queries of the activities area: import batches and their files, stored originals, activities and their
// streams. Every query is scoped by the athlete id.
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { boundedChunks } from '../../db/chunks.ts';
import type { Conn } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import {
  activities,
  activityFiles,
  activityStreams,
  importBatches,
  importFiles,
} from '../../db/schema/index.ts';

export type ActivityRow = typeof activities.$inferSelect;
export type ActivityInsert = Omit<
  typeof activities.$inferInsert,
  'id' | 'athleteId' | 'createdAt' | 'updatedAt'
>;
export type ImportFileRow = typeof importFiles.$inferSelect;

/** The athlete's time zone (UTC when unknown): the athletes module's read, on the caller's connection. */
export { findTimezone as athleteTimezone } from '../athletes/index.ts';

// --- Import batches -------------------------------------------------------------------------------------------

export async function insertBatch(db: Conn, athleteId: string, id: string): Promise<void> {
  await db.insert(importBatches).values({ id, athleteId });
}

export async function insertImportFiles(
  db: Conn,
  rows: Array<Omit<typeof importFiles.$inferInsert, 'createdAt' | 'updatedAt'>>,
): Promise<void> {
  if (rows.length > 0) await db.insert(importFiles).values(rows);
}

/** A batch of one file (an upload that is one import: Apple Health, a device's download), with fresh ids. */
export async function insertSingleFileBatch(
  db: Conn,
  athleteId: string,
  file: { name: string; status: 'queued' | 'processing'; storageKey: string | null },
): Promise<{ batchId: string; id: string }> {
  const batchId = randomUUID();
  const id = randomUUID();
  await insertBatch(db, athleteId, batchId);
  await insertImportFiles(db, [{ id, batchId, athleteId, position: 0, message: null, ...file }]);
  return { batchId, id };
}

export async function batchExists(db: Conn, athleteId: string, batchId: string): Promise<boolean> {
  const rows = await db
    .select({ id: importBatches.id })
    .from(importBatches)
    .where(and(eq(importBatches.id, batchId), eq(importBatches.athleteId, athleteId)))
    .limit(1);
  return rows.length > 0;
}

/** What a batch's status shows of each file. */
const BATCH_FILE = {
  position: importFiles.position,
  name: importFiles.name,
  status: importFiles.status,
  message: importFiles.message,
  activityId: importFiles.activityId,
  // A uuid[] reads as a JSON array of its ids' text, as the driver gives them.
  activityIds: sql<string[]>`${importFiles.activityIds}`,
};
export type BatchFileRow = Pick<ImportFileRow, keyof typeof BATCH_FILE>;

/** Rows one statement reads of a batch's status: an archive's batch has thousands (below). */
const BATCH_FILES_PER_PAGE = 500;

/**
 * A batch's files in order, read as one JSON value (db/json-rows.ts) a page of BATCH_FILES_PER_PAGE at a time:
 * the status of a 500-file zip is polled every second or so while it imports, and read row by row its 500 rows
 * cost PGlite 20 to 50 ms of the event loop a poll; an archive's 3,000 rows in one value cost it 80 ms and more
 * (docs/RELIABILITY.md, "An archive on PGlite").
 */
export async function batchFiles(db: Conn, athleteId: string, batchId: string): Promise<BatchFileRow[]> {
  const rows: BatchFileRow[] = [];
  for (;;) {
    const after = rows.at(-1)?.position;
    const page = await jsonRows(
      db,
      BATCH_FILE,
      importFiles,
      and(
        eq(importFiles.batchId, batchId),
        eq(importFiles.athleteId, athleteId),
        after === undefined ? undefined : gt(importFiles.position, after),
      ),
      sql`${importFiles.position}`,
      BATCH_FILES_PER_PAGE,
    );
    rows.push(...page);
    if (page.length < BATCH_FILES_PER_PAGE) return rows;
  }
}

/** An import file of the athlete (the athlete named, so that it stays one shard's read: docs/scale.md). */
export async function findImportFile(
  db: Conn,
  athleteId: string,
  id: string,
): Promise<ImportFileRow | undefined> {
  const rows = await db
    .select()
    .from(importFiles)
    .where(and(eq(importFiles.athleteId, athleteId), eq(importFiles.id, id)))
    .limit(1);
  return rows[0];
}

export async function setImportFile(
  db: Conn,
  { athleteId, id }: { athleteId: string; id: string },
  values: Partial<Pick<ImportFileRow, 'status' | 'message' | 'activityId' | 'activityIds' | 'storageKey'>>,
): Promise<void> {
  await db
    .update(importFiles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(importFiles.athleteId, athleteId), eq(importFiles.id, id)));
}

// --- Originals ------------------------------------------------------------------------------------------------

/** The stored original with this content, if the athlete already sent it. */
export async function fileBySha(db: Conn, athleteId: string, sha256: string) {
  const rows = await db
    .select({ id: activityFiles.id })
    .from(activityFiles)
    .where(and(eq(activityFiles.athleteId, athleteId), eq(activityFiles.sha256, sha256)))
    .limit(1);
  return rows[0];
}

/** A stored original of the athlete's, by id. */
export async function findFile(db: Conn, athleteId: string, fileId: string) {
  const rows = await db
    .select()
    .from(activityFiles)
    .where(and(eq(activityFiles.id, fileId), eq(activityFiles.athleteId, athleteId)))
    .limit(1);
  return rows[0];
}

/** The activities made from a stored original, first leg first. */
export async function activityIdsOfFile(db: Conn, athleteId: string, fileId: string): Promise<string[]> {
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.athleteId, athleteId), eq(activities.fileId, fileId)))
    .orderBy(asc(activities.legIndex), asc(activities.startTime));
  return rows.map((r) => r.id);
}

/** Drops a stored original no activity comes from any more; its storage key, to delete after the commit. */
export async function deleteFileIfUnused(
  db: Conn,
  athleteId: string,
  fileId: string,
): Promise<string | null> {
  const rows = await db
    .delete(activityFiles)
    .where(
      and(
        eq(activityFiles.id, fileId),
        eq(activityFiles.athleteId, athleteId),
        // athlete_id on both sides: one shard's rows (docs/scale.md, "Citus: sharding by athlete").
        sql`not exists (select 1 from activities where activities.athlete_id = ${activityFiles.athleteId} and activities.file_id = ${activityFiles.id})`,
      ),
    )
    .returning({ storageKey: activityFiles.storageKey });
  return rows[0]?.storageKey ?? null;
}

// --- Activities -----------------------------------------------------------------------------------------------

/**
 * An activity of the same sport starting within `seconds` of `start`: the duplicate rule. `except` leaves out
 * an activity and the other legs of its recording (a sport change checks the activity against the rest).
 */
export async function activityNear(
  db: Conn,
  athleteId: string,
  sport: string,
  start: Date,
  seconds: number,
  except?: { id: string; multisportGroupId: string | null },
): Promise<string | undefined> {
  const conditions: SQL[] = [
    eq(activities.athleteId, athleteId),
    eq(activities.sport, sport as ActivityRow['sport']),
    gte(activities.startTime, new Date(start.getTime() - seconds * 1000)),
    lte(activities.startTime, new Date(start.getTime() + seconds * 1000)),
  ];
  if (except) {
    conditions.push(ne(activities.id, except.id));
    if (except.multisportGroupId) {
      conditions.push(
        sql`${activities.multisportGroupId} is distinct from ${except.multisportGroupId}::uuid`,
      );
    }
  }
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(...conditions))
    .orderBy(asc(activities.startTime))
    .limit(1);
  return rows[0]?.id;
}

/** Start times of the athlete's activities from `from` to `to` (a device pull's known ones). */
export async function startTimesBetween(db: Conn, athleteId: string, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ startTime: activities.startTime })
    .from(activities)
    .where(
      and(
        eq(activities.athleteId, athleteId),
        gte(activities.startTime, from),
        lte(activities.startTime, to),
      ),
    );
  return rows.map((r) => r.startTime);
}

export async function insertActivity(
  db: Conn,
  athleteId: string,
  values: ActivityInsert,
): Promise<ActivityRow> {
  const [row] = await db
    .insert(activities)
    .values({ ...values, athleteId })
    .returning();
  return row!;
}

/**
 * What one statement of streams carries at most: on PGlite a statement holds the event loop for its whole run,
 * and an archive round's streams are half a megabyte (docs/RELIABILITY.md, "An archive on PGlite").
 */
export const STREAMS_PER_STATEMENT = { rows: 200, bytes: 128 * 1024 };

/** Stream rows inserted in statements of at most STREAMS_PER_STATEMENT (a larger stream goes alone). */
export async function insertStreamRows(
  db: Conn,
  rows: ReadonlyArray<typeof activityStreams.$inferInsert>,
): Promise<void> {
  for (const chunk of boundedChunks(rows, STREAMS_PER_STATEMENT, (row) => row.data.byteLength))
    await db.insert(activityStreams).values(chunk);
}

export async function insertStreams(
  db: Conn,
  athleteId: string,
  activityId: string,
  streams: Array<{ type: string; sampleCount: number; data: Uint8Array }>,
): Promise<void> {
  await insertStreamRows(
    db,
    streams.map((s) => ({ ...s, athleteId, activityId })),
  );
}

/** Drops an activity's streams (a sport change stores them again). */
export async function deleteStreams(db: Conn, athleteId: string, activityId: string): Promise<void> {
  await db
    .delete(activityStreams)
    .where(and(eq(activityStreams.activityId, activityId), eq(activityStreams.athleteId, athleteId)));
}

export async function findActivity(
  db: Conn,
  athleteId: string,
  id: string,
): Promise<ActivityRow | undefined> {
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.athleteId, athleteId)))
    .limit(1);
  return rows[0];
}

export interface ActivityFilter {
  sport?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  minDistanceM?: number | undefined;
  maxDistanceM?: number | undefined;
  offset: number;
  limit: number;
}

export async function listActivities(
  db: Conn,
  athleteId: string,
  filter: ActivityFilter,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const conditions: SQL[] = [eq(activities.athleteId, athleteId)];
  if (filter.sport) conditions.push(eq(activities.sport, filter.sport as ActivityRow['sport']));
  if (filter.from) conditions.push(gte(activities.localDate, filter.from));
  if (filter.to) conditions.push(lte(activities.localDate, filter.to));
  if (filter.minDistanceM !== undefined) conditions.push(gte(activities.distanceM, filter.minDistanceM));
  if (filter.maxDistanceM !== undefined) conditions.push(lte(activities.distanceM, filter.maxDistanceM));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(where)
      .orderBy(desc(activities.startTime), asc(activities.legIndex))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ n: count() }).from(activities).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function updateActivity(
  db: Conn,
  athleteId: string,
  id: string,
  values: Partial<ActivityInsert>,
): Promise<ActivityRow | undefined> {
  const [row] = await db
    .update(activities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(activities.id, id), eq(activities.athleteId, athleteId)))
    .returning();
  return row;
}

/**
 * Frees the athlete's activity that completes `workoutId`, if any (the workout was set back by hand): no
 * workout, and not matched again automatically. Answers the activity's local day, or undefined when none.
 */
export async function releaseWorkout(
  db: Conn,
  athleteId: string,
  workoutId: string,
): Promise<string | undefined> {
  const rows = await db
    .update(activities)
    .set({ workoutId: null, matchState: 'none', updatedAt: new Date() })
    .where(and(eq(activities.athleteId, athleteId), eq(activities.workoutId, workoutId)))
    .returning({ localDate: activities.localDate });
  return rows[0]?.localDate;
}

export async function deleteActivity(
  db: Conn,
  athleteId: string,
  id: string,
): Promise<ActivityRow | undefined> {
  const [row] = await db
    .delete(activities)
    .where(and(eq(activities.id, id), eq(activities.athleteId, athleteId)))
    .returning();
  return row;
}

/** Another activity that completes this workout, if any. */
export async function activityOfWorkout(
  db: Conn,
  athleteId: string,
  workoutId: string,
  exceptActivityId?: string,
): Promise<string | undefined> {
  const conditions: SQL[] = [eq(activities.athleteId, athleteId), eq(activities.workoutId, workoutId)];
  if (exceptActivityId) conditions.push(ne(activities.id, exceptActivityId));
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(...conditions))
    .limit(1);
  return rows[0]?.id;
}

/** Which of these activities have a stream of `type`. */
export async function activitiesWithStream(
  db: Conn,
  athleteId: string,
  activityIds: readonly string[],
  type: string,
): Promise<Set<string>> {
  if (activityIds.length === 0) return new Set();
  const rows = await db
    .select({ id: activityStreams.activityId })
    .from(activityStreams)
    .where(
      and(
        eq(activityStreams.athleteId, athleteId),
        eq(activityStreams.type, type),
        inArray(activityStreams.activityId, [...activityIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The stream types an activity has. */
export async function streamTypes(db: Conn, athleteId: string, activityId: string): Promise<string[]> {
  const rows = await db
    .select({ type: activityStreams.type })
    .from(activityStreams)
    .where(and(eq(activityStreams.activityId, activityId), eq(activityStreams.athleteId, athleteId)));
  return rows.map((r) => r.type);
}

export async function streams(db: Conn, athleteId: string, activityId: string, types?: readonly string[]) {
  const conditions: SQL[] = [
    eq(activityStreams.activityId, activityId),
    eq(activityStreams.athleteId, athleteId),
  ];
  if (types) conditions.push(inArray(activityStreams.type, [...types]));
  return db
    .select({
      type: activityStreams.type,
      sampleCount: activityStreams.sampleCount,
      data: activityStreams.data,
    })
    .from(activityStreams)
    .where(and(...conditions));
}

/** How many 1 Hz samples the activity's streams hold (0 without streams). */
export async function sampleCount(db: Conn, athleteId: string, activityId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`coalesce(max(${activityStreams.sampleCount}), 0)::int` })
    .from(activityStreams)
    .where(and(eq(activityStreams.activityId, activityId), eq(activityStreams.athleteId, athleteId)));
  return rows[0]?.n ?? 0;
}

/** Best efforts of the athlete's activities on or after `from` (every activity when null). */
export async function bestEffortsSince(db: Conn, athleteId: string, from: string | null) {
  const conditions: SQL[] = [
    eq(activities.athleteId, athleteId),
    sql`${activities.bestEfforts} <> '{}'::jsonb`,
  ];
  if (from) conditions.push(gte(activities.localDate, from));
  return db
    .select({ id: activities.id, localDate: activities.localDate, bestEfforts: activities.bestEfforts })
    .from(activities)
    .where(and(...conditions))
    .orderBy(asc(activities.startTime));
}

/** Each activity from `from` to `to` (local dates, both included): its day, sport and moving minutes. */
export async function durationsBetween(
  db: Conn,
  athleteId: string,
  from: string,
  to: string,
): Promise<Array<{ date: string; sport: string; movingSeconds: number }>> {
  return db
    .select({ date: activities.localDate, sport: activities.sport, movingSeconds: activities.movingSeconds })
    .from(activities)
    .where(
      and(
        eq(activities.athleteId, athleteId),
        gte(activities.localDate, from),
        lte(activities.localDate, to),
      ),
    )
    .orderBy(asc(activities.localDate));
}

/**
 * The athlete's activities between two local dates: sessions (the legs of one multisport recording are one),
 * moving seconds and metres (docs/profile.md, "This Year").
 */
export async function totalsBetween(db: Conn, athleteId: string, from: string, to: string) {
  const [row] = await db
    .select({
      sessions:
        sql<number>`count(distinct coalesce(${activities.multisportGroupId}, ${activities.id}))`.mapWith(
          Number,
        ),
      seconds: sql<number>`coalesce(sum(${activities.movingSeconds}), 0)`.mapWith(Number),
      distanceMeters: sql<number>`coalesce(sum(${activities.distanceM}), 0)`.mapWith(Number),
    })
    .from(activities)
    .where(
      and(
        eq(activities.athleteId, athleteId),
        gte(activities.localDate, from),
        lte(activities.localDate, to),
      ),
    );
  return row ?? { sessions: 0, seconds: 0, distanceMeters: 0 };
}

/**
 * The athlete's rides and runs on or after `from`, with their best efforts: what the threshold estimates read
 * (docs/zones.md, "Estimates from recordings").
 */
export async function estimateRows(db: Conn, athleteId: string, from: string) {
  return db
    .select({
      id: activities.id,
      localDate: activities.localDate,
      sport: activities.sport,
      bestEfforts: activities.bestEfforts,
    })
    .from(activities)
    .where(
      and(
        eq(activities.athleteId, athleteId),
        gte(activities.localDate, from),
        inArray(activities.sport, ['bike', 'run']),
      ),
    )
    .orderBy(asc(activities.startTime));
}

/** Keeps a run's or ride's 30-minute threshold effort beside its other best efforts. */
export async function setThresholdEffort(
  db: Conn,
  athleteId: string,
  activityId: string,
  effort: Record<string, number>,
) {
  await db
    .update(activities)
    .set({
      bestEfforts: sql`${activities.bestEfforts} || jsonb_build_object('threshold', ${JSON.stringify(effort)}::jsonb)`,
    })
    .where(and(eq(activities.id, activityId), eq(activities.athleteId, athleteId)));
}

/** The earliest local day of the activities a batch's files stored (an archive's), or null when none. */
export async function earliestDayOfBatch(
  db: Conn,
  athleteId: string,
  batchId: string,
): Promise<string | null> {
  const rows = await db
    .select({ day: sql<string | null>`min(${activities.localDate})` })
    .from(activities)
    .innerJoin(
      importFiles,
      sql`${activities.athleteId} = ${importFiles.athleteId} and ${activities.id} = any(${importFiles.activityIds})`,
    )
    .where(
      and(
        eq(importFiles.batchId, batchId),
        eq(importFiles.athleteId, athleteId),
        eq(importFiles.status, 'imported'),
        eq(activities.athleteId, athleteId),
      ),
    );
  return rows[0]?.day ?? null;
}

/** A batch's files by position (an archive's members, written when it was first listed). */
/**
 * Rows one statement reads of a batch's files: an archive's batch has thousands, and on PGlite one statement
 * holds the event loop for its whole run (docs/RELIABILITY.md, "An archive on PGlite").
 */
const FILES_PER_PAGE = 500;

export async function batchProgress(db: Conn, athleteId: string, batchId: string): Promise<ImportFileRow[]> {
  const rows: ImportFileRow[] = [];
  for (;;) {
    const after = rows.at(-1)?.position;
    const page = await db
      .select()
      .from(importFiles)
      .where(
        and(
          eq(importFiles.batchId, batchId),
          eq(importFiles.athleteId, athleteId),
          after === undefined ? undefined : gt(importFiles.position, after),
        ),
      )
      .orderBy(asc(importFiles.position))
      .limit(FILES_PER_PAGE);
    rows.push(...page);
    if (page.length < FILES_PER_PAGE) return rows;
  }
}

/** How many of a batch's files (its first row, the archive's own, left out) stand at each status. */
export async function batchStatusCounts(
  db: Conn,
  athleteId: string,
  batchId: string,
): Promise<Map<ImportFileRow['status'], number>> {
  const rows = await db
    .select({ status: importFiles.status, n: count() })
    .from(importFiles)
    .where(
      and(
        eq(importFiles.batchId, batchId),
        eq(importFiles.athleteId, athleteId),
        gt(importFiles.position, 0),
      ),
    )
    .groupBy(importFiles.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** Every file of the batch still queued or processing, failed with `message` (an archive given up). */
export async function failUnsettled(db: Conn, athleteId: string, batchId: string, message: string) {
  await db
    .update(importFiles)
    .set({ status: 'failed', message, storageKey: null, updatedAt: new Date() })
    .where(
      and(
        eq(importFiles.batchId, batchId),
        eq(importFiles.athleteId, athleteId),
        inArray(importFiles.status, ['queued', 'processing']),
      ),
    );
}
