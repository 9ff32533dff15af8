// The Apple Health record flood run alone (issue 29, H5 and H6; docs/RELIABILITY.md, "Apple Health off the event
// loop"): a file of its own with a fresh app, so run by itself (npx vitest run test/apple-health-memory.test.ts)
// it is the flood alone, its worker warm but fresh, as on a server that just started (in the whole suite it
// shares a worker process with other files). 100,000 sleep records must grow the process's RSS by less than the
// 100 MB one upload may cost.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, uploadAndSettle } from './helpers.ts';
import { sleepFloodExport } from './hostile-builders.ts';

const RSS_BUDGET_BYTES = 100 * 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  // As the server runs it (main.ts): the worker's start is not part of the upload's memory.
  t = await createTestApp({ appleHealthMaxUploadBytes: 20 * 1024 * 1024, cpuPool: { warm: true } });
});
afterAll(() => t.close());

it('an export of 100,000 sleep records, alone on a fresh server, grows RSS by less than 100 MB', {
  timeout: 120_000,
}, async () => {
  const { token } = await t.athlete();
  const content = sleepFloodExport(100_000);
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const url = '/api/activities/import/apple-health';
    const batch = await uploadAndSettle(t.app, token, url, [{ name: 'export.zip', content }], 90_000);
    expect(batch.files[0]!.status, batch.files[0]!.message ?? '').toBe('imported');
    expect(batch.files[0]!.message).toMatch(/sleep on 5000 nights/);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  if (process.env.HOSTILE_FIGURES) console.log(`RSS growth ${Math.round((peak - before) / 1024 / 1024)} MB`);
  expect(peak - before).toBeLessThan(RSS_BUDGET_BYTES);
});
