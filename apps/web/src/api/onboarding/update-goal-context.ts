// PUT /api/onboarding/sessions/{id}/goal-context: the review's edits; the answer carries the plan drafted again
// from the edited goal (its first week and explainability).
import type { GoalContextUpdateRequest, OnboardingSession } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

async function updateOnboardingGoalContext(
  id: string,
  changes: GoalContextUpdateRequest,
): Promise<OnboardingSession> {
  return (await api.request('PUT /onboarding/sessions/{id}/goal-context', { params: { id }, body: changes }))
    .data;
}

export function useUpdateOnboardingGoalContext() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: GoalContextUpdateRequest }) =>
      updateOnboardingGoalContext(id, changes),
    onSuccess: (session) =>
      client.setQueryData(onboardingKeys.session(session.onboarding_session_id), session),
  });
}
