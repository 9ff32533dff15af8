// Importing a "Download my data" zip into a fresh account (docs/account.md, "Importing an export"). Bounded:
// lines are read by bytes with a cap, rows are capped per table and in total before anything is written, and
// the rows go in batches of short transactions with a pause between them, so other athletes are served while
// a large import runs. Whole or nothing: an import that fails is undone, and one cut off by a crash (its lease
// passed) is undone by the next request or by the periodic sweep before anyone else touches the account's import.
import { randomUUID } from 'node:crypto';
import type { AccountImportProgress, AccountImportReport } from '@stamina/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { yieldToOthers } from '../../lib/event-loop.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { openZipBytes, type Zip, type ZipEntry } from '../../lib/zip.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { athleteColumns, updateAthleteFromJson } from '../athletes/index.ts';
import { cappedLines } from './lines.ts';
import * as repo from './repository.ts';

export const EXPORT_FORMAT = 'stamina-export';
export const EXPORT_VERSION = 1;

/** docs/account.md, "Importing an export": the limits, all checked before a row is written. */
export const IMPORT_LIMITS = {
  zipBytes: 100 * 1024 * 1024,
  zipLabel: '100 MB',
  entries: 100_000,
  uncompressedBytes: 2 * 1024 * 1024 * 1024,
  lineBytes: 16 * 1024 * 1024,
  lineLabel: '16 MB',
  fileBytes: 64 * 1024 * 1024,
  rowsPerTable: 50_000,
  rowsTotal: 200_000,
};
/** Rows per transaction, and the JSON bytes after which a batch goes early (rows of streams are large). */
const IMPORT_BATCH_ROWS = 500;
const IMPORT_BATCH_BYTES = 4 * 1024 * 1024;
/**
 * How long an import's claim holds without a sign of life; renewed with every batch. A claim older than this
 * belongs to a process that died: its rows are undone and the account can import again.
 */
export const IMPORT_LEASE_SECONDS = 30;

/**
 * Never exported: bookkeeping rather than records, and the device connections, whose rows hold provider tokens
 * that never leave the server, even sealed (docs/devices.md, "Secrets"); after an import the athlete connects
 * again.
 */
export const NOT_EXPORTED = new Set([
  'account_exports',
  'account_imports',
  'idempotency_keys',
  'device_connections',
  'device_authorizations',
  'device_sync_runs',
  // A browser's push keys belong to that browser, and the delivery log to this server (docs/notifications.md).
  'push_subscriptions',
  'notification_deliveries',
]);
/** Exported for the athlete to read, but an import does not recreate upload batches. */
const NOT_IMPORTED = new Set([...NOT_EXPORTED, 'import_batches', 'import_files']);
/**
 * Columns that name a row of a shared table without a foreign key (a workout keeps the Workout Bank template it
 * came from, which may be the library's or another athlete's public one): read as if they had one.
 */
const UNDECLARED_REFERENCES: Record<string, string> = { 'workouts.template_id': 'workout_templates' };
/** Training data: an account that holds any is not fresh, and an import into it is refused. */
const TRAINING_TABLES = ['activities', 'activity_files', 'workouts', 'wellness_daily', 'training_plans'];

export interface AccountImportDeps {
  db: Db;
  fileStore: FileStore;
  log: FastifyBaseLogger;
  /** After an import wrote or undid the athlete's data (cached reads are dropped). */
  onChange?: (athleteId: string) => void;
  /** Rows per batch (tests make it small to watch the batches). */
  batchRows?: number;
}

