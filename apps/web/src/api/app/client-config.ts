// GET /api/v1/client-config: deployment settings (map tiles, the operator's words, what is configured), read once
// per session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export function clientConfigQuery() {
  return queryOptions({
    queryKey: ['client-config'] as const,
    queryFn: async () => (await api.request('GET /v1/client-config', { anonymous: true })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useClientConfig() {
  return useQuery(clientConfigQuery());
}

/** The operator's words (OPERATOR_NAME, SUPPORT_EMAIL, …); undefined while loading, each field null when unset. */
export function useOperator() {
  return useClientConfig().data?.operator;
}
