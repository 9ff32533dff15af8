// Whether the outside services a suite needs (PostgreSQL, Redis) answer, by one rule for the integration and the
// system suites: a service whose URL is set (TEST_DATABASE_URL; TEST_REDIS_URL or REDIS_URL; CI sets them) is
// required, and an unreachable one throws, failing the suite instead of letting its tests vanish; an unset one
// is optional, tried on its default port, so `npm test` needs nothing but Node.
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
