// GET /api/training/plans/{id}/outline: a generated plan's goal, profile, weeks and explainability; null for a
// plan made by hand (docs/onboarding.md, "The plan's outline and rebuild").
import type { PlanOutline } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { PLANS_STALE_MS, planKeys } from './keys.ts';

async function fetchPlanOutline(id: string): Promise<PlanOutline | null> {
  const { data } = await api.request('GET /training/plans/{id}/outline', { params: { id } });
  return data ?? null;
}

/** The outline changes only with a rebuild or an adoption, which invalidate the plan family. */
export function planOutlineQuery(id: string | undefined) {
  return queryOptions({
    queryKey: planKeys.outline(id ?? ''),
    queryFn: () => fetchPlanOutline(id ?? ''),
    staleTime: PLANS_STALE_MS,
    enabled: Boolean(id),
  });
}

export function usePlanOutline(id: string | undefined) {
  return useQuery(planOutlineQuery(id));
}
