// The signed-in page shell (docs/screens.md, "Page shell"): sticky header, navigation drawer, page content.
import * as Tooltip from '@radix-ui/react-tooltip';
import { displayName } from '@stamina/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ArrowLeft, Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { invalidateAfter } from '../api/invalidation.ts';
import { useOfflineSync } from '../api/offline/use-offline-sync.ts';
import { AppStatusBanner } from '../components/app-status-banner.tsx';
import { Avatar } from '../components/avatar.tsx';
import { OnboardingOffer } from '../components/onboarding/onboarding-offer.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { CelebrationsProvider } from '../features/celebrations/celebrations-provider.tsx';
import { RefreshMetricsButton } from '../features/dashboard/components/refresh-metrics-button.tsx';
import { NotificationsBell } from '../features/notifications/components/notifications-bell.tsx';
import { NavigationDrawer } from '../features/shell/navigation-drawer.tsx';
import { useAuth } from '../lib/auth-context.tsx';
import { cn } from '../lib/cn.ts';
import { onFirstWorkerControl } from '../lib/pwa.ts';
import { takeQueryClient } from './boot-queries.ts';

export function AppShell() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [queryClient] = useState(() => takeQueryClient(user?.id));
  const name = displayName(user);
  const onDashboard = pathname === '/dashboard';
  // The first worker to take the page keeps nothing read before it: the screen's reads go again, through it.
  useEffect(
    () => onFirstWorkerControl(() => void queryClient.refetchQueries({ type: 'active' })),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <CelebrationsProvider>
        <Tooltip.Provider delayDuration={300}>
          <div className="min-h-dvh bg-background pb-[env(safe-area-inset-bottom)]">
            <header className="sticky top-0 z-30 border-b border-border bg-background/90 pt-[env(safe-area-inset-top)] backdrop-blur">
              <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
                {onDashboard ? (
                  <>
                    <Avatar name={name} className="h-10 w-10" />
                    <p className="min-w-0 flex-1 truncate text-lg font-semibold">Hi {name}</p>
                    <NotificationsBell />
                    <RefreshMetricsButton />
                  </>
                ) : (
                  <>
                    <Tooltip.Root>
                      <Tooltip.Trigger asChild>
                        <Link
                          to="/dashboard"
                          aria-label="Back to Dashboard"
                          className={buttonClasses('ghost', 'icon')}
                        >
                          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
                        </Link>
                      </Tooltip.Trigger>
                      <Tooltip.Portal>
                        <Tooltip.Content
                          sideOffset={6}
                          className="rounded-md bg-foreground px-2 py-1 text-xs text-background shadow"
                        >
                          Back to Dashboard
                        </Tooltip.Content>
                      </Tooltip.Portal>
                    </Tooltip.Root>
                    <div className="flex-1" />
                  </>
                )}
                <button
                  type="button"
                  aria-label="Open menu"
                  aria-expanded={drawerOpen}
                  className={cn(buttonClasses('ghost', 'icon'))}
                  onClick={() => setDrawerOpen(true)}
                >
                  <Menu className="h-5 w-5" aria-hidden="true" />
                </button>
              </div>
            </header>
            <NavigationDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
            <OfflineSync userId={user?.id ?? null} queryClient={queryClient} />
            <OnboardingOffer />
            <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
              <Outlet />
            </main>
            <AppStatusBanner />
          </div>
        </Tooltip.Provider>
      </CelebrationsProvider>
    </QueryClientProvider>
  );
}

/** Replays the writes queued offline for the signed-in account (docs/offline.md, "Writes made offline"). */
function OfflineSync({ userId, queryClient }: { userId: string | null; queryClient: QueryClient }) {
  useOfflineSync(userId);
  useWorkoutBankOfflineSync(queryClient);
  return null;
}

/**
 * Starts the replay of Workout Bank favourites queued offline (docs/offline.md, "Workout Bank offline store"), a
 * few seconds after the shell mounts: the page's start never waits for it. The store is its own chunk, the one the
 * Workout Bank page imports statically, so a page that already loaded it is not sent it again. After each replay
 * the favourites and the templates' hearts are refreshed (the `templateFavorite` write).
 */
function useWorkoutBankOfflineSync(queryClient: QueryClient): void {
  useEffect(() => {
    let active = true;
    let undo: (() => void) | null = null;
    const timer = setTimeout(() => {
      void import('../api/workout-bank/offline-store.ts')
        .then((store) => {
          if (!active) return;
          const stopRefresh = store.onFavoritesReplayed((result) => {
            if (result.applied.length > 0 || result.dropped.length > 0)
              void invalidateAfter(queryClient, 'templateFavorite');
          });
          const stopSync = store.installWorkoutBankOfflineSync();
          undo = () => {
            stopSync();
            stopRefresh();
          };
        })
        .catch((err: unknown) => console.warn('Workout Bank offline store did not start', err));
    }, WORKOUT_BANK_SYNC_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
      undo?.();
    };
  }, [queryClient]);
}

/** After the write queue's first read (use-offline-sync.ts waits 3 s), so both never compete with the start. */
const WORKOUT_BANK_SYNC_DELAY_MS = 3_500;
