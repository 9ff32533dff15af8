// The signed-in app's reads start before its first render: when the browser opens /dashboard with a stored
// session, the dashboard's reads (and the bell's) go out while the JavaScript is still being evaluated and
// the session is being checked, instead of after. The shell adopts the client that holds them, but only for
// the user it was made for; any other user gets a fresh client, so no data crosses accounts.
import type { QueryClient } from '@tanstack/react-query';
import { prefetchDashboard } from '../api/dashboard/prefetch.ts';
import { notificationsQuery } from '../api/notifications/notifications.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { readSession } from '../lib/session-store.ts';

let boot: { client: QueryClient; userId: string } | null = null;

/** Starts the reads of the page at `pathname`, when it is one worth starting early and a session is stored. */
export function startBootQueries(pathname: string): void {
  const userId = readSession()?.user?.id;
  if (!userId || pathname !== '/dashboard') return;
  const client = createQueryClient();
  prefetchDashboard(client);
  void client.prefetchQuery(notificationsQuery());
  boot = { client, userId };
}

/** The client the boot reads went into, once, if it was made for `userId`; otherwise a new one. */
export function takeQueryClient(userId: string | undefined): QueryClient {
  const started = boot;
  boot = null;
  return started && started.userId === userId ? started.client : createQueryClient();
}
