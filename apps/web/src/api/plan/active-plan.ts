// GET /api/training/plans/active: the athlete's active plan, or null when there is none.
import type { TrainingPlan } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { PLANS_STALE_MS, planKeys } from './keys.ts';

async function fetchActivePlan(): Promise<TrainingPlan | null> {
  const { data } = await api.request('GET /training/plans/active');
  return data ?? null;
}

export function activePlanQuery() {
  return queryOptions({ queryKey: planKeys.active, queryFn: fetchActivePlan, staleTime: PLANS_STALE_MS });
}

export function useActivePlan() {
  return useQuery(activePlanQuery());
}
