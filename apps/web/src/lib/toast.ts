// The app's toasts. sonner (its store and the Toaster the root layout mounts) loads on first use instead of
// with the entry: a page shows no toast until the athlete does something, so it need not wait for sonner.
import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'info';

function show(kind: Kind) {
  return (message: string, options?: ExternalToast): void => {
    void import('sonner').then(({ toast: sonner }) => sonner[kind](message, options));
  };
}

export const toast = { success: show('success'), error: show('error'), info: show('info') };
