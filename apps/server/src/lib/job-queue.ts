// The app's one durable job queue, on the `jobs` table (docs/jobs.md). A job is
// enqueued inside the caller's transaction, so it exists exactly when the write that asked for it committed.
// Every app process runs one worker: it claims a due job of a kind it handles with FOR UPDATE SKIP LOCKED (so
// processes sharing one PostgreSQL each take a different job), athletes in turn: of each athlete's oldest due
// job, the one whose athlete was served longest ago (never first), so one athlete's 500-file zip does not hold
// back another athlete's single file (docs/jobs.md). It holds the job under a lease,
// renewed while the job runs. A job whose lease passed was running when its process died (killed, or out of
// memory): it is claimed again, unless its handler says `stopAfterCrash` (jobs that read uploaded files, which
// may be what killed the process: a poison job), which fails it at once and tells its handler's `failed` why. A
// handler that throws is retried with backoff up to the job's max attempts, then the job is failed and its
// handler's `failed` is told. What `failed` is told is shown to people, so it is never an internal error's text
// (SQL, stack): only an AppError's message says more.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Conn, Db } from '../db/client.ts';
import { AppError } from './errors.ts';

/** The reason a job whose process died while running it is failed with (docs/jobs.md). */
export const CRASHED_REASON =
  'the server stopped while processing it (the file may be too large or malformed to process), so it is not retried';

/** What people may read of a job's failure: an AppError's message, else a plain sentence (the text is logged). */
function publicReason(err: unknown): string {
  return err instanceof AppError ? err.message : 'an internal error stopped it';
}

/**
 * What each kind of job carries, by kind: the module that owns a kind adds it here by declaration merging, next
 * to its kind's name (docs/jobs.md):
 *
 *     declare module '../../lib/job-queue.ts' {
 *       interface JobPayloads { [IMPORT_JOB]: ImportPayload }
 *     }
 *
 * so `enqueue(tx, IMPORT_JOB, payload)` and its handler's `job.payload` are checked against one declaration, and
 * a kind nobody declared is refused at compile time. A payload is stored as JSON: plain data only.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules that own job kinds (declaration merging).
export interface JobPayloads {}
/** A kind of job some module declared in JobPayloads. */
export type JobKind = keyof JobPayloads & string;

/** A job of a kind, as a handler is given it. */
export interface QueuedJob<Kind extends string = string, Payload = unknown> {
  id: string;
  kind: Kind;
  payload: Payload;
  /** The athlete the job works for, or null: a handler that queues a follow-up passes it on. */
  athleteId: string | null;
  /** Attempts so far, this one included. */
  attempts: number;
  maxAttempts: number;
}

/** A job of one of the app's kinds (of any, by default), its payload typed by JobPayloads. */
export type Job<K extends JobKind = JobKind> = QueuedJob<K, JobPayloads[K]>;

interface HandlerOf<J extends QueuedJob> {
  /**
   * Does the work. Throwing retries the job later (backoff), until its attempts run out. Answering 'yield' puts
   * the job back as due at once, its attempt given back: a long job's turn ends, and the claims that follow take
   * other athletes' due jobs first (docs/jobs.md, "Turns"). The job must then resume where it stopped.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most handlers answer nothing (Promise<void>); one may yield.
  run: (job: J) => Promise<void | 'yield'>;
  /** Told once when the job is given up (attempts exhausted), to record the failure where users see it. */
  failed?: (job: J, reason: string) => Promise<void>;
  /**
   * A job of this kind whose process died while running it is failed with CRASHED_REASON instead of being run
   * again: for jobs that read what people upload, where the job itself may be what killed the process.
   */
  stopAfterCrash?: boolean;
}

/** The handler of one of the app's kinds of job: `JobHandler<typeof IMPORT_JOB>`. */
export type JobHandler<K extends JobKind = JobKind> = HandlerOf<Job<K>>;

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (ms). An enqueue in this process wakes it at once. */
  pollMs?: number;
  /** How long a claim holds before another worker may take the job again (ms). */
  leaseMs?: number;
  /** Backoff before retry n (1-based): base × 2^(n−1), capped at 5 minutes. */
  retryBaseMs?: number;
  log?: { error(obj: object, msg: string): void };
  /** The clock that decides which jobs are due (tests move it to run a job scheduled days ahead); the database's `now()` without it. */
  now?: () => Date;
}

/**
 * The queue, over a map from kind to payload: the app's JobPayloads by default (a test may pass its own map).
 */
