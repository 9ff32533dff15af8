/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The service worker at /sw.js (docs/offline.md): our own worker (src/sw/sw.ts) with Workbox's precache list
    // injected. The manifest is public/manifest.webmanifest and registration is ours (lib/pwa.ts); no worker in
    // dev mode, so `npm run dev` always serves fresh modules.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      devOptions: { enabled: false },
      injectManifest: {
        // The shell: the two pages, every built script and style, the icons and fonts. Not the .br/.gz copies.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        globIgnores: ['**/*.br', '**/*.gz', 'sw.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // A classic script (IIFE): the ES format's build asks Rolldown for the deprecated inlineDynamicImports.
        rollupFormat: 'iife',
      },
    }),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Two pages: the signed-in app (index.html) and the prerendered landing page (landing.html, served at /).
    rollupOptions: { input: { main: 'index.html', landing: 'landing.html' } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // A page with several charts takes seconds to render in jsdom when every core is busy with other test
    // files; 5 s (the default) failed such pages on a loaded 2-core machine without any fault in them.
    testTimeout: 15_000,
    // vmThreads: each file still gets its own context (its own jsdom, module graph and mocks), but in a worker
    // thread kept for the run, where the default (forks) started a process per file and loaded jsdom, React and
    // the charts in it again. The whole project: 538 s of CPU before, 184 s after (docs/performance.md, "CI time").
    pool: 'vmThreads',
  },
});
