// GET /api/dashboard/welcome: "Welcome" on the athlete's first sign-in, "Welcome back" after, decided by the
// server from the stored sessions (docs/dashboard.md, "Greeting"). It does not change within a session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export function welcomeQuery() {
  return queryOptions({
    queryKey: ['welcome'] as const,
    queryFn: async () => (await api.request('GET /dashboard/welcome')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useWelcome() {
  return useQuery(welcomeQuery());
}
