// GET /api/training/plans: every plan of the athlete, active, completed and archived (the history).
import type { TrainingPlan } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { PLANS_STALE_MS, planKeys } from './keys.ts';

async function fetchPlans(): Promise<TrainingPlan[]> {
  const { data } = await api.request('GET /training/plans');
  return data;
}

export function plansQuery() {
  return queryOptions({ queryKey: planKeys.list, queryFn: fetchPlans, staleTime: PLANS_STALE_MS });
}

export function usePlans() {
  return useQuery(plansQuery());
}
