// The built web app: static files, the prerendered landing page, the SPA fallback and the API's 404.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './context.ts';

export async function serveWebApp(app: FastifyInstance, config: AppConfig) {
  const indexHtml = config.webDistDir ? join(config.webDistDir, 'index.html') : null;
  const serveWeb = indexHtml !== null && existsSync(indexHtml);
  if (serveWeb && config.webDistDir) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      decorateReply: true,
      wildcard: true,
      index: false,
      // The build writes .br and .gz next to each asset (apps/web/scripts/compress-dist.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed build assets never change; everything else is revalidated.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The landing page is prerendered into its own HTML file; every other page is the SPA's index.html.
  const landingHtml = config.webDistDir ? join(config.webDistDir, 'landing.html') : null;
  if (serveWeb && landingHtml && existsSync(landingHtml)) {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('landing.html'),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    if (serveWeb && !isApi && !looksLikeFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: `Route ${request.method} ${path} not found`, code: 'NOT_FOUND' });
  });
}
