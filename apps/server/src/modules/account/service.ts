// Data ownership (docs/account.md): deleting the account (a grace period, then a purge job that removes every
// row and file), "Download my data" (a zip built by a job, page by page, streamed to the file store, behind a
// signed link that expires), and the import of such a zip into a fresh account.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AccountDeletion, AccountExport } from '@stamina/contract';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { FileNotFoundError, type FileStore } from '../../lib/file-store.ts';
import type { Job, JobHandler, JobQueue } from '../../lib/job-queue.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { athleteRowJson } from '../athletes/index.ts';
import { accountRowJson } from '../auth/index.ts';
import { createAccountImport, EXPORT_FORMAT, EXPORT_VERSION, NOT_EXPORTED } from './import.ts';
import * as repo from './repository.ts';

export const PURGE_JOB = 'account.purge';
export const EXPORT_JOB = 'account.export';
export const EXPORT_EXPIRE_JOB = 'account.export-expire';

/** What this module's jobs carry (lib/job-queue.ts, JobPayloads). */
declare module '../../lib/job-queue.ts' {
  interface JobPayloads {
    [PURGE_JOB]: { userId: string; athleteId: string };
    [EXPORT_JOB]: { exportId: string; athleteId: string };
    [EXPORT_EXPIRE_JOB]: { exportId: string; athleteId: string };
  }
}

/** docs/account.md, "Deleting the account": well inside the 45 days the Privacy page promises. */
const DELETION_GRACE_DAYS = 7;
/** docs/account.md, "Download my data". */
const EXPORT_LIFETIME_HOURS = 48;
export const EXPORT_PAGE_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
const CSV_FILES: Record<string, string> = {
  workouts: 'workouts',
  wellness_daily: 'wellness',
  activities: 'activities',
};
/** The file store's folders that hold an athlete's files, each as `<folder>/<athlete id>/…`. */
const FILE_FOLDERS = ['originals', 'avatars', 'staging', 'exports'];

/** What the account module needs of the auth service (the owner of users and sessions). */
interface AccountAuth {
  checkPassword(
    userId: string,
    password: string,
  ): Promise<{ user: { id: string; email: string; name: string } }>;
  /**
   * Marks the account for deletion and signs it out everywhere; when it was marked already, changes nothing and
   * answers that deletion's dates.
   */
  markForDeletion(
    tx: Tx,
    userId: string,
    requestedAt: Date,
    purgeAfter: Date,
  ): Promise<{ requestedAt: Date; purgeAfter: Date } | null>;
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
  /** Rows per transaction when an import writes (tests make it small). */
  importBatchRows?: number;
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

export function createAccountService(deps: AccountDeps) {
  const { db, fileStore, jobs, clock } = deps;
  const pageSize = deps.pageSize ?? EXPORT_PAGE_SIZE;
  const imports = createAccountImport({
    db,
    fileStore,
    log: deps.log,
    onChange: deps.onChange,
    batchRows: deps.importBatchRows,
  });
  const linkKey = createHmac('sha256', deps.secret).update('stamina account export links').digest();

  // A link's token is `<expiry>.<athlete id>.<signature>`: the athlete id lets the download find the export by
  // its full key (athlete, id), one shard under Citus (docs/scale.md, "Router queries and fan-out"), and the
  // signature covers it with the export id and the expiry.
  const signLink = (athleteId: string, exportId: string, expSeconds: number) =>
    createHmac('sha256', linkKey).update(`${athleteId}.${exportId}.${expSeconds}`).digest('base64url');

  function downloadUrl(row: repo.ExportRow): string | null {
    if (row.status !== 'ready' || !row.expiresAt) return null;
    const exp = Math.floor(row.expiresAt.getTime() / 1000);
    const token = `${exp}.${row.athleteId}.${signLink(row.athleteId, row.id, exp)}`;
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
    // Single-flight: only the request that marks the account queues the purge; one that finds it marked
    // already (the same deletion sent twice at once) answers that deletion's dates.
    const marked = await db.transaction(async (tx) => {
      const pending = await deps.auth.markForDeletion(tx, auth.userId, requestedAt, purgeAfter);
      if (pending) return pending;
      await jobs.enqueue(
        tx,
        PURGE_JOB,
        { userId: auth.userId, athleteId: auth.athleteId },
        { runAt: purgeAfter, maxAttempts: 10 },
      );
      return null;
    });
    if (marked) {
      return {
        deletion_requested_at: marked.requestedAt.toISOString(),
        purge_after: marked.purgeAfter.toISOString(),
        message: `Your account and all your data will be deleted on ${isoDate(marked.purgeAfter)}. You have been signed out. Log in before then to cancel the deletion.`,
      };
    }
    await deps.auth.deletionCommitted(found, purgeAfter);
    return {
      deletion_requested_at: requestedAt.toISOString(),
      purge_after: purgeAfter.toISOString(),
      message: `Your account and all your data will be deleted on ${isoDate(purgeAfter)}. You have been signed out. Log in before then to cancel the deletion.`,
    };
  }

  /** The purge (docs/account.md, "The purge"): rows first, in one transaction; files after it committed. */
  const purgeJob: JobHandler<typeof PURGE_JOB> = {
    async run(job: Job<typeof PURGE_JOB>) {
      const { userId, athleteId } = job.payload;
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
        const still = await athleteRowJson(db, athleteId);
        if (still) return;
      }
      for (const folder of FILE_FOLDERS) await fileStore.deleteUnder(`${folder}/${athleteId}`);
      deps.log.info({ athleteId }, 'account purged');
    },
  };

