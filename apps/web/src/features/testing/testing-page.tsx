// /test, the testing dashboard (docs/testing-dashboard.md): token debug with a re-check every 30 s, health per
// API area, the athlete's own recent requests and their live stream.
import { useSyncExternalStore } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { onSessionChange, readSession } from '../../lib/session-store.ts';
import { HealthCard } from './components/health-card.tsx';
import { LiveStreamCard } from './components/live-stream-card.tsx';
import { RecentLogsCard } from './components/recent-logs-card.tsx';
import { TokenDebugCard } from './components/token-debug-card.tsx';

/** The stored access token, following refreshes and sign-out. */
function useAccessToken(): string | null {
  return useSyncExternalStore(
    (notify) => onSessionChange(() => notify()),
    () => readSession()?.access_token ?? null,
  );
}

export function TestPage() {
  const accessToken = useAccessToken();
  return (
    <div className="flex flex-col">
      <PageHeader
        title="Testing Dashboard"
        description="Your session's token, the server's health, and your own requests as the server saw them."
      />
      {/* The live stream before the list of up to 100 lines, so that a phone reaches it without scrolling past. */}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <TokenDebugCard accessToken={accessToken} />
        <HealthCard />
        <LiveStreamCard accessToken={accessToken} />
        <RecentLogsCard />
      </div>
    </div>
  );
}
