// GET /api/onboarding/status: whether onboarding is complete, the session to resume, and whether voice prompts
// can be transcribed.
import type { OnboardingStatusResponse } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { ONBOARDING_STATUS_STALE_MS, onboardingKeys } from './keys.ts';

async function fetchOnboardingStatus(): Promise<OnboardingStatusResponse> {
  return (await api.request('GET /onboarding/status')).data;
}

function onboardingStatusQuery() {
  return queryOptions({
    queryKey: onboardingKeys.status,
    queryFn: fetchOnboardingStatus,
    staleTime: ONBOARDING_STATUS_STALE_MS,
  });
}

export function useOnboardingStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...onboardingStatusQuery(), enabled });
}
