// `npm run bench`: importing a 4-hour ride beside a bare FIT decode, the workout parser and the core fitness
// series, API throughput, the calendar call, the training-load reads and the dashboard summary against a bare
// Fastify baseline, the landing page's and the signed-in dashboard's JavaScript, and Lighthouse on `/` and
// `/dashboard`. One line per figure with its budget;
// results in bench/results/latest.json.
// A missed budget still exits 0 (the bench reports, it is not a test); a measurement that could not be
// taken exits 1.
//
// Environment: BENCH_DURATION (seconds of load per route, default 10), BENCH_LIGHTHOUSE_RUNS (default 3,
// the median is kept), BENCH_SKIP_BUILD=1 (measure the existing apps/web/dist), BENCH_DATABASE_URL (run the
// server on that PostgreSQL database instead of a temp PGlite; a bench user is added to it), CHROMIUM_PATH
// (default /usr/bin/chromium), BENCH_PG_URL (the PostgreSQL server for the cache-miss and imports figures; default
// postgres://postgres@127.0.0.1:5432/postgres, skipped when it does not answer), BENCH_SERVER_NODE_ARGS (extra
// Node flags for the Stamina servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile what they run).
//
// `npm run bench -- cache-miss` runs only the named sections (no web build, no Lighthouse). Sections that can
// run alone: goal-parser, cache-miss, activity-import, imports (health p99 while a 4 h FIT and a 500-file zip
// import, on PGlite and on PostgreSQL), strava-archive (a 10-year, 3,000-activity Strava archive: rate, RSS, the server's event-loop delay), parser, plan-generator, workout-bank, coach, adaptation
// (BENCH_ADAPTATION_ATHLETES), scale (the seeded scale database against a 1-athlete one: BENCH_SCALE_DATABASE_URL,
// BENCH_SCALE_SAMPLES; docs/scale.md), scale-adaptation (only the scale bench's daily adaptation, on a copy of the
// seeded database, so it can be run again), ci (the last `.ci/run`'s time per step, from .tmp/ci/last-run.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchActivityImport } from './lib/activity-import.ts';
import { benchAdaptation } from './lib/adaptation.ts';
import { type BenchSession, benchApi, signUpAndConfirm, signUpAndConfirmSession } from './lib/api.ts';
import { benchCacheMisses, freshBenchDatabase } from './lib/cache-miss.ts';
import { benchCalendar } from './lib/calendar.ts';
import { ciTimeFigures } from './lib/ci-time.ts';
import { benchCoach, COACH_BENCH_ENV } from './lib/coach.ts';
import { coachCorpusFigures } from './lib/coach-corpus.ts';
import { benchDashboard } from './lib/dashboard.ts';
import { goalParserFigures } from './lib/goal-parser.ts';
import { benchImports } from './lib/imports.ts';
import {
  buildWeb,
  dashboardJsFigures,
  type LandingJsResult,
  landingFigures,
  measureInBrowser,
  measureStatic,
} from './lib/landing-js.ts';
import {
  type LighthouseResult,
  lighthouseFigures,
  printFailingAudits,
  runLighthouse,
} from './lib/lighthouse.ts';
import { measureParser, type ParserBench, parserFigures } from './lib/parser.ts';
import { heldOutParserFigures } from './lib/parser-held-out.ts';
import { measurePlanGenerator, type PlanGeneratorBench, planGeneratorFigures } from './lib/plan-generator.ts';
import { cleanupAll, installExitHandlers, makeTempDir } from './lib/proc.ts';
import { errorFigure, type Figure, printFigure } from './lib/report.ts';
import { benchScale, benchScaleAdaptation } from './lib/scale.ts';
import { type RunningServer, type StaminaServer, startBare, startStamina } from './lib/servers.ts';
import { benchStravaArchive } from './lib/strava-archive.ts';
import { benchTrainingLoad, measurePmc, type PmcBench, pmcFigures } from './lib/training-load.ts';
import { benchWorkoutBank } from './lib/workout-bank.ts';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(benchDir);
const distDir = join(root, 'apps/web/dist');
const resultsDir = join(benchDir, 'results');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** A whole number >= 1 from the environment, or the default. */
function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name} must be a number >= 1 (got "${raw}")`);
  return Math.round(value);
}

const figures: Figure[] = [];
function record(...items: Figure[]): void {
  for (const figure of items) {
    figures.push(figure);
    printFigure(figure);
  }
}

function section(title: string): void {
  console.log(`\n${title}`);
}

async function main(): Promise<number> {
  installExitHandlers();
  const seconds = positiveInt('BENCH_DURATION', 10);
  const lighthouseRuns = positiveInt('BENCH_LIGHTHOUSE_RUNS', 3);
  const started = Date.now();
  const cpu = cpus();
  console.log(
    `Stamina bench: Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, load ${seconds} s per route`,
  );

  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !STANDALONE.includes(name));
  if (unknown.length)
    throw new Error(`unknown section ${unknown.join(', ')}: one of ${STANDALONE.join(', ')}`);
  if (only.length) {
    const details: { planGenerator?: PlanGeneratorBench } = {};
    if (only.includes('plan-generator')) details.planGenerator = planGeneratorSection();
    if (only.includes('activity-import')) await activityImportSection();
    if (only.includes('imports')) await importsSection();
    if (only.includes('strava-archive')) await stravaArchiveSection();
    if (only.includes('adaptation')) {
      section('Daily plan adaptation (in process, PGlite)');
      try {
        record(...(await benchAdaptation()));
      } catch (err) {
        record(errorFigure('adaptation.daily', 'daily adaptation job', err));
      }
      // The same on PostgreSQL (BENCH_PG_URL), when it answers.
      const pg = await freshBenchDatabase();
      if (pg) {
        section('Daily plan adaptation (in process, PostgreSQL)');
        try {
          record(...(await benchAdaptation(undefined, pg.url)));
        } catch (err) {
          record(errorFigure('adaptation.daily.postgres', 'daily adaptation job, PostgreSQL', err));
        } finally {
          await pg.drop().catch(() => {});
        }
      }
    }
    if (only.includes('goal-parser')) goalParserSection();
    if (only.includes('parser')) {
      section('Workout parser');
      record(...parserFigures(measureParser()), ...heldOutParserFigures());
    }
    if (only.includes('workout-bank')) {
      const [stamina, bare] = await Promise.all([startStamina(root), startBare(root, benchDir)]);
      await workoutBankSection(stamina, bare, seconds);
      await Promise.all([stamina.child.stop(), bare.child.stop()]);
    }
    if (only.includes('coach')) {
      section('Coach language (held-out corpus)');
      record(...coachCorpusFigures());
      section('Coach answer without a model');
      const stamina = await startStamina(root, { env: COACH_BENCH_ENV });
      try {
        record(...(await benchCoach(stamina, await signUpAndConfirm(stamina), seconds)));
      } catch (err) {
        record(errorFigure('coach', 'coach answer', err));
      }
      await stamina.child.stop();
    }
    if (only.includes('cache-miss')) {
      const bare = await startBare(root, benchDir);
      await cacheMissSection(bare, seconds);
      await bare.child.stop();
    }
    if (only.includes('scale')) {
      section('Scale: the seeded database beside a 1-athlete one (docs/scale.md)');
      try {
        record(...(await benchScale(root, positiveInt('BENCH_SCALE_SAMPLES', 200))));
      } catch (err) {
        record(errorFigure('scale', 'scale bench', err));
      }
    }
    if (only.includes('scale-adaptation')) {
      section('Scale: the daily adaptation over the seeded database (a copy of it; docs/scale.md)');
      try {
        record(...(await benchScaleAdaptation()));
      } catch (err) {
        record(errorFigure('scale.adaptation', 'daily adaptation on the seeded database', err));
      }
    }
    if (only.includes('ci')) ciSection();
    return finish(started, details);
  }

  ciSection();

  const details: {
    api?: Awaited<ReturnType<typeof benchApi>>;
    landingJs?: LandingJsResult;
    lighthouse?: Record<string, Omit<LighthouseResult, 'lhr'>>;
    parser?: ParserBench;
    planGenerator?: PlanGeneratorBench;
    pmc?: PmcBench;
  } = {};

  // The web app first, so the server below serves the current build.
  let webBuilt = true;
  if (process.env.BENCH_SKIP_BUILD === '1') {
    console.log('Skipping the web build (BENCH_SKIP_BUILD=1)');
  } else {
    console.log('Building the web app…');
    try {
      buildWeb(root);
    } catch (err) {
      webBuilt = false;
      console.error(err instanceof Error ? err.message : err);
    }
  }

  // Before the main servers start: the bare decode runs in this process and wants an otherwise idle machine.
  await activityImportSection();
  await importsSection();

  // In-process and single-threaded: measured before the servers start, on an otherwise idle machine.
  section('Workout parser');
  try {
    details.parser = measureParser();
    record(...parserFigures(details.parser), ...heldOutParserFigures());
  } catch (err) {
    record(errorFigure('parser', 'workout parser', err));
  }

  details.planGenerator = planGeneratorSection();
  goalParserSection();

  section('Fitness, fatigue and form (core)');
  try {
    details.pmc = measurePmc();
    record(...pmcFigures(details.pmc));
  } catch (err) {
    record(errorFigure('pmc', 'core CTL/ATL/TSB', err));
  }

  console.log('Starting the Stamina server and the bare Fastify baseline…');
  let stamina: StaminaServer;
  let bare: RunningServer;
  try {
    [stamina, bare] = await Promise.all([
      startStamina(root, { env: COACH_BENCH_ENV }),
      startBare(root, benchDir),
    ]);
  } catch (err) {
    record(errorFigure('servers', 'start servers', err));
    console.error(err);
    return finish(started, details);
  }

  section('API throughput');
  try {
    const token = await signUpAndConfirm(stamina);
    const api = await benchApi(stamina, bare, token, seconds);
    details.api = api;
    record(...api.figures);
  } catch (err) {
    record(errorFigure('api', 'API throughput', err));
  }

  section('Calendar call');
  try {
    const token = await signUpAndConfirm(stamina);
    record(...(await benchCalendar(stamina, bare, token, seconds)));
  } catch (err) {
    record(errorFigure('calendar', 'calendar call', err));
  }

  // One athlete with five years of history serves the training-load, dashboard and signed-in page figures.
  let history: BenchSession | undefined;
  section('Training load reads');
  try {
    history = await signUpAndConfirmSession(stamina);
    record(...(await benchTrainingLoad(stamina, bare, history.access_token, seconds)));
  } catch (err) {
    record(errorFigure('training', 'training load reads', err));
  }

  section('Dashboard summary');
  try {
    if (!history) throw new Error('no athlete with history (the training load section failed)');
    record(...(await benchDashboard(stamina, bare, history.access_token, seconds)));
  } catch (err) {
    record(errorFigure('dashboard', 'dashboard summary', err));
  }
  await workoutBankSection(stamina, bare, seconds);
  section('Coach language (held-out corpus)');
  record(...coachCorpusFigures());
  section('Coach answer without a model');
  try {
    record(...(await benchCoach(stamina, await signUpAndConfirm(stamina), seconds)));
  } catch (err) {
    record(errorFigure('coach', 'coach answer', err));
  }

  // The main server stays up (idle) for the page figures below; the miss path runs on servers of its own.
  await cacheMissSection(bare, seconds);
  await bare.child.stop();

  section('Landing page JavaScript');
  if (!webBuilt) {
    record(errorFigure('landing.build', 'web build', new Error('npm run build --workspace apps/web failed')));
  }
  try {
    const landing = await measureInBrowser(stamina.baseUrl, chromiumPath);
    landing.staticGraph = measureStatic(distDir);
    details.landingJs = landing;
    record(...landingFigures(landing));
  } catch (err) {
    record(errorFigure('landing.js', 'landing / JS (gzip)', err));
  }

  section('Dashboard JavaScript (signed in)');
  try {
    if (!history) throw new Error('no signed-in athlete (the training load section failed)');
    const dashboard = await measureInBrowser(stamina.baseUrl, chromiumPath, {
      path: '/dashboard',
      localStorage: { 'stamina.session': JSON.stringify(history) },
    });
    record(...dashboardJsFigures(dashboard));
  } catch (err) {
    record(errorFigure('dashboard.js', '/dashboard JS (gzip)', err));
  }

  const runsText = lighthouseRuns === 1 ? '1 run' : `median of ${lighthouseRuns} runs`;
  const pages = [
    { id: 'lighthouse', path: '/', label: '', title: `Lighthouse on / (mobile, ${runsText})` },
    {
      id: 'lighthouse.dashboard',
      path: '/dashboard',
      label: '/dashboard',
      title: `Lighthouse on /dashboard, signed in (mobile, ${runsText})`,
      // The budget for the signed-in dashboard: 90 for performance, 95 for the rest.
      minScores: { performance: 90 },
      signedIn: true,
    },
  ];
  for (const page of pages) {
    section(page.title);
    try {
      if (page.signedIn && !history)
        throw new Error('no signed-in athlete (the training load section failed)');
      const result = await runLighthouse(
        `${stamina.baseUrl}${page.path}`,
        chromiumPath,
        lighthouseRuns,
        page.signedIn ? { localStorage: { 'stamina.session': JSON.stringify(history) } } : {},
      );
      const { lhr, ...rest } = result;
      details.lighthouse = { ...details.lighthouse, [page.path]: rest };
      mkdirSync(resultsDir, { recursive: true });
      const file = page.signedIn ? 'lighthouse-dashboard-latest.json' : 'lighthouse-latest.json';
      writeFileSync(join(resultsDir, file), `${JSON.stringify(lhr, null, 2)}\n`);
      record(
        ...lighthouseFigures(result, {
          id: page.id,
          label: page.label,
          ...(page.minScores ? { minScores: page.minScores } : {}),
        }),
      );
      printFailingAudits(result);
      if (result.runWarnings.length) console.log(`  Lighthouse warnings: ${result.runWarnings.join(' | ')}`);
    } catch (err) {
      record(errorFigure(page.id, `Lighthouse ${page.path}`, err));
    }
  }

  return finish(started, details);
}

async function workoutBankSection(stamina: StaminaServer, bare: RunningServer, seconds: number) {
  section('Workout Bank search (10,000 generated templates)');
  try {
    const token = await signUpAndConfirm(stamina);
    record(...(await benchWorkoutBank(stamina, bare, token, seconds)));
  } catch (err) {
    record(errorFigure('bank', 'Workout Bank search', err));
  }
}

/** The goal parser's accuracy per field on the held-out goal corpus. */
function goalParserSection(): void {
  section('Goal parser (held-out corpus)');
  try {
    record(...goalParserFigures());
  } catch (err) {
    record(errorFigure('goal-parser', 'goal parser', err));
  }
}

/** The last CI run's time, read from what .ci/run wrote (nothing is run). */
function ciSection(): void {
  section('CI time (the last bash .ci/run in this checkout)');
  try {
    record(...ciTimeFigures(root));
  } catch (err) {
    record(errorFigure('ci.total', 'CI time', err));
  }
}

const STANDALONE = [
  'ci',
  'goal-parser',
  'cache-miss',
  'activity-import',
  'imports',
  'strava-archive',
  'parser',
  'plan-generator',
  'workout-bank',
  'coach',
  'adaptation',
  'scale',
  'scale-adaptation',
];

/** A 4-hour ride imported through the API beside a bare fitsdk decode, on a server of its own (PGlite). */
async function activityImportSection(): Promise<void> {
  section('Activity import: a 4-hour 1 Hz ride, upload to imported, beside a bare @garmin/fitsdk decode');
  let server: StaminaServer | undefined;
  try {
    // At info level the server logs each import job's stage timings, which the section reports.
    server = await startStamina(root, { databaseUrl: null, env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' } });
    record(...(await benchActivityImport(server)));
  } catch (err) {
    record(errorFigure('activity.import', 'activity import', err));
  } finally {
    await server?.child.stop();
  }
}

/** The health check's p99 while a 4-hour ride and a 500-file zip import, on a server of its own: PGlite, then PostgreSQL. */
async function importsSection(): Promise<void> {
  section('Health while importing: a 4-hour ride and a 500-file zip, PGlite (budget: health p99 <= 50 ms)');
  await importsOn(null, 'imports');
  // The same on PostgreSQL (BENCH_PG_URL), when it answers.
  const pg = await freshBenchDatabase();
  if (!pg) return;
  section(
    'Health while importing: a 4-hour ride and a 500-file zip, PostgreSQL (budget: health p99 <= 50 ms)',
  );
  try {
    await importsOn(pg.url, 'imports.postgres');
  } finally {
    await pg.drop().catch(() => {});
  }
}

/**
 * A 10-year, 3,000-activity Strava archive imported on a server of its own, on PGlite and then on a fresh
 * PostgreSQL database (skipped when BENCH_PG_URL does not answer): rate, memory and the event loop's delay. BENCH_ARCHIVE_DATABASES
 * (`pglite`, `postgres`, default both) picks one.
 */
async function stravaArchiveSection(): Promise<void> {
  section(
    'Strava archive: 3,000 activities over 10 years, upload to all settled (budgets: >= 20 activities/s; event loop max <= 200 ms, p99 <= 100 ms)',
  );
  const wanted = (process.env.BENCH_ARCHIVE_DATABASES ?? 'pglite,postgres').split(',');
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!wanted.includes(kind)) continue;
    const pg = kind === 'postgres' ? await freshBenchDatabase('archive') : null;
    if (kind === 'postgres' && !pg) {
      console.log('  PostgreSQL (BENCH_PG_URL) does not answer: the archive on PostgreSQL is skipped');
      continue;
    }
    let server: StaminaServer | undefined;
    const prefix = kind === 'pglite' ? 'strava-archive' : 'strava-archive.postgres';
    try {
      // At info level the server logs the archive job's stage timings, which the section reports.
      // The server measures its own event-loop delay (bench/lib/loop-delay.mjs), in a window the section opens
      // at the upload and closes when the archive is settled.
      const loopDelayFile = join(makeTempDir('loop-delay'), 'loop-delay.json');
      server = await startStamina(root, {
        databaseUrl: pg?.url ?? null,
        env: { SEED_DEMO: 'false', LOG_LEVEL: 'info', BENCH_LOOP_DELAY_FILE: loopDelayFile },
        nodeArgs: ['--import', pathToFileURL(join(benchDir, 'lib/loop-delay.mjs')).href],
      });
      console.log(`  on ${kind}:`);
      record(...(await benchStravaArchive(server, prefix, loopDelayFile)));
    } catch (err) {
      record(errorFigure(prefix, `Strava archive import (${kind})`, err));
    } finally {
      await server?.child.stop();
      await pg?.drop().catch(() => {});
    }
  }
}

/** The imports bench on one database (null: a temp PGlite), its figures' ids starting with `prefix`. */
async function importsOn(databaseUrl: string | null, prefix: string): Promise<void> {
  let server: StaminaServer | undefined;
  try {
    server = await startStamina(root, { databaseUrl, env: { SEED_DEMO: 'false' } });
    record(...(await benchImports(server, prefix)));
  } catch (err) {
    record(errorFigure(prefix, 'health while importing', err));
  } finally {
    await server?.child.stop();
  }
}

/** The onboarding plan generator, in process (docs/plan-generator.md). */
function planGeneratorSection(): PlanGeneratorBench | undefined {
  section('Plan generator (core)');
  try {
    const result = measurePlanGenerator();
    record(...planGeneratorFigures(result));
    return result;
  } catch (err) {
    record(errorFigure('plan-generator', 'plan generator', err));
    return undefined;
  }
}

/** The miss path of the cached reads, with the cache off: on PGlite, then on PostgreSQL when it answers. */
async function cacheMissSection(bare: RunningServer, seconds: number): Promise<void> {
  section('Cache misses (read cache off): calendar and dashboard summary, PGlite');
  try {
    record(...(await benchCacheMisses(root, bare, seconds, 'pglite', null)));
  } catch (err) {
    record(errorFigure('miss.pglite', 'cache misses on PGlite', err));
  }
  const database = await freshBenchDatabase();
  if (!database) {
    section('Cache misses on PostgreSQL: skipped (no PostgreSQL answers at BENCH_PG_URL)');
    return;
  }
  section('Cache misses (read cache off): calendar and dashboard summary, PostgreSQL');
  try {
    record(...(await benchCacheMisses(root, bare, seconds, 'postgres', database.url)));
  } catch (err) {
    record(errorFigure('miss.postgres', 'cache misses on PostgreSQL', err));
  } finally {
    await database.drop();
  }
}

function finish(started: number, details: object): number {
  const count = (status: Figure['status']) => figures.filter((f) => f.status === status).length;
  const passed = count('pass');
  const failed = figures.filter((f) => f.status === 'fail');
  const errors = figures.filter((f) => f.status === 'error');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, 'latest.json');
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model.trim(),
        durationSeconds: positiveInt('BENCH_DURATION', 10),
        lighthouseRuns: positiveInt('BENCH_LIGHTHOUSE_RUNS', 3),
        figures,
        details,
      },
      null,
      2,
    )}\n`,
  );
  for (const error of errors) console.error(`\nERROR ${error.label}: ${error.note ?? ''}`);
  const elapsed = Math.round((Date.now() - started) / 1000);
  const failedText = failed.length ? ` (${failed.map((f) => f.id).join(', ')})` : '';
  const errorText = errors.length ? `, ${errors.length} could not be measured` : '';
  console.log(
    `\nSummary: ${passed}/${passed + failed.length} budgets met, ${failed.length} missed${failedText}${errorText}; ${elapsed} s; ${file}`,
  );
  // BENCH_FAIL_ON_BUDGET=1 (CI's scale step): a missed budget fails the run too.
  return errors.length || (process.env.BENCH_FAIL_ON_BUDGET === '1' && failed.length) ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanupAll();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error('bench failed:', err);
    await cleanupAll();
    process.exit(1);
  });
