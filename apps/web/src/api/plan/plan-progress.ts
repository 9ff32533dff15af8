// GET /api/training/plans/{id}/progress: week X of Y, phases, milestones and this week's goals.
import type { PlanProgress } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { PLAN_PROGRESS_STALE_MS, planKeys } from './keys.ts';

async function fetchPlanProgress(id: string): Promise<PlanProgress> {
  const { data } = await api.request('GET /training/plans/{id}/progress', { params: { id } });
  return data;
}

export function planProgressQuery(id: string | undefined) {
  return queryOptions({
    queryKey: planKeys.progress(id ?? ''),
    queryFn: () => fetchPlanProgress(id ?? ''),
    staleTime: PLAN_PROGRESS_STALE_MS,
    enabled: Boolean(id),
  });
}

/** Waits for a plan id: no request while the active plan is still loading or absent. */
export function usePlanProgress(id: string | undefined) {
  return useQuery(planProgressQuery(id));
}
