// POST /api/training/plans/{id}/rebuild: a generated plan drafted again from today with a new race date or
// weekly hours; its sessions change, so the plan, calendar, dashboard and everything computed from sessions
// are refreshed (api/invalidation.ts, 'planSessions').
import type { EndpointInput } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';

export type PlanRebuildBody = NonNullable<EndpointInput<'POST /training/plans/{id}/rebuild'>['body']>;

async function rebuildPlan(id: string, body: PlanRebuildBody) {
  return (await api.request('POST /training/plans/{id}/rebuild', { params: { id }, body })).data;
}

export function useRebuildPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PlanRebuildBody }) => rebuildPlan(id, body),
    onSuccess: () => invalidateAfter(client, 'planSessions'),
  });
}
