// GET /api/athletes/me: the athlete's layout_style and widget_config, which decide the widget grid.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { athleteKeys, PROFILE_STALE_MS } from './keys.ts';

export function athleteProfileQuery() {
  return queryOptions({
    queryKey: athleteKeys.me,
    queryFn: async () => (await api.request('GET /athletes/me')).data,
    staleTime: PROFILE_STALE_MS,
  });
}

export function useAthleteProfile() {
  return useQuery(athleteProfileQuery());
}
