// POST /api/activities/import/archive (docs/activities.md, "Platform archives"): a Strava "Download your data"
// zip or a Garmin Connect export in one multipart request, with byte progress; answers the import batch, whose
// rows (one per recording, after the archive's own) are polled like an upload's.
import type { ImportBatch } from '@stamina/contract';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';

/** A decade of history runs to gigabytes: a few hours before the upload is given up. */
const ARCHIVE_UPLOAD_TIMEOUT_MS = 4 * 60 * 60 * 1000;
/** Above this, a zip is not a plain upload (its limit is 50 MB a file): it goes as an archive. */
const PLAIN_UPLOAD_BYTES = 50 * 1024 * 1024;

/**
 * Whether a chosen file is a platform archive: Strava names its export export_<number>.zip, Garmin Connect
 * <uuid>_<n>.zip; any zip larger than an upload takes is read the same way.
 */
export function isPlatformArchive(file: { name: string; size: number }): boolean {
  if (!/\.zip$/i.test(file.name)) return false;
  return (
    file.size > PLAIN_UPLOAD_BYTES ||
    /^export_\d+\.zip$/i.test(file.name) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_\d+\.zip$/i.test(file.name)
  );
}

export function uploadArchive(file: File, onProgress: (fraction: number) => void): Promise<ImportBatch> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api
    .request('POST /activities/import/archive', {
      body: form,
      // One key per chosen file, the same on the client's retries.
      idempotencyKey: newIdempotencyKey(),
      timeoutMs: ARCHIVE_UPLOAD_TIMEOUT_MS,
      onUploadProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
    })
    .then((body) => body.data);
}
