// The TanStack Query client of the signed-in app. Stale times are set per query from spec part 2 §9.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

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
