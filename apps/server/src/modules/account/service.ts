// Data ownership (docs/account.md): deleting the account (a grace period, then a purge job that removes every
// row and file), "Download my data" (a zip built by a job, page by page, streamed to the file store, behind a
// signed link that expires), and the import of such a zip into a fresh account.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { AccountDeletion, AccountExport, AccountImportReport } from '@stamina/contract';
import type { FastifyBaseLogger } from 'fastify';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { FileNotFoundError, type FileStore } from '../../lib/file-store.ts';
import type { Job, JobHandler, JobQueue } from '../../lib/job-queue.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import * as repo from './repository.ts';

export const PURGE_JOB = 'account.purge';
export const EXPORT_JOB = 'account.export';
export const EXPORT_EXPIRE_JOB = 'account.export-expire';

/** docs/account.md, "Deleting the account": well inside the 45 days the Privacy page promises. */
export const DELETION_GRACE_DAYS = 7;
/** docs/account.md, "Download my data". */
export const EXPORT_LIFETIME_HOURS = 48;
export const EXPORT_PAGE_SIZE = 500;
export const EXPORT_FORMAT = 'stamina-export';
export const EXPORT_VERSION = 1;
/** docs/account.md, "Importing an export": limits set before the zip is read. */
export const IMPORT_LIMITS = {
  zipBytes: 100 * 1024 * 1024,
  zipLabel: '100 MB',
  entries: 100_000,
  uncompressedBytes: 2 * 1024 * 1024 * 1024,
  lineBytes: 16 * 1024 * 1024,
  fileBytes: 64 * 1024 * 1024,
};

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Never exported: bookkeeping rather than records, and the device connections, whose rows hold provider tokens
 * that never leave the server, even sealed (docs/devices.md, "Secrets"); after an import the athlete connects
 * again.
 */
const NOT_EXPORTED = new Set([
  'account_exports',
  'idempotency_keys',
  'device_connections',
  'device_authorizations',
  'device_sync_runs',
]);
/** Exported for the athlete to read, but an import does not recreate upload batches. */
const NOT_IMPORTED = new Set([...NOT_EXPORTED, 'import_batches', 'import_files']);
/** Training data: an account that holds any is not fresh, and an import into it is refused. */
const TRAINING_TABLES = ['activities', 'activity_files', 'workouts', 'wellness_daily', 'training_plans'];
const CSV_FILES: Record<string, string> = {
  workouts: 'workouts',
  wellness_daily: 'wellness',
  activities: 'activities',
};
/** The file store's folders that hold an athlete's files, each as `<folder>/<athlete id>/…`. */
const FILE_FOLDERS = ['originals', 'avatars', 'staging', 'exports'];

/** What the account module needs of the auth service (the owner of users and sessions). */
export interface AccountAuth {
  checkPassword(
    userId: string,
    password: string,
  ): Promise<{ user: { id: string; email: string; name: string } }>;
  markForDeletion(tx: Tx, userId: string, requestedAt: Date, purgeAfter: Date): Promise<void>;
  deletionCommitted(
    found: { user: { id: string; email: string; name: string } },
    purgeAfter: Date,
  ): Promise<void>;
  purgeIfDue(tx: Tx, userId: string, now: Date): Promise<boolean>;
}

export interface AccountDeps {
  db: Db;
  auth: AccountAuth;
  jobs: JobQueue;
  fileStore: FileStore;
  /** The server secret; the download links' signing key is derived from it. */
  secret: string;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Rows per page when an export reads a table (tests make it small), and a probe told of each page read. */
  pageSize?: number;
  onPage?: (table: string, rows: number) => void;
  /** After an import wrote the athlete's data (cached reads are dropped). */
  onChange?: (athleteId: string) => void;
  /**
   * The device connections (docs/devices.md, "Disconnect"): read inside the purge's transaction, their access is
   * withdrawn at the providers once the purge committed.
   */
  devices?: { revocationsOf(tx: Tx, athleteId: string): Promise<() => Promise<void>> };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    );
  });
}

function centralDirectory(zip: yauzl.ZipFile, maxEntries: number): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.size >= maxEntries) {
        reject(new AppError('PAYLOAD_TOO_LARGE', `The zip holds more than ${maxEntries} entries`));
        zip.close();
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(err ?? new Error('unreadable')) : resolve(stream),
    );
  });
}

