// The Workout Bank's writes: the favourite toggle, a rating, a view, and a template put on the calendar. Each
// write function is a plain exported function; the hooks wrap them and refresh what they change through the
// invalidation registry (api/invalidation.ts). The favourite toggle goes through the device's store: without a
// connection the change is kept and queued, and the screen shows it as made (docs/offline.md, "Workout Bank
// offline store").
import type { RatingRequest } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';
import { PLANNING_API_TIMEOUT_MS } from '../../lib/app-constants.ts';
import { invalidateAfter } from '../invalidation.ts';
import { OFFLINE_AWARE, workoutBankKeys } from './keys.ts';
import { rememberMyRating, type ToggleOutcome, toggleFavoriteOfflineAware } from './offline-store.ts';
import type { ConvertResponse, FavoriteStatus, RateResponse } from './types.ts';

export interface ToggleFavoriteInput {
  templateId: string;
  /** The state wanted: true saves the template, false removes it. */
  favorite: boolean;
  notes?: string | null;
}

/** Saves or removes a favourite; answers the state the template is now in. */
async function toggleFavorite({ templateId, favorite, notes }: ToggleFavoriteInput): Promise<FavoriteStatus> {
  if (favorite) {
    const saved = await api.request('POST /v1/workout-bank/templates/{id}/favorite', {
      params: { id: templateId },
      body: notes === undefined ? {} : { notes },
    });
    return { is_favorite: true, favorite_id: saved.data.id };
  }
  await api.request('DELETE /v1/workout-bank/templates/{id}/favorite', { params: { id: templateId } });
  return { is_favorite: false, favorite_id: null };
}

async function rateTemplate(templateId: string, rating: RatingRequest): Promise<RateResponse> {
  return (
    await api.request('POST /v1/workout-bank/templates/{id}/rate', {
      params: { id: templateId },
      body: rating,
    })
  ).data;
}

async function recordTemplateView(templateId: string): Promise<void> {
  await api.request('POST /v1/workout-bank/templates/{id}/view', { params: { id: templateId }, body: {} });
}

export interface ConvertInput {
  templateId: string;
  scheduledDate: string;
  scheduledStartTime?: string | null;
  customScaling?: number | null;
  notes?: string | null;
}

async function convertTemplate(input: ConvertInput, idempotencyKey: string): Promise<ConvertResponse> {
  return (
    await api.request('POST /v1/workout-bank/templates/{id}/convert', {
      params: { id: input.templateId },
      body: {
        scheduled_date: input.scheduledDate,
        ...(input.scheduledStartTime ? { scheduled_start_time: input.scheduledStartTime } : {}),
        ...(input.customScaling ? { custom_scaling: input.customScaling } : {}),
        ...(input.notes ? { notes: input.notes } : {}),
      },
      idempotencyKey,
      timeoutMs: PLANNING_API_TIMEOUT_MS,
    })
  ).data;
}

/**
 * The favourite toggle. It resolves to `{queued, isFavorite, result?}`: queued means kept on the device until the
 * connection returns (the heart shows `isFavorite` meanwhile, and the replay refreshes the lists once it is sent).
 */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ToggleFavoriteInput): Promise<ToggleOutcome<FavoriteStatus>> =>
      toggleFavoriteOfflineAware(input, toggleFavorite),
    networkMode: OFFLINE_AWARE,
    onSuccess: (outcome, { templateId }) => {
      const status: FavoriteStatus = outcome.queued
        ? { is_favorite: outcome.isFavorite, favorite_id: null }
        : { is_favorite: outcome.isFavorite, favorite_id: outcome.result.favorite_id };
      client.setQueryData(workoutBankKeys.favoriteStatus(templateId), status);
      // Queued, nothing is refetched: the server does not know the change yet. The replay refreshes once it is sent.
      return outcome.queued ? undefined : invalidateAfter(client, 'templateFavorite');
    },
  });
}

export function useRateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ templateId, rating }: { templateId: string; rating: RatingRequest }) => {
      const saved = await rateTemplate(templateId, rating);
      // The device keeps it as the athlete's own rating, so the detail shows it offline too.
      await rememberMyRating(templateId, saved.rating);
      return saved;
    },
    onSuccess: () => invalidateAfter(client, 'templateRating'),
  });
}

export function useRecordView() {
  return useMutation({ mutationFn: recordTemplateView });
}

/** Puts a template on the calendar: one Idempotency-Key per click, so a retry never adds it twice. */
export function useConvertTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConvertInput) => convertTemplate(input, newIdempotencyKey()),
    onSuccess: () =>
      Promise.all([invalidateAfter(client, 'workout'), invalidateAfter(client, 'templateUse')]),
  });
}