/** A member read whole past its cap (docs/account.md, "Importing an export"). */
const tooLarge = (name: string) => new AppError('PAYLOAD_TOO_LARGE', `${name} is too large`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const fmt = (n: number) => n.toLocaleString('en-US');
const causeOf = (err: unknown) =>
  (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;

export function createAccountImport(deps: AccountImportDeps) {
  const { db, fileStore } = deps;
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;

  /**
   * Removes every row the account holds in the tables an import writes, a few hundred per transaction, and the
   * original files an import copied (a fresh account has none of its own). The lease of import `id` is renewed
   * on the way; false when it was lost to another process.
   */
  async function undo(athleteId: string, id: string): Promise<void> {
    const tables = (await repo.ownedTables(db)).filter((t) => !NOT_IMPORTED.has(t.name)).reverse();
    for (const table of tables) {
      for (;;) {
        const n = await db.transaction(async (tx) => {
          if (!(await repo.renewImport(tx, athleteId, id, {}, IMPORT_LEASE_SECONDS))) {
            throw new Error('the import was taken over by another process');
          }
          return repo.deleteOwnedSome(tx, table, athleteId, batchRows);
        });
        if (n < batchRows) break;
        await yieldToOthers();
      }
    }
    await fileStore.deleteUnder(`originals/${athleteId}`);
    deps.onChange?.(athleteId);
  }

  /** The athlete's last import, with its progress while it runs. */
  /** The latest import, or null when none was ever started (an answer, not a 404: the settings page asks). */
  async function importStatus(auth: AuthContext): Promise<AccountImportProgress | null> {
    const row = await repo.findImport(db, auth.athleteId);
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      percent: row.percent,
      rows_done: row.rowsDone,
      rows_total: row.rowsTotal,
      message: row.message ?? null,
      started_at: row.createdAt.toISOString(),
    };
  }

  /**
   * Undoes the imports cut off by a crash (still running, lease passed): run when the process starts and then
   * now and then, so no half-imported account is left to the next request. `all`: every running import is cut
   * off, lease or not (a process starting on PGlite, which only one process can open, finds only dead ones).
   */
  async function sweepStale(options: { all?: boolean } = {}): Promise<number> {
    let undone = 0;
    for (const athleteId of await repo.staleImports(db, options.all ?? false)) {
      const id = randomUUID();
      if (!(await repo.takeOverStale(db, athleteId, id, IMPORT_LEASE_SECONDS, options.all ?? false)))
        continue;
      await undo(athleteId, id);
      await repo.settleImport(db, athleteId, id, {
        status: 'failed',
        message:
          'The import was cut off (the server stopped). Nothing of it was kept: import the file again.',
      });
      deps.log.warn({ athleteId }, 'account import: a cut-off import was undone');
      undone += 1;
    }
    return undone;
  }

  async function importExport(auth: AuthContext, bytes: Buffer): Promise<AccountImportReport> {
    const unreadable = (why: string) =>
      new AppError('VALIDATION_FAILED', `This file is not a Stamina export: ${why}`);
    let zip: Zip;
    try {
      zip = await openZipBytes(bytes);
    } catch {
      throw unreadable('it is not a readable zip');
    }
    try {
      let entries: Map<string, ZipEntry>;
      try {
        const records = await zip.entries({
          max: IMPORT_LIMITS.entries,
          tooMany: () =>
            new AppError('PAYLOAD_TOO_LARGE', `The zip holds more than ${IMPORT_LIMITS.entries} entries`),
        });
        entries = new Map(records.map((entry) => [entry.fileName, entry]));
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw unreadable('it is not a readable zip');
      }
      return await importFrom(auth, zip, entries, unreadable);
    } finally {
      zip.close();
    }
  }

  async function importFrom(
    auth: AuthContext,
    zip: Zip,
    entries: Map<string, ZipEntry>,
    unreadable: (why: string) => AppError,
  ): Promise<AccountImportReport> {
    let uncompressed = 0;
    for (const entry of entries.values()) uncompressed += entry.uncompressedSize;
    if (uncompressed > IMPORT_LIMITS.uncompressedBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The export unpacks to more than 2 GB');
    }
    const readJson = async (name: string) => {
      const entry = entries.get(name);
      if (!entry) throw unreadable(`${name} is missing`);
      try {
        const bytes = await zip.read(entry, IMPORT_LIMITS.lineBytes, () => tooLarge(name));
        return JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw unreadable(`${name} is not valid JSON`);
      }
    };
    const manifest = await readJson('manifest.json');
    if (manifest.format !== EXPORT_FORMAT || manifest.version !== EXPORT_VERSION) {
      throw unreadable('its manifest is not that of a Stamina export (version 1)');
    }
    const oldAthleteId = String(manifest.athlete_id ?? '').toLowerCase();
    const oldUserId = String(manifest.user_id ?? '').toLowerCase();
    if (!UUID.test(oldAthleteId) || !UUID.test(oldUserId)) throw unreadable('its manifest names no athlete');
    const athlete = await readJson('data/athletes.json');
    const owned = await repo.ownedTables(db);
    const tables = owned.filter((t) => !NOT_IMPORTED.has(t.name) && entries.has(`data/${t.name}.jsonl`));
    /**
     * Tables whose rows may be shared between athletes: any table no athlete owns, and one whose owner may be
     * empty (the Workout Bank's templates: the library's have no owner, and other athletes' public ones).
     */
    const sharedTables = new Map<string, repo.OwnedTable | null>();
    const ownedByName = new Map(owned.map((t) => [t.name, t]));
    const isShared = (name: string) => {
      if (name === 'athletes' || name === 'users') return false;
      const table = ownedByName.get(name);
      if (!table) return true;
      return table.columns.find((c) => c.name === table.owner)?.nullable ?? false;
    };
    for (const t of owned) {
      for (const c of t.columns) {
        c.references ??= UNDECLARED_REFERENCES[`${t.name}.${c.name}`];
        if (c.references && isShared(c.references))
          sharedTables.set(c.references, ownedByName.get(c.references) ?? null);
      }
    }

    /** The rows of a table's file, parsed and checked, one at a time. */
    async function* rowsOf(table: repo.OwnedTable) {
      const entry = entries.get(`data/${table.name}.jsonl`)!;
      const tooLong = () =>
        new AppError(
          'PAYLOAD_TOO_LARGE',
          `This export cannot be imported: a row of ${table.name} is larger than ${IMPORT_LIMITS.lineLabel}, the limit per row`,
        );
      for await (const line of cappedLines(await zip.open(entry), IMPORT_LIMITS.lineBytes, tooLong)) {
        if (!line.trim()) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          throw unreadable(`a row of ${table.name} is not valid JSON`);
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw unreadable(`a row of ${table.name} is not an object`);
        }
        const row = parsed as Record<string, unknown>;
        if (String(row[table.owner] ?? '').toLowerCase() !== oldAthleteId)
          throw unreadable(`a row of ${table.name} belongs to someone else`);
        yield { row, bytes: line.length };
      }
    }

    // First pass, nothing written: the caps, every row's owner, and the ids of the athlete's own rows (only
    // those get new ids; any other id, a shared Workout Bank template's, is kept as a reference).
    const ids = new Map<string, string>([
      [oldAthleteId, auth.athleteId],
      [oldUserId, auth.userId],
    ]);
    /** The new ids: a value among them names one of the athlete's own rows. */
    const fresh = new Set<string>([auth.athleteId, auth.userId]);
    const newId = (old: string) => {
      const key = old.toLowerCase();
      let id = ids.get(key);
      if (!id) {
        id = randomUUID();
        ids.set(key, id);
        fresh.add(id);
      }
      return id;
    };
    const counts: Record<string, number> = {};
    let total = 0;
    for (const table of tables) {
      let n = 0;
      const hasId = table.columns.some((c) => c.name === 'id' && c.udt === 'uuid');
      for await (const { row } of rowsOf(table)) {
        n += 1;
        total += 1;
        if (n > IMPORT_LIMITS.rowsPerTable) {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            `This export cannot be imported: ${table.name} holds more than ${fmt(IMPORT_LIMITS.rowsPerTable)} rows, the limit per table. Nothing was imported.`,
          );
        }
        if (total > IMPORT_LIMITS.rowsTotal) {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            `This export cannot be imported: it holds more than ${fmt(IMPORT_LIMITS.rowsTotal)} rows, the limit for one import. Nothing was imported.`,
          );
        }
        if (hasId && typeof row.id === 'string' && UUID.test(row.id)) newId(row.id);
        if (n % 1_000 === 0) await yieldToOthers();
      }
      counts[table.name] = n;
    }

    const importId = randomUUID();
    const claim = await db.transaction(async (tx) =>
      repo.claimImport(tx, auth.athleteId, importId, total, IMPORT_LEASE_SECONDS),
    );
    if (claim === 'busy') {
      throw new AppError(
        'CONFLICT',
        'An import into this account is already running: wait for it to finish (its progress is at GET /api/athletes/me/import).',
      );
    }
    const written: string[] = [];
    let skipped = 0;
    /** Whether this import has changed the account (and must be undone when it fails). */
    let changed = claim === 'stale';
    try {
      // A cut-off import of this account (its process died) is undone before the account is judged fresh.
      if (claim === 'stale') await undo(auth.athleteId, importId);
      for (const table of TRAINING_TABLES) {
        if ((await repo.countOwned(db, { name: table }, auth.athleteId)) > 0) {
          throw new AppError(
            'CONFLICT',
            'Import into a fresh account: this one already holds training data (workouts, activities, plans or wellness).',
          );
        }
      }
      // A fresh account may hold defaults (zones, notifications): the export's rows replace them.
      changed = true;
      await undo(auth.athleteId, importId);
      let done = 0;
      for (const table of tables) {
        const n = await writeTable(table);
        skipped += counts[table.name]! - n;
        counts[table.name] = n;
      }
      // The athlete's settings; the picture moves with its file.
      const skip = new Set(['id', 'auth_user_id', 'created_at', 'updated_at', 'avatar_key']);
      const columns = (await athleteColumns(db)).filter((c) => !skip.has(c) && c in athlete);
      const settings: Record<string, unknown> = { ...athlete };
      const avatar = fileKey(athlete.avatar_key);
      if (avatar) {
        await copyFile(String(athlete.avatar_key), avatar);
        settings.avatar_key = avatar;
        columns.push('avatar_key');
      }
      await db.transaction(async (tx) => {
        if (!(await repo.renewImport(tx, auth.athleteId, importId, {}, IMPORT_LEASE_SECONDS))) {
          throw new Error('the import was taken over by another process');
        }
        try {
          await updateAthleteFromJson(tx, auth.athleteId, settings, columns);
        } catch (err) {
          throw unreadable(`its profile does not fit: ${causeOf(err)}`);
        }
        const rows = Object.values(counts).reduce((a, b) => a + b, 0);
        await repo.settleImport(tx, auth.athleteId, importId, {
          status: 'done',
          percent: 100,
          message: `Imported ${rows} records and ${written.length} files.`,
        });
      });

      /** Writes a table's rows in batches, each its own transaction; the rows written. */
      async function writeTable(table: repo.OwnedTable): Promise<number> {
        const writable = table.columns.filter((c) => !c.generated);
        const known = new Set(writable.map((c) => c.name));
        const uuidColumns = new Set(writable.filter((c) => c.udt === 'uuid').map((c) => c.name));
        /** References to shared rows: an id of the athlete's own row is re-keyed, any other kept. */
        const references = new Set(
          writable.filter((c) => c.references && sharedTables.has(c.references)).map((c) => c.name),
        );
        const uuidArrays = new Set(writable.filter((c) => c.udt === '_uuid').map((c) => c.name));
        const binary = new Set(writable.filter((c) => c.udt === 'bytea').map((c) => c.name));
        /** Columns whose kept (shared) ids must name a row this server has. */
        const shared = writable.filter((c) => references.has(c.name));
        const mapId = (column: string, value: string) =>
          references.has(column) ? (ids.get(value.toLowerCase()) ?? value) : newId(value);
        /** Ids written inside text or JSON (a notification's link) follow the athlete's rows they name. */
        const relink = (value: unknown): unknown => {
          if (typeof value === 'string') return value.replace(UUIDS, (id) => ids.get(id.toLowerCase()) ?? id);
          if (value && typeof value === 'object') return JSON.parse(relink(JSON.stringify(value)) as string);
          return value;
        };
        let batch: Array<{ row: Record<string, unknown>; source: Record<string, unknown> }> = [];
        let batchBytes = 0;
        let n = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          const rows = await keepResolvable(batch.map((b) => b.row));
          for (const { row, source } of batch) {
            if (table.name !== 'activity_files' || !rows.includes(row)) continue;
            const key = fileKey(source.storage_key);
            if (!key) throw unreadable('an activity file has no stored original');
            await copyFile(String(source.storage_key), key);
            row.storage_key = key;
          }
          await db.transaction(async (tx) => {
            done += batch.length;
            const percent = Math.min(99, Math.floor((done * 100) / Math.max(1, total)));
            if (
              !(await repo.renewImport(
                tx,
                auth.athleteId,
                importId,
                { rowsDone: done, percent },
                IMPORT_LEASE_SECONDS,
              ))
            ) {
              throw new Error('the import was taken over by another process');
            }
            try {
              // The columns the rows carry: one the export does not have (a newer column) takes its default.
              const present = [...known].filter((c) => rows.some((row) => c in row));
              await repo.insertJsonRows(tx, table.name, present, rows);
            } catch (err) {
              throw unreadable(`a row of ${table.name} does not fit: ${causeOf(err)}`);
            }
          });
          n += rows.length;
          batch = [];
          batchBytes = 0;
          // Other athletes' requests run here, between two batches.
          await yieldToOthers();
        };
        /** The rows whose references to shared rows resolve here; a nullable one is cleared, else the row is left out. */
        const keepResolvable = async (rows: Record<string, unknown>[]) => {
          let kept = rows;
          for (const column of shared) {
            const wanted = new Set<string>();
            for (const row of kept) {
              const value = row[column.name];
              if (typeof value === 'string' && UUID.test(value) && !fresh.has(value)) wanted.add(value);
            }
            if (wanted.size === 0) continue;
            const found = await repo.sharedIds(
              db,
              column.references!,
              sharedTables.get(column.references!) ?? null,
              [...wanted],
            );
            kept = kept.filter((row) => {
              const value = row[column.name];
              if (typeof value !== 'string' || !wanted.has(value) || found.has(value)) return true;
              if (column.nullable) {
                row[column.name] = null;
                return true;
              }
              return false;
            });
          }
          return kept;
        };
        for await (const { row: source, bytes } of rowsOf(table)) {
          const row: Record<string, unknown> = {};
          for (const [column, value] of Object.entries(source)) {
            if (!known.has(column)) continue;
            if (uuidColumns.has(column) && typeof value === 'string') row[column] = mapId(column, value);
            else if (uuidArrays.has(column) && Array.isArray(value)) {
              row[column] = value.map((v) => (typeof v === 'string' ? newId(v) : v));
            } else row[column] = binary.has(column) ? value : relink(value);
          }
          batch.push({ row, source });
          batchBytes += bytes;
          if (batch.length >= batchRows || batchBytes >= IMPORT_BATCH_BYTES) await flush();
        }
        await flush();
        return n;
      }
    } catch (err) {
      await Promise.all(written.map((key) => fileStore.delete(key).catch(() => {})));
      try {
        if (changed) await undo(auth.athleteId, importId);
        await repo.settleImport(db, auth.athleteId, importId, {
          status: 'failed',
          message: err instanceof AppError ? err.message : 'The import failed; nothing of it was kept.',
        });
      } catch (undoErr) {
        // Left running: its lease passes and the sweep undoes it.
        deps.log.error({ err: undoErr }, 'account import: undoing a failed import failed');
      }
      throw err;
    }
    deps.onChange?.(auth.athleteId);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      counts,
      files: written.length,
      skipped,
      message: `Imported ${rows} records and ${written.length} files.${skipped > 0 ? ` ${skipped} favourites, ratings or views of Workout Bank templates this server does not have were left out.` : ''}`,
    };

    /** A stored file's key of the exported athlete, moved to the caller's; anything else is refused. */
    function fileKey(key: unknown): string | null {
      if (key === null || key === undefined) return null;
      const match =
        typeof key === 'string' ? key.match(/^(originals|avatars)\/([^/]+)\/([a-z0-9._-]+)$/) : null;
      if (!match || match[2]?.toLowerCase() !== oldAthleteId)
        throw unreadable('it names a stored file it does not own');
      return `${match[1]}/${auth.athleteId}/${match[3]}`;
    }
    async function copyFile(oldKey: string, key: string) {
      const entry = entries.get(`files/${oldKey}`);
      if (!entry) throw unreadable(`the file ${oldKey} is missing`);
      await fileStore.put(
        key,
        await zip.read(entry, IMPORT_LIMITS.fileBytes, () => tooLarge(entry.fileName)),
      );
      written.push(key);
    }
  }

  return { importExport, importStatus, sweepStale };
}
