// The TanStack Query client of the signed-in app. Stale times are set per query from spec part 2 §9.
import { notifyManager, QueryClient, type QueryKey } from '@tanstack/react-query';
import { startTransition } from 'react';
import { ApiError } from './api-client.ts';

// Query results reach the components as transitions: the re-render a result causes is time-sliced by React,
// so the dashboard's dozen reads arriving one after another never block input or paint for long.
notifyManager.setBatchNotifyFunction((notify) => startTransition(notify));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client already retries network failures and 5xx; auth errors are final.
        retry: (failureCount, error) => !(error instanceof ApiError && error.isAuthError) && failureCount < 1,
        refetchOnWindowFocus: true,
      },
    },
  });
}

/**
 * Query families computed from the athlete's workouts (analytics, progress, plan progress and the dashboard): a workout write
 * invalidates them with the workouts themselves, so a completed session shows at once everywhere. Listed here,
 * not imported from the features that own them, because features do not import each other.
 */
export const WORKOUT_DERIVED_QUERIES: readonly QueryKey[] = [
  ['analytics'],
  ['plans', 'progress'],
  ['dashboard'],
];
