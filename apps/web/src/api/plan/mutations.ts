// POST /api/training/plans, PUT and DELETE /api/training/plans/{id}; every write invalidates the plan family.
import type { TrainingPlanCreateRequest, TrainingPlanUpdateRequest } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';
import { planKeys } from './keys.ts';

function useInvalidatePlans() {
  const client = useQueryClient();
  return () => invalidateAfter(client, 'plan');
}

export function useCreatePlan() {
  const client = useQueryClient();
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: async (body: TrainingPlanCreateRequest) =>
      (await api.request('POST /training/plans', { body, idempotencyKey: newIdempotencyKey() })).data,
    onSuccess: async (plan) => {
      // A new plan is active by default: show it at once instead of the form until the refetch lands.
      if (plan.status === 'active') client.setQueryData(planKeys.active, plan);
      await invalidate();
    },
  });
}

export function useUpdatePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: TrainingPlanUpdateRequest }) =>
      (await api.request('PUT /training/plans/{id}', { params: { id }, body: changes })).data,
    onSuccess: invalidate,
  });
}

export function useDeletePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.request('DELETE /training/plans/{id}', { params: { id } });
    },
    onSuccess: invalidate,
  });
}
