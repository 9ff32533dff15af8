// Apple Health exports that are hostile or broken (issue 29, H6 and M1; docs/devices.md, "Apple Health"): a
// flood of sleep records is merged per night as it streams (memory bounded by nights, not records), a workout
// a century long or outside 1900–2100 is skipped and counted while the rest imports, and no message shows SQL.
// export.xml is read on a CPU pool worker thread (docs/performance.md, "CPU work off the event loop"), and an
// export past the pool's limit fails alone, with its reason, once.
import { threadId } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReader, mergeInterval, NIGHT_INTERVALS, unionMs } from '../src/modules/apple-health/parse.ts';
import { exportXml, exportZip, workoutXml } from './apple-health-export.ts';
import { createTestApp, type TestApp, uploadAndSettle } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function importExport(token: string, content: Buffer, app: TestApp = t) {
  const url = '/api/activities/import/apple-health';
  return (await uploadAndSettle(app.app, token, url, [{ name: 'export.zip', content }])).files[0]!;
}

const sleep = (start: string, end: string) =>
  `<Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="W" startDate="${start}" endDate="${end}" value="HKCategoryValueSleepAnalysisAsleepCore"/>`;

describe('Apple Health limits', () => {
  it('a century-long workout and one dated 2120 are skipped and counted; the rest imports; no SQL is shown', async () => {
    const { token, athleteId } = await t.athlete({ name: 'Broken watch' });
    const xml = exportXml([
      workoutXml({
        type: 'Running',
        start: '1950-04-01 07:00:00 +0000',
        end: '2050-04-01 07:00:00 +0000',
        durationMinutes: 60,
      }),
      workoutXml({
        type: 'Running',
        start: '2120-04-01 07:00:00 +0000',
        end: '2120-04-01 08:00:00 +0000',
        durationMinutes: 60,
      }),
      workoutXml({
        type: 'Running',
        start: '2026-04-01 07:00:00 +0000',
        end: '2026-04-01 07:30:00 +0000',
        durationMinutes: 30,
        distanceKm: 5,
      }),
    ]);
    const file = await importExport(token, exportZip(xml));
    expect(file.status, file.message ?? '').toBe('imported');
    expect(file.message).toMatch(/^1 workouts imported, 2 skipped \(a date outside 1900–2100/);
    expect(file.message).not.toMatch(/insert|select|params|failed query/i);
    const rows = await t.db.execute(sql`select start_time from activities where athlete_id = ${athleteId}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('merging sleep spans as they stream gives the union of all of them, in at most NIGHT_INTERVALS spans', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 500 })), {
          maxLength: 60,
        }),
        (raw) => {
          const spans: Array<[number, number]> = [];
          for (const [start, length] of raw) mergeInterval(spans, start, start + length);
          expect(spans.length).toBeLessThanOrEqual(NIGHT_INTERVALS);
          expect(unionMs(spans)).toBe(unionMs(raw.map(([s, l]) => [s, s + l] as [number, number])));
          for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThan(spans[i - 1]![1]);
        },
      ),
    );
  });

  it('a flood of sleep records in one night keeps at most NIGHT_INTERVALS spans (memory flat in the records)', () => {
    const reader = exportReader();
    reader.write(new TextEncoder().encode('<HealthData>'));
    const base = Date.parse('2026-01-10T00:00:00Z');
    const apple = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' +0000');
    // 200,000 disjoint one-second stages in one night: before, every one was kept.
    for (let chunk = 0; chunk < 200; chunk++) {
      const lines: string[] = [];
      for (let i = 0; i < 1_000; i++) {
        const at = base + (chunk * 1_000 + i) * 100;
        lines.push(sleep(apple(at), apple(at + 1_000)));
      }
      reader.write(new TextEncoder().encode(lines.join('')));
    }
    reader.write(new TextEncoder().encode('</HealthData>'));
    const contents = reader.end();
    expect(contents.records).toBe(200_000);
    const night = contents.nights.get('2026-01-10')!;
    expect(night.asleep.length).toBeLessThanOrEqual(NIGHT_INTERVALS);
  });

  it('sleep records dated outside 1900–2100 are not kept', () => {
    const reader = exportReader();
    reader.write(
      new TextEncoder().encode(
        `<HealthData>${sleep('9999-01-01 01:00:00 +0000', '9999-01-01 07:00:00 +0000')}${sleep('0200-01-01 01:00:00 +0000', '0200-01-01 07:00:00 +0000')}</HealthData>`,
      ),
    );
    expect(reader.end().nights.size).toBe(0);
  });
});

describe('Apple Health on the CPU pool', () => {
  const run = (start: string, end: string) =>
    workoutXml({ type: 'Running', start, end, durationMinutes: 30, distanceKm: 5 });

  it('reads export.xml (its nights, workouts and days) on a worker thread, not on the one that answers requests', async () => {
    const { token } = await t.athlete({ name: 'Worker reader' });
    const before = t.app.cpuPool.stats().completed.readAppleExport ?? 0;
    const xml = exportXml([
      run('2026-05-01 07:00:00 +0000', '2026-05-01 07:30:00 +0000'),
      sleep('2026-05-01 23:00:00 +0000', '2026-05-02 06:00:00 +0000'),
    ]);
    const file = await importExport(token, exportZip(xml));
    expect(file.status, file.message ?? '').toBe('imported');
    expect(file.message).toBe(
      '1 workouts imported; HRV (SDNN) on 0 days, resting heart rate on 0 days, sleep on 1 nights',
    );
    const stats = t.app.cpuPool.stats();
    expect(stats.completed.readAppleExport).toBe(before + 1);
    expect(stats.threadIds.length).toBeGreaterThan(0);
    expect(stats.threadIds).not.toContain(threadId);
  });

  describe('an export past the time limit of its read', () => {
    let limited: TestApp;
    beforeAll(async () => {
      // A limit no read can meet: the worker is ended mid-read, as a hostile export's would be.
      limited = await createTestApp({ cpuPool: { taskTimeoutsMs: { readAppleExport: 1 } } });
    });
    afterAll(() => limited.close());

    it('fails alone with the reason, once (not retried), writes nothing, and the server goes on answering', async () => {
      const { token, athleteId } = await limited.athlete({ name: 'Slow export' });
      const xml = exportXml([run('2026-05-03 07:00:00 +0000', '2026-05-03 07:30:00 +0000')]);
      const file = await importExport(token, exportZip(xml), limited);
      expect(file.status).toBe('failed');
      expect(file.message).toBe(
        'export.xml cannot be read: Reading it took longer than 1 ms, the limit for one file',
      );
      expect((await limited.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
      const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
      const stored = await limited.db.execute(
        sql`select (select count(*)::int from activities where athlete_id = ${athleteId}) as activities,
                   (select count(*)::int from wellness_daily where athlete_id = ${athleteId}) as days`,
      );
      expect(rows(stored)[0]).toEqual({ activities: 0, days: 0 });
      const jobs = await limited.db.execute(
        sql`select status, attempts from jobs where athlete_id = ${athleteId} and kind = 'apple-health-import'`,
      );
      expect(rows(jobs)).toEqual([{ status: 'done', attempts: 1 }]);
    });
  });
});
