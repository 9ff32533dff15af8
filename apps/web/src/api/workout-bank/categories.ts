// GET /api/v1/workout-bank/categories: the four groups of categories, kept 5 minutes. When the network fails the
// copy saved on the device answers (docs/offline.md, "Workout Bank offline store").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { CATEGORIES_STALE_MS, OFFLINE_AWARE, workoutBankKeys } from './keys.ts';
import { withCategoriesFallback } from './offline-store.ts';
import type { WorkoutCategory } from './types.ts';

async function fetchCategories(): Promise<WorkoutCategory[]> {
  return (await api.request('GET /v1/workout-bank/categories', { query: {} })).data.categories;
}

function categoriesQuery() {
  return queryOptions({
    queryKey: workoutBankKeys.categories,
    // No type filter: all four groups, saved under 'all'.
    queryFn: () => withCategoriesFallback(() => fetchCategories(), null),
    staleTime: CATEGORIES_STALE_MS,
    networkMode: OFFLINE_AWARE,
  });
}

export function useCategories() {
  return useQuery(categoriesQuery());
}
