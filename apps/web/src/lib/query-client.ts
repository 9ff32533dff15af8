// The TanStack Query client of the signed-in app. Stale times are set per query
// (docs/performance.md, "How fresh each read is").
import { notifyManager, QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';

// Query results reach the components as transitions: the re-render a result causes is time-sliced by React,
// so the dashboard's dozen reads arriving one after another never block input or paint for long.
notifyManager.setBatchNotifyFunction((notify) => startTransition(notify));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client is the one place that retries (network failures and 5xx, with backoff, and only what
        // cannot write twice); a second layer here would multiply its attempts.
        retry: false,
        refetchOnWindowFocus: true,
      },
    },
  });
}
