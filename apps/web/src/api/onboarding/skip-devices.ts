// POST /api/onboarding/sessions/{id}/devices/skip: the athlete goes on to the review without connecting a device.
import type { OnboardingSession } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

async function skipOnboardingDevices(id: string): Promise<OnboardingSession> {
  return (await api.request('POST /onboarding/sessions/{id}/devices/skip', { params: { id } })).data;
}

export function useSkipOnboardingDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: skipOnboardingDevices,
    onSuccess: (session) =>
      client.setQueryData(onboardingKeys.session(session.onboarding_session_id), session),
  });
}
