// Landing page JavaScript: the gzip bytes of every script the browser downloads for `/`, measured in
// Chromium against the running server, with a static cross-check from dist/landing.html and its imports.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { budgeted, type Figure, info } from './report.ts';

const LANDING_JS_BUDGET_BYTES = 90 * 1024;
const DASHBOARD_JS_BUDGET_BYTES = 250 * 1024;

export interface ScriptSize {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface LandingJsResult {
  /** Scripts fetched while `/` loads, until the network is idle. */
  atLoad: ScriptSize[];
  /** Everything fetched once the page has also been scrolled to the bottom (lazy chunks included). */
  afterScroll: ScriptSize[];
  /** From landing.html's script and modulepreload tags, following static imports. */
  staticGraph: ScriptSize[];
  /** Uncaught errors the page threw while loading: the figures of a broken page may be off. */
  pageErrors: string[];
}

const gzip = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const sum = (sizes: ScriptSize[], key: 'bytes' | 'gzipBytes') => sizes.reduce((n, s) => n + s[key], 0);

/** `npm run build --workspace apps/web`; throws with the tail of its output when it fails. */
export function buildWeb(root: string): void {
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`web build failed (exit ${result.status}):\n${tail}`);
  }
  if (!existsSync(join(root, 'apps/web/dist/landing.html'))) {
    throw new Error('web build produced no apps/web/dist/landing.html');
  }
}

function isScript(response: Response): boolean {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  return type === 'script' || /javascript|ecmascript/.test(contentType);
}

/**
 * Loads `path` (default `/`) in a fresh Chromium context and sums the JS responses, gzipped here at level 9.
 * `localStorage` is written for the origin before the page loads (a signed-in session, for app routes).
 */
export async function measureInBrowser(
  baseUrl: string,
  executablePath: string,
  options: { path?: string; localStorage?: Record<string, string> } = {},
): Promise<LandingJsResult> {
  const path = options.path ?? '/';
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    if (options.localStorage) {
      await context.addInitScript(
        `for (const [k, v] of Object.entries(${JSON.stringify(options.localStorage)})) localStorage.setItem(k, v);`,
      );
    }
    const page = await context.newPage();
    const seen = new Map<string, ScriptSize>();
    const pending: Promise<void>[] = [];
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('response', (response) => {
      if (!isScript(response) || response.status() >= 300) return;
      pending.push(
        response.body().then(
          (body) => {
            seen.set(response.url(), { url: response.url(), bytes: body.length, gzipBytes: gzip(body) });
          },
          () => undefined,
        ),
      );
    });

    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`GET ${path} answered ${response?.status() ?? 'nothing'}`);
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} redirected to ${page.url()}`);
    await Promise.all(pending);
    const atLoad = [...seen.values()];

    // Scroll through the page the way a visitor would, so chunks loaded on scroll or visibility count too.
    // (String expressions: they run in the page, and this workspace has no DOM types.)
    const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
    for (let y = 0; y <= height; y += 400) {
      await page.evaluate(`window.scrollTo(0, ${y})`);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await Promise.all(pending);
    const afterScroll = [...seen.values()];
    await context.close();
    return { atLoad, afterScroll, staticGraph: [], pageErrors };
  } finally {
    await browser.close();
  }
}

/** The static graph: script src and modulepreload href in landing.html, plus the chunks they import. */
export function measureStatic(distDir: string): ScriptSize[] {
  const html = readFileSync(join(distDir, 'landing.html'), 'utf8');
  const queue: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const src = tag.match(/\bsrc=["']([^"']+)["']/i)?.[1];
    const isPreload = /\brel=["']modulepreload["']/i.test(tag);
    const href = isPreload ? tag.match(/\bhref=["']([^"']+)["']/i)?.[1] : undefined;
    for (const url of [src, href]) {
      if (url?.startsWith('/') && !url.startsWith('//')) queue.push(url.split(/[?#]/)[0] ?? url);
    }
  }
  const sizes = new Map<string, ScriptSize>();
  while (queue.length) {
    const url = queue.shift()!;
    if (sizes.has(url)) continue;
    const file = join(distDir, url);
    if (!existsSync(file)) continue;
    const body = readFileSync(file);
    sizes.set(url, { url, bytes: body.length, gzipBytes: gzip(body) });
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); dynamic import() loads on demand.
    for (const match of body.toString('utf8').matchAll(/\b(?:from|import)\s*["']([^"']+\.js)["']/g)) {
      const spec = match[1]!;
      if (spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('/')) {
        queue.push(spec.startsWith('/') ? spec : posix.join(posix.dirname(url), spec));
      }
    }
  }
  return [...sizes.values()];
}

const kb = (bytes: number) => bytes / 1024;
const list = (sizes: ScriptSize[]) =>
  sizes
    .map((s) => `${new URL(s.url, 'http://x').pathname} ${kb(s.gzipBytes).toFixed(1)}`)
    .sort()
    .join(', ');

export function landingFigures(result: LandingJsResult): Figure[] {
  const budget = { max: kb(LANDING_JS_BUDGET_BYTES), text: '<= 90 KB' };
  const figures: Figure[] = [
    budgeted(
      {
        id: 'landing.js.load',
        label: `landing / JS at load (gzip, ${result.atLoad.length} files)`,
        value: kb(sum(result.atLoad, 'gzipBytes')),
        unit: 'KB',
        digits: 1,
        note: list(result.atLoad),
      },
      budget,
    ),
  ];
  const extra = result.afterScroll.filter((s) => !result.atLoad.some((l) => l.url === s.url));
  figures.push(
    budgeted(
      {
        id: 'landing.js.scrolled',
        label: `landing / JS after scrolling (gzip, ${result.afterScroll.length})`,
        value: kb(sum(result.afterScroll, 'gzipBytes')),
        unit: 'KB',
        digits: 1,
        note: extra.length ? `adds ${list(extra)}` : 'no lazy chunks',
      },
      budget,
    ),
  );
  if (result.staticGraph.length) {
    figures.push(
      info({
        id: 'landing.js.static',
        label: 'landing.html static import graph (gzip)',
        value: kb(sum(result.staticGraph, 'gzipBytes')),
        unit: 'KB',
        digits: 1,
        note: `${result.staticGraph.length} files, ${kb(sum(result.staticGraph, 'bytes')).toFixed(1)} KB raw`,
      }),
    );
  }
  if (result.pageErrors.length) {
    figures.push(
      info({
        id: 'landing.page-errors',
        label: 'landing / uncaught errors in the page',
        value: result.pageErrors.length,
        unit: '',
        note: [...new Set(result.pageErrors)].join(' | '),
      }),
    );
  }
  return figures;
}

/** The signed-in dashboard route: every chunk it loads, scrolled through, against its 250 KB budget. */
export function dashboardJsFigures(result: LandingJsResult): Figure[] {
  const figures: Figure[] = [
    budgeted(
      {
        id: 'dashboard.js',
        label: `/dashboard JS, all chunks (gzip, ${result.afterScroll.length} files)`,
        value: kb(sum(result.afterScroll, 'gzipBytes')),
        unit: 'KB',
        digits: 1,
        note: list(result.afterScroll),
      },
      { max: kb(DASHBOARD_JS_BUDGET_BYTES), text: '<= 250 KB' },
    ),
  ];
  if (result.pageErrors.length) {
    figures.push(
      info({
        id: 'dashboard.page-errors',
        label: '/dashboard uncaught errors in the page',
        value: result.pageErrors.length,
        unit: '',
        note: [...new Set(result.pageErrors)].join(' | '),
      }),
    );
  }
  return figures;
}
