// GET /api/dashboard/widgets/readiness: the Readiness widget's score (null without data) and its inputs.
import type { ReadinessWidget } from '@stamina/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { dashboardKeys, READINESS_STALE_MS } from './keys.ts';

export type ReadinessWidgetData = ReadinessWidget;

export function readinessWidgetQuery() {
  return queryOptions({
    queryKey: dashboardKeys.readiness,
    queryFn: async () => (await api.request('GET /dashboard/widgets/readiness')).data,
    staleTime: READINESS_STALE_MS,
  });
}
