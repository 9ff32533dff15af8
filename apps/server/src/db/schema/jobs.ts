// The app's one durable job queue (docs/jobs.md): imports today; device sync, plan
// adaptation and account purge later. A job is claimed with FOR UPDATE SKIP LOCKED, so that several app
// processes sharing one PostgreSQL each take a different job, and a job whose claim went stale (its process
// died) is taken again.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order jobs were enqueued in: claims take an athlete's jobs by run_at, then by this. run_at alone ties
     * within a millisecond (PGlite's clock) or a transaction (now()), and the uuid would then order them at random.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** What to do, e.g. 'activity-import'. */
    kind: text('kind').notNull(),
    /**
     * The athlete the job works for (null for jobs of no one athlete, such as a batch of daily adaptations):
     * claims take athletes in turn (lib/job-queue.ts), and an account's purge removes its jobs by it.
     */
    athleteId: uuid('athlete_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not before this time (retries back off). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when claimed; a running job whose lease has passed is claimed again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_athlete_idx').on(t.athleteId, t.updatedAt),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
