// POST /api/activities/import/apple-health (docs/devices.md, "Apple Health"): the athlete's export.zip (or
// export.xml) in one multipart request, with byte progress; answers the import batch, polled like an upload's.
import type { ImportBatch } from '@stamina/contract';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';

/** An export runs to hundreds of megabytes: an hour before the upload is given up. */
const APPLE_HEALTH_UPLOAD_TIMEOUT_MS = 60 * 60 * 1000;

export function isAppleHealthExport(name: string): boolean {
  return /\.(zip|xml)$/i.test(name);
}

export function uploadAppleHealthExport(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ImportBatch> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api
    .request('POST /activities/import/apple-health', {
      body: form,
      // One key per chosen file, the same on the client's retries.
      idempotencyKey: newIdempotencyKey(),
      timeoutMs: APPLE_HEALTH_UPLOAD_TIMEOUT_MS,
      onUploadProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
    })
    .then((body) => body.data);
}
