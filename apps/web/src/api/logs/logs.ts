// The testing dashboard's reads (docs/testing-dashboard.md): the caller's recent request lines, the health of
// each API area, the token re-check, and the URL of the live log stream.
import type { EventStreamEndpoint, LogLimit } from '@stamina/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The debug panel re-checks the token every 30 s. */
export const TOKEN_RECHECK_MS = 30_000;

const testingKeys = {
  recent: (limit: LogLimit) => ['testing', 'logs', limit] as const,
  health: ['testing', 'health-areas'] as const,
  tokenCheck: ['testing', 'token-check'] as const,
};

function recentLogsQuery(limit: LogLimit) {
  return queryOptions({
    queryKey: testingKeys.recent(limit),
    queryFn: async () => (await api.request('GET /v1/logs/recent', { query: { limit } })).data.lines,
    // A debugging view: always asked again when opened or refocused.
    staleTime: 0,
  });
}

export function useRecentLogs(limit: LogLimit) {
  return useQuery(recentLogsQuery(limit));
}

export function useHealthAreas() {
  return useQuery({
    queryKey: testingKeys.health,
    queryFn: async () => (await api.request('GET /v1/health/areas')).data,
    staleTime: 0,
  });
}

/** GET /api/auth/me every 30 s: the token still opens a session (the client refreshes it when near expiry). */
export function useTokenCheck() {
  return useQuery({
    queryKey: testingKeys.tokenCheck,
    queryFn: async () => {
      const { data } = await api.request('GET /auth/me');
      return { user: data, checkedAt: Date.now() };
    },
    refetchInterval: TOKEN_RECHECK_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

const STREAM: EventStreamEndpoint = 'GET /v1/logs/stream';

/** The stream's URL: EventSource sends no headers, so the access token goes in the query. */
export function logStreamUrl(accessToken: string): string {
  const path = STREAM.split(' ')[1] ?? '';
  return `/api${path}?token=${encodeURIComponent(accessToken)}`;
}
