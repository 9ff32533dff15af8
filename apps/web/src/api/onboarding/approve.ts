// POST /api/onboarding/sessions/{id}/approve: the drafted plan becomes the athlete's training plan, every session
// a planned workout. With an active plan already there the server answers 409 CONFLICT (detail.active_plan)
// until the athlete agrees to replace it (replace_active_plan). A new plan and its workouts change the plan,
// the calendar and everything computed from sessions (api/invalidation.ts, 'onboarding').
import type { EndpointResponse } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';

export type OnboardingApproval = EndpointResponse<'POST /onboarding/sessions/{id}/approve'>['data'];

async function approveOnboardingSession(id: string, replaceActivePlan: boolean): Promise<OnboardingApproval> {
  return (
    await api.request('POST /onboarding/sessions/{id}/approve', {
      params: { id },
      body: { replace_active_plan: replaceActivePlan },
    })
  ).data;
}

export function useApproveOnboardingSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, replaceActivePlan = false }: { id: string; replaceActivePlan?: boolean }) =>
      approveOnboardingSession(id, replaceActivePlan),
    onSuccess: () => invalidateAfter(client, 'onboarding'),
  });
}
