// Security headers, decided by helmet. Helmet's answer does not depend on the request, so it is taken once
// at start-up and every response gets the same header set in a single call: running the middleware per
// request cost a noticeable share of a small authenticated request.
//
// Two sets: pages (the web app, the API docs) get helmet's full set with the app's content security policy;
// JSON API responses get the set of OWASP's REST Security Cheat Sheet (nothing in them is ever rendered as a
// page): no-store, a CSP that forbids everything and framing, nosniff, X-Frame-Options and HSTS. Every header
// costs time on every response (Node validates each one), and the page-only ones do nothing for JSON: a
// referrer policy governs links a JSON body never follows, and cross-origin reads need the bearer token.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The content-security-policy source that lets pages load tiles of a map tile URL template: its scheme and host,
 * with a `{s}` subdomain placeholder widened to `*` ('https://{s}.tile.example.org/{z}/{x}/{y}.png' →
 * 'https://*.tile.example.org').
 */
export function tileImageSource(template: string): string | null {
  const origin = template.match(/^https?:\/\/[^/]+/)?.[0];
  return origin ? origin.replaceAll('{s}', '*') : null;
}

export function securityHeaders(options: { mapTileUrl?: string | null } = {}): {
  page: Record<string, string>;
  api: Record<string, string>;
} {
  const tiles = options.mapTileUrl ? tileImageSource(options.mapTileUrl) : null;
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  const api: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
  const hsts = headers['strict-transport-security'];
  if (hsts) api['strict-transport-security'] = hsts;
  return { page: headers, api };
}
