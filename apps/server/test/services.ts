// Whether the outside services a suite needs (PostgreSQL, Redis) answer, by one rule for the integration and the
// system suites: a service whose URL is set (TEST_DATABASE_URL; TEST_REDIS_URL or REDIS_URL; CI sets them) is
// required, and an unreachable one throws, failing the suite instead of letting its tests vanish; an unset one
// is optional, tried on its default port, so `npm test` needs nothing but Node.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

const CONFIGURED_PG_URL = process.env.TEST_DATABASE_URL || undefined;
const CONFIGURED_REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || undefined;
export const PG_URL = CONFIGURED_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = CONFIGURED_REDIS_URL ?? 'redis://127.0.0.1:6379';

function unreachable(service: string, url: string, variable: string, err: unknown): Error {
  const reason = (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');
  return new Error(
    `${service} at ${url} (from ${variable}) does not answer, so the tests that need it cannot run: ${reason}. ` +
      `Start ${service} or unset ${variable}.`,
  );
}

/** Whether PostgreSQL answers at PG_URL; throws when TEST_DATABASE_URL is set and it does not. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (err) {
    if (CONFIGURED_PG_URL) throw unreachable('PostgreSQL', PG_URL, 'TEST_DATABASE_URL', err);
    return false;
  }
}

/** Whether Redis answers at `url`; throws when a Redis URL is configured and it does not. */
export async function redisAvailable(url: string = REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2_000,
  });
  // The connection error itself (the rejection only says the connection closed), kept off the console.
  let cause: unknown;
  probe.on('error', (err: unknown) => {
    cause = err;
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (err) {
    const variable = process.env.TEST_REDIS_URL ? 'TEST_REDIS_URL' : 'REDIS_URL';
    if (CONFIGURED_REDIS_URL) throw unreachable('Redis', url, variable, cause ?? err);
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * A new database named `<prefix>_<time>_<random>` on the PostgreSQL server at `serverUrl`, empty or a copy of
 * `template` (a database no one is connected to): its URL, and how to drop it. Test files and system suites each
 * take one, so they can run side by side on one server.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
