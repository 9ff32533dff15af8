// The activity upload's inflation limits (issue 29, H5; docs/activities.md, "Limits"): zips are streamed into
// staging and their members inflated one at a time under caps per member, per request, per athlete and by
// ratio, so a request of zip bombs is a 413 with a message, leaves nothing staged and grows RSS by far less
// than 100 MB; an athlete has at most two uploads read at once (429).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadGate } from '../src/lib/upload-gate.ts';
import { ACTIVITY_LIMITS } from '../src/modules/activities/upload-files.ts';
import { bearer, createTestApp, multipartForm, type TestApp } from './helpers.ts';
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

  it('an athlete has at most two uploads read at once; a third is a 429, and a released one frees its place', () => {
    const gate = uploadGate({
      concurrent: ACTIVITY_LIMITS.concurrentUploads,
      inflatedBytes: 1000,
      inflatedLabel: '1 KB',
    });
    const first = gate.enter('a');
    gate.enter('a');
    expect(() => gate.enter('a')).toThrow(/already have 2 uploads being read/);
    gate.enter('b');
    first.release();
    const third = gate.enter('a');
    third.inflate(600);
    expect(() => third.inflate(500)).toThrow(/inflate to more than 1 KB/);
  });
});
