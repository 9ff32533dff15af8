// POST /api/metrics: one day's wellness (a date that already has an entry is updated with the fields sent).
import type { WellnessUpsertRequest } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';

export function useLogWellness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: WellnessUpsertRequest) =>
      (await api.request('POST /metrics', { body, idempotencyKey: newIdempotencyKey() })).data,
    onSuccess: () => invalidateAfter(client, 'wellness'),
  });
}
