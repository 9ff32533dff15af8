// Recordings are decoded and scored off the event loop (docs/performance.md, "CPU work off the event loop"):
// on the CPU pool's worker threads, never on the thread that answers requests; a file past the pool's limit
// fails alone with its reason, and the server goes on answering. One upload request queues at most
// ACTIVITY_LIMITS.recordingsPerUpload recordings (413 past it, nothing written).
import { threadId } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_LIMITS } from '../src/modules/activities/upload-files.ts';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, multipartForm, settledBatch, type TestApp } from './helpers.ts';
import { zipArchive } from './zip-writer.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function upload(t: TestApp, token: string, files: Array<{ name: string; content: Buffer }>) {
  const form = multipartForm(files.map((f) => ({ name: 'file', value: f.content, filename: f.name })));
  return t.app.inject({
    method: 'POST',
    url: '/api/activities/import',
    payload: form.payload,
    headers: { ...bearer(token), ...form.headers },
  });
}

describe('activity files on the CPU pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('decodes and scores an uploaded file on a worker thread, not on the thread that answers requests', async () => {
    const { token } = await t.athlete();
    const res = await upload(t, token, [
      { name: 'ride.fit', content: activityFixture('bike-power-wahoo-elemnt.fit') },
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const batch = await settledBatch(t.app, token, res.json().data.batch_id);
    expect(batch.files.map((f) => f.status)).toEqual(['imported']);
    const stats = t.app.cpuPool.stats();
    expect(stats.completed.readActivityFile).toBe(1);
    expect(stats.threadIds.length).toBeGreaterThan(0);
    expect(stats.threadIds).not.toContain(threadId);
  }, 90_000);

  it('changing the sport decodes the stored original again on a worker thread', async () => {
    const { token } = await t.athlete();
    const res = await upload(t, token, [{ name: 'run.fit', content: activityFixture('run-hr-fenix2.fit') }]);
    const batch = await settledBatch(t.app, token, res.json().data.batch_id);
    const id = batch.files[0]!.activity_id!;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/activities/${id}`,
      headers: bearer(token),
      payload: { sport: 'bike' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.sport).toBe('bike');
    expect(t.app.cpuPool.stats().completed.rescoreLeg).toBe(1);
    expect(t.app.cpuPool.stats().threadIds).not.toContain(threadId);
  });

  it(`refuses an upload of more than ${ACTIVITY_LIMITS.recordingsPerUpload} recordings with 413, and queues nothing`, async () => {
    const { token, athleteId } = await t.athlete();
    const gpx = (i: number) =>
      Buffer.from(
        `<?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg><trkpt lat="47" lon="8"><time>2026-01-01T07:${String(i % 60).padStart(2, '0')}:00Z</time></trkpt></trkseg></trk></gpx>`,
      );
    const half = Math.ceil((ACTIVITY_LIMITS.recordingsPerUpload + 1) / 2);
    const zip = (part: number) =>
      zipArchive(Array.from({ length: half }, (_, i) => ({ name: `p${part}-${i}.gpx`, content: gpx(i) })));
    const res = await upload(t, token, [
      { name: 'one.zip', content: zip(1) },
      { name: 'two.zip', content: zip(2) },
    ]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toMatch(/at most 500 recordings/);
    const jobs = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from jobs where athlete_id = ${athleteId}`),
    );
    expect(jobs[0]!.n).toBe(0);
  });
});

describe('a file past the CPU pool limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A limit no decode can meet: the task is aborted and its worker ended, as a hostile file's would be.
    t = await createTestApp({ cpuPool: { taskTimeoutMs: 1 } });
  });
  afterAll(() => t.close());

  it('fails alone with its reason, nothing is stored, and the server goes on answering', async () => {
    const { token, athleteId } = await t.athlete();
    const res = await upload(t, token, [
      { name: 'ride.fit', content: activityFixture('bike-power-wahoo-elemnt.fit') },
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const health = await t.app.inject({ url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    const batch = await settledBatch(t.app, token, res.json().data.batch_id);
    expect(batch.files[0]).toMatchObject({
      status: 'failed',
      message: 'The file cannot be read: Reading it took longer than 1 ms, the limit for one file',
    });
    const stored = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from activities where athlete_id = ${athleteId}`),
    );
    expect(stored[0]!.n).toBe(0);
    // Refused, not retried: the job ends done after its one attempt (it settles just after the file's row).
    const deadline = Date.now() + 10_000;
    let jobs: Array<{ status: string; attempts: number }> = [];
    do {
      jobs = rowsOf<{ status: string; attempts: number }>(
        await t.db.execute(sql`select status, attempts from jobs where athlete_id = ${athleteId}`),
      );
      if (jobs[0]?.status === 'done') break;
      await new Promise((r) => setTimeout(r, 50));
    } while (Date.now() < deadline);
    expect(jobs).toEqual([{ status: 'done', attempts: 1 }]);
    expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
