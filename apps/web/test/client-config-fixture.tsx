// GET /api/v1/client-config answers for page tests: nothing configured by default, or the given settings,
// put in the query cache so a page reads them as it would after the request.
import type { ClientConfig, Operator } from '@stamina/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { clientConfigQuery } from '../src/api/app/client-config.ts';

export const NO_OPERATOR: Operator = {
  name: null,
  legal_updated: null,
  governing_law: null,
  support_email: null,
  support_url: null,
  community_url: null,
  docs_url: null,
  feedback_url: null,
};

export function makeClientConfig(
  operator: Partial<Operator> = {},
  features: Partial<ClientConfig['features']> = {},
): ClientConfig {
  return {
    map_tile_url: null,
    map_tile_attribution: null,
    operator: { ...NO_OPERATOR, ...operator },
    features: { device_providers: [], language_model: false, ...features },
  };
}

/** `ui` under a query client that already holds `config` as the client config. */
export function withClientConfig(ui: ReactNode, config: ClientConfig = makeClientConfig()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(clientConfigQuery().queryKey, config);
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}
