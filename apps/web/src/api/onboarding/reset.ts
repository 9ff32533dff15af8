// POST /api/onboarding/reset: onboarding_complete goes back to false, so the setup flow is offered again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';

async function resetOnboarding() {
  return (await api.request('POST /onboarding/reset')).data;
}

export function useResetOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetOnboarding,
    onSuccess: () => invalidateAfter(client, 'onboarding-reset'),
  });
}
