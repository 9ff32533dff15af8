// The staging sweep (docs/RELIABILITY.md, "Idempotency after a crash"): an upload writes its files under
// `staging/<athlete>/…` before the transaction that queues their jobs; a process killed in between leaves files
// no job will ever read (kill -9 mid-upload left 105). Run when a process with a worker starts and then every
// hour: a staged file, or an unfinished write (`….part`), untouched for an hour and named by no upload still
// queued or processing, is removed.
import { sql } from 'drizzle-orm';
import type { Conn } from '../db/client.ts';
import type { FileStore } from './file-store.ts';

/** How long a staged file may wait unclaimed: far longer than the gap between writing it and queueing its job. */
const STAGING_GRACE_MS = 60 * 60_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Removes orphaned staged files; the number removed. */
export async function sweepStaging(
  db: Conn,
  fileStore: FileStore,
  now: Date = new Date(),
  graceMs: number = STAGING_GRACE_MS,
): Promise<number> {
  const old = (await fileStore.list('staging')).filter(
    (f) => now.getTime() - f.modifiedAt.getTime() > graceMs,
  );
  if (old.length === 0) return 0;
  // Read after the listing: a file staged and queued meanwhile is younger than the grace period anyway.
  const waiting = new Set(
    rowsOf<{ storage_key: string }>(
      await db.execute(sql`
        select storage_key from import_files
        where status in ('queued', 'processing') and storage_key like 'staging/%'`),
    ).map((r) => r.storage_key),
  );
  let removed = 0;
  for (const file of old) {
    // What an archive's job stages lives under `<archive key>.parts/` (activities/archive-import.ts).
    if (waiting.has(file.key) || waiting.has(file.key.split('.parts/')[0]!)) continue;
    await fileStore.delete(file.key);
    removed += 1;
  }
  return removed;
}
