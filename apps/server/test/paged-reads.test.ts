// The large reads of an archive are paged (docs/RELIABILITY.md, "An archive on PGlite"): a batch's rows and its
// status, the stored keys, and the activities the daily load is derived from, each read a few hundred rows a
// statement so that no statement holds PGlite's event loop long. An athlete with 1,201 of each must still get
// every row once, in order, across the pages' seams (three activities a day, so a page can end inside a day).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../src/modules/activities/repository.ts';
import { storedKeys } from '../src/modules/activities/round-queries.ts';
import { activitiesFrom } from '../src/modules/training-load/repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const ROWS = 1201;

describe('paged reads', () => {
  let t: TestApp;
  let athleteId: string;
  let batchId: string;
  beforeAll(async () => {
    t = await createTestApp();
    athleteId = (await t.athlete()).athleteId;
    const batch = await repo.insertSingleFileBatch(t.db, athleteId, {
      name: 'export.zip',
      status: 'processing',
      storageKey: null,
    });
    batchId = batch.batchId;
    const statuses = ['queued', 'imported', 'duplicate', 'failed'] as const;
    const rows = Array.from({ length: ROWS - 1 }, (_, i) => ({
      id: randomUUID(),
      batchId,
      athleteId,
      position: i + 1,
      name: `activities/${i + 1}.gpx`,
      status: statuses[i % 4]!,
      message: null,
      storageKey: null,
    }));
    for (let i = 0; i < rows.length; i += 100) await repo.insertImportFiles(t.db, rows.slice(i, i + 100));
    await t.db.execute(sql`
      insert into activity_files (athlete_id, sha256, original_name, format, size_bytes, storage_key)
      select ${athleteId}, md5(i::text) || md5((i + 1)::text), i || '.gpx', 'gpx', 1, 'k' || i
      from generate_series(1, ${ROWS}) as i`);
    await t.db.execute(sql`
      insert into activities (athlete_id, name, sport, start_time, local_date, elapsed_seconds, timer_seconds,
        moving_seconds, tss)
      select ${athleteId}, 'Run ' || i, 'run', timestamptz '2016-01-01 06:00:00+00' + (i / 3) * interval '1 day'
          + (i % 3) * interval '3 hours', date '2016-01-01' + i / 3, 3600, 3600, 3600 - i, i
      from generate_series(0, ${ROWS - 1}) as i`);
  }, 180_000);
  afterAll(() => t.close());

  it("reads a batch's rows and its status across pages, each row once and in order", async () => {
    const progress = await repo.batchProgress(t.db, athleteId, batchId);
    expect(progress.map((r) => r.position)).toEqual(Array.from({ length: ROWS }, (_, i) => i));
    const files = await repo.batchFiles(t.db, athleteId, batchId);
    expect(files.map((f) => f.name)).toEqual(progress.map((r) => r.name));
    const counts = await repo.batchStatusCounts(t.db, athleteId, batchId);
    expect(Object.fromEntries(counts)).toEqual({ queued: 300, imported: 300, duplicate: 300, failed: 300 });
  });

  it('reads every stored key once', async () => {
    const { shas, starts } = await storedKeys(t.db, athleteId);
    expect(new Set(shas).size).toBe(ROWS);
    expect(shas.length).toBe(ROWS);
    expect(new Set(starts.map((s) => s.id)).size).toBe(ROWS);
    expect(starts.length).toBe(ROWS);
  });

  it('reads the activities for the daily load across pages, a day split by a page included', async () => {
    const read = await activitiesFrom(t.db, athleteId, '2016-01-01');
    expect(read.length).toBe(ROWS);
    expect(new Set(read.map((a) => a.id)).size).toBe(ROWS);
    const dates = read.map((a) => a.date);
    expect(dates).toEqual([...dates].sort());
    expect(read.reduce((sum, a) => sum + (a.tss ?? 0), 0)).toBe(((ROWS - 1) * ROWS) / 2);
    // From a later day: only the days from it on.
    const later = await activitiesFrom(t.db, athleteId, '2016-06-01');
    expect(later.every((a) => a.date >= '2016-06-01')).toBe(true);
    expect(later.length).toBe(ROWS - 3 * 152);
  });
});
