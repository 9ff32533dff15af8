// One template and what the detail modal reads beside it: GET /templates/{id} (5 min), /variants, /similar,
// /favorite/status (30 s), /rating (the caller's own) and /ratings (all, 10 a page). The detail, the favourite
// status, the athlete's own rating and the reviews go through the device's store, so they show offline (docs/offline.md,
// "Workout Bank offline store").
import type { WorkoutTemplate } from '@stamina/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import {
  FAVORITE_STATUS_STALE_MS,
  OFFLINE_AWARE,
  RATINGS_PAGE_SIZE,
  SIMILAR_LIMIT,
  TEMPLATE_STALE_MS,
  workoutBankKeys,
} from './keys.ts';
import {
  withFavoriteStatus,
  withMyRatingCache,
  withRatingsCache,
  withTemplateCache,
} from './offline-store.ts';
import type {
  FavoriteStatus,
  RatingList,
  SimilarTemplates,
  TemplateRating,
  TemplateVariants,
} from './types.ts';

async function fetchTemplate(id: string): Promise<WorkoutTemplate> {
  return (await api.request('GET /v1/workout-bank/templates/{id}', { params: { id } })).data;
}

async function fetchVariants(id: string): Promise<TemplateVariants> {
  return (await api.request('GET /v1/workout-bank/templates/{id}/variants', { params: { id } })).data;
}

async function fetchSimilar(id: string, limit = SIMILAR_LIMIT): Promise<SimilarTemplates> {
  return (
    await api.request('GET /v1/workout-bank/templates/{id}/similar', { params: { id }, query: { limit } })
  ).data;
}

async function fetchFavoriteStatus(id: string): Promise<FavoriteStatus> {
  return (await api.request('GET /v1/workout-bank/templates/{id}/favorite/status', { params: { id } })).data;
}

async function fetchMyRating(id: string): Promise<TemplateRating | null> {
  return (await api.request('GET /v1/workout-bank/templates/{id}/rating', { params: { id } })).data.rating;
}

async function fetchRatings(id: string, page = 1): Promise<RatingList> {
  return (
    await api.request('GET /v1/workout-bank/templates/{id}/ratings', {
      params: { id },
      query: { page, page_size: RATINGS_PAGE_SIZE },
    })
  ).data;
}

/** The detail read: retried by the API client itself, 3 times (docs/ARCHITECTURE.md §2). */
export function templateQuery(id: string | null, initial?: WorkoutTemplate) {
  return queryOptions({
    queryKey: workoutBankKeys.template(id ?? ''),
    queryFn: () => {
      const templateId = id ?? '';
      return withTemplateCache(templateId, () => fetchTemplate(templateId));
    },
    staleTime: TEMPLATE_STALE_MS,
    networkMode: OFFLINE_AWARE,
    enabled: Boolean(id),
    ...(initial && initial.id === id ? { placeholderData: initial } : {}),
  });
}

export function useTemplate(id: string | null, initial?: WorkoutTemplate) {
  return useQuery(templateQuery(id, initial));
}

export function useTemplateVariants(id: string | null) {
  return useQuery({
    queryKey: workoutBankKeys.variants(id ?? ''),
    queryFn: () => fetchVariants(id ?? ''),
    staleTime: TEMPLATE_STALE_MS,
    enabled: Boolean(id),
  });
}

export function useSimilarTemplates(id: string | null, limit = SIMILAR_LIMIT) {
  return useQuery({
    queryKey: workoutBankKeys.similar(id ?? '', limit),
    queryFn: () => fetchSimilar(id ?? '', limit),
    staleTime: TEMPLATE_STALE_MS,
    enabled: Boolean(id),
  });
}

export function useFavoriteStatus(id: string | null) {
  return useQuery({
    queryKey: workoutBankKeys.favoriteStatus(id ?? ''),
    queryFn: (): Promise<FavoriteStatus> => {
      const templateId = id ?? '';
      return withFavoriteStatus(templateId, () => fetchFavoriteStatus(templateId));
    },
    staleTime: FAVORITE_STATUS_STALE_MS,
    networkMode: OFFLINE_AWARE,
    enabled: Boolean(id),
  });
}

export function useMyRating(id: string | null) {
  return useQuery({
    queryKey: workoutBankKeys.myRating(id ?? ''),
    queryFn: () => {
      const templateId = id ?? '';
      return withMyRatingCache(templateId, () => fetchMyRating(templateId));
    },
    staleTime: TEMPLATE_STALE_MS,
    networkMode: OFFLINE_AWARE,
    enabled: Boolean(id),
  });
}

export function useTemplateRatings(id: string | null, page = 1) {
  return useQuery({
    queryKey: workoutBankKeys.ratings(id ?? '', page),
    queryFn: () => {
      const templateId = id ?? '';
      return withRatingsCache(templateId, page, () => fetchRatings(templateId, page));
    },
    staleTime: TEMPLATE_STALE_MS,
    networkMode: OFFLINE_AWARE,
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}
