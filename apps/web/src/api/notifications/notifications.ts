// GET /api/notifications (the latest 30, newest first, with the unread count) and the two read mutations.
// Marking read updates the cached list at once, so the badge drops before the server answers.
import type { NotificationDto, NotificationList } from '@stamina/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const notificationKeys = { list: ['notifications', 'list'] as const };

/** A minute keeps the badge close to the truth (docs/performance.md, 'How fresh each read is'). */
const NOTIFICATIONS_STALE_MS = 60 * 1000;

export function notificationsQuery() {
  return queryOptions({
    queryKey: notificationKeys.list,
    queryFn: async () => (await api.request('GET /notifications')).data,
    staleTime: NOTIFICATIONS_STALE_MS,
    refetchInterval: NOTIFICATIONS_STALE_MS,
  });
}

export function useNotifications() {
  return useQuery(notificationsQuery());
}

/** The list with `ids` (or every one, for null) read as of now. */
function markRead(list: NotificationList, ids: readonly string[] | null, now: string): NotificationList {
  const notifications = list.notifications.map((n) =>
    n.read_at === null && (ids === null || ids.includes(n.id)) ? { ...n, read_at: now } : n,
  );
  const changed = list.notifications.filter((n, i) => n.read_at !== notifications[i]?.read_at).length;
  return { notifications, unread_count: Math.max(0, list.unread_count - changed) };
}

function useMarkReadMutation(send: (id: string | null) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => send(id),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: notificationKeys.list });
      const before = client.getQueryData<NotificationList>(notificationKeys.list);
      if (before) {
        client.setQueryData(
          notificationKeys.list,
          markRead(before, id === null ? null : [id], new Date().toISOString()),
        );
      }
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) client.setQueryData(notificationKeys.list, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

/** POST /api/notifications/{id}/read */
export function useMarkNotificationRead() {
  return useMarkReadMutation((id) =>
    api.request('POST /notifications/{id}/read', { params: { id: id ?? '' } }),
  );
}

/** POST /api/notifications/read-all */
export function useMarkAllNotificationsRead() {
  return useMarkReadMutation(() => api.request('POST /notifications/read-all'));
}

export type { NotificationDto };