async function entryBytes(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of await entryStream(zip, entry)) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `${entry.fileName} is too large`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export function createAccountService(deps: AccountDeps) {
  const { db, fileStore, jobs, clock } = deps;
  const pageSize = deps.pageSize ?? EXPORT_PAGE_SIZE;
  const linkKey = createHmac('sha256', deps.secret).update('stamina account export links').digest();

  const signLink = (exportId: string, expSeconds: number) =>
    createHmac('sha256', linkKey).update(`${exportId}.${expSeconds}`).digest('base64url');

  function downloadUrl(row: repo.ExportRow): string | null {
    if (row.status !== 'ready' || !row.expiresAt) return null;
    const exp = Math.floor(row.expiresAt.getTime() / 1000);
    const token = `${exp}.${signLink(row.id, exp)}`;
    return `/api/athletes/me/exports/${row.id}/download?token=${encodeURIComponent(token)}`;
  }

  function toExport(row: repo.ExportRow): AccountExport {
    return {
      id: row.id,
      status: row.status,
      percent: row.percent,
      size_bytes: row.sizeBytes ?? null,
      message: row.message ?? null,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt?.toISOString() ?? null,
      download_url: downloadUrl(row),
    };
  }

  /** docs/account.md, "Deleting the account". */
  async function deleteAccount(auth: AuthContext, password: string): Promise<AccountDeletion> {
    const found = await deps.auth.checkPassword(auth.userId, password);
    const requestedAt = clock();
    const purgeAfter = new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * DAY_MS);
    await db.transaction(async (tx) => {
      await deps.auth.markForDeletion(tx, auth.userId, requestedAt, purgeAfter);
      await jobs.enqueue(
        tx,
        PURGE_JOB,
        { userId: auth.userId, athleteId: auth.athleteId },
        { runAt: purgeAfter, maxAttempts: 10 },
      );
    });
    await deps.auth.deletionCommitted(found, purgeAfter);
    return {
      deletion_requested_at: requestedAt.toISOString(),
      purge_after: purgeAfter.toISOString(),
      message: `Your account and all your data will be deleted on ${isoDate(purgeAfter)}. You have been signed out. Log in before then to cancel the deletion.`,
    };
  }

  /** The purge (docs/account.md, "The purge"): rows first, in one transaction; files after it committed. */
  const purgeJob: JobHandler = {
    async run(job: Job) {
      const { userId, athleteId } = job.payload as { userId: string; athleteId: string };
      let revoke: (() => Promise<void>) | undefined;
      const purged = await db.transaction(async (tx) => {
        const revocations = await deps.devices?.revocationsOf(tx, athleteId);
        const due = await deps.auth.purgeIfDue(tx, userId, clock());
        if (due) {
          await repo.deleteJobsNaming(tx, athleteId, [userId, athleteId]);
          revoke = revocations;
        }
        return due;
      });
      // After the commit, never inside the transaction: the providers are outside services.
      await revoke?.();
      if (!purged) {
        // Cancelled (or asked again with a later date): nothing to do, unless an earlier attempt removed the
        // rows and failed on the files.
        const still = await repo.athleteRowJson(db, athleteId);
        if (still) return;
      }
      for (const folder of FILE_FOLDERS) await fileStore.deleteUnder(`${folder}/${athleteId}`);
      deps.log.info({ athleteId }, 'account purged');
    },
  };

  async function startExport(auth: AuthContext): Promise<AccountExport> {
    const latest = await repo.latestExport(db, auth.athleteId);
    if (latest && (latest.status === 'queued' || latest.status === 'running')) return toExport(latest);
    const row = await db.transaction(async (tx) => {
      const row = await repo.insertExport(tx, auth.athleteId);
      await jobs.enqueue(tx, EXPORT_JOB, { exportId: row.id, athleteId: auth.athleteId }, { maxAttempts: 3 });
      return row;
    });
    jobs.wake();
    return toExport(row);
  }

  async function exportStatus(auth: AuthContext, exportId: string): Promise<AccountExport> {
    const row = await repo.findExport(db, auth.athleteId, exportId);
    if (!row) throw new AppError('NOT_FOUND', 'Export not found');
    return toExport(row);
  }

  /** The zip behind a download link: the link's signature and expiry are all that is checked. */
  async function download(exportId: string, token: string) {
    const [expText, signature] = token.split('.');
    const exp = Number(expText);
    const expected = Number.isInteger(exp) ? Buffer.from(signLink(exportId, exp)) : null;
    const given = Buffer.from(signature ?? '');
    if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('TOKEN_INVALID', 'This download link is not valid. Start a new export to get one.');
    }
    const expired = new AppError(
      'GONE',
      'This download link has expired. Start a new export in Settings → Preferences & Account.',
    );
    if (exp * 1000 <= clock().getTime()) throw expired;
    const row = await repo.findExportById(db, exportId);
    if (!row) throw new AppError('NOT_FOUND', 'Export not found');
    if (row.status !== 'ready' || !row.storageKey) throw expired;
    const stream = await fileStore.getStream(row.storageKey).catch((err: unknown) => {
      if (err instanceof FileNotFoundError) throw expired;
      throw err;
    });
    return {
      stream,
      sizeBytes: row.sizeBytes,
      fileName: `stamina-export-${isoDate(row.createdAt)}.zip`,
    };
  }

  /** docs/account.md, "Download my data": what the zip holds and how it is built. */
  const exportJob: JobHandler = {
    async run(job: Job) {
      const { exportId, athleteId } = job.payload as { exportId: string; athleteId: string };
      const row = await repo.findExportById(db, exportId);
      if (!row || row.status === 'ready' || row.status === 'expired') return;
      await repo.updateExport(db, exportId, { status: 'running', percent: 0 });

      const tables = (await repo.ownedTables(db)).filter((t) => !NOT_EXPORTED.has(t.name));
      const counts: Record<string, number> = {};
      for (const t of tables) counts[t.name] = await repo.countOwned(db, t.name, athleteId);
      const files = await originalKeys(athleteId);
      const athlete = await repo.athleteRowJson(db, athleteId);
      const account = await repo.accountRow(db, athleteId);
      if (!athlete || !account) {
        await repo.updateExport(db, exportId, { status: 'failed', message: 'The account is gone.' });
        return;
      }
      if (typeof athlete.avatar_key === 'string') files.push(athlete.avatar_key);

      const total =
        Object.values(counts).reduce((a, b) => a + b, 0) +
        tables.filter((t) => CSV_FILES[t.name]).reduce((a, t) => a + (counts[t.name] ?? 0), 0) +
        files.length;
      let done = 0;
      let shown = 0;
      async function advance(n: number) {
        done += n;
        const percent = Math.min(99, Math.floor((done * 100) / Math.max(1, total)));
        if (percent > shown) {
          shown = percent;
          await repo.updateExport(db, exportId, { percent });
        }
      }

      async function* pages(table: string) {
        let after = '(0,0)';
        for (;;) {
          const page = await repo.ownedPage(db, table, athleteId, after, pageSize);
          deps.onPage?.(table, page.rows.length);
          if (page.rows.length > 0) yield page.rows;
          if (!page.last || page.rows.length < pageSize) return;
          after = page.last;
        }
      }
      async function* jsonLines(table: string) {
        for await (const rows of pages(table)) {
          yield Buffer.from(`${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
          await advance(rows.length);
        }
      }
      async function* csvLines(table: repo.OwnedTable) {
        const columns = table.columns.filter((c) => c.udt !== 'bytea').map((c) => c.name);
        yield Buffer.from(`${columns.join(',')}\n`);
        for await (const rows of pages(table.name)) {
          yield Buffer.from(rows.map((r) => `${columns.map((c) => csvCell(r[c])).join(',')}\n`).join(''));
          await advance(rows.length);
        }
      }
      async function* storedFile(key: string) {
        try {
          for await (const chunk of await fileStore.getStream(key)) yield chunk as Buffer;
        } catch (err) {
          if (!(err instanceof FileNotFoundError)) throw err;
          deps.log.warn({ key }, 'export: a stored file is missing; left out');
        }
        await advance(1);
      }

      const zip = new yazl.ZipFile();
      const manifest = {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exported_at: clock().toISOString(),
        athlete_id: athleteId,
        user_id: account.id,
        tables: counts,
        files: files.length,
      };
      zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
      zip.addBuffer(Buffer.from(JSON.stringify(account, null, 2)), 'account.json');
      zip.addBuffer(Buffer.from(JSON.stringify(athlete, null, 2)), 'data/athletes.json');
      for (const table of tables) {
        zip.addReadStream(
          Readable.from(jsonLines(table.name), { objectMode: false }),
          `data/${table.name}.jsonl`,
        );
        const csv = CSV_FILES[table.name];
        if (csv) zip.addReadStream(Readable.from(csvLines(table), { objectMode: false }), `csv/${csv}.csv`);
      }
      for (const key of files) {
        zip.addReadStream(Readable.from(storedFile(key), { objectMode: false }), `files/${key}`);
      }
      zip.end();
      const key = `exports/${athleteId}/${exportId}.zip`;
      const sizeBytes = await fileStore.putStream(key, zip.outputStream as unknown as Readable);
      const expiresAt = new Date(clock().getTime() + EXPORT_LIFETIME_HOURS * 60 * 60 * 1000);
      await db.transaction(async (tx) => {
        await repo.updateExport(tx, exportId, {
          status: 'ready',
          percent: 100,
          storageKey: key,
          sizeBytes,
          expiresAt,
          message: null,
        });
        await jobs.enqueue(tx, EXPORT_EXPIRE_JOB, { exportId, athleteId }, { runAt: expiresAt });
      });
    },
    async failed(job, reason) {
      const { exportId } = job.payload as { exportId: string };
      await repo.updateExport(db, exportId, {
        status: 'failed',
        message: `The export could not be built: ${reason}. Start it again.`,
      });
    },
  };

  const expireJob: JobHandler = {
    async run(job: Job) {
      const { exportId } = job.payload as { exportId: string };
      const row = await repo.findExportById(db, exportId);
      if (!row) return;
      if (row.storageKey) await fileStore.delete(row.storageKey);
      await repo.updateExport(db, exportId, { status: 'expired', storageKey: null });
    },
  };

  async function originalKeys(athleteId: string): Promise<string[]> {
    const keys: string[] = [];
    let after = '(0,0)';
    for (;;) {
      const page = await repo.ownedPage(db, 'activity_files', athleteId, after, pageSize);
      for (const r of page.rows) if (typeof r.storage_key === 'string') keys.push(r.storage_key);
      if (!page.last || page.rows.length < pageSize) return keys;
      after = page.last;
    }
  }

  /** docs/account.md, "Importing an export": all of it in one transaction, or nothing. */
  async function importExport(auth: AuthContext, bytes: Buffer): Promise<AccountImportReport> {
    const unreadable = (why: string) =>
      new AppError('VALIDATION_FAILED', `This file is not a Stamina export: ${why}`);
    let zip: yauzl.ZipFile;
    let entries: Map<string, yauzl.Entry>;
    try {
      zip = await openZip(bytes);
      entries = await centralDirectory(zip, IMPORT_LIMITS.entries);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unreadable('it is not a readable zip');
    }
    let uncompressed = 0;
    for (const entry of entries.values()) uncompressed += entry.uncompressedSize;
    if (uncompressed > IMPORT_LIMITS.uncompressedBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The export unpacks to more than 2 GB');
    }
    const readJson = async (name: string) => {
      const entry = entries.get(name);
      if (!entry) throw unreadable(`${name} is missing`);
      try {
        return JSON.parse((await entryBytes(zip, entry, IMPORT_LIMITS.lineBytes)).toString('utf8')) as Record<
          string,
          unknown
        >;
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw unreadable(`${name} is not valid JSON`);
      }
    };
    try {
      const manifest = await readJson('manifest.json');
      if (manifest.format !== EXPORT_FORMAT || manifest.version !== EXPORT_VERSION) {
        throw unreadable('its manifest is not that of a Stamina export (version 1)');
      }
      const oldAthleteId = String(manifest.athlete_id ?? '');
      const oldUserId = String(manifest.user_id ?? '');
      if (!UUID.test(oldAthleteId) || !UUID.test(oldUserId))
        throw unreadable('its manifest names no athlete');
      const athlete = await readJson('data/athletes.json');

      const tables = (await repo.ownedTables(db)).filter((t) => !NOT_IMPORTED.has(t.name));
      const ids = new Map<string, string>([
        [oldAthleteId, auth.athleteId],
        [oldUserId, auth.userId],
      ]);
      const newId = (old: string) => {
        let id = ids.get(old);
        if (!id) {
          id = randomUUID();
          ids.set(old, id);
        }
        return id;
      };
      /** A stored file's key of the exported athlete, moved to the caller's; anything else is refused. */
      const fileKey = (key: unknown): string | null => {
        if (key === null || key === undefined) return null;
        const match =
          typeof key === 'string' ? key.match(/^(originals|avatars)\/([^/]+)\/([a-z0-9._-]+)$/) : null;
        if (!match || match[2] !== oldAthleteId) throw unreadable(`it names a stored file it does not own`);
        return `${match[1]}/${auth.athleteId}/${match[3]}`;
      };
      const written: string[] = [];
      const copyFile = async (oldKey: string, key: string) => {
        const entry = entries.get(`files/${oldKey}`);
        if (!entry) throw unreadable(`the file ${oldKey} is missing`);
        await fileStore.put(key, await entryBytes(zip, entry, IMPORT_LIMITS.fileBytes));
        written.push(key);
      };

      const counts: Record<string, number> = {};
      try {
        await db.transaction(async (tx) => {
          for (const table of TRAINING_TABLES) {
            if ((await repo.countOwned(tx, table, auth.athleteId)) > 0) {
              throw new AppError(
                'CONFLICT',
                'Import into a fresh account: this one already holds training data (workouts, activities, plans or wellness).',
              );
            }
          }
          // A fresh account may hold defaults (zones, notifications): the export's rows replace them.
          for (const table of [...tables].reverse()) {
            await repo.deleteOwned(tx, table.name, auth.athleteId);
          }
          for (const table of tables) {
            const entry = entries.get(`data/${table.name}.jsonl`);
            if (!entry) continue;
            const uuidColumns = new Set(table.columns.filter((c) => c.udt === 'uuid').map((c) => c.name));
            const uuidArrays = new Set(table.columns.filter((c) => c.udt === '_uuid').map((c) => c.name));
            const known = new Set(table.columns.map((c) => c.name));
            const binary = new Set(table.columns.filter((c) => c.udt === 'bytea').map((c) => c.name));
            /** Ids written inside text or JSON (a notification's link): those of rows already mapped follow them. */
            const relink = (value: unknown): unknown => {
              if (typeof value === 'string')
                return value.replace(UUIDS, (id) => ids.get(id.toLowerCase()) ?? id);
              if (value && typeof value === 'object')
                return JSON.parse(relink(JSON.stringify(value)) as string);
              return value;
            };
            const lines = createInterface({ input: await entryStream(zip, entry), crlfDelay: Infinity });
            let n = 0;
            for await (const line of lines) {
              if (!line.trim()) continue;
              if (line.length > IMPORT_LIMITS.lineBytes)
                throw unreadable(`a row of ${table.name} is too large`);
              let parsed: unknown;
              try {
                parsed = JSON.parse(line);
              } catch {
                throw unreadable(`a row of ${table.name} is not valid JSON`);
              }
              if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
                throw unreadable(`a row of ${table.name} is not an object`);
              }
              const source = parsed as Record<string, unknown>;
              if (source.athlete_id !== oldAthleteId)
                throw unreadable(`a row of ${table.name} belongs to someone else`);
              const row: Record<string, unknown> = {};
              for (const [column, value] of Object.entries(source)) {
                if (!known.has(column)) continue;
                if (uuidColumns.has(column) && typeof value === 'string') row[column] = newId(value);
                else if (uuidArrays.has(column) && Array.isArray(value)) {
                  row[column] = value.map((v) => (typeof v === 'string' ? newId(v) : v));
                } else row[column] = binary.has(column) ? value : relink(value);
              }
              if (table.name === 'activity_files') {
                const key = fileKey(source.storage_key);
                if (!key) throw unreadable('an activity file has no stored original');
                await copyFile(String(source.storage_key), key);
                row.storage_key = key;
              }
              try {
                await repo.insertJsonRow(tx, table.name, row);
              } catch (err) {
                const cause =
                  (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
                throw unreadable(`a row of ${table.name} does not fit: ${cause}`);
              }
              n += 1;
            }
            counts[table.name] = n;
          }
          // The athlete's settings; the picture moves with its file.
          const skip = new Set(['id', 'auth_user_id', 'created_at', 'updated_at', 'avatar_key']);
          const columns = (await repo.athleteColumns(tx)).filter((c) => !skip.has(c) && c in athlete);
          const settings: Record<string, unknown> = { ...athlete };
          const avatar = fileKey(athlete.avatar_key);
          if (avatar) {
            await copyFile(String(athlete.avatar_key), avatar);
            settings.avatar_key = avatar;
            columns.push('avatar_key');
          }
          try {
            await repo.updateAthleteFromJson(tx, auth.athleteId, settings, columns);
          } catch (err) {
            const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
            throw unreadable(`its profile does not fit: ${cause}`);
          }
        });
      } catch (err) {
        await Promise.all(written.map((key) => fileStore.delete(key).catch(() => {})));
        throw err;
      }
      deps.onChange?.(auth.athleteId);
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      return {
        counts,
        files: written.length,
        message: `Imported ${rows} records and ${written.length} files.`,
      };
    } finally {
      zip.close();
    }
  }

  return {
    deleteAccount,
    purgeJob,
    startExport,
    exportStatus,
    download,
    exportJob,
    expireJob,
    importExport,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
