// Test harness: a fresh, migrated database and an app built on it, with mail written to a temporary outbox.
// In-memory PGlite by default; with TEST_DATABASE_URL, a uniquely named database on that PostgreSQL server.
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportBatch, Session } from '@stamina/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppConfig, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { diskFileStore } from '../src/lib/file-store.ts';
import { outboxMailer } from '../src/lib/mailer.ts';
import type { RateLimits } from '../src/lib/rate-limits.ts';
import { VERSION } from '../src/version.ts';

export const APP_URL = 'http://localhost:3000';
/** High enough that no test trips a limit unless it asks for the real ones. */
const HIGH_RATE_LIMITS: RateLimits = {
  loginPerMinute: 10_000,
  signupPerMinute: 10_000,
  mailPerMinute: 10_000,
  loginFailuresPerClient: 10_000,
  loginFailureWindowSeconds: 60,
  coachMessagesPerMinute: 10_000,
};

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  headers?: Record<string, string>;
}

/** One part of a multipart form: a text field, or a file when it has a file name. */
export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body, as a browser's FormData sends it: the payload and its content-type header. */
export function multipartForm(parts: readonly FormPart[]) {
  const boundary = `----stamina${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n${type}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const uniqueEmail = (prefix = 'athlete') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Anything that answers injected requests: a test app's `app`, or a second app on the same database. */
type Injector = Pick<TestApp['app'], 'inject'>;

/**
 * Polls an import batch (`GET /api/activities/imports/:id`) until no file is queued or processing, and
 * answers it; throws past `timeoutMs`. The one wait for every route whose files are read in jobs.
 */
export async function settledBatch(
  app: Injector,
  token: string,
  batchId: string,
  timeoutMs = 60_000,
): Promise<ImportBatch> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/activities/imports/${batchId}`,
      headers: bearer(token),
    });
    if (res.statusCode !== 200) throw new Error(`batch ${batchId}: ${res.statusCode} ${res.body}`);
    const batch = res.json().data as ImportBatch;
    if (batch.done) return batch;
    if (Date.now() > deadline) throw new Error(`batch not done: ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Uploads `files` (each as a `file` part) to an import route, expects its 202, and answers the batch once
 * settled (settledBatch).
 */
export async function uploadAndSettle(
  app: Injector,
  token: string,
  url: string,
  files: ReadonlyArray<{ name: string; content: Buffer }>,
  timeoutMs?: number,
): Promise<ImportBatch> {
  const form = multipartForm(files.map((f) => ({ name: 'file', value: f.content, filename: f.name })));
  const res = await app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...bearer(token), ...form.headers },
  });
  if (res.statusCode !== 202) throw new Error(`upload to ${url}: ${res.statusCode} ${res.body}`);
  return settledBatch(app, token, res.json().data.batch_id, timeoutMs);
}

import yauzl from 'yauzl';
import { createPostgresDatabase, REDIS_URL } from './services.ts';

export { REDIS_URL, redisAvailable } from './services.ts';

/**
 * A second app on the test app's database (another process of a multi-process deployment, or the same app with
 * other settings), with the same secret, so the test app's tokens work on it.
 */
export async function buildSecondApp(t: TestApp, overrides: Partial<AppConfig> = {}) {
  const other = await buildApp({
    database: t.database,
    jwtSecret: t.jwtSecret,
    appUrl: APP_URL,
    version: VERSION,
    webDistDir: null,
    logger: false,
    mailer: { send: async () => {}, close: () => {} },
    fileStore: t.fileStore,
    jobs: t.jobs,
    ...overrides,
  });
  await other.ready();
  return other;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // A private copy of the migrated template made by global-setup.ts.
    const template = inject('pgliteTemplateDir');
    if (!template)
      return { database: await openDatabase({ kind: 'pglite', dataDir: null }), drop: async () => {} };
    const copy = await mkdtemp(join(tmpdir(), 'stamina-pglite-'));
    await cp(template, copy, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: copy });
    return { database, drop: () => rm(copy, { recursive: true, force: true }) };
  }

  // One database per test file, so files can run in parallel against one server: a copy of the migrated template.
  const created = await createPostgresDatabase(
    serverUrl,
    'stamina_test',
    inject('postgresTemplate') ?? undefined,
  );
  const database = await openDatabase({ kind: 'postgres', url: created.url });
  return { database, drop: created.drop };
}

export type TestAppOverrides = Partial<Omit<AppConfig, 'database'>>;

export async function createTestApp(overrides: TestAppOverrides = {}) {
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  const dir = await mkdtemp(join(tmpdir(), 'stamina-test-'));
  const outboxPath = join(dir, 'outbox.jsonl');
  const config: AppConfig = {
    database,
    jwtSecret: randomBytes(32).toString('base64url'),
    appUrl: APP_URL,
    version: VERSION,
    webDistDir: null,
    logger: false,
    mailer: outboxMailer(outboxPath, { info: () => {} }),
    fileStore: diskFileStore(join(dir, 'files')),
    // Retries come quickly in tests.
    jobs: { pollMs: 50, retryBaseMs: 100 },
    ...overrides,
    rateLimits: { ...HIGH_RATE_LIMITS, ...overrides.rateLimits },
  };
  const app = await buildApp(config);
  await app.ready();

  async function readOutbox(): Promise<OutboxMail[]> {
    const text = await readFile(outboxPath, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return '';
      throw err;
    });
    // A mail may be half-appended while we read: only newline-terminated lines are complete.
    const lines = text.split('\n');
    lines.pop();
    return lines.filter(Boolean).map((line) => JSON.parse(line) as OutboxMail);
  }

  /**
   * The link in the newest mail to `to`, optionally one whose URL contains `contains` and differs from `not`.
   * Polls briefly, because some mail goes out after the response.
   */
  async function latestLink(to: string, options: { contains?: string; not?: string } = {}): Promise<string> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const links = (await readOutbox())
        .filter((mail) => mail.to === to.trim().toLowerCase())
        .flatMap((mail) => mail.text.match(/https?:\/\/\S+/g) ?? [])
        .filter((link) => (!options.contains || link.includes(options.contains)) && link !== options.not);
      const link = links.at(-1);
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`no matching mail to ${to} in the outbox`);
      await sleep(25);
    }
  }

  async function signUp(input: { name?: string; email?: string; password?: string } = {}) {
    const account = {
      name: input.name ?? 'Test Athlete',
      email: input.email ?? uniqueEmail(),
      password: input.password ?? 'correct horse battery',
    };
    const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: account });
    if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
    return account;
  }

  /** Signs a new account up, follows its confirmation link and returns the session it opens. */
  async function signUpAndConfirm(input: { name?: string; email?: string; password?: string } = {}) {
    const account = await signUp(input);
    const link = new URL(await latestLink(account.email, { contains: '/api/auth/confirm' }));
    const res = await app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { accept: 'application/json' },
    });
    if (res.statusCode !== 200) throw new Error(`confirmation failed: ${res.statusCode} ${res.body}`);
    return { ...account, session: (res.json() as { data: Session }).data };
  }

  /** A new confirmed athlete as most tests act as one: its access token and athlete id. */
  async function athlete(input: { name?: string; email?: string; password?: string } = {}) {
    const { session } = await signUpAndConfirm(input);
    return { token: session.access_token, athleteId: session.user.athlete_id };
  }

  async function close() {
    await app.close();
    config.mailer.close();
    // Some tests close the database themselves.
    await database.close().catch(() => {});
    await drop();
    await rm(dir, { recursive: true, force: true });
  }

  return {
    app,
    database,
    db: database.db,
    jwtSecret: config.jwtSecret,
    fileStore: config.fileStore,
    /** Where the file store keeps files (tests look in it). */
    filesDir: join(dir, 'files'),
    jobs: config.jobs,
    outboxPath,
    readOutbox,
    latestLink,
    signUp,
    signUpAndConfirm,
    athlete,
    close,
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Two app processes on one database, each with its own Redis connection, as a multi-process deployment runs:
 * call inside a describe block; `first()` is a full test app, `second()` the other process.
 */
export function twoProcesses() {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildSecondApp>>;
  const clients: Redis[] = [];
  beforeAll(async () => {
    const redisA = new Redis(REDIS_URL);
    const redisB = new Redis(REDIS_URL);
    clients.push(redisA, redisB);
    first = await createTestApp({ redis: redisA });
    second = await buildSecondApp(first, { redis: redisB });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    for (const client of clients) client.disconnect();
  });
  return { first: () => first, second: () => second };
}

/** What the fake speech-to-text service accepts: an Ogg header, then text ending with this marker. */
export const FAKE_RECORDING_MARKER = 'END-OF-RECORDING';
/** A recording the fake speech-to-text service transcribes. */
export const FAKE_RECORDING = Buffer.from(`OggS stamina test recording ${FAKE_RECORDING_MARKER}`);

/**
 * An OpenAI-compatible speech-to-text service on loopback (docs/onboarding.md, "Voice"), for apps built with
 * `stt`: a recording that holds the marker is transcribed; anything else is refused with 400, as a real
 * service refuses audio it cannot decode.
 */
export async function fakeSpeechToText(): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('latin1');
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/audio/transcriptions' && body.includes(FAKE_RECORDING_MARKER)) {
        res.end(JSON.stringify({ text: 'I want to run a marathon next spring' }));
      } else {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: 'Invalid file format.' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every entry of a zip, inflated. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}
