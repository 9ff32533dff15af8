// POST /api/onboarding/sessions/{id}/prompt: the athlete's goal in their own words; the server then reads it,
// their last 12 weeks and drafts the plan, moving the session's status on as it goes.
import type { OnboardingSession } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

async function submitOnboardingPrompt(id: string, prompt: string): Promise<OnboardingSession> {
  return (await api.request('POST /onboarding/sessions/{id}/prompt', { params: { id }, body: { prompt } }))
    .data;
}

export function useSubmitOnboardingPrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, prompt }: { id: string; prompt: string }) => submitOnboardingPrompt(id, prompt),
    onSuccess: (session) =>
      client.setQueryData(onboardingKeys.session(session.onboarding_session_id), session),
  });
}
