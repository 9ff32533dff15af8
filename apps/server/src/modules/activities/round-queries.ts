// The queries of an archive's rounds (docs/activities.md, "Platform archives", "Speed"): many members' duplicate
// checks, originals, activities and rows, each in one statement (streams in statements of bounded size), and what an archive reads once of
// the athlete's stored files and starts. Every query is scoped by the athlete id.
import { and, asc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { activities, activityFiles, importFiles } from '../../db/schema/index.ts';
import { type ActivityInsert, type ActivityRow, insertStreamRows } from './repository.ts';

/**
 * Rows one statement reads of what is stored: an athlete with a decade of history has thousands, and on PGlite
 * one statement holds the event loop for its whole run (docs/RELIABILITY.md, "An archive on PGlite").
 */
const KEYS_PER_PAGE = 1000;

/**
 * The contents (SHA-256) of the athlete's stored originals and the sport and start of their activities: what an
 * archive reads once as a filter before its members' duplicate checks (`storedIndex` in stored-index.ts). Read
 * in pages of KEYS_PER_PAGE.
 */
export async function storedKeys(db: Conn, athleteId: string) {
  const shas: string[] = [];
  for (;;) {
    const after = shas.at(-1);
    const page = await db
      .select({ sha256: activityFiles.sha256 })
      .from(activityFiles)
      .where(
        and(
          eq(activityFiles.athleteId, athleteId),
          after === undefined ? undefined : gt(activityFiles.sha256, after),
        ),
      )
      .orderBy(asc(activityFiles.sha256))
      .limit(KEYS_PER_PAGE);
    shas.push(...page.map((f) => f.sha256));
    if (page.length < KEYS_PER_PAGE) break;
  }
  const starts: Array<{ id: string; sport: ActivityRow['sport']; startTime: Date }> = [];
  for (;;) {
    const after = starts.at(-1);
    const page = await db
      .select({ id: activities.id, sport: activities.sport, startTime: activities.startTime })
      .from(activities)
      .where(and(eq(activities.athleteId, athleteId), after ? gt(activities.id, after.id) : undefined))
      .orderBy(asc(activities.id))
      .limit(KEYS_PER_PAGE);
    starts.push(...page);
    if (page.length < KEYS_PER_PAGE) break;
  }
  return { shas, starts };
}

/** The stored originals among these contents, SHA-256 → file id: an archive round's, in one statement. */
export async function filesBySha(db: Conn, athleteId: string, shas: readonly string[]) {
  if (shas.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: activityFiles.id, sha256: activityFiles.sha256 })
    .from(activityFiles)
    .where(and(eq(activityFiles.athleteId, athleteId), inArray(activityFiles.sha256, [...new Set(shas)])));
  return new Map(rows.map((r) => [r.sha256, r.id]));
}

/** Stores originals in one statement (one already stored is skipped): SHA-256 → the new file's id. */
export async function insertFiles(
  db: Conn,
  values: Array<Omit<typeof activityFiles.$inferInsert, 'id' | 'createdAt'>>,
): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .insert(activityFiles)
    .values(values)
    .onConflictDoNothing({ target: [activityFiles.athleteId, activityFiles.sha256] })
    .returning({ id: activityFiles.id, sha256: activityFiles.sha256 });
  return new Map(rows.map((r) => [r.sha256, r.id]));
}

/**
 * The athlete's activities of a leg's sport starting within `seconds` of its start, for many legs in one
 * statement (an archive round's duplicate check), earliest first.
 */
export async function activitiesNear(
  db: Conn,
  athleteId: string,
  legs: ReadonlyArray<{ sport: string; start: Date }>,
  seconds: number,
): Promise<Array<{ id: string; sport: string; startTime: Date }>> {
  if (legs.length === 0) return [];
  const near = legs.map(
    (leg) =>
      and(
        eq(activities.sport, leg.sport as ActivityRow['sport']),
        gte(activities.startTime, new Date(leg.start.getTime() - seconds * 1000)),
        lte(activities.startTime, new Date(leg.start.getTime() + seconds * 1000)),
      )!,
  );
  return db
    .select({ id: activities.id, sport: activities.sport, startTime: activities.startTime })
    .from(activities)
    .where(and(eq(activities.athleteId, athleteId), or(...near)))
    .orderBy(asc(activities.startTime));
}

/**
 * Activities inserted in one statement, each with the id the caller chose (its streams and rows name it); the
 * stored rows read back only when `readBack` (PGlite decodes every field of every row it returns).
 */
export async function insertActivities(
  db: Conn,
  athleteId: string,
  values: ReadonlyArray<ActivityInsert & { id: string }>,
  readBack: boolean,
): Promise<ActivityRow[]> {
  if (values.length === 0) return [];
  const insert = db.insert(activities).values(values.map((v) => ({ ...v, athleteId })));
  if (readBack) return insert.returning();
  await insert;
  return [];
}

/** The streams of many activities, in statements of bounded rows and bytes (repository `insertStreamRows`). */
export async function insertStreamsOf(
  db: Conn,
  athleteId: string,
  rows: ReadonlyArray<{
    activityId: string;
    streams: Array<{ type: string; sampleCount: number; data: Uint8Array }>;
  }>,
): Promise<void> {
  await insertStreamRows(
    db,
    rows.flatMap((r) => r.streams.map((s) => ({ ...s, athleteId, activityId: r.activityId }))),
  );
}

/** Import files settled as imported, each with its activities, in one statement. */
export async function settleImported(
  db: Conn,
  athleteId: string,
  rows: ReadonlyArray<{ id: string; activityIds: readonly string[] }>,
): Promise<void> {
  if (rows.length === 0) return;
  const values = JSON.stringify(rows.map((r) => ({ id: r.id, ids: `{${r.activityIds.join(',')}}` })));
  await db.execute(sql`
    update ${importFiles} set status = 'imported', message = null, storage_key = null, updated_at = now(),
      activity_id = (v.ids::uuid[])[1], activity_ids = v.ids::uuid[]
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, ids text)
    where ${importFiles.athleteId} = ${athleteId} and ${importFiles.id} = v.id`);
}
