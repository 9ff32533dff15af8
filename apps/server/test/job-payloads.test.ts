// Typed job payloads (lib/job-queue.ts, JobPayloads; docs/jobs.md): each module that
// owns a kind of job declares its payload, and `enqueue` and the handlers are checked against it. The checks are
// made by the compiler (`npm run typecheck`): a line marked @ts-expect-error that compiled would fail it. At run
// time, a payload reaches its handler as it was enqueued.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Conn } from '../src/db/client.ts';
import { createJobQueue, type Job, type JobKind, type JobQueue } from '../src/lib/job-queue.ts';
import { EXPORT_JOB, type PURGE_JOB } from '../src/modules/account/service.ts';
import { ARCHIVE_JOB } from '../src/modules/activities/archive-import.ts';
import { IMPORT_JOB } from '../src/modules/activities/service.ts';
import { ADAPTATION_JOB } from '../src/modules/adaptation/service.ts';
import type { APPLE_HEALTH_JOB } from '../src/modules/apple-health/service.ts';
import { DEVICE_SYNC_JOB } from '../src/modules/devices/service.ts';
import { DAILY_EMAIL_JOB, type PUSH_JOB } from '../src/modules/notifications/delivery.ts';
import { ONBOARDING_JOB } from '../src/modules/onboarding/job.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: { worker: false } });
});
afterAll(() => t.close());

/** Never called: its body is what the compiler checks. */
function compileOnly(queue: JobQueue, tx: Conn) {
  void queue.enqueue(tx, IMPORT_JOB, { importFileId: 'f', athleteId: 'a', compression: null });
  void queue.enqueue(tx, ADAPTATION_JOB, { athleteIds: ['a'] });
  void queue.enqueue(tx, DAILY_EMAIL_JOB, { athleteId: 'a', day: '2026-11-28' });
  // @ts-expect-error the daily e-mail names the athlete's local day it is for
  void queue.enqueue(tx, DAILY_EMAIL_JOB, { athleteId: 'a' });
  // @ts-expect-error a kind no module declared
  void queue.enqueue(tx, 'activity-imports', { importFileId: 'f', athleteId: 'a', compression: null });
  // @ts-expect-error a payload without a field its kind declares (the athlete)
  void queue.enqueue(tx, IMPORT_JOB, { importFileId: 'f', compression: null });
  // @ts-expect-error a payload of another kind
  void queue.enqueue(tx, DEVICE_SYNC_JOB, { exportId: 'e', athleteId: 'a' });
  // Jobs that look a row up by its id name the row's athlete too, so that under Citus the lookup is one
  // shard's (docs/scale.md, "Router queries and fan-out").
  // @ts-expect-error a device sync names the run's athlete
  void queue.enqueue(tx, DEVICE_SYNC_JOB, { runId: 'r' });
  // @ts-expect-error an onboarding stage names the session's athlete
  void queue.enqueue(tx, ONBOARDING_JOB, { sessionId: 's', revision: 1, stage: 'DATA_HARVESTED' });
  // @ts-expect-error an export names its athlete
  void queue.enqueue(tx, EXPORT_JOB, { exportId: 'e' });
  // @ts-expect-error an archive import names the archive's athlete
  void queue.enqueue(tx, ARCHIVE_JOB, { importFileId: 'f' });
  queue.register(DEVICE_SYNC_JOB, {
    run: async (job) => {
      expectTypeOf(job.payload).toEqualTypeOf<{ runId: string; athleteId: string }>();
    },
  });
  // @ts-expect-error a handler of one kind registered for another
  queue.register(DEVICE_SYNC_JOB, { run: async (_job: Job<typeof IMPORT_JOB>) => {} });
}

describe('typed job payloads', () => {
  it('declares a payload for every kind the app registers a handler for', () => {
    expectTypeOf<JobKind>().toEqualTypeOf<
      | typeof IMPORT_JOB
      | typeof ARCHIVE_JOB
      | typeof APPLE_HEALTH_JOB
      | typeof ADAPTATION_JOB
      | typeof DEVICE_SYNC_JOB
      | typeof ONBOARDING_JOB
      | typeof PURGE_JOB
      | typeof DAILY_EMAIL_JOB
      | typeof PUSH_JOB
      | 'account.export'
      | 'account.export-expire'
    >();
    expect(compileOnly).toBeTypeOf('function');
  });

  it('hands a handler the payload its job was enqueued with, athlete and all', async () => {
    const queue = createJobQueue(t.db);
    const seen: Array<Job<typeof DEVICE_SYNC_JOB>> = [];
    queue.register(DEVICE_SYNC_JOB, { run: async (job) => void seen.push(job) });
    const athleteId = crypto.randomUUID();
    const runId = crypto.randomUUID();
    await t.db.transaction((tx) => queue.enqueue(tx, DEVICE_SYNC_JOB, { runId, athleteId }, { athleteId }));
    expect(await queue.runOnce()).toBe(true);
    expect(seen).toMatchObject([{ kind: DEVICE_SYNC_JOB, payload: { runId, athleteId }, athleteId }]);
  });
});
