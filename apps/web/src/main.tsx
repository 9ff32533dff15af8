import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root, {
  // The error screen's copy button reports the component stack; React hands it over only here.
  onCaughtError(error, info) {
    if (error instanceof Error && info.componentStack) {
      Object.assign(error, { componentStack: info.componentStack });
    }
    console.error(error);
  },
}).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