export interface JobQueue<P extends object = JobPayloads> {
  /** Handlers by kind; a worker claims only kinds it has a handler for. */
  register<K extends keyof P & string>(kind: K, handler: HandlerOf<QueuedJob<K, P[K]>>): void;
  /** Adds a job on `conn` (the caller's transaction, usually). Call `wake()` after the commit. */
  enqueue<K extends keyof P & string>(
    conn: Conn,
    kind: K,
    payload: P[K],
    options?: {
      maxAttempts?: number;
      runAt?: Date;
      /** The athlete the job works for (claims take athletes in turn); `payload.athleteId` when absent. */
      athleteId?: string | null;
    },
  ): Promise<string>;
  /** Wakes this process's idle worker (after a commit that enqueued). */
  wake(): void;
  /**
   * Whether a job of another athlete (or of none) is due: what a long job that may yield asks before it does
   * (docs/jobs.md, "Turns"), so a turn ends only when someone is waiting.
   */
  othersDue(athleteId: string): Promise<boolean>;
  /** Claims and runs one due job; false when there was none. The worker loop calls it; tests may too. */
  runOnce(): Promise<boolean>;
  start(): void;
  /** Stops claiming, and waits for the job in hand to finish. */
  stop(): Promise<void>;
  /** Whether this process's worker runs, and the jobs due for over a minute or failed in the last day. */
  status(): Promise<{ running: boolean; overdue: number; failedLastDay: number }>;
  /**
   * Deletes finished jobs past their retention (JOB_RETENTION), at most `limit` rows; returns how many. The
   * worker loop calls it about once an hour; tests may too.
   */
  sweepFinished(limit?: number): Promise<number>;
}

/**
 * How long finished jobs are kept (docs/jobs.md): done ones a week (enough to see what
 * ran), failed ones 30 days (the testing dashboard and support look at failures). What people see of a job
 * (an import's status, an export) lives in its own module's tables, never in `jobs`.
 */
export const JOB_RETENTION = { doneDays: 7, failedDays: 30, sweepEveryMs: 60 * 60_000 } as const;

