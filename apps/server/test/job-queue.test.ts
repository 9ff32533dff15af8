// The durable job queue (lib/job-queue.ts) on a real database: jobs exist only when their transaction
// commits, run once, retry with backoff, give up after their attempts, are taken again when their process
// died holding them, and are claimed once by two workers on one PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { AppError } from '../src/lib/errors.ts';
import {
  CRASHED_REASON,
  createJobQueue as createQueue,
  JOB_RETENTION,
  type JobQueueOptions,
  type QueuedJob,
} from '../src/lib/job-queue.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createPostgresDatabase, PG_URL, postgresAvailable } from './services.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** These tests' own kinds ('test-…'), any payload: the app's kinds and payloads are checked in job-payloads.test.ts. */
type TestJobs = Record<string, Record<string, unknown>>;
const createJobQueue = (db: Db, options?: JobQueueOptions) => createQueue<TestJobs>(db, options);

async function job(db: Database['db'], id: string) {
  const result = await db.execute(
    sql`select status, attempts, last_error, run_at > now() as later from jobs where id = ${id}`,
  );
  return rowsOf<{ status: string; attempts: number; last_error: string | null; later: boolean }>(result)[0];
}

describe('job queue', () => {
  it('enqueues inside the caller transaction: a rolled-back write leaves no job', async () => {
    const queue = createJobQueue(t.db);
    let id = '';
    await t.db
      .transaction(async (tx) => {
        id = await queue.enqueue(tx, 'test-rollback', { n: 1 });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await job(t.db, id)).toBeUndefined();
  });

  it('runs a job once with its payload and marks it done', async () => {
    const queue = createJobQueue(t.db);
    const seen: QueuedJob[] = [];
    queue.register('test-run', { run: async (j) => void seen.push(j) });
    const id = await queue.enqueue(t.db, 'test-run', { file: 'a.fit' });
    expect(await queue.runOnce()).toBe(true);
    expect(await queue.runOnce()).toBe(false);
    expect(seen.map((j) => j.payload)).toEqual([{ file: 'a.fit' }]);
    expect((await job(t.db, id))?.status).toBe('done');
  });

  it('holds a job enqueued with runAt until its clock reaches that time', async () => {
    let now = Date.now();
    const queue = createJobQueue(t.db, { now: () => new Date(now) });
    const seen: unknown[] = [];
    queue.register('test-later', { run: async (j) => void seen.push(j.payload) });
    const runAt = new Date(now + 7 * 24 * 60 * 60 * 1000);
    await queue.enqueue(t.db, 'test-later', { n: 7 }, { runAt });
    expect(await queue.runOnce()).toBe(false);
    now = runAt.getTime() - 1000;
    expect(await queue.runOnce()).toBe(false);
    now = runAt.getTime();
    expect(await queue.runOnce()).toBe(true);
    expect(seen).toEqual([{ n: 7 }]);
  });

  it('retries a failing job later, then gives it up and says so after its last attempt', async () => {
    const queue = createJobQueue(t.db, { retryBaseMs: 0 });
    const failures: string[] = [];
    let calls = 0;
    queue.register('test-retry', {
      run: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      failed: async (_job, reason) => void failures.push(reason),
    });
    const id = await queue.enqueue(t.db, 'test-retry', {}, { maxAttempts: 3 });
    await queue.runOnce();
    expect(await job(t.db, id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    await queue.runOnce();
    await queue.runOnce();
    expect(await job(t.db, id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    // What the handler is told is shown to people: an internal error's text (it may hold SQL) is not.
    expect(failures).toEqual(['an internal error stopped it']);
    expect(await queue.runOnce()).toBe(false);
  });

  it("tells a failed job's handler an AppError's message, never a database error's text", async () => {
    const queue = createJobQueue(t.db, { retryBaseMs: 0 });
    const failures: string[] = [];
    queue.register('test-reasons', {
      run: async (j) => {
        if (j.payload.sql) await t.db.execute(sql`insert into jobs (kind) values (${'x'.repeat(10)}, 1)`);
        throw new AppError('VALIDATION_FAILED', 'The file says no');
      },
      failed: async (_job, reason) => void failures.push(reason),
    });
    await queue.enqueue(t.db, 'test-reasons', { sql: true }, { maxAttempts: 1 });
    await queue.enqueue(t.db, 'test-reasons', { sql: false }, { maxAttempts: 1 });
    await queue.runOnce();
    await queue.runOnce();
    expect(failures).toEqual(['an internal error stopped it', 'The file says no']);
    expect(failures.join(' ')).not.toMatch(/insert|jobs|params/i);
  });

  it('runs the jobs enqueued in one transaction, within one millisecond, in the order they were enqueued', async () => {
    const queue = createJobQueue(t.db);
    const ran: number[] = [];
    queue.register('test-fifo', { run: async (j) => void ran.push(j.payload.n as number) });
    const athleteId = randomUUID();
    await t.db.transaction(async (tx) => {
      for (let n = 0; n < 30; n++) await queue.enqueue(tx, 'test-fifo', { n }, { athleteId });
    });
    while (await queue.runOnce());
    expect(ran).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('backs off before a retry', async () => {
    const queue = createJobQueue(t.db, { retryBaseMs: 60_000 });
    queue.register('test-backoff', {
      run: async () => {
        throw new Error('not yet');
      },
    });
    const id = await queue.enqueue(t.db, 'test-backoff', {});
    await queue.runOnce();
    expect(await job(t.db, id)).toMatchObject({ status: 'queued', later: true });
    expect(await queue.runOnce()).toBe(false);
  });

  it('fails at once, with the reason, a job whose worker died running it (a poison job is not run into its crash again)', async () => {
    const queue = createJobQueue(t.db);
    const ran: string[] = [];
    const failures: string[] = [];
    queue.register('test-lease', {
      run: async (j) => void ran.push(j.id),
      failed: async (_job, reason) => void failures.push(reason),
      stopAfterCrash: true,
    });
    const id = await queue.enqueue(t.db, 'test-lease', {});
    // Another process claimed it and died: running, with a lease that has run out.
    await t.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'dead-process',
        lease_until = now() - interval '1 second' where id = ${id}`);
    expect(await queue.runOnce()).toBe(true);
    expect(ran).toEqual([]);
    expect(await job(t.db, id)).toMatchObject({ status: 'failed', attempts: 2, last_error: CRASHED_REASON });
    expect(failures).toEqual([CRASHED_REASON]);
    expect(await queue.runOnce()).toBe(false);
    // A job that failed by throwing (not by a crash) is still retried as before.
    const retried = await queue.enqueue(t.db, 'test-lease', {});
    await t.db.execute(sql`update jobs set attempts = 1, last_error = 'boom' where id = ${retried}`);
    expect(await queue.runOnce()).toBe(true);
    expect(await job(t.db, retried)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('takes again a job of another kind whose worker died holding it (its lease passed)', async () => {
    const queue = createJobQueue(t.db);
    const ran: string[] = [];
    queue.register('test-resume', { run: async (j) => void ran.push(j.id) });
    const id = await queue.enqueue(t.db, 'test-resume', {});
    await t.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'dead-process',
        lease_until = now() - interval '1 second' where id = ${id}`);
    expect(await queue.runOnce()).toBe(true);
    expect(ran).toEqual([id]);
    expect(await job(t.db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('leaves alone a job another live worker holds', async () => {
    const queue = createJobQueue(t.db);
    queue.register('test-held', { run: async () => {} });
    const id = await queue.enqueue(t.db, 'test-held', {});
    await t.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'live-process',
        lease_until = now() + interval '5 minutes' where id = ${id}`);
    expect(await queue.runOnce()).toBe(false);
    expect((await job(t.db, id))?.status).toBe('running');
  });

  it('keeps the lease of a job that runs longer than it: no other worker takes it mid-run', async () => {
    const leaseMs = 600;
    const first = createJobQueue(t.db, { leaseMs });
    const second = createJobQueue(t.db, { leaseMs });
    let runs = 0;
    const slow = {
      run: async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, leaseMs * 3));
      },
    };
    first.register('test-long', slow);
    second.register('test-long', slow);
    const id = await first.enqueue(t.db, 'test-long', {});
    const running = first.runOnce();
    await new Promise((r) => setTimeout(r, leaseMs * 1.5)); // past the first lease
    expect(await second.runOnce()).toBe(false);
    await running;
    expect(runs).toBe(1);
    expect(await job(t.db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('runs jobs in the background as soon as it is woken, and stops cleanly', async () => {
    const queue = createJobQueue(t.db, { pollMs: 60_000 });
    const done: string[] = [];
    queue.register('test-loop', {
      run: async (j) => {
        await new Promise((r) => setTimeout(r, 20));
        done.push(j.id);
      },
    });
    queue.start();
    const started = Date.now();
    const id = await queue.enqueue(t.db, 'test-loop', {});
    queue.wake();
    while (!done.includes(id) && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 10));
    expect(done).toEqual([id]);
    expect(Date.now() - started).toBeLessThan(5_000);
    await queue.stop();
    expect((await job(t.db, id))?.status).toBe('done');
  });
});

describe('job queue: retention', () => {
  it('deletes done jobs after a week and failed ones after 30 days, and keeps queued, running and recent ones', async () => {
    const queue = createJobQueue(t.db);
    const ids: Record<string, string> = {};
    const aged = async (name: string, status: string, days: number) => {
      ids[name] = await queue.enqueue(t.db, `test-retention-${name}`, {});
      await t.db.execute(
        sql`update jobs set status = ${status}, updated_at = now() - make_interval(days => ${days}) where id = ${ids[name]}`,
      );
    };
    await aged('old-done', 'done', JOB_RETENTION.doneDays + 1);
    await aged('recent-done', 'done', JOB_RETENTION.doneDays - 1);
    await aged('failed-weeks-ago', 'failed', JOB_RETENTION.doneDays + 1);
    await aged('old-failed', 'failed', JOB_RETENTION.failedDays + 1);
    await aged('old-queued', 'queued', 90);

    expect(await queue.sweepFinished()).toBeGreaterThanOrEqual(2);
    expect(await job(t.db, ids['old-done']!)).toBeUndefined();
    expect(await job(t.db, ids['old-failed']!)).toBeUndefined();
    expect((await job(t.db, ids['recent-done']!))?.status).toBe('done');
    expect((await job(t.db, ids['failed-weeks-ago']!))?.status).toBe('failed');
    expect((await job(t.db, ids['old-queued']!))?.status).toBe('queued');
  });
});

describe('job queue: athletes in turn', () => {
  /** Enqueues `n` jobs of `kind` for the athlete in one transaction, as one upload of a zip does. */
  async function enqueueMany(
    queue: ReturnType<typeof createJobQueue>,
    kind: string,
    athleteId: string,
    n: number,
  ) {
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) await queue.enqueue(tx, kind, { athleteId, i });
    });
  }

  it("claims a second athlete's single job within the first claims, behind one athlete's 200 queued jobs", async () => {
    const queue = createJobQueue(t.db);
    const claimed: Array<string | null> = [];
    queue.register('test-fair', { run: async (j) => void claimed.push(j.athleteId) });
    const [busy, other] = [randomUUID(), randomUUID()];
    await enqueueMany(queue, 'test-fair', busy, 200);
    await enqueueMany(queue, 'test-fair', other, 1);
    for (let i = 0; i < 3; i++) await queue.runOnce();
    expect(claimed).toContain(other);
    expect(claimed.indexOf(other)).toBeLessThanOrEqual(1);
    // The busy athlete's jobs all run after it, in the order they were queued.
    while (await queue.runOnce());
    expect(claimed.filter((id) => id === busy)).toHaveLength(200);
  });

  it('alternates between athletes who both have many jobs queued, and the athlete is stored in its own column', async () => {
    const queue = createJobQueue(t.db);
    const claimed: string[] = [];
    queue.register('test-turns', { run: async (j) => void claimed.push(j.athleteId!) });
    const [a, b] = [randomUUID(), randomUUID()];
    await enqueueMany(queue, 'test-turns', a, 5);
    await enqueueMany(queue, 'test-turns', b, 5);
    const rows = rowsOf<{ athlete_id: string; n: number }>(
      await t.db.execute(
        sql`select athlete_id, count(*)::int as n from jobs where kind = 'test-turns' group by athlete_id order by 1`,
      ),
    );
    expect(rows).toEqual([a, b].sort().map((id) => ({ athlete_id: id, n: 5 })));
    while (await queue.runOnce());
    expect(claimed).toEqual([a, b, a, b, a, b, a, b, a, b]);
  });
});

describe('job queue: a long job that yields', () => {
  it("is due again at once behind another athlete's job, and its turns never run out its attempts", async () => {
    const queue = createJobQueue(t.db);
    const claimed: string[] = [];
    let turns = 0;
    queue.register('test-yield', {
      run: async (j) => {
        claimed.push(j.athleteId!);
        if (j.payload.long && ++turns < 7) return 'yield';
      },
    });
    const [long, other] = [randomUUID(), randomUUID()];
    const id = await queue.enqueue(t.db, 'test-yield', { athleteId: long, long: true });
    expect(await queue.runOnce()).toBe(true);
    expect(await job(t.db, id)).toMatchObject({ status: 'queued', later: false });
    await queue.enqueue(t.db, 'test-yield', { athleteId: other });
    while (await queue.runOnce());
    // Seven turns, more than its 5 attempts: a yield is not a failure.
    expect(claimed).toEqual([long, other, long, long, long, long, long, long]);
    expect(await job(t.db, id)).toMatchObject({ status: 'done', last_error: null });
  });
});

describe.runIf(await postgresAvailable())('job queue on one PostgreSQL with two processes', () => {
  let databases: Database[] = [];
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const created = await createPostgresDatabase(PG_URL, 'stamina_jobs');
    drop = created.drop;
    databases = [
      await openDatabase({ kind: 'postgres', url: created.url }),
      await openDatabase({ kind: 'postgres', url: created.url }),
    ];
    await databases[0]!.migrate();
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
    await drop();
  });

  it('claims every job exactly once', async () => {
    const runs = new Map<string, number>();
    const queues = databases.map((database) => {
      const queue = createJobQueue(database.db, { pollMs: 10 });
      queue.register('test-once', {
        run: async (j) => {
          runs.set(j.id, (runs.get(j.id) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 5));
        },
      });
      return queue;
    });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await queues[0]!.enqueue(databases[0]!.db, 'test-once', { i }));
    for (const queue of queues) queue.start();
    const deadline = Date.now() + 20_000;
    while (runs.size < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(queues.map((q) => q.stop()));
    expect(runs.size).toBe(ids.length);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });
});
