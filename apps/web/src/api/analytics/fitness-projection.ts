// GET /api/analytics/fitness-projection: CTL, ATL and TSB from today to race day (or the last planned session)
// with the planned sessions' TSS (docs/training-load.md, "Projection"). Workout writes invalidate it with the
// other analytics reads.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { analyticsKeys, FITNESS_TRENDS_STALE_MS } from './keys.ts';

function fitnessProjectionQuery(enabled: boolean) {
  return queryOptions({
    queryKey: analyticsKeys.fitnessProjection,
    queryFn: async () => (await api.request('GET /analytics/fitness-projection')).data,
    staleTime: FITNESS_TRENDS_STALE_MS,
    enabled,
  });
}

export function useFitnessProjection(enabled = true) {
  return useQuery(fitnessProjectionQuery(enabled));
}
