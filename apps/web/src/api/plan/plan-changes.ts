// The plan's changes (docs/adaptation.md): GET /api/training/plans/{id}/changes (the Journey page's history and
// the calendar's "Adapted" badge), POST …/adapt (today's adaptation now) and POST …/changes/{changeId}/undo.
// Both writes change sessions and notifications: api/invalidation.ts, 'planChange'.
import type { PlanChangeList } from '@stamina/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';
import { PLAN_CHANGES_STALE_MS, planKeys } from './keys.ts';

export const PLAN_CHANGES_PAGE_SIZE = 10;

function planChangesQuery(planId: string | undefined, page = 1, workoutId?: string) {
  return queryOptions({
    queryKey: planKeys.changes(planId ?? '', page, workoutId),
    queryFn: async (): Promise<PlanChangeList> =>
      (
        await api.request('GET /training/plans/{id}/changes', {
          params: { id: planId ?? '' },
          query: {
            page,
            page_size: PLAN_CHANGES_PAGE_SIZE,
            ...(workoutId ? { workout_id: workoutId } : {}),
          },
        })
      ).data,
    staleTime: PLAN_CHANGES_STALE_MS,
    enabled: Boolean(planId),
  });
}

export function usePlanChanges(planId: string | undefined, page = 1) {
  return useQuery(planChangesQuery(planId, page));
}

/** The changes of one workout of a plan, newest first: the calendar's "Adapted" badge reads the latest. */
export function useWorkoutChanges(planId: string | null | undefined, workoutId: string | undefined) {
  return useQuery({
    ...planChangesQuery(planId ?? undefined, 1, workoutId),
    enabled: Boolean(planId && workoutId),
  });
}

export function useAdaptPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (planId: string) =>
      (await api.request('POST /training/plans/{id}/adapt', { params: { id: planId } })).data,
    onSuccess: () => invalidateAfter(client, 'planChange'),
  });
}

export function useUndoPlanChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ planId, changeId }: { planId: string; changeId: string }) =>
      (
        await api.request('POST /training/plans/{id}/changes/{changeId}/undo', {
          params: { id: planId, changeId },
        })
      ).data,
    onSettled: () => invalidateAfter(client, 'planChange'),
  });
}
