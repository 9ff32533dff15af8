// The query client of the public pages that read the API (the legal pages and Support read the operator's words,
// GET /api/v1/client-config): they sit outside the signed-in shell, whose client is made per user (boot-queries.ts),
// so without this they had no client at all and failed to render. One client for the tab, kept across them.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

let shared: QueryClient | null = null;

export function PublicQueries() {
  const [client] = useState(() => {
    shared ??= createQueryClient();
    return shared;
  });
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
