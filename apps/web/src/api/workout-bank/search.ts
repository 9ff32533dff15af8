// GET /api/v1/workout-bank/templates: the search, kept 30 s. Lists go comma-joined, as the server reads them.
// Each answer is also saved on the device, and answers offline (docs/offline.md, "Workout Bank offline store").
import type { WorkoutTemplateSearchResponse } from '@stamina/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { OFFLINE_AWARE, SEARCH_PAGE_SIZE, SEARCH_STALE_MS, workoutBankKeys } from './keys.ts';
import { withSearchCache } from './offline-store.ts';

export interface TemplateSearchParams {
  search_query?: string;
  disciplines?: readonly string[];
  primary_targets?: readonly string[];
  training_phases?: readonly string[];
  difficulty_levels?: readonly number[];
  min_duration_minutes?: number;
  max_duration_minutes?: number;
  min_rating?: number;
  is_verified?: boolean;
  include_own_templates?: boolean;
  created_by_user?: boolean;
  category?: string;
  sort_by?: 'name' | 'relevance' | 'duration' | 'difficulty' | 'rating' | 'popularity' | 'tss' | 'created_at';
  sort_order?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

/** The query string of a search: empty lists and blank text are left out. */
function searchQueryString(params: TemplateSearchParams): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value.join(',');
    } else if (typeof value === 'string') {
      if (value.trim() !== '') out[key] = value.trim();
    } else {
      out[key] = value as number | boolean;
    }
  }
  out.page ??= 1;
  out.page_size ??= SEARCH_PAGE_SIZE;
  return out;
}

async function fetchTemplateSearch(params: TemplateSearchParams): Promise<WorkoutTemplateSearchResponse> {
  return (await api.request('GET /v1/workout-bank/templates', { query: searchQueryString(params) })).data;
}

export function templateSearchQuery(params: TemplateSearchParams, enabled = true) {
  return queryOptions({
    queryKey: workoutBankKeys.search(searchQueryString(params)),
    queryFn: () => withSearchCache(params, () => fetchTemplateSearch(params)),
    staleTime: SEARCH_STALE_MS,
    networkMode: OFFLINE_AWARE,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTemplateSearch(params: TemplateSearchParams, enabled = true) {
  return useQuery(templateSearchQuery(params, enabled));
}
