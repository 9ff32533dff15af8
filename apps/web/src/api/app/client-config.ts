// GET /api/v1/client-config: deployment settings (the map tile URL), read once per session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

function clientConfigQuery() {
  return queryOptions({
    queryKey: ['client-config'] as const,
    queryFn: async () => (await api.request('GET /v1/client-config', { anonymous: true })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useClientConfig() {
  return useQuery(clientConfigQuery());
}
