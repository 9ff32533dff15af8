// Starts the real Stamina server and the bare Fastify baseline, each in its own process.
import { createECDH, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type Child, freePort, makeTempDir, startChild, waitForHttp } from './proc.ts';

export interface RunningServer {
  child: Child;
  baseUrl: string;
}

export interface StaminaServer extends RunningServer {
  dataDir: string;
  database: 'pglite' | 'postgres';
}

const BENCH_DEVICE_TOKEN_KEY = randomBytes(32).toString('hex');

/** A VAPID pair (P-256: the public point 65 bytes, the private key 32), required with a shared database. */
function vapidPair(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  ecdh.getPrivateKey().copy(privateKey, 32 - ecdh.getPrivateKey().length);
  return {
    VAPID_PUBLIC_KEY: publicKey.toString('base64url'),
    VAPID_PRIVATE_KEY: privateKey.toString('base64url'),
  };
}
const BENCH_VAPID = vapidPair();

/** The environment without anything that would point the server at outside services. */
function isolatedEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'JWT_SECRET',
    'CORS_ORIGINS',
    'TRUST_PROXY',
    'SEED_DEMO',
    'SIGNUP_RATE_LIMIT',
    'LOGIN_RATE_LIMIT',
    'NODE_OPTIONS',
  ]) {
    delete env[key];
  }
  return { ...env, ...extra };
}

/** BENCH_SERVER_NODE_ARGS: extra Node flags for the Stamina server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
function serverNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** `node --import tsx apps/server/src/main.ts` with a temp DATA_DIR (outbox mail) and PGlite, or the
 *  PostgreSQL database in BENCH_DATABASE_URL when that is set (the bench then adds a user to it). */
export async function startStamina(
  root: string,
  /** A database other than BENCH_DATABASE_URL (null: PGlite), extra environment (e.g. READ_CACHE_TTL_MS), and
   *  extra Node flags before BENCH_SERVER_NODE_ARGS' (e.g. a module to preload). */
  options: { databaseUrl?: string | null; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<StaminaServer> {
  const port = await freePort();
  const databaseUrl =
    options.databaseUrl === undefined ? process.env.BENCH_DATABASE_URL : (options.databaseUrl ?? undefined);
  const dataDir = makeTempDir('data');
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startChild(
    'stamina server',
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...serverNodeArgs(),
      '--import',
      'tsx',
      join(root, 'apps/server/src/main.ts'),
    ],
    {
      cwd: root,
      env: isolatedEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        // A shared database needs DEVICE_TOKEN_KEY and a VAPID pair (apps/server/src/config.ts): the bench's own.
        ...(databaseUrl
          ? { DATABASE_URL: databaseUrl, DEVICE_TOKEN_KEY: BENCH_DEVICE_TOKEN_KEY, ...BENCH_VAPID }
          : {}),
        ...options.env,
      }),
    },
  );
  // A fresh PGlite migrates and seeds first: over a minute on a busy 2-core machine.
  await waitForHttp(`${baseUrl}/api/v1/health`, child, 180_000);
  return { child, baseUrl, dataDir, database: databaseUrl ? 'postgres' : 'pglite' };
}

/** bench/bare-server.ts: the same fastify, one route, logging off. */
export async function startBare(root: string, benchDir: string): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startChild(
    'bare fastify',
    process.execPath,
    ['--import', 'tsx', join(benchDir, 'bare-server.ts')],
    { cwd: root, env: isolatedEnv({ PORT: String(port) }) },
  );
  await waitForHttp(`${baseUrl}/`, child, 30_000);
  return { child, baseUrl };
}
