// GET /api/athletes/me/profile-summary: This Year, the current goal and the personal records (docs/profile.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { PROFILE_SUMMARY_STALE_MS, profileKeys } from './keys.ts';

function profileSummaryQuery() {
  return queryOptions({
    queryKey: profileKeys.summary,
    queryFn: async () => (await api.request('GET /athletes/me/profile-summary')).data,
    staleTime: PROFILE_SUMMARY_STALE_MS,
  });
}

export function useProfileSummary() {
  return useQuery(profileSummaryQuery());
}
