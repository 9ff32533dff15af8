// GET /api/athletes/me/threshold-estimates: FTP, run threshold pace and run and ride LTHR in use, whether each is a default
// (the figures built on it are estimates), and what the recordings estimate; POST …/accept stores one estimate
// as a dated threshold (docs/zones.md, "Estimates from recordings").
import type { ThresholdEstimateAccept } from '@stamina/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';
import { THRESHOLDS_STALE_MS, thresholdKeys } from './keys.ts';

function thresholdEstimatesQuery() {
  return queryOptions({
    queryKey: thresholdKeys.estimates,
    queryFn: async () => (await api.request('GET /athletes/me/threshold-estimates')).data,
    staleTime: THRESHOLDS_STALE_MS,
  });
}

export function useThresholdEstimates() {
  return useQuery(thresholdEstimatesQuery());
}

/** Accepts one estimate; a threshold write, so every figure built on thresholds refreshes. */
export function useAcceptEstimate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ThresholdEstimateAccept) =>
      (await api.request('POST /athletes/me/threshold-estimates/accept', { body })).data,
    onSuccess: () => invalidateAfter(client, 'thresholds'),
  });
}
