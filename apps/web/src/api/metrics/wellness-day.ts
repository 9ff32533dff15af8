// One day's wellness entry (GET /api/metrics for that day), and its deletion (DELETE /api/metrics/{id}). The
// wellness form reads the day it shows, so a day already logged opens with its values; saving goes through
// POST /api/metrics, whose offline write keeps its conflict check (docs/wellness.md).
import type { WellnessDay } from '@stamina/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';
import { metricsKeys } from './keys.ts';

function wellnessDayQuery(date: string) {
  return queryOptions({
    queryKey: [...metricsKeys.all, 'day', date] as const,
    queryFn: async (): Promise<WellnessDay | null> =>
      (await api.request('GET /metrics', { query: { start_date: date, end_date: date } })).data[0] ?? null,
  });
}

export function useWellnessDay(date: string, enabled = true) {
  return useQuery({ ...wellnessDayQuery(date), enabled });
}

export function useDeleteWellness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request('DELETE /metrics/{id}', { params: { id } }),
    onSuccess: () => invalidateAfter(client, 'wellness'),
  });
}
