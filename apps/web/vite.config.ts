/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});
