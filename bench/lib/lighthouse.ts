// Lighthouse (its default config: mobile form factor, simulated throttling) in Debian's Chromium, which the
// bench launches itself with a DevTools port: on `/`, and on `/dashboard` signed in (the session is written to
// the origin's localStorage over CDP first, and Lighthouse told not to clear storage).
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { type Child, freePort, makeTempDir, startChild } from './proc.ts';
import { budgeted, type Figure } from './report.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MIN_SCORE = 95;
const SETTLE_MS = 3000;

interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  weight: number;
}

export interface LighthouseResult {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  failing: Record<string, FailingAudit[]>;
  runWarnings: string[];
  /** Performance scores of every run, when the median of several runs was taken. */
  performanceRuns: number[];
  /** The full report, kept in bench/results for the web developers. */
  lhr: unknown;
}

async function launchChromium(executablePath: string): Promise<{ child: Child; port: number }> {
  const port = await freePort();
  const profile = makeTempDir('chromium');
  const child = startChild(
    'chromium',
    executablePath,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
      '--no-first-run',
      '--no-default-browser-check',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { cwd: profile, env: process.env },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null) throw new Error(`chromium exited early:\n${child.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) {
        await res.arrayBuffer();
        return { child, port };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`chromium's DevTools port ${port} did not open:\n${child.output()}`);
}

interface AuditLike {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}

/** The audits that cost a category points: weighted ones below 0.9, and (for performance) the
 *  insights and diagnostics Lighthouse flags as failing. */
function failingAudits(
  category: { auditRefs: { id: string; weight: number }[] },
  audits: Record<string, AuditLike>,
): FailingAudit[] {
  const out: FailingAudit[] = [];
  for (const ref of category.auditRefs) {
    const audit = audits[ref.id];
    if (!audit || audit.score === null) continue;
    if (['informative', 'notApplicable', 'manual', 'error'].includes(audit.scoreDisplayMode)) continue;
    if (audit.score >= 0.9) continue;
    out.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      weight: ref.weight,
    });
  }
  return out.sort((a, b) => b.weight - a.weight || (a.score ?? 0) - (b.score ?? 0));
}

/** Runs Lighthouse `runs` times, each in a fresh Chromium, and keeps the run with the median performance
 *  score (performance varies from run to run; the other categories barely do). */
export async function runLighthouse(
  url: string,
  executablePath: string,
  runs = 1,
  options: { localStorage?: Record<string, string> } = {},
): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(url, executablePath, options.localStorage));
  const performance = (r: LighthouseResult) => r.scores.performance ?? -1;
  const sorted = [...results].sort((a, b) => performance(a) - performance(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, performanceRuns: results.map(performance) };
}

/** Writes `items` into the localStorage of `url`'s origin in the Chromium on `port`. */
async function seedLocalStorage(port: number, url: string, items: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // robots.txt is a plain file on the origin: no app code runs before the storage is written.
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate(
      `for (const [k, v] of Object.entries(${JSON.stringify(items)})) localStorage.setItem(k, v);`,
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

async function runOnce(
  url: string,
  executablePath: string,
  localStorage?: Record<string, string>,
): Promise<LighthouseResult> {
  const { child, port } = await launchChromium(executablePath);
  try {
    if (localStorage) await seedLocalStorage(port, url, localStorage);
    // A new profile's browser process keeps busy for a moment after launch (first-run set-up); on a two-core
    // machine that work lands inside the measured load. Let it finish first.
    await sleep(SETTLE_MS);
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: Boolean(localStorage),
    });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audits = lhr.audits as unknown as Record<string, AuditLike>;
    const scores = {} as LighthouseResult['scores'];
    const failing: Record<string, FailingAudit[]> = {};
    for (const id of CATEGORIES) {
      const category = lhr.categories[id];
      const score = category?.score ?? null;
      scores[id] = score === null ? null : Math.round(score * 100);
      if (category && (scores[id] ?? 0) < MIN_SCORE) failing[id] = failingAudits(category, audits);
    }
    return { scores, failing, runWarnings: lhr.runWarnings.map(String), performanceRuns: [], lhr };
  } finally {
    await child.stop(3000);
  }
}

const LABELS: Record<(typeof CATEGORIES)[number], string> = {
  performance: 'Lighthouse performance (mobile)',
  accessibility: 'Lighthouse accessibility',
  'best-practices': 'Lighthouse best practices',
  seo: 'Lighthouse SEO',
};

export function lighthouseFigures(
  result: LighthouseResult,
  page: { id: string; label: string; minScores?: Partial<Record<(typeof CATEGORIES)[number], number>> } = {
    id: 'lighthouse',
    label: '',
  },
): Figure[] {
  const runs = result.performanceRuns.length > 1 ? `median of ${result.performanceRuns.join(', ')}` : '';
  return CATEGORIES.map((id) => {
    const min = page.minScores?.[id] ?? MIN_SCORE;
    const notes = [
      id === 'performance' ? runs : '',
      result.failing[id]?.length ? `${result.failing[id].length} failing audits` : '',
    ].filter(Boolean);
    return budgeted(
      {
        id: `${page.id}.${id}`,
        label: page.label ? `${LABELS[id]} ${page.label}` : LABELS[id],
        value: result.scores[id],
        unit: '',
        ...(notes.length ? { note: notes.join('; ') } : {}),
      },
      { min, text: `>= ${min}` },
    );
  });
}

/** The audits to fix, one per line, under each category that missed its budget. */
export function printFailingAudits(result: LighthouseResult): void {
  for (const [category, audits] of Object.entries(result.failing)) {
    if (!audits.length) continue;
    console.log(`  ${category}: audits to fix`);
    for (const audit of audits) {
      const score = audit.score === null ? '' : `score ${Math.round(audit.score * 100)}`;
      const extra = [score, audit.displayValue, audit.weight ? `weight ${audit.weight}` : ''].filter(Boolean);
      console.log(`    - ${audit.title} (${extra.join(', ')})`);
    }
  }
}
