// Notifications that leave the app (docs/notifications.md): the server's VAPID key, this browser's push
// subscription, and the daily e-mail sent now. (A mail's unsubscribe link: features/auth/components/unsubscribe-page.tsx.)
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client.ts';

/** The key changes only when the operator changes it: read once a session. null: push is not set up. */
function pushKeyQuery() {
  return queryOptions({
    queryKey: ['notifications', 'push-key'] as const,
    queryFn: async () => {
      try {
        return (await api.request('GET /notifications/push/key')).data.public_key;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePushKey() {
  return useQuery(pushKeyQuery());
}

export function useSendDailyEmailNow() {
  return useMutation({
    mutationFn: async () => (await api.request('POST /notifications/daily-email/send')).data,
  });
}

export async function savePushSubscription(subscription: PushSubscriptionJSON, device: string) {
  const { endpoint, keys } = subscription;
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new Error('The browser gave an incomplete subscription');
  await api.request('POST /notifications/push/subscriptions', {
    body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, device: device.slice(0, 200) },
  });
}

export async function removePushSubscription(endpoint: string) {
  await api.request('DELETE /notifications/push/subscriptions', { query: { endpoint } });
}
