// One layer retries: a failing read is sent 1 + 3 times by the API client, and TanStack Query adds none.
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api-client.ts';
import { createQueryClient } from '../src/lib/query-client.ts';

describe('retries of a failing read', () => {
  it('makes 4 calls in all, not 8', async () => {
    let calls = 0;
    const api = createApiClient({
      baseUrl: '/api',
      sleep: async () => {},
      fetch: async () => {
        calls++;
        return new Response(JSON.stringify({ message: 'Down', code: 'SERVICE_UNAVAILABLE' }), {
          status: 503,
        });
      },
    });
    const client = createQueryClient();
    const observer = new QueryObserver(client, {
      queryKey: ['health'],
      queryFn: () => api.request('GET /v1/health', { anonymous: true }),
    });
    const settled = new Promise<void>((resolve) => {
      const stop = observer.subscribe((result) => {
        if (result.status === 'error') {
          stop();
          resolve();
        }
      });
    });
    await settled;
    expect(calls).toBe(4);
  });
});
