// POST /api/devices/sync (Sync Now) and GET /api/devices/sync-runs/{id}: the run is asked after every second
// until it is done or failed, for the toast with its counts.
import type { DeviceProviderId, SyncRun } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';
import { deviceKeys } from './keys.ts';

const POLL_MS = 1000;
/** A run not finished in this time is reported failed on screen (it goes on in the background). */
const POLL_LIMIT_MS = 5 * 60 * 1000;

async function syncRun(id: string): Promise<SyncRun> {
  return (await api.request('GET /devices/sync-runs/{id}', { params: { id } })).data;
}

async function waitForRun(run: SyncRun, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  const deadline = Date.now() + POLL_LIMIT_MS;
  let current = run;
  while (current.status === 'queued' || current.status === 'running') {
    if (Date.now() > deadline) return { ...current, status: 'failed' as const };
    await sleep(POLL_MS);
    current = await syncRun(current.id);
  }
  return current;
}

export function useSyncNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (provider: DeviceProviderId) => {
      const { data } = await api.request('POST /devices/sync', { body: { provider } });
      await client.invalidateQueries({ queryKey: deviceKeys.all });
      return waitForRun(data);
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: deviceKeys.all }),
        invalidateAfter(client, 'activity'),
        invalidateAfter(client, 'wellness'),
      ]);
    },
  });
}
