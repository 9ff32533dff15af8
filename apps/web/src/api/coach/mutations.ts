// The coach chat's writes: send a message (streamed), confirm a proposed action, undo an applied one (its plan
// change put back). Confirm and undo change workouts: everything derived from sessions refetches.
import type { CoachReplyDto } from '@stamina/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { invalidateAfter } from '../invalidation.ts';
import { coachKeys } from './keys.ts';

/** POST /api/coach/messages?stream=true: `onDelta` hears the answer as it is written. */
export function useSendCoachMessage(onDelta: (text: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (text: string): Promise<CoachReplyDto> => {
      const answer = await api.events('POST /coach/messages', {
        body: { text },
        query: { stream: 'true' },
        onEvent: (name, data) => {
          if (name === 'delta' && data && typeof (data as { text?: unknown }).text === 'string')
            onDelta((data as { text: string }).text);
        },
      });
      return answer.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: coachKeys.messages }),
  });
}

/** POST /api/coach/actions/{id}/confirm */
export function useConfirmCoachAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.request('POST /coach/actions/{id}/confirm', { params: { id } })).data,
    onSuccess: () => invalidateAfter(client, 'planChange'),
    onSettled: () => client.invalidateQueries({ queryKey: coachKeys.messages }),
  });
}

/** POST /api/coach/actions/{id}/undo: puts the workout back as it was, in a plan or not. */
export function useUndoCoachAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.request('POST /coach/actions/{id}/undo', { params: { id } })).data,
    onSuccess: () => invalidateAfter(client, 'planChange'),
    onSettled: () => client.invalidateQueries({ queryKey: coachKeys.messages }),
  });
}
