// GET /api/analytics/consistency?days=N: each day's status (rest, complete, partial, missed) and a summary.
import type { ZConsistency } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { analyticsKeys, CONSISTENCY_STALE_MS } from './keys.ts';

/** The contract names the schema but exports no type for it. */
export type Consistency = z.infer<typeof ZConsistency>;
export type ConsistencyDay = Consistency['daily_data'][number];

export function consistencyQuery(days: number, enabled = true) {
  return queryOptions({
    queryKey: analyticsKeys.consistency(days),
    queryFn: async () =>
      (await api.get<{ data: Consistency }>('/analytics/consistency', { query: { days } })).data,
    staleTime: CONSISTENCY_STALE_MS,
    enabled,
  });
}

/** `enabled` lets a page wait until it knows how many days to ask for. */
export function useConsistency(days: number, enabled = true) {
  return useQuery(consistencyQuery(days, enabled));
}
