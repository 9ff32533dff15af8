// GET /api/v1/workout-bank/categories: the four groups of categories, kept 5 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { CATEGORIES_STALE_MS, workoutBankKeys } from './keys.ts';
import type { WorkoutCategory } from './types.ts';

export async function fetchCategories(): Promise<WorkoutCategory[]> {
  return (await api.request('GET /v1/workout-bank/categories', { query: {} })).data.categories;
}

export function categoriesQuery() {
  return queryOptions({
    queryKey: workoutBankKeys.categories,
    queryFn: fetchCategories,
    staleTime: CATEGORIES_STALE_MS,
  });
}

export function useCategories() {
  return useQuery(categoriesQuery());
}
