import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { reportReachable } from '../src/lib/pwa.ts';

// jsdom has no matchMedia; the theme code and the toaster ask it about colour scheme and motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy* waits for lazily loaded routes; on a 2-core machine busy with other test files the first render of
// a lazy page took over a second (the default wait), so a correct page failed. A longer wait costs nothing
// when the page is quick.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in a module-level store: the next test's toaster starts without this one's.
  toast.dismiss();
  localStorage.clear();
  // A test's network failure takes the app offline (lib/pwa.ts); the next test starts online.
  reportReachable(true);
});
