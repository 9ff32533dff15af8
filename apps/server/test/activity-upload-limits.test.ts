// The activity upload's inflation limits (issue 29, H5; docs/activities.md, "Limits"): zips are streamed into
// staging and their members inflated one at a time under caps per member, per request, per athlete and by
// ratio, so a request of zip bombs is a 413 with a message, leaves nothing staged and grows RSS by far less
// than 100 MB; an athlete has at most two uploads read at once (429), counted in Redis across processes when it
// is configured (docs/RELIABILITY.md, "Uploads counted across processes").
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import { uploadGate } from '../src/lib/upload-gate.ts';
import { ACTIVITY_LIMITS } from '../src/modules/activities/upload-files.ts';
import { bearer, createTestApp, multipartForm, REDIS_URL, redisAvailable, type TestApp } from './helpers.ts';
import { manyMemberBomb } from './hostile-builders.ts';
import { zipArchive } from './zip-writer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function stagedFiles(athleteId: string): Promise<string[]> {
  const root = join(t.filesDir, 'staging', athleteId);
  return (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('activity upload limits', () => {
  it('ten zips of 40 bombs each (1.6 GB of zeros in one request): 413, nothing staged, RSS grows < 100 MB', async () => {
    const { token, athleteId } = await t.athlete({ name: 'Bomber' });
    // 40 members of 4 MB each: 160 MB declared per zip, under the old per-zip limit, so each zip was inflated.
    const bomb = manyMemberBomb(40, 4 * 1024 * 1024, (i) => `ride-${i}.fit`);
    const form = multipartForm(
      Array.from({ length: 10 }, (_, i) => ({ name: 'file', value: bomb, filename: `bombs-${i}.zip` })),
    );
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activities/import',
      payload: form.payload,
      headers: { ...bearer(token), ...form.headers },
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toMatch(/inflates to more than 100 times its compressed size/);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    expect(await stagedFiles(athleteId)).toEqual([]);
  });

  it('recordings within the ratio still import from a zip (the control)', async () => {
    const { token } = await t.athlete({ name: 'Honest' });
    const start = Date.parse('2026-04-01T07:00:00Z');
    const points = Array.from(
      { length: 60 },
      (_, i) =>
        `<trkpt lat="${(52.5 + i * 0.0001).toFixed(6)}" lon="13.4"><time>${new Date(start + i * 1000).toISOString()}</time></trkpt>`,
    );
    const gpx = Buffer.from(`<gpx creator="t"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`);
    const zip = zipArchive([{ name: 'run.gpx', content: gpx }]);
    const upload = multipartForm([{ name: 'file', value: zip, filename: 'runs.zip' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activities/import',
      payload: upload.payload,
      headers: { ...bearer(token), ...upload.headers },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.files).toHaveLength(1);
  });

  it('an athlete has at most two uploads read at once; a third is a 429, and a released one frees its place', async () => {
    const gate = uploadGate({
      concurrent: ACTIVITY_LIMITS.concurrentUploads,
      inflatedBytes: 1000,
      inflatedLabel: '1 KB',
    });
    const first = await gate.enter('a');
    await gate.enter('a');
    await expect(gate.enter('a')).rejects.toThrow(/already have 2 uploads being read/);
    await gate.enter('b');
    first.release();
    const third = await gate.enter('a');
    third.inflate(600);
    expect(() => third.inflate(500)).toThrow(/inflate to more than 1 KB/);
  });
});

const LIMITS = { concurrent: ACTIVITY_LIMITS.concurrentUploads, inflatedBytes: 1000, inflatedLabel: '1 KB' };

/** The refusal as the API answers it: a 429 RATE_LIMITED with the same sentence, whichever process counted. */
async function refused(entry: Promise<unknown>): Promise<void> {
  const err = await entry.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  expect((err as Error).message).toBe(
    'You already have 2 uploads being read; send this one when they have finished',
  );
}

// Two gates, each with its own Redis connection, are two app processes. Without a Redis at REDIS_URL (an unset
// REDIS_URL tries the default port; a configured one that does not answer fails the suite: test/services.ts)
// this block is skipped, and the block after it still checks the fallback to counting in memory.
describe.runIf(await redisAvailable(REDIS_URL))(
  'uploads counted in Redis across two processes (skipped: no Redis answers at REDIS_URL)',
  () => {
    const clients: Redis[] = [];
    const client = () => {
      const redis = new Redis(REDIS_URL);
      clients.push(redis);
      return redis;
    };
    afterAll(() => {
      for (const redis of clients) redis.disconnect();
    });

    it('the third upload of an athlete across the two is a 429, and a released one frees its place in both', async () => {
      const one = uploadGate(LIMITS, { redis: client() });
      const two = uploadGate(LIMITS, { redis: client() });
      const athlete = randomUUID();
      const first = await one.enter(athlete);
      await two.enter(athlete);
      await refused(one.enter(athlete));
      await refused(two.enter(athlete));
      // Another athlete is counted apart.
      await one.enter(randomUUID());
      first.release();
      // The release reaches Redis on its own (not awaited by the request): the place frees within moments.
      let third: Awaited<ReturnType<typeof two.enter>> | null = null;
      for (let i = 0; i < 50 && !third; i++) {
        third = await two.enter(athlete).catch(() => null);
        if (!third) await new Promise((r) => setTimeout(r, 20));
      }
      expect(third).not.toBeNull();
      await refused(one.enter(athlete));
    });

    it('a process that dies mid-upload holds its place only until its lease runs out', async () => {
      const dying = client();
      const crashed = uploadGate(LIMITS, { redis: dying, leaseMs: 600, onError: () => {} });
      const alive = uploadGate(LIMITS, { redis: client() });
      const athlete = randomUUID();
      await crashed.enter(athlete);
      await crashed.enter(athlete);
      // Killed: its connection gone, its tickets never released nor renewed.
      dying.disconnect();
      await refused(alive.enter(athlete));
      await new Promise((r) => setTimeout(r, 800));
      const after = await alive.enter(athlete);
      after.release();
    });

    it('a lease is renewed while its upload is read, so a long upload keeps its place', async () => {
      const slow = uploadGate(LIMITS, { redis: client(), leaseMs: 300 });
      const other = uploadGate(LIMITS, { redis: client() });
      const athlete = randomUUID();
      const a = await slow.enter(athlete);
      const b = await slow.enter(athlete);
      await new Promise((r) => setTimeout(r, 1_000));
      await refused(other.enter(athlete));
      a.release();
      b.release();
    });
  },
);

describe('the upload gate while Redis is down', () => {
  it('counts in this process instead: the third upload is still a 429, and each failure is reported', async () => {
    // Nothing listens on port 1, and commands fail at once instead of queueing.
    const down = new Redis({
      host: '127.0.0.1',
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    down.on('error', () => {});
    const errors: unknown[] = [];
    const gate = uploadGate(LIMITS, { redis: down, onError: (err) => errors.push(err) });
    try {
      const first = await gate.enter('athlete');
      await gate.enter('athlete');
      await refused(gate.enter('athlete'));
      first.release();
      await gate.enter('athlete');
      expect(errors.length).toBeGreaterThanOrEqual(4);
    } finally {
      down.disconnect();
    }
  });
});
