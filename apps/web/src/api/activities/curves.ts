// GET /api/activities/curves: the athlete's best power (by duration) or pace (by distance) over a period.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { activityKeys, CURVES_STALE_MS, type CurvePeriod, type CurveType } from './keys.ts';

export function curveQuery(type: CurveType, period: CurvePeriod) {
  return queryOptions({
    queryKey: activityKeys.curves(type, period),
    queryFn: async () => (await api.request('GET /activities/curves', { query: { type, period } })).data,
    staleTime: CURVES_STALE_MS,
    // Switching the type or period keeps the card (and its selectors) on screen until the answer is there.
    placeholderData: keepPreviousData,
  });
}

export function useCurve(type: CurveType, period: CurvePeriod) {
  return useQuery(curveQuery(type, period));
}
