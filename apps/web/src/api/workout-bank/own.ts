// An athlete's own templates (docs/workout-bank.md, "Own templates" and "Web page"): saved from a workout or
// edited (POST and PUT /templates), the Mine tab's list, the plain-language search (POST /search/natural) and a
// template fitted to the athlete's time, equipment and weather (POST /templates/{id}/suggestions).
import type { OwnTemplateRequest, WORKOUT_BANK_WEATHER } from '@stamina/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';
import { MINE_PAGE_SIZE, NATURAL_LIMIT, SEARCH_STALE_MS, workoutBankKeys } from './keys.ts';
import { useTemplateSearch } from './search.ts';
import type { NaturalSearch, TemplateSuggestions, WorkoutTemplate } from './types.ts';

/** What the own-template form sends: the request before the server's defaults. */
export type OwnTemplateInput = Pick<
  OwnTemplateRequest,
  'name' | 'discipline' | 'difficulty_level' | 'workout_language_text' | 'is_public'
> &
  Partial<Pick<OwnTemplateRequest, 'description' | 'key_focus' | 'primary_target' | 'tags'>>;

async function saveOwnTemplate(body: OwnTemplateInput): Promise<WorkoutTemplate> {
  return (
    await api.request('POST /v1/workout-bank/templates', {
      body: body as OwnTemplateRequest,
      idempotencyKey: newIdempotencyKey(),
    })
  ).data;
}

async function updateOwnTemplate(id: string, body: OwnTemplateInput): Promise<WorkoutTemplate> {
  return (
    await api.request('PUT /v1/workout-bank/templates/{id}', {
      params: { id },
      body: body as OwnTemplateRequest,
    })
  ).data;
}

/** Saves a new own template, or rewrites one when `id` is given. */
export function useSaveOwnTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: OwnTemplateInput }) =>
      id ? updateOwnTemplate(id, body) : saveOwnTemplate(body),
    onSuccess: () => invalidateAfter(client, 'ownTemplate'),
  });
}

/** The Mine tab: the caller's own templates, private and public, newest first. */
export function useMyTemplates() {
  const search = useTemplateSearch({
    include_own_templates: true,
    created_by_user: true,
    sort_by: 'created_at',
    sort_order: 'desc',
    page: 1,
    page_size: MINE_PAGE_SIZE,
  });
  // Others' public templates are user-made too; the tab lists the caller's own.
  const mine = search.data?.templates.filter((t) => t.is_own) ?? [];
  return { ...search, mine };
}

async function fetchNaturalSearch(query: string): Promise<NaturalSearch> {
  return (
    await api.request('POST /v1/workout-bank/search/natural', { body: { query, limit: NATURAL_LIMIT } })
  ).data;
}

function naturalSearchQuery(query: string) {
  return queryOptions({
    queryKey: workoutBankKeys.natural(query),
    queryFn: () => fetchNaturalSearch(query),
    staleTime: SEARCH_STALE_MS,
    placeholderData: keepPreviousData,
    enabled: query.trim() !== '',
  });
}

/** A plain-language search ('45 min easy ride'); idle until something is asked. */
export function useNaturalSearch(query: string) {
  return useQuery(naturalSearchQuery(query));
}

export interface FitInput {
  available_time?: number | null;
  fitness_level?: 'beginner' | 'intermediate' | 'advanced' | 'elite' | null;
  equipment_available?: string[] | null;
  weather_conditions?: TemplateWeather | null;
}
type TemplateWeather = (typeof WORKOUT_BANK_WEATHER)[number];

/** The template fitted to the athlete's day: a read with no side effect, sent when they ask. */
export function useFitTemplate() {
  return useMutation({
    mutationFn: async ({
      templateId,
      body,
    }: {
      templateId: string;
      body: FitInput;
    }): Promise<TemplateSuggestions> =>
      (
        await api.request('POST /v1/workout-bank/templates/{id}/suggestions', {
          params: { id: templateId },
          body,
        })
      ).data,
  });
}
