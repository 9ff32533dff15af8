// GET /api/dashboard/widgets/readiness: the Readiness widget's score (null without data) and its inputs.
import type { ZReadinessWidget } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys, READINESS_STALE_MS } from './keys.ts';

export type ReadinessWidgetData = z.infer<typeof ZReadinessWidget>;

export function readinessWidgetQuery() {
  return queryOptions({
    queryKey: dashboardKeys.readiness,
    queryFn: async () => (await api.get<{ data: ReadinessWidgetData }>('/dashboard/widgets/readiness')).data,
    staleTime: READINESS_STALE_MS,
  });
}

export function useReadinessWidget() {
  return useQuery(readinessWidgetQuery());
}
