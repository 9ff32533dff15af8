// GET /api/coach/messages: the conversation, page 1 the newest (each page oldest first); earlier pages load on
// request. `model` says whether a language model answers.
import type { CoachMessageDto, CoachMessageList } from '@stamina/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { coachKeys } from './keys.ts';

export type { CoachMessageDto, CoachMessageList };

const COACH_PAGE_SIZE = 20;
/** Fresh for a minute (docs/coach.md, 'Web'): it changes only when the athlete writes, which refetches it. */
const COACH_MESSAGES_STALE_MS = 60 * 1000;

function coachMessagesQuery() {
  return infiniteQueryOptions({
    queryKey: coachKeys.messages,
    queryFn: async ({ pageParam }) =>
      (await api.request('GET /coach/messages', { query: { page: pageParam, page_size: COACH_PAGE_SIZE } }))
        .data,
    initialPageParam: 1,
    getNextPageParam: (last: CoachMessageList) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
    staleTime: COACH_MESSAGES_STALE_MS,
  });
}

export function useCoachMessages() {
  return useInfiniteQuery(coachMessagesQuery());
}

/** The pages in reading order: the oldest loaded message first. */
export function messagesInOrder(pages: readonly CoachMessageList[] | undefined): CoachMessageDto[] {
  return [...(pages ?? [])].reverse().flatMap((p) => p.items);
}
