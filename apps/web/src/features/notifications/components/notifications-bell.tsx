// The header's notifications bell (docs/screens.md, "Page shell"): the real unread count from
// /api/notifications (hidden at 0, '9+' above 9), and the bell opens the list.
import * as Popover from '@radix-ui/react-popover';
import { formatDistanceToNow, parseISO } from 'date-fns';
import { Bell, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import {
  type NotificationDto,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../../../api/notifications/notifications.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';

/** What the badge says: nothing at 0, the count up to 9, then '9+'. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

export function NotificationsBell() {
  const notifications = useNotifications();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = notifications.data?.unread_count ?? 0;
  const badge = unreadBadgeText(unread);
  const items = notifications.data?.notifications ?? [];

  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className={cn(buttonClasses('ghost', 'icon'), 'relative')}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {badge ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] font-bold text-destructive-foreground tabular-nums"
          >
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label="Notifications"
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border border-border bg-card text-card-foreground shadow-lg focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate(null)}
              className={cn(buttonClasses('ghost', 'sm'), 'h-8 px-2 text-xs')}
            >
              <CheckCheck className="h-4 w-4" aria-hidden="true" />
              Mark all read
            </button>
          </div>
          {notifications.isPending ? (
            <div className="flex justify-center p-6 text-muted-foreground">
              <Spinner label="Loading notifications" />
            </div>
          ) : notifications.isError ? (
            <div role="alert" className="p-4 text-sm">
              <p>Unable to load notifications.</p>
              <button
                type="button"
                onClick={() => notifications.refetch()}
                className={cn(buttonClasses('link', 'sm'), 'h-auto')}
              >
                Try Again
              </button>
            </div>
          ) : items.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted-foreground">You're all caught up.</p>
          ) : (
            <ul className="max-h-[60dvh] divide-y divide-border overflow-y-auto">
              {items.map((item) => (
                <li key={item.id}>
                  <NotificationItem item={item} onRead={() => markOne.mutate(item.id)} />
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationItem({ item, onRead }: { item: NotificationDto; onRead: () => void }) {
  const unread = item.read_at === null;
  const read = () => {
    if (unread) onRead();
  };
  const body = (
    <>
      <span className="flex items-start gap-2">
        {unread ? (
          <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
        ) : null}
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm', unread ? 'font-semibold' : 'font-medium')}>
            {item.title}
            {unread ? <span className="sr-only"> (unread)</span> : null}
          </span>
          <span className="mt-0.5 block text-sm text-muted-foreground">{item.body}</span>
          <time dateTime={item.created_at} className="mt-1 block text-xs text-muted-foreground">
            {formatDistanceToNow(parseISO(item.created_at), { addSuffix: true })}
          </time>
        </span>
      </span>
    </>
  );
  const classes =
    'block w-full px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none';
  // Only in-app paths become links: a notification never sends the athlete off the site.
  if (item.link?.startsWith('/')) {
    return (
      <Popover.Close asChild>
        <Link to={item.link} onClick={read} className={classes}>
          {body}
        </Link>
      </Popover.Close>
    );
  }
  return (
    <button type="button" onClick={read} className={classes}>
      {body}
    </button>
  );
}
