// GET /api/activities/imports/{batchId}: each uploaded file's status, asked again every second until no file
// is queued or processing; the batch's end invalidates everything an import changes.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';
import { activityKeys, IMPORT_POLL_MS } from './keys.ts';

export function useImportBatch(batchId: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: activityKeys.importBatch(batchId ?? ''),
    queryFn: async () =>
      (await api.request('GET /activities/imports/{batchId}', { params: { batchId: batchId ?? '' } })).data,
    enabled: batchId !== null,
    refetchInterval: (q) => (q.state.data?.done ? false : IMPORT_POLL_MS),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const done = query.data?.done ?? false;
  useEffect(() => {
    if (done) void invalidateAfter(client, 'activity');
  }, [done, client]);
  return query;
}
