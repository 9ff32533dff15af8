// Request-scoped read batching (src/db/read-batch.ts) on the real database: inside a scope the single-value reads
// of one turn are one statement with each read's own value and parameters; a failing read fails alone; reads in a
// transaction and reads outside a scope run as before. A dashboard summary miss is one statement, with the same
// values the reads give one by one, and the two reads moved onto batchable reads (the active plan's header, the
// unread count) give exactly what their Drizzle queries gave.
import { addDays } from '@stamina/core';
import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import type { Db } from '../src/db/client.ts';
import { jsonRow, jsonRows } from '../src/db/json-rows.ts';
import { batchReads, countRows, readValue } from '../src/db/read-batch.ts';
import { notifications, trainingPlans, workouts } from '../src/db/schema/index.ts';
import { listDays } from '../src/modules/metrics/repository.ts';
import { unreadCount } from '../src/modules/notifications/repository.ts';
import { findActivePlanHeader } from '../src/modules/plans/repository.ts';
import { daysWithSeed } from '../src/modules/training-load/repository.ts';
import { listWorkoutSummaries } from '../src/modules/workouts/repository.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let athlete: { token: string; athleteId: string };
const today = pinToday(); // test athletes live in UTC

/**
 * Every statement sent to the database while `run` runs but the job queue's, in order: on the plain handle (PGlite's `query`, the
 * pool's `query`) and in transactions (PGlite's transaction, a pool client's `query`).
 */
async function statementsOf<T>(db: Db, run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const text = (q: unknown) => (typeof q === 'string' ? q : String((q as { text?: string }).text));
  const counted = (query: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      // The job worker polls its queue meanwhile: not the code under test.
      if (!/\bjobs\b/.test(text(args[0]))) statements.push(text(args[0]));
      return query.apply(this, args);
    };
  const restore: Array<() => void> = [];
  const wrap = (target: Record<string, unknown>, name: string, make: (f: never) => unknown) => {
    const own = Object.hasOwn(target, name);
    const original = target[name] as (...args: unknown[]) => unknown;
    target[name] = make(original.bind(target) as never);
    restore.push(() => {
      if (own) target[name] = original;
      else delete target[name];
    });
  };
  wrap(client, 'query', counted);
  if (typeof client.transaction === 'function') {
    // PGlite: statements in a transaction go through the transaction's own `query`.
    wrap(client, 'transaction', (transaction: (run: (tx: unknown) => unknown) => unknown) => {
      return (inner: (tx: Record<string, unknown>) => unknown) =>
        transaction((tx) => {
          const handle = tx as Record<string, unknown>;
          handle.query = counted((handle.query as (...args: unknown[]) => unknown).bind(handle));
          return inner(handle);
        });
    });
  } else {
    // node-postgres: a transaction runs on a client taken from the pool (`pool.query` takes one with a callback:
    // that one's statement is counted above).
    wrap(client, 'connect', (connect: (...args: unknown[]) => unknown) => (...args: unknown[]) => {
      if (args.length > 0) return connect(...args);
      return (connect() as Promise<Record<string, unknown>>).then((pooled) => {
        const query = pooled.query as (...args: unknown[]) => unknown;
        const release = pooled.release as (...args: unknown[]) => unknown;
        pooled.query = counted(query.bind(pooled));
        pooled.release = (...rest: unknown[]) => {
          pooled.query = query;
          pooled.release = release;
          return release.apply(pooled, rest);
        };
        return pooled;
      });
    });
  }
  try {
    const result = await run();
    return { result, statements };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}

const addWorkout = async (payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workout-planning/workouts',
    headers: bearer(athlete.token),
    payload: { sport: 'run', duration_minutes: 45, intensity_zone: 2, ...payload },
  });
  if (res.statusCode !== 201) throw new Error(`workout not created: ${res.body}`);
};

beforeAll(async () => {
  // Every read of the summary misses the read cache.
  t = await createTestApp({ readCacheTtlMs: 0 });
  athlete = await t.athlete();
  // Three weeks of training, today's planned run, wellness on most days and an active plan towards a race.
  for (let i = 20; i >= 1; i--) {
    await addWorkout({ title: `Run ${i}`, workout_date: addDays(today, -i), status: 'completed' });
    if (i % 3 === 0) continue;
    const wellness = await t.app.inject({
      method: 'POST',
      url: '/api/metrics',
      headers: bearer(athlete.token),
      payload: { date: addDays(today, -i), hrv: 48 + (i % 5), resting_hr: 52 + (i % 3), sleep_hours: 7 },
    });
    if (wellness.statusCode >= 300) throw new Error(`wellness not stored: ${wellness.body}`);
  }
  await addWorkout({ title: 'Tempo', workout_date: today, intensity_zone: 3 });
  const plan = await t.app.inject({
    method: 'POST',
    url: '/api/training/plans',
    headers: bearer(athlete.token),
    payload: {
      title: 'Spring half',
      race_type: 'Half Marathon',
      race_date: addDays(today, 40),
      target_time: '1:45:00',
    },
  });
  if (plan.statusCode !== 201) throw new Error(`plan not created: ${plan.body}`);
});
afterAll(() => t.close());

