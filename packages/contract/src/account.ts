// Schemas of data ownership (docs/account.md): deleting the account, "Download my data", and importing it.
import { z } from 'zod';
import { ZLoginRequest } from './auth.ts';

/** DELETE /api/athletes/me: the account's password confirms it. */
export const ZAccountDeleteRequest = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type AccountDeleteRequest = z.input<typeof ZAccountDeleteRequest>;

/** The answer to a deletion: when every row and file goes, and what the athlete is told. */
export const ZAccountDeletion = z
  .object({
    deletion_requested_at: z.string(),
    purge_after: z.string(),
    message: z.string(),
  })
  .meta({ id: 'AccountDeletion' });
export type AccountDeletion = z.infer<typeof ZAccountDeletion>;

/** POST /api/auth/deletion/cancel: the same credentials as a sign-in; answers a session. */
export const ZDeletionCancelRequest = ZLoginRequest;
export type DeletionCancelRequest = z.input<typeof ZDeletionCancelRequest>;

export const ZExportStatus = z.enum(['queued', 'running', 'ready', 'failed', 'expired']);
export type ExportStatus = z.infer<typeof ZExportStatus>;

export const ZAccountExport = z
  .object({
    id: z.string(),
    status: ZExportStatus,
    percent: z.number().int().min(0).max(100),
    size_bytes: z.number().int().nullable(),
    message: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    /** A link that works without a bearer token until `expires_at`; null until the zip is ready. */
    download_url: z.string().nullable(),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof ZAccountExport>;

export const ZExportIdParam = z.object({ exportId: z.uuid({ error: 'Use an export id' }) });
export const ZExportDownloadQuery = z.object({
  token: z.string({ error: 'The download link is missing its token' }).min(1).max(2000),
});

/** What an import of an export wrote into the caller's account. */
export const ZAccountImportReport = z
  .object({
    counts: z.record(z.string(), z.number().int()),
    files: z.number().int(),
    /** Favourites, ratings and views of shared Workout Bank templates this server does not have, left out. */
    skipped: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'AccountImportReport' });
export type AccountImportReport = z.infer<typeof ZAccountImportReport>;

/** The athlete's latest import: its progress while it runs, then how it ended. */
export const ZAccountImportProgress = z
  .object({
    id: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    percent: z.number().int().min(0).max(100),
    rows_done: z.number().int(),
    rows_total: z.number().int(),
    message: z.string().nullable(),
    started_at: z.string(),
  })
  .meta({ id: 'AccountImportProgress' });
export type AccountImportProgress = z.infer<typeof ZAccountImportProgress>;
