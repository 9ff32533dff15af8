// GET /api/dashboard/recovery?days=7: today's recovery score (null without wellness data) and the analysis.
import type { DashboardRecovery } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { dashboardKeys, RECOVERY_STALE_MS } from './keys.ts';

export type { DashboardRecovery };

/** docs/dashboard.md, "Dashboard API": recovery analysis spans 7 days by default. */
const RECOVERY_DAYS = 7;

export function recoveryQuery(days = RECOVERY_DAYS) {
  return queryOptions({
    queryKey: dashboardKeys.recovery(days),
    queryFn: async () => (await api.request('GET /dashboard/recovery', { query: { days } })).data,
    staleTime: RECOVERY_STALE_MS,
  });
}

export function useDashboardRecovery(days = RECOVERY_DAYS) {
  return useQuery(recoveryQuery(days));
}