/** A read of one value that carries its own parameters. */
const echo = (value: string) => readValue(t.db, sql`select ${value}::text || ${'!'}::text`);

describe('a batch scope', () => {
  it('sends the reads of one turn as one statement, each with its own value and parameters', async () => {
    const reads = () =>
      Promise.all([
        echo('first'),
        jsonRows(
          t.db,
          { title: workouts.title, workoutDate: workouts.workoutDate, createdAt: workouts.createdAt },
          workouts,
          and(eq(workouts.athleteId, athlete.athleteId), eq(workouts.status, 'completed')),
          sql`${workouts.workoutDate}`,
          3,
        ),
        countRows(t.db, workouts, eq(workouts.athleteId, athlete.athleteId)),
        jsonRow(
          t.db,
          { title: trainingPlans.title, createdAt: trainingPlans.createdAt },
          trainingPlans,
          eq(trainingPlans.athleteId, athlete.athleteId),
          desc(trainingPlans.createdAt),
        ),
        jsonRow(
          t.db,
          { title: trainingPlans.title },
          trainingPlans,
          sql`false`,
          sql`${trainingPlans.createdAt}`,
        ),
        // Issued a few awaits into the same turn: it joins.
        (async () => {
          await null;
          await Promise.resolve();
          return echo('late');
        })(),
      ]);
    const alone = await statementsOf(t.db, reads);
    const batched = await statementsOf(t.db, () => batchReads(t.db, reads));
    expect(alone.statements).toHaveLength(6);
    expect(batched.statements).toHaveLength(1);
    expect(batched.statements[0]).toMatch(/^select \(/);
    expect(batched.result).toStrictEqual(alone.result);
    const [first, rows, total, plan, none, late] = batched.result;
    expect(first).toBe('first!');
    expect(late).toBe('late!');
    expect(rows.map((r) => r.title)).toEqual(['Run 20', 'Run 19', 'Run 18']);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(total).toBe(21);
    expect(plan).toMatchObject({ title: 'Spring half', createdAt: expect.any(Date) });
    expect(none).toBeUndefined();
  });

  it('sends a read issued after a flush, one that needs an earlier answer, as the next statement', async () => {
    const { result, statements } = await statementsOf(t.db, () =>
      batchReads(t.db, async () => {
        const [a, b] = await Promise.all([echo('a'), echo('b')]);
        const c = await echo(`${a}${b}`);
        return [a, b, c];
      }),
    );
    expect(result).toEqual(['a!', 'b!', 'a!b!!']);
    expect(statements).toHaveLength(2);
  });

  it('gives a failing read its own error and the others their values', async () => {
    const { result, statements } = await statementsOf(t.db, () =>
      batchReads(t.db, () =>
        Promise.allSettled([
          echo('before'),
          readValue(t.db, sql`select 1 / ${0}::int`),
          countRows(t.db, workouts, eq(workouts.athleteId, athlete.athleteId)),
        ]),
      ),
    );
    expect(result[0]).toEqual({ status: 'fulfilled', value: 'before!' });
    expect(result[1]).toMatchObject({ status: 'rejected', reason: expect.anything() });
    expect(
      String(
        (result[1] as PromiseRejectedResult).reason?.cause ?? (result[1] as PromiseRejectedResult).reason,
      ),
    ).toMatch(/division by zero/);
    expect(result[2]).toEqual({ status: 'fulfilled', value: 21 });
    // The combined statement, then each read on its own.
    expect(statements).toHaveLength(4);
  });

  it('never batches a read in a transaction: it runs at once and sees the transaction’s writes', async () => {
    const unread = and(eq(notifications.athleteId, athlete.athleteId), isNull(notifications.readAt));
    const before = await countRows(t.db, notifications, unread);
    let seen: number[] = [];
    const { result, statements } = await statementsOf(t.db, () =>
      batchReads(t.db, () =>
        t.db.transaction(async (tx) => {
          await tx.insert(notifications).values({
            athleteId: athlete.athleteId,
            kind: 'new_week_plan',
            title: 'Uncommitted',
            body: 'Rolled back below',
            dedupeKey: 'read-batch-test',
          });
          // On PGlite a batched read would wait for the transaction, which waits for it: this would hang.
          seen = await Promise.all([
            countRows(tx, notifications, unread),
            unreadCount(tx, athlete.athleteId),
          ]);
          tx.rollback();
        }),
      ).catch((err: unknown) => err),
    );
    expect(result).toMatchObject({ message: expect.stringMatching(/rollback/i) });
    expect(seen).toEqual([before + 1, before + 1]);
    // Each count on its own, in the transaction.
    const counts = statements.filter((s) => /count\(\*\)/.test(s));
    expect(counts).toHaveLength(2);
    expect(counts.every((s) => !/^select \(/.test(s))).toBe(true);
    expect(await countRows(t.db, notifications, unread)).toBe(before);
  });

  it('does nothing outside a scope: each read is its own statement', async () => {
    const { result, statements } = await statementsOf(t.db, () => Promise.all([echo('x'), echo('y')]));
    expect(result).toEqual(['x!', 'y!']);
    expect(statements).toEqual([
      expect.not.stringMatching(/^select \(/),
      expect.not.stringMatching(/^select \(/),
    ]);
  });
});

describe('the reads moved onto batchable reads', () => {
  it("give exactly what their Drizzle queries gave: the active plan's header, the unread count", async () => {
    const { outline: _outline, ...columns } = getTableColumns(trainingPlans);
    const [drizzlePlan] = await t.db
      .select(columns)
      .from(trainingPlans)
      .where(and(eq(trainingPlans.athleteId, athlete.athleteId), eq(trainingPlans.status, 'active')))
      .orderBy(desc(trainingPlans.createdAt))
      .limit(1);
    const [drizzleCount] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.athleteId, athlete.athleteId), isNull(notifications.readAt)));
    expect(drizzlePlan).toBeDefined();
    expect(await findActivePlanHeader(t.db, athlete.athleteId)).toStrictEqual(drizzlePlan);
    expect(await unreadCount(t.db, athlete.athleteId)).toStrictEqual(drizzleCount!.n);
    const [plan, unread] = await batchReads(t.db, () =>
      Promise.all([findActivePlanHeader(t.db, athlete.athleteId), unreadCount(t.db, athlete.athleteId)]),
    );
    expect(plan).toStrictEqual(drizzlePlan);
    expect(unread).toStrictEqual(drizzleCount!.n);
    expect(await findActivePlanHeader(t.db, crypto.randomUUID())).toBeUndefined();
    expect(await unreadCount(t.db, crypto.randomUUID())).toBe(0);
  });
});

describe('a dashboard summary miss', () => {
  it('is one statement, and its reads give in it what they give one by one', async () => {
    const summary = () =>
      t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: bearer(athlete.token) });
    // The first summary sweeps the notifications (a read and a write of their own); the next ones, within the
    // sweep's interval, do not.
    const first = await summary();
    expect(first.statusCode, first.body).toBe(200);
    const { result: again, statements } = await statementsOf(t.db, summary);
    expect(again.statusCode, again.body).toBe(200);
    expect(statements, statements.join('\n---\n')).toHaveLength(1);
    expect(statements[0]).toMatch(/^select \(/);
    expect(again.json()).toEqual(first.json());

    // The five reads it sends together, each asked for alone and in one batch: the same values.
    const from = addDays(today, -55);
    const reads = () =>
      Promise.all([
        listWorkoutSummaries(t.db, athlete.athleteId, addDays(today, -6), addDays(today, 6), 1000),
        daysWithSeed(t.db, athlete.athleteId, from, today),
        findActivePlanHeader(t.db, athlete.athleteId),
        listDays(t.db, athlete.athleteId, addDays(today, -60), today),
        unreadCount(t.db, athlete.athleteId),
      ]);
    const alone = await reads();
    const batched = await statementsOf(t.db, () => batchReads(t.db, reads));
    expect(batched.statements).toHaveLength(1);
    expect(batched.result).toStrictEqual(alone);
    expect(alone[0].length).toBeGreaterThan(0);
    expect(alone[1].rows.length).toBeGreaterThan(0);
    expect(alone[3].length).toBeGreaterThan(0);
  });

  it('after a workout write, is the sweep (its read and its write, on their own) and one statement', async () => {
    await addWorkout({ title: 'Easy', workout_date: addDays(today, 1) });
    const { result, statements } = await statementsOf(t.db, () =>
      t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: bearer(athlete.token) }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(statements.filter((s) => /^select \(/.test(s))).toHaveLength(1);
    expect(statements.at(-1)).toMatch(/^select \(/);
    expect(statements.some((s) => /^\s*insert into notifications/.test(s))).toBe(true);
  });
});
