// Process entry: read env, open and migrate the database, listen, and shut down gracefully.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import {
  ConfigError,
  mapTileUrlOf,
  operatorFromEnv,
  parseEnv,
  seedDemoEnabled,
  sharedDatabaseProblems,
  tileAttribution,
  vapidSubject,
} from './config.ts';
import { openDatabase } from './db/client.ts';
import { diskFileStore } from './lib/file-store.ts';
import { humanLogStream, logFormat } from './lib/human-log.ts';
import { loggerOptions } from './lib/logger.ts';
import { outboxMailer, smtpMailer } from './lib/mailer.ts';
import { rateLimitsFromEnv } from './lib/rate-limits.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAthlete } from './modules/demo/index.ts';
import { parseTokenKey, providerConfigsFromEnv } from './modules/devices/index.ts';
import { generateVapidKeys, isVapidKey, type VapidKeys } from './modules/notifications/index.ts';
import { seedWorkoutBank } from './modules/workout-bank/index.ts';
import { VERSION } from './version.ts';

/** JWT_SECRET, or one generated on first start and kept in DATA_DIR so sessions survive restarts. */
function loadJwtSecret(envSecret: string | undefined, dataDir: string): string {
  if (envSecret) return envSecret;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * DEVICE_TOKEN_KEY, or 32 bytes generated on first start and kept in DATA_DIR, as the JWT secret is: only
 * with the embedded database, since processes sharing DATABASE_URL must share the key (config.ts).
 */
function loadDeviceTokenKey(envKey: string | undefined, dataDir: string): Buffer {
  const fromEnv = envKey ? parseTokenKey(envKey) : null;
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'device-token-key');
  if (existsSync(file)) {
    const kept = parseTokenKey(readFileSync(file, 'utf8'));
    if (kept) return kept;
  }
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  return key;
}

/**
 * The VAPID key pair of Web Push (docs/notifications.md, "VAPID keys"): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or
 * a pair generated on first start and kept in DATA_DIR, as the JWT secret is. Not with DATABASE_URL: processes
 * sharing a database must push with one pair (a browser's subscription is bound to the key it was made with),
 * so there the variables are required (config.ts `sharedDatabaseProblems` stops the start without them).
 */
function loadVapidKeys(env: ReturnType<typeof parseEnv>, dataDir: string): VapidKeys | null {
  const subject = vapidSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  if (env.DATABASE_URL) return null;
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
      if (
        typeof kept.publicKey === 'string' &&
        typeof kept.privateKey === 'string' &&
        isVapidKey(kept.publicKey, 'public') &&
        isVapidKey(kept.privateKey, 'private')
      ) {
        return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
      }
    } catch {
      // A damaged file is replaced below; browsers subscribed with the old pair subscribe again.
    }
  }
  const pair = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(pair)}\n`, { mode: 0o600 });
  return { ...pair, subject };
}

/** host:port/path of a connection URL, without its user or password. */
function hostOf(url: string | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}

async function main(): Promise<void> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
    const problems = sharedDatabaseProblems(env);
    if (problems.length > 0) throw new ConfigError(problems);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  );
  await database.migrate();

  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  const human = logFormat(env.LOG_FORMAT, process.stdout.isTTY === true) === 'pretty';
  const logger = loggerOptions({ level: env.LOG_LEVEL, ...(human ? { stream: humanLogStream() } : {}) });
  // The mailer logs through the app's logger, which exists only once the app is built.
  const mailerLog = { info: (obj: object, msg: string) => app.log.info(obj, msg) };
  const mailer = env.SMTP_URL
    ? smtpMailer(env.SMTP_URL, env.MAIL_FROM, mailerLog)
    : outboxMailer(join(dataDir, 'outbox.jsonl'), mailerLog);

  const vapid = loadVapidKeys(env, dataDir);
  const app = await buildApp({
    database,
    jwtSecret: loadJwtSecret(env.JWT_SECRET, dataDir),
    appUrl,
    mailer,
    version: VERSION,
    webDistDir: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    logger,
    ...(redis ? { redis } : {}),
    trustProxy: env.TRUST_PROXY,
    ...(env.CORS_ORIGINS ? { corsOrigins: env.CORS_ORIGINS } : {}),
    rateLimits: rateLimitsFromEnv(env),
    readCacheTtlMs: env.READ_CACHE_TTL_MS,
    mapTileUrl: mapTileUrlOf(env.MAP_TILE_URL),
    mapTileAttribution: tileAttribution(mapTileUrlOf(env.MAP_TILE_URL), env.MAP_TILE_ATTRIBUTION),
    operator: operatorFromEnv(env),
    stt: env.STT_URL ? { url: env.STT_URL, apiKey: env.STT_API_KEY ?? null, model: env.STT_MODEL } : null,
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? {
            baseUrl: env.LLM_BASE_URL,
            apiKey: env.LLM_API_KEY ?? null,
            model: env.LLM_MODEL,
            timeoutMs: env.LLM_TIMEOUT_MS,
          }
        : null,
    fileStore: diskFileStore(join(dataDir, 'files')),
    devices: { tokenKey: loadDeviceTokenKey(env.DEVICE_TOKEN_KEY, dataDir), ...providerConfigsFromEnv(env) },
    cpuPool: { warm: true },
    push: vapid ? { vapid } : null,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      mailer.close();
      redis?.disconnect();
      await database.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The Workout Bank's library (docs/workout-bank.md, "Seeding"): inserted when missing, rewritten when its
  // data files changed; safe when several processes start at once.
  const bank = await seedWorkoutBank(database.db);
  app.log.info(bank, 'workout bank library seeded');

  // Before listening, so the first request already finds the demo; after buildApp, to log through pino.
  if (seedDemoEnabled(env)) {
    const started = performance.now();
    const demo = await seedDemoAthlete(database.db);
    if (demo) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      app.log.info(
        {
          workouts: demo.workouts,
          activities: demo.activities,
          wellnessDays: demo.wellnessDays,
          seconds: Number(seconds),
        },
        `Demo account created in ${seconds} s: sign in as ${demo.email} with password ${demo.password}`,
      );
    } else {
      app.log.info(
        `Demo account: sign in as ${DEMO_EMAIL} (password ${DEMO_PASSWORD} unless it was changed)`,
      );
    }
  }

  await app.listen({ port: env.PORT, host: env.HOST });
  const mail = env.SMTP_URL ? 'smtp' : 'outbox';
  app.log.info({ url: appUrl, database: database.kind, dataDir, mail }, `Stamina is running on ${appUrl}`);
  app.log.info(
    database.kind === 'pglite'
      ? `Database: embedded PostgreSQL (PGlite) in ${join(dataDir, 'pglite')}`
      : `Database: PostgreSQL at ${hostOf(env.DATABASE_URL)}`,
  );
  app.log.info(
    mail === 'smtp'
      ? `Mail: sent through ${hostOf(env.SMTP_URL)}`
      : `Mail: not sent; every message is written to ${join(dataDir, 'outbox.jsonl')} (set SMTP_URL to send)`,
  );
  if (!redis && env.DATABASE_URL)
    app.log.warn('REDIS_URL is not set: rate limits, caches and the upload cap are kept per process');
}

main().catch((err: unknown) => {
  console.error('Stamina failed to start:', err);
  process.exit(1);
});
