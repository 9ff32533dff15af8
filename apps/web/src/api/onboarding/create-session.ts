// POST /api/onboarding/sessions: starts a session once the athlete has agreed to the consent (version 1.0.0,
// language en). One Idempotency-Key per click, so a retried start does not open two sessions.
import { ONBOARDING_CONSENT_VERSION, type OnboardingSession } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

async function createOnboardingSession(): Promise<OnboardingSession> {
  const { data } = await api.request('POST /onboarding/sessions', {
    body: { consent_version: ONBOARDING_CONSENT_VERSION, language: 'en' },
    idempotencyKey: newIdempotencyKey(),
  });
  return data;
}

export function useCreateOnboardingSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOnboardingSession,
    onSuccess: (session) => {
      client.setQueryData(onboardingKeys.session(session.onboarding_session_id), session);
      void client.invalidateQueries({ queryKey: onboardingKeys.status });
    },
  });
}
