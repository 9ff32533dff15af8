// API throughput: GET /api/auth/me on the real server against a bare Fastify route, both with autocannon
// at 10 connections from this process (each server runs in a process of its own).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { budgeted, type Figure, info } from './report.ts';
import type { RunningServer, StaminaServer } from './servers.ts';

export const CONNECTIONS = 10;

export interface LoadResult {
  url: string;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export async function load(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
  /** A fresh path for every request (the default repeats the path of `url`). */
  nextPath?: () => string,
  connections = CONNECTIONS,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  return {
    url,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Waits for the mail to `email` in DATA_DIR/outbox.jsonl and returns its text. */
async function readOutbox(dataDir: string, email: string, timeoutMs = 15_000): Promise<string> {
  const file = join(dataDir, 'outbox.jsonl');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        const mail = JSON.parse(line) as { to?: string; text?: string };
        if (mail.to === email && mail.text) return mail.text;
      }
    }
    await sleep(100);
  }
  throw new Error(`no mail to ${email} in ${file} after ${timeoutMs} ms`);
}

/** Signs a fresh user up, confirms through the outbox link and returns an access token. */
export async function signUpAndConfirm(server: StaminaServer): Promise<string> {
  return (await signUpAndConfirmSession(server)).access_token;
}

/** The session a browser keeps after the confirmation link (what the web app stores as `stamina.session`). */
export interface BenchSession {
  access_token: string;
  [key: string]: unknown;
}

/** Signs a fresh user up, confirms through the outbox link and returns the whole session. */
export async function signUpAndConfirmSession(server: StaminaServer): Promise<BenchSession> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await postJson(`${server.baseUrl}/api/auth/signup`, {
    name: 'Bench Runner',
    email,
    password: 'Bench-run-Passw0rd!',
  });
  if (!signup.ok) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  await signup.arrayBuffer().catch(() => undefined);

  const text = await readOutbox(server.dataDir, email);
  const link = text.match(/https?:\/\/\S+\/api\/auth\/confirm\?token=[^\s"'<>)]+/)?.[0];
  if (!link) throw new Error('the confirmation mail holds no /api/auth/confirm link');
  // Follow the link's path on the address the bench knows the server by.
  const { pathname, search } = new URL(link);
  const confirm = await fetch(`${server.baseUrl}${pathname}${search}`, {
    headers: { accept: 'application/json' },
    redirect: 'manual',
  });
  if (!confirm.ok) throw new Error(`confirm answered ${confirm.status}: ${await confirm.text()}`);
  const session = (await confirm.json()) as { data?: BenchSession };
  const token = session.data?.access_token;
  if (!token) throw new Error('confirm answered without data.access_token');

  const me = await fetch(`${server.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`GET /api/auth/me answered ${me.status}: ${await me.text()}`);
  await me.arrayBuffer();
  return session.data!;
}

export interface ApiBenchResult {
  bare: LoadResult;
  me: LoadResult;
  ratio: number;
  figures: Figure[];
}

function problems(r: LoadResult): string | undefined {
  const parts = [
    r.non2xx ? `${r.non2xx} non-2xx` : '',
    r.errors ? `${r.errors} errors` : '',
    r.timeouts ? `${r.timeouts} timeouts` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

const ROUNDS = 3;

/** The run with the median requests/s. */
function median(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchApi(
  stamina: StaminaServer,
  bare: RunningServer,
  token: string,
  seconds: number,
): Promise<ApiBenchResult> {
  const warmup = Math.max(1, Math.min(3, Math.round(seconds / 3)));
  const meUrl = `${stamina.baseUrl}/api/auth/me`;
  const auth = { authorization: `Bearer ${token}` };

  await load(bare.baseUrl, warmup);
  await load(meUrl, warmup, auth);
  // Alternate the two routes over three rounds and keep the median of each: on a shared two-core machine a
  // single pair of runs can differ by a factor of two for reasons that have nothing to do with the code.
  const bareRuns: LoadResult[] = [];
  const meRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(await load(bare.baseUrl, seconds));
    meRuns.push(await load(meUrl, seconds, auth));
  }
  const bareResult = median(bareRuns);
  const meResult = median(meRuns);

  // A run with failed requests does not count: its requests/s would not be real answers.
  if (meResult.non2xx || meResult.errors) {
    throw new Error(`GET /api/auth/me under load: ${problems(meResult)}`);
  }
  if (bareResult.non2xx || bareResult.errors)
    throw new Error(`bare route under load: ${problems(bareResult)}`);

  const ratio =
    bareResult.requestsPerSecond > 0 ? meResult.requestsPerSecond / bareResult.requestsPerSecond : 0;
  const figures: Figure[] = [
    info({
      id: 'api.bare.rps',
      label: `bare Fastify GET / (${CONNECTIONS} conn, median of ${ROUNDS}×${seconds} s)`,
      value: bareResult.requestsPerSecond,
      unit: 'req/s',
      note: problems(bareResult),
    }),
    info({ id: 'api.bare.p99', label: 'bare Fastify GET / p99', value: bareResult.p99Ms, unit: 'ms' }),
    info({
      id: 'api.me.rps',
      label: `GET /api/auth/me (${stamina.database}, ${CONNECTIONS} conn, median of ${ROUNDS})`,
      value: meResult.requestsPerSecond,
      unit: 'req/s',
      note: problems(meResult),
    }),
    info({ id: 'api.me.p99', label: 'GET /api/auth/me p99', value: meResult.p99Ms, unit: 'ms' }),
    budgeted(
      {
        id: 'api.me.ratio',
        label: '/api/auth/me vs bare throughput',
        value: ratio * 100,
        unit: '%',
        digits: 1,
      },
      { min: 50, text: '>= 50 %' },
    ),
  ];
  return { bare: bareResult, me: meResult, ratio, figures };
}
