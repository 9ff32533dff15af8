// What this server can do (GET /api/v1/client-config, "features"), read after the landing page has painted.
// The prerendered page promises neither device sync nor an AI coach; those claims appear once the server says
// they are configured (docs/screens.md, "Landing page"). A plain fetch: the landing carries no query library.
import type { ClientConfig } from '@stamina/contract';
import { useEffect, useState } from 'react';

export type ServerFeatures = ClientConfig['features'];

export function useServerFeatures(): ServerFeatures | null {
  const [features, setFeatures] = useState<ServerFeatures | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v1/client-config', { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ data: ClientConfig }>) : null))
      .then((body) => {
        if (body?.data?.features) setFeatures(body.data.features);
      })
      // Unreachable or aborted: the neutral page stays.
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return features;
}
