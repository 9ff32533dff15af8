// The tab lists: GET /popular (10 min), /favorites (60 s), /recommendations (5 min).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import {
  FAVORITES_STALE_MS,
  FAVORITES_TAB,
  POPULAR_STALE_MS,
  POPULAR_TAB,
  RECOMMENDATIONS_STALE_MS,
  RECOMMENDED_TAB,
  workoutBankKeys,
} from './keys.ts';
import type { FavoriteList, PopularList, Recommendations } from './types.ts';

export type PopularTimeframe = 'week' | 'month' | 'year';
export type RecommendationType = 'general' | 'recovery' | 'challenge' | 'discipline';

async function fetchPopular(
  timeframe: PopularTimeframe = POPULAR_TAB.timeframe,
  limit: number = POPULAR_TAB.limit,
): Promise<PopularList> {
  return (await api.request('GET /v1/workout-bank/popular', { query: { timeframe, limit } })).data;
}

async function fetchFavorites(
  page: number = FAVORITES_TAB.page,
  pageSize: number = FAVORITES_TAB.pageSize,
): Promise<FavoriteList> {
  return (await api.request('GET /v1/workout-bank/favorites', { query: { page, page_size: pageSize } })).data;
}

async function fetchRecommendations(
  type: RecommendationType = RECOMMENDED_TAB.type,
  limit: number = RECOMMENDED_TAB.limit,
): Promise<Recommendations> {
  return (await api.request('GET /v1/workout-bank/recommendations', { query: { type, limit } })).data;
}

export function popularQuery(timeframe: PopularTimeframe, limit: number, enabled = true) {
  return queryOptions({
    queryKey: workoutBankKeys.popular(timeframe, limit),
    queryFn: () => fetchPopular(timeframe, limit),
    staleTime: POPULAR_STALE_MS,
    enabled,
  });
}

export function usePopular(timeframe: PopularTimeframe, limit: number, enabled = true) {
  return useQuery(popularQuery(timeframe, limit, enabled));
}

export function useFavorites(
  page: number = FAVORITES_TAB.page,
  pageSize: number = FAVORITES_TAB.pageSize,
  enabled = true,
) {
  return useQuery({
    queryKey: workoutBankKeys.favoritesPage(page, pageSize),
    queryFn: () => fetchFavorites(page, pageSize),
    staleTime: FAVORITES_STALE_MS,
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRecommendations(
  type: RecommendationType = RECOMMENDED_TAB.type,
  limit: number = RECOMMENDED_TAB.limit,
  enabled = true,
) {
  return useQuery({
    queryKey: workoutBankKeys.recommendations(type, limit),
    queryFn: () => fetchRecommendations(type, limit),
    staleTime: RECOMMENDATIONS_STALE_MS,
    enabled,
  });
}
