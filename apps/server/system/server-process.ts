// The real server as a child process, for the system suites: started exactly as `npm start` starts it (tsx on
// src/main.ts), on a data folder or a PostgreSQL database of the test's own, and stopped gracefully or with
// SIGKILL. Also: a fresh PostgreSQL database, and the demo athlete's sign-in.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateVapidKeys } from '../src/modules/notifications/push.ts';
import { createPostgresDatabase, PG_URL } from '../test/services.ts';

export { PG_URL, postgresAvailable, REDIS_URL, redisAvailable } from '../test/services.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(serverDir, '..', '..', 'node_modules', '.bin', 'tsx');

// Which services are required and whether they answer: ../test/services.ts (one rule for every suite).

/** The device token key of every server this suite starts on PostgreSQL (a test's `env` may set another). */
export const SUITE_DEVICE_TOKEN_KEY = randomBytes(32).toString('hex');
/** The VAPID pair of every server this suite starts on PostgreSQL: required there too (config.ts). */
export const SUITE_VAPID = generateVapidKeys();

export const DEMO = { email: 'demo@stamina.local', password: 'stamina-demo' };

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  port?: number;
  /** Extra environment, e.g. rate limits. */
  env?: Record<string, string>;
}

export interface ServerProcess {
  url: string;
  port: number;
  /** SIGKILL to the whole process group: no shutdown hook runs, as in a power cut or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop(): Promise<void>;
  /** Everything the process wrote, for a failure message. */
  output(): string;
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SIGNUP_RATE_LIMIT: '10000',
      // A shared database needs one device token key and VAPID pair for every process (config.ts): the suite's.
      ...(options.databaseUrl
        ? {
            DATABASE_URL: options.databaseUrl,
            DEVICE_TOKEN_KEY: SUITE_DEVICE_TOKEN_KEY,
            VAPID_PUBLIC_KEY: SUITE_VAPID.publicKey,
            VAPID_PRIVATE_KEY: SUITE_VAPID.privateKey,
          }
        : { DATABASE_URL: '' }),
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : { REDIS_URL: '' }),
      ...options.env,
    },
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${log}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`the server did not answer within 90 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    output: () => log,
    async kill() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    },
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      await exited;
    },
  };
}

/** A new, empty database on the PostgreSQL server, and how to drop it. */
export const freshPostgresDatabase = () => createPostgresDatabase(PG_URL, 'stamina_system');

/** Signs in over HTTP and returns the access token. */
export async function signIn(baseUrl: string, account = DEMO): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}
