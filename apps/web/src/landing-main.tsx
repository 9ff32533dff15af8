// Entry of the landing page (/): prerendered to static HTML at build time and hydrated here.
// It carries no router, auth or query code, so the first visit stays small (budget: 90 KB gzip).
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './features/landing/landing-page.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = (
  <StrictMode>
    <LandingPage />
  </StrictMode>
);
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
