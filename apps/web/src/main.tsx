import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startBootQueries } from './app/boot-queries.ts';
import { createRouter } from './app/router.tsx';
import { startPwa } from './lib/pwa.ts';
import './styles.css';

// The page's reads go out first; React and the router start in a task of their own, so the browser gets the
// main thread back in between instead of running both in one long task.
startBootQueries(window.location.pathname);
// The install prompt can come before the first render; the worker is registered after the load (docs/offline.md).
startPwa({ register: import.meta.env.PROD });
setTimeout(mount, 0);

function mount(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  const reactRoot = createRoot(root, {
    // The error screen's copy button reports the component stack; React hands it over only here.
    onCaughtError(error, info) {
      if (error instanceof Error && info.componentStack) {
        Object.assign(error, { componentStack: info.componentStack });
      }
      console.error(error);
    },
  });
  // A transition render is cut into slices that yield to the browser, so the first render of a page full of
  // widgets never holds the main thread in one long task (the static placeholder stays up until it is done).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <RouterProvider router={createRouter()} />
      </StrictMode>,
    );
  });
}