  async function startExport(auth: AuthContext): Promise<AccountExport> {
    const latest = await repo.latestExport(db, auth.athleteId);
    if (latest && (latest.status === 'queued' || latest.status === 'running')) return toExport(latest);
    // Single-flight in the database: the partial unique index lets one queued or running export exist; a request
    // that loses the race answers the winner's.
    const row = await db.transaction(async (tx) => {
      const row = await repo.insertExport(tx, auth.athleteId);
      if (row)
        await jobs.enqueue(
          tx,
          EXPORT_JOB,
          { exportId: row.id, athleteId: auth.athleteId },
          { maxAttempts: 3 },
        );
      return row;
    });
    if (!row) {
      const active = await repo.latestExport(db, auth.athleteId);
      if (!active) throw new AppError('CONFLICT', 'An export was just started: ask again in a moment');
      return toExport(active);
    }
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
    const [expText, athleteId, signature, ...rest] = token.split('.');
    const exp = Number(expText);
    const expected =
      Number.isInteger(exp) && athleteId && rest.length === 0
        ? Buffer.from(signLink(athleteId, exportId, exp))
        : null;
    const given = Buffer.from(signature ?? '');
    if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('TOKEN_INVALID', 'This download link is not valid. Start a new export to get one.');
    }
    const expired = new AppError(
      'GONE',
      'This download link has expired. Start a new export in Settings → Preferences & Account.',
    );
    if (exp * 1000 <= clock().getTime()) throw expired;
    const row = await repo.findExport(db, athleteId!, exportId);
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
  const exportJob: JobHandler<typeof EXPORT_JOB> = {
    async run(job: Job<typeof EXPORT_JOB>) {
      const { exportId, athleteId } = job.payload;
      const row = await repo.findExport(db, athleteId, exportId);
      if (!row || row.status === 'ready' || row.status === 'expired') return;
      await repo.updateExport(db, athleteId, exportId, { status: 'running', percent: 0 });

      const tables = (await repo.ownedTables(db)).filter((t) => !NOT_EXPORTED.has(t.name));
      const counts: Record<string, number> = {};
      for (const t of tables) counts[t.name] = await repo.countOwned(db, t, athleteId);
      const files = await originalKeys(athleteId);
      const athlete = await athleteRowJson(db, athleteId);
      const account = await accountRowJson(db, athleteId);
      if (!athlete || !account) {
        await repo.updateExport(db, athleteId, exportId, {
          status: 'failed',
          message: 'The account is gone.',
        });
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
          await repo.updateExport(db, athleteId, exportId, { percent });
        }
      }

      async function* pages(table: repo.OwnedTable) {
        let after = '(0,0)';
        for (;;) {
          const page = await repo.ownedPage(db, table, athleteId, after, pageSize);
          deps.onPage?.(table.name, page.rows.length);
          if (page.rows.length > 0) yield page.rows;
          if (!page.last || page.rows.length < pageSize) return;
          after = page.last;
        }
      }
      async function* jsonLines(table: repo.OwnedTable) {
        for await (const rows of pages(table)) {
          yield Buffer.from(`${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
          await advance(rows.length);
        }
      }
      async function* csvLines(table: repo.OwnedTable) {
        const columns = table.columns.filter((c) => c.udt !== 'bytea').map((c) => c.name);
        yield Buffer.from(`${columns.join(',')}\n`);
        for await (const rows of pages(table)) {
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
        zip.addReadStream(Readable.from(jsonLines(table), { objectMode: false }), `data/${table.name}.jsonl`);
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
        await repo.updateExport(tx, athleteId, exportId, {
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
      const { exportId, athleteId } = job.payload;
      await repo.updateExport(db, athleteId, exportId, {
        status: 'failed',
        message: `The export could not be built: ${reason}. Start it again.`,
      });
    },
  };

  const expireJob: JobHandler<typeof EXPORT_EXPIRE_JOB> = {
    async run(job: Job<typeof EXPORT_EXPIRE_JOB>) {
      const { exportId, athleteId } = job.payload;
      const row = await repo.findExport(db, athleteId, exportId);
      if (!row) return;
      if (row.storageKey) await fileStore.delete(row.storageKey);
      await repo.updateExport(db, athleteId, exportId, { status: 'expired', storageKey: null });
    },
  };

  async function originalKeys(athleteId: string): Promise<string[]> {
    const keys: string[] = [];
    let after = '(0,0)';
    for (;;) {
      const page = await repo.ownedPage(db, { name: 'activity_files' }, athleteId, after, pageSize);
      for (const r of page.rows) if (typeof r.storage_key === 'string') keys.push(r.storage_key);
      if (!page.last || page.rows.length < pageSize) return keys;
      after = page.last;
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
    ...imports,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
