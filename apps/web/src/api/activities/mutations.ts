// Every write of an activity (docs/activities.md, "Web"): upload, rename or sport change, match or unmatch,
// delete. Each one invalidates the activities and everything computed from sessions (api/invalidation.ts,
// 'activity').
import type { ActivityDetail, ActivityUpdateRequest, ImportBatch } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';
import { activityKeys } from './keys.ts';

/** Files the upload takes, by the end of their name. */
export const ACTIVITY_FILE_EXTENSIONS = ['.fit', '.gpx', '.tcx', '.gz', '.zip'] as const;
/** An upload may take long on a slow line: the client's usual 15 s would cut a large file short. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

export function isActivityFile(name: string): boolean {
  const lower = name.toLowerCase();
  return ACTIVITY_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * Byte progress of each file of one multipart upload: the parts go in order, so the bytes sent so far cover
 * the files in order (part headers are spread over the files in proportion to their size).
 */
function perFileProgress(sizes: readonly number[], sentBytes: number, totalBytes: number): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (sum === 0 || totalBytes === 0) return sizes.map(() => (sentBytes >= totalBytes ? 1 : 0));
  let covered = (Math.min(sentBytes, totalBytes) / totalBytes) * sum;
  return sizes.map((size) => {
    const part = size === 0 ? (covered >= 0 ? 1 : 0) : Math.max(0, Math.min(1, covered / size));
    covered -= size;
    return part;
  });
}

/** POST /api/activities/import: every file in one multipart request; answers the batch to poll. */
export function uploadActivities(
  files: readonly File[],
  onProgress: (fractions: number[]) => void,
): Promise<ImportBatch> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const sizes = files.map((f) => f.size);
  return api
    .request('POST /activities/import', {
      body: form,
      // One key per drop, the same on the client's retries: a retried upload never imports twice.
      idempotencyKey: newIdempotencyKey(),
      timeoutMs: UPLOAD_TIMEOUT_MS,
      onUploadProgress: (sent, total) => onProgress(perFileProgress(sizes, sent, total)),
    })
    .then((body) => body.data);
}

function useActivityWrite<T>(write: (input: T) => Promise<ActivityDetail | { id: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => {
      if ('sport' in result) client.setQueryData(activityKeys.detail(result.id), result);
      return invalidateAfter(client, 'activity');
    },
  });
}

/**
 * Rename, change the sport, or both (PUT /activities/{id}). A new sport makes the server score the recording
 * again: the answer is the whole new detail, and the 'activity' event refreshes the load, the calendar and the
 * workouts whose match moved.
 */
export function useUpdateActivity(id: string) {
  return useActivityWrite(
    async (body: ActivityUpdateRequest) =>
      (await api.request('PUT /activities/{id}', { params: { id }, body })).data,
  );
}

/** Match to another planned workout, or unmatch with null. */
export function useMatchActivity(id: string) {
  return useActivityWrite(
    async (workoutId: string | null) =>
      (await api.request('PUT /activities/{id}/match', { params: { id }, body: { workout_id: workoutId } }))
        .data,
  );
}

export function useDeleteActivity(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.request('DELETE /activities/{id}', { params: { id } })).data,
    onSuccess: () => {
      client.removeQueries({ queryKey: activityKeys.detail(id) });
      client.removeQueries({ queryKey: activityKeys.streams(id) });
      return invalidateAfter(client, 'activity');
    },
  });
}
