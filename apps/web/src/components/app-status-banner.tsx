// The installable-app and offline banner (docs/offline.md, "What the athlete sees"): offline or not, changes
// waiting to sync, changes a replay could not apply, a new version to apply, and the offer to install the app.
// Shows nothing when there is nothing to say. Fixed to the bottom of the screen, over the page: appearing after
// the first paint (the install offer comes when the browser decides), it must not push the page down.
import { CloudOff, Download, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useWriteQueue } from '../api/offline/use-offline-sync.ts';
import { writeQueue } from '../api/offline/write-queue.ts';
import { applyUpdate, promptInstall, usePwa } from '../lib/pwa.ts';
import { Button } from './ui/button.tsx';

export const BANNER_TEXTS = {
  offline: "You're offline. Showing saved data; changes are kept and sent when you're back online.",
  pending: (n: number) => (n === 1 ? '1 change waiting to sync' : `${n} changes waiting to sync`),
  notApplied: (n: number) =>
    n === 1 ? '1 change made offline was not applied' : `${n} changes made offline were not applied`,
  update: 'A new version of Stamina is available.',
  install: 'Install Stamina on this device for quick access and offline use.',
} as const;

const INSTALL_DISMISSED_KEY = 'stamina.install-dismissed';

function installDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

const ROW = 'mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 text-sm sm:px-6';

export function AppStatusBanner() {
  const { online, updateAvailable, installable, installed } = usePwa();
  const { pending, conflicts } = useWriteQueue();
  const [dismissed, setDismissed] = useState(installDismissed);
  const offerInstall = installable && !installed && !dismissed;

  if (online && pending.length === 0 && conflicts.length === 0 && !updateAvailable && !offerInstall)
    return null;

  return (
    <>
      {/* Room at the end of the page, so the banner never hides its last lines. */}
      <div aria-hidden="true" className="h-24" />
      <section
        aria-label="App status"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] shadow-lg backdrop-blur"
      >
        <div role="status" aria-live="polite">
          {!online || pending.length > 0 ? (
            <p className={ROW}>
              {!online ? (
                <span className="inline-flex items-center gap-2 font-medium">
                  <CloudOff className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {BANNER_TEXTS.offline}
                </span>
              ) : null}
              {pending.length > 0 ? (
                <span data-testid="pending-writes" className="font-medium">
                  {BANNER_TEXTS.pending(pending.length)}
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        {conflicts.length > 0 ? (
          <details className={ROW}>
            <summary className="inline-flex cursor-pointer items-center gap-2 font-medium text-destructive">
              <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
              {BANNER_TEXTS.notApplied(conflicts.length)}
            </summary>
            <ul className="w-full space-y-2 py-1">
              {conflicts.map((conflict) => (
                <li key={conflict.id} className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{conflict.write.label}</span>
                  <span className="text-muted-foreground">{conflict.reason}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void writeQueue.dismissConflict(conflict.id)}
                    aria-label={`Dismiss: ${conflict.write.label}`}
                  >
                    Dismiss
                  </Button>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {updateAvailable ? (
          <div className={ROW}>
            <RefreshCw className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{BANNER_TEXTS.update}</span>
            <Button size="sm" onClick={() => void applyUpdate()}>
              Update
            </Button>
          </div>
        ) : null}
        {offerInstall ? (
          <div className={ROW}>
            <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{BANNER_TEXTS.install}</span>
            <Button size="sm" onClick={() => void promptInstall()}>
              Install
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                try {
                  localStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
                } catch {
                  // Dismissed for this page only.
                }
                setDismissed(true);
              }}
            >
              Not now
            </Button>
          </div>
        ) : null}
      </section>
    </>
  );
}
