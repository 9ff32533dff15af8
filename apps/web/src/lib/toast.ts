// The app's toasts. sonner, and the Toaster that shows its toasts (components/ui/toaster.tsx), load on the first
// toast instead of with every page: most page loads never show one, so they need not fetch, evaluate and render
// sonner while they start. The first call asks the root layout to mount the Toaster, and each toast is handed to
// sonner once the Toaster is listening (sonner drops toasts sent before a Toaster subscribes).
import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'info';

let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** For useSyncExternalStore: whether any toast has been asked for, so the Toaster should be mounted. */
export const toasterWanted = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};

/** Called by the Toaster once it is mounted and listening. */
export function toasterMounted(): void {
  markReady();
}

function show(kind: Kind) {
  return (message: string, options?: ExternalToast): void => {
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
    // Offline before the service worker has kept sonner's chunk, the import fails: the toast is lost, not the page.
    void Promise.all([import('sonner'), ready])
      .then(([{ toast: sonner }]) => sonner[kind](message, options))
      .catch((err: unknown) => console.warn(`Toast not shown: ${message}`, err));
  };
}

export const toast = { success: show('success'), error: show('error'), info: show('info') };