interface JobRow {
  id: string;
  kind: string;
  athlete_id: string | null;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const MAX_BACKOFF_MS = 5 * 60_000;

/** Inside the queue, jobs and handlers of any kind: the typed `register` and `enqueue` are the way in. */
type AnyJob = QueuedJob<string, unknown>;

export function createJobQueue<P extends object = JobPayloads>(
  db: Db,
  options: JobQueueOptions = {},
): JobQueue<P> {
  const pollMs = options.pollMs ?? 250;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const retryBaseMs = options.retryBaseMs ?? 2_000;
  const workerId = randomUUID();
  const handlers = new Map<string, HandlerOf<AnyJob>>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  // Set by wake() so a wake that comes while the loop is claiming (not idling) is not lost.
  let woken = false;

  async function claim(): Promise<(AnyJob & { crashed: boolean }) | null> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return null;
    const now = options.now ? sql`${options.now().toISOString()}::timestamptz` : sql`now()`;
    const due = (t: string) => {
      const c = (column: string) => sql.raw(`${t}.${column}`);
      return sql`${c('kind')} in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )}) and ((${c('status')} = 'queued' and ${c('run_at')} <= ${now})
        or (${c('status')} = 'running' and ${c('lease_until')} < now()))`;
    };
    // Each athlete's oldest due job (by run_at, then the order enqueued; jobs of no athlete count as one more
    // athlete), ordered by when that athlete's jobs were last claimed or settled (never first), then by age. The
    // row itself is locked on the outer select, so two processes skip each other's pick and take the next in the order. The heads are
    // computed once (materialized): joined inline, the planner, counting on one row, re-sorted every due job
    // for each of them, 0.5 s a claim with 500 queued on PGlite, where it holds the event loop.
    const result = await db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
        lease_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now(),
        last_error = case when status = 'running' then ${CRASHED_REASON} else last_error end
      where id = (
        with head as materialized (
          select distinct on (d.athlete_id) d.id, d.athlete_id, d.run_at, d.seq
          from jobs d
          where ${due('d')}
          order by d.athlete_id, d.run_at, d.seq
        )
        select j.id
        from head
        join jobs j on j.id = head.id
        where ${due('j')}
        order by (
          case when head.athlete_id is null
            then (select max(s.updated_at) from jobs s where s.athlete_id is null and s.attempts > 0)
            else (select max(s.updated_at) from jobs s where s.athlete_id = head.athlete_id and s.attempts > 0)
          end
        ) asc nulls first, head.run_at, head.seq
        limit 1
        for update of j skip locked
      )
      returning id, kind, athlete_id, payload, attempts, max_attempts, last_error`);
    const row = rowsOf<JobRow>(result)[0];
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      athleteId: row.athlete_id,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      crashed: row.last_error === CRASHED_REASON,
    };
  }

  /** Only the claim holder may settle a job: a worker whose lease was taken over leaves it to the new one. */
  async function settle(job: AnyJob, status: 'done' | 'failed', error: string | null): Promise<void> {
    await db.execute(sql`
      update jobs set status = ${status}, last_error = ${error}, lease_until = null, locked_by = null,
        updated_at = now()
      where id = ${job.id} and locked_by = ${workerId}`);
  }

  /**
   * A job that yielded, due again at once. Its attempt is given back by raising its allowance (attempts stays
   * counted, so the claim's order sees its athlete as just served).
   */
  async function requeue(job: AnyJob): Promise<void> {
    await db.execute(sql`
      update jobs set status = 'queued', max_attempts = max_attempts + 1, lease_until = null, locked_by = null,
        run_at = now(), updated_at = now()
      where id = ${job.id} and locked_by = ${workerId}`);
  }

  async function giveUp(job: AnyJob, handler: HandlerOf<AnyJob> | undefined, reason: string): Promise<void> {
    await settle(job, 'failed', reason);
    await handler?.failed?.(job, reason);
  }

  async function runOnce(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.kind);
    // A job claimed again after its process died while running it (its lease passed with status 'running',
    // which the claim marks in last_error): of a `stopAfterCrash` kind, a likely poison job, failed at once and
    // never run into the crash again; of any kind, not run once more than its attempts allow.
    if (!handler) {
      await giveUp(job, handler, 'no handler');
      return true;
    }
    if ((job.crashed && handler.stopAfterCrash) || job.attempts > job.maxAttempts) {
      await giveUp(job, handler, job.crashed ? CRASHED_REASON : 'gave up after its last attempt stopped');
      return true;
    }
    // A job that runs longer than its lease (a 90-day device backfill, a 1 GB Apple Health export) keeps it while
    // its process lives: renewed every third of the lease, so no other worker takes it mid-run.
    const renew = setInterval(() => {
      db.execute(sql`
        update jobs set lease_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
        where id = ${job.id} and locked_by = ${workerId} and status = 'running'`).catch((err) =>
        options.log?.error({ err, jobId: job.id }, 'job queue: renewing a lease failed'),
      );
    }, leaseMs / 3);
    renew.unref();
    try {
      const outcome = await handler.run(job);
      clearInterval(renew);
      if (outcome === 'yield') await requeue(job);
      else await settle(job, 'done', null);
    } catch (err) {
      clearInterval(renew);
      const reason = err instanceof Error ? err.message : String(err);
      if (job.attempts >= job.maxAttempts) {
        options.log?.error({ err, jobId: job.id, kind: job.kind }, 'job queue: a job failed for good');
        await settle(job, 'failed', reason);
        await handler.failed?.(job, publicReason(err));
      } else {
        const delayMs = Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** (job.attempts - 1));
        await db.execute(sql`
          update jobs set status = 'queued', last_error = ${reason}, lease_until = null, locked_by = null,
            run_at = now() + make_interval(secs => ${delayMs / 1000}), updated_at = now()
          where id = ${job.id} and locked_by = ${workerId}`);
      }
    }
    return true;
  }

  function idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function sweepFinished(limit = 1_000): Promise<number> {
    const result = await db.execute(sql`
      delete from jobs where id in (
        select id from jobs
        where (status = 'done' and updated_at < now() - make_interval(days => ${JOB_RETENTION.doneDays}))
          or (status = 'failed' and updated_at < now() - make_interval(days => ${JOB_RETENTION.failedDays}))
        limit ${limit})
      returning id`);
    return rowsOf<{ id: string }>(result).length;
  }

  async function work(): Promise<void> {
    let sweptAt = 0;
    while (running) {
      let worked = false;
      woken = false;
      try {
        if (Date.now() - sweptAt >= JOB_RETENTION.sweepEveryMs) {
          sweptAt = Date.now();
          await sweepFinished();
        }
        worked = await runOnce();
      } catch (err) {
        // The database being unreachable for a moment is not fatal: the next poll tries again.
        options.log?.error({ err }, 'job queue: claiming or settling a job failed');
      }
      if (!worked && running && !woken) await idle(pollMs);
    }
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler as unknown as HandlerOf<AnyJob>);
    },
    async enqueue(conn, kind, payload, enqueueOptions = {}) {
      const named = (payload as { athleteId?: unknown }).athleteId;
      const athleteId =
        enqueueOptions.athleteId !== undefined
          ? enqueueOptions.athleteId
          : typeof named === 'string'
            ? named
            : null;
      const result = await conn.execute(sql`
        insert into jobs (kind, athlete_id, payload, max_attempts, run_at)
        values (${kind}, ${athleteId}, ${JSON.stringify(payload)}::jsonb, ${enqueueOptions.maxAttempts ?? 5},
          ${enqueueOptions.runAt ? sql`${enqueueOptions.runAt.toISOString()}::timestamptz` : sql`now()`})
        returning id`);
      return rowsOf<{ id: string }>(result)[0]!.id;
    },
    async othersDue(athleteId) {
      const result = await db.execute(sql`
        select exists (
          select 1 from jobs
          where status = 'queued' and run_at <= now() and athlete_id is distinct from ${athleteId}::uuid
        ) as due`);
      return rowsOf<{ due: boolean }>(result)[0]?.due === true;
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    runOnce,
    sweepFinished,
    start() {
      if (running) return;
      running = true;
      loop = work();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      loop = null;
    },
    async status() {
      const result = await db.execute(sql`
        select
          count(*) filter (where status = 'queued' and run_at < now() - interval '1 minute')::int as overdue,
          count(*) filter (where status = 'failed' and updated_at > now() - interval '1 day')::int as failed
        from jobs`);
      const row = rowsOf<{ overdue: number; failed: number }>(result)[0];
      return { running, overdue: Number(row?.overdue ?? 0), failedLastDay: Number(row?.failed ?? 0) };
    },
  };
}
