// GET /api/analytics/consistency?days=N: each day's status (rest, complete, partial, missed) and a summary.
import type { Consistency } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { analyticsKeys, CONSISTENCY_STALE_MS } from './keys.ts';

export type { Consistency };

function consistencyQuery(days: number, enabled = true) {
  return queryOptions({
    queryKey: analyticsKeys.consistency(days),
    queryFn: async () => (await api.request('GET /analytics/consistency', { query: { days } })).data,
    staleTime: CONSISTENCY_STALE_MS,
    enabled,
  });
}

/** `enabled` lets a page wait until it knows how many days to ask for. */
export function useConsistency(days: number, enabled = true) {
  return useQuery(consistencyQuery(days, enabled));
}
