// The shell's replay of writes made offline (api/offline/use-offline-sync.ts) when the connection flaps while it
// runs: back, lost on a request, back again. The athlete is told what the replay could not apply once, not once
// per time the connection came back.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOfflineSync } from '../src/api/offline/use-offline-sync.ts';
import { OFFLINE_TEXTS, sendOrQueue, writeQueue } from '../src/api/offline/write-queue.ts';
import { reportReachable } from '../src/lib/pwa.ts';
import { toast } from '../src/lib/toast.ts';
import { json } from './calendar-test-utils.tsx';
import { signInQueue } from './offline-fixtures.ts';

vi.mock('../src/lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

let user: string;

beforeEach(async () => {
  user = crypto.randomUUID();
  await signInQueue(user);
  vi.mocked(toast.error).mockClear();
});

afterEach(async () => {
  reportReachable(true);
  vi.unstubAllGlobals();
  for (const conflict of writeQueue.get().conflicts) await writeQueue.dismissConflict(conflict.id);
});

describe('the replay when the connection flaps while it runs', () => {
  it('tells the athlete once what it could not apply', async () => {
    reportReachable(false);
    const outcome = await sendOrQueue(
      {
        type: 'wellness',
        endpoint: 'POST /metrics',
        params: {},
        method: 'POST',
        body: { date: '2026-11-27', resting_hr: 55 },
        label: 'Wellness for 2026-11-27',
      },
      async () => {
        throw new Error('not sent while offline');
      },
    );
    expect(outcome).toEqual({ queued: true });

    // The check's read of the day is held until the connection has come and gone and come back.
    let answerCheck: () => void = () => {};
    const checked = new Promise<void>((resolve) => {
      answerCheck = resolve;
    });
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      requests.push(`${init.method} ${path}`);
      if (path === '/api/metrics' && init.method === 'GET') {
        await checked;
        const day = { id: 'd1', date: '2026-11-27', updated_at: new Date(Date.now() + 60_000).toISOString() };
        return json(200, { data: [day] });
      }
      return json(200, { data: [] });
    });
    const { unmount } = renderHook(() => useOfflineSync(user), { wrapper });

    reportReachable(true);
    await waitFor(() => expect(requests).toContain('GET /api/metrics'));
    reportReachable(false);
    reportReachable(true);
    answerCheck();

    await waitFor(() => expect(writeQueue.get().conflicts).toHaveLength(1));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    // The second replay, asked for while the first ran, finds nothing left and says nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('1 change made offline was not applied', {
      description: `Wellness for 2026-11-27: ${OFFLINE_TEXTS.changedElsewhere}`,
    });
    expect(requests.filter((r) => r === 'POST /api/metrics')).toEqual([]);
    unmount();
  });
});
