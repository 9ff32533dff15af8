// Apple Health exports that are hostile or broken (issue 29, H6 and M1; docs/devices.md, "Apple Health"): a
// flood of sleep records is merged per night as it streams (memory bounded by nights, not records), a workout
// a century long or outside 1900–2100 is skipped and counted while the rest imports, and no message shows SQL.
import type { ImportBatch } from '@stamina/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReader, mergeInterval, NIGHT_INTERVALS, unionMs } from '../src/modules/apple-health/parse.ts';
import { exportXml, exportZip, workoutXml } from './apple-health-export.ts';
import { bearer, createTestApp, multipartForm, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function importExport(token: string, content: Buffer) {
  const form = multipartForm([{ name: 'file', value: content, filename: 'export.zip' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/activities/import/apple-health',
    payload: form.payload,
    headers: { ...bearer(token), ...form.headers },
  });
  expect(res.statusCode, res.body).toBe(202);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const batch = (
      await t.app.inject({
        method: 'GET',
        url: `/api/activities/imports/${res.json().data.batch_id}`,
        headers: bearer(token),
      })
    ).json().data as ImportBatch;
    if (batch.done) return batch.files[0]!;
    if (Date.now() > deadline) throw new Error('batch not done');
    await new Promise((r) => setTimeout(r, 50));
  }
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
