// Renders the landing page to static HTML inside dist/landing.html, so it paints before any JavaScript runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { LandingPage } from '../src/features/landing/landing-page.tsx';

const file = new URL('../dist/landing.html', import.meta.url);
const html = readFileSync(file, 'utf8');
const marker = '<div id="root"></div>';
if (!html.includes(marker)) throw new Error('dist/landing.html has no empty #root to fill');
writeFileSync(file, html.replace(marker, `<div id="root">${renderToString(<LandingPage />)}</div>`));
console.log('prerendered dist/landing.html');
