// GET /api/activities/{id}/analysis: curves beside the athlete's bests, kJ, W/kg, VI, EF, decoupling and
// intervals (docs/activities.md, "Analysis"). Made stale by activity writes (the family) and wellness writes
// (the body weight: api/invalidation.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { ACTIVITIES_STALE_MS, activityKeys } from './keys.ts';

function activityAnalysisQuery(id: string) {
  return queryOptions({
    queryKey: activityKeys.analysis(id),
    queryFn: async () => (await api.request('GET /activities/{id}/analysis', { params: { id } })).data,
    staleTime: ACTIVITIES_STALE_MS,
  });
}

export function useActivityAnalysis(id: string, enabled = true) {
  return useQuery({ ...activityAnalysisQuery(id), enabled });
}
