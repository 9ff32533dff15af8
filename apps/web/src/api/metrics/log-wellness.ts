// POST /api/metrics: one day's wellness (a date that already has an entry is updated with the fields sent).
// Offline, the entry is queued and sent on reconnect (docs/offline.md, "Writes made offline").
import type { WellnessUpsertRequest } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { invalidateAfter } from '../invalidation.ts';
import { OFFLINE_TEXTS, QUEUEABLE_NETWORK_MODE, sendOrQueue } from '../offline/write-queue.ts';

export function useLogWellness() {
  const client = useQueryClient();
  return useMutation({
    networkMode: QUEUEABLE_NETWORK_MODE,
    mutationFn: async (body: WellnessUpsertRequest) => {
      const outcome = await sendOrQueue(
        {
          type: 'wellness',
          endpoint: 'POST /metrics',
          params: {},
          method: 'POST',
          body,
          label: `Wellness for ${formatDay(body.date)}`,
        },
        async (idempotencyKey) => (await api.request('POST /metrics', { body, idempotencyKey })).data,
      );
      if (outcome.queued) toast.info(OFFLINE_TEXTS.savedOffline);
      return outcome;
    },
    onSuccess: (outcome) => (outcome.queued ? undefined : invalidateAfter(client, 'wellness')),
  });
}
