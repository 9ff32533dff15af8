// A decade of Strava history (docs/activities.md, "Platform archives"): a "Download your data" zip of 3,000
// activities over 10 years, generated here (1-hour GPX runs and rides, one point every 10 s, half of them
// .gpx.gz as Strava keeps uploads, dates shifted across the decade; activities.csv with a name, a description and
// gear for each), uploaded to a fresh server through POST /api/activities/import/archive and polled until
// every recording is settled. Figures: activities per second from the upload's answer to the last settled
// recording (budget >= 20/s), and the server process's memory: its resident set sampled every 250 ms from
// /proc (at 1,000, 2,000 and 3,000 recordings settled, to show it flat) and its peak (VmHWM, the kernel's
// maxRSS). Beside them, what another athlete meets meanwhile: the answer time of a route that only needs the
// event loop (GET /api/v1/client-config) and of one that also needs the database (GET /api/v1/health), each
// asked every 250 ms through the import. And the server's own event-loop delay over the same window (from the
// upload to the last settled recording), measured inside it by bench/lib/loop-delay.mjs: its longest stall and
// its p99 are budgeted (max <= 200 ms, p99 <= 100 ms; docs/performance.md, "Platform archives").
import { openAsBlob } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { activityFixturePath } from '../../apps/server/test/activity-fixtures.ts';
import { stravaArchive, syntheticStravaActivities } from '../../apps/server/test/platform-archive.ts';
import { signUpAndConfirm } from './api.ts';
import { makeTempDir } from './proc.ts';
import { budgeted, type Figure, info } from './report.ts';
import type { StaminaServer } from './servers.ts';

const ACTIVITIES = Number(process.env.BENCH_ARCHIVE_ACTIVITIES ?? 3000);
const YEARS = 10;
const RATE_BUDGET = 20;
const DEADLINE_MS = 30 * 60_000;
/** The server's event-loop delay during the import, in ms: its longest stall and its 99th percentile. */
const LOOP_MAX_BUDGET = 200;
const LOOP_P99_BUDGET = 100;

interface LoopDelay {
  max: number;
  p99: number;
  p999: number;
  p50: number;
  samples: number;
}

/** Asks the server to end its event-loop delay window (a second SIGUSR2) and reads what it wrote. */
async function loopDelayOf(pid: number, file: string): Promise<LoopDelay> {
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text) return JSON.parse(text) as LoopDelay;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server wrote no event-loop delay (bench/lib/loop-delay.mjs not loaded?)');
}

/** Writes the archive to `path`: ACTIVITIES activities spread over YEARS years before 2026. */
async function writeStravaArchive(path: string): Promise<void> {
  await stravaArchive(syntheticStravaActivities(ACTIVITIES, YEARS), path);
}

/** CPU seconds (user + system) a process has used, its threads included, from /proc/<pid>/stat. */
async function cpuSecondsOf(pid: number, tid?: string): Promise<number> {
  const stat = await readFile(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 (1-based), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds per thread of a process: the main thread (the event loop and PGlite) and the rest (the CPU pool's
 *  workers, libuv's and V8's threads), from /proc/<pid>/task/<tid>/stat. */
async function cpuSecondsByThread(pid: number): Promise<{ main: number; others: number }> {
  const tids = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  let main = 0;
  let others = 0;
  for (const tid of tids) {
    const seconds = await cpuSecondsOf(pid, tid).catch(() => 0);
    if (tid === String(pid)) main += seconds;
    else others += seconds;
  }
  return { main, others };
}

/** The resident set (VmRSS) and its peak (VmHWM) of a process, in MB, from /proc. */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Another athlete uploads one GPX (a repository fixture) and polls it: seconds from its 202 to imported. */
async function otherAthleteUpload(server: StaminaServer): Promise<number | null> {
  const token = await signUpAndConfirm(server);
  const form = new FormData();
  form.append('file', await openAsBlob(activityFixturePath('run-hr-garminconnect.gpx')), 'run.gpx');
  const headers = { authorization: `Bearer ${token}` };
  const res = await fetch(`${server.baseUrl}/api/activities/import`, {
    method: 'POST',
    body: form,
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
  });
  if (res.status !== 202) return null;
  const sent = performance.now();
  const batchId = ((await res.json()) as { data: { batch_id: string } }).data.batch_id;
  for (;;) {
    const poll = await fetch(`${server.baseUrl}/api/activities/imports/${batchId}`, { headers });
    const batch = ((await poll.json()) as { data: { done: boolean; files: Array<{ status: string }> } }).data;
    if (batch.done) return batch.files[0]?.status === 'imported' ? (performance.now() - sent) / 1000 : null;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The figures of one import, their ids starting with `prefix` (`strava-archive`, `strava-archive.postgres`).
 * `loopDelayFile`: where the server, started with bench/lib/loop-delay.mjs, writes its event-loop delay.
 */
export async function benchStravaArchive(
  server: StaminaServer,
  prefix: string,
  loopDelayFile: string,
): Promise<Figure[]> {
  const token = await signUpAndConfirm(server);
  const dir = makeTempDir('strava');
  const path = join(dir, 'export_12345678.zip');
  const generated = performance.now();
  await writeStravaArchive(path);
  const generateS = (performance.now() - generated) / 1000;
  const pid = server.child.proc.pid!;
  // The archive job's lines, kept from the start (the child keeps only the last 60 lines of its output).
  const jobLines: string[] = [];
  let partial = '';
  server.child.proc.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    jobLines.push(...lines.filter((line) => /activity archive (turn|processed)/.test(line)));
  });
  // The peak from here on (not the migrations at start): writing 5 to clear_refs resets VmHWM to the current RSS.
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {});
  const before = await memoryOf(pid);
  const cpuBefore = await cpuSecondsOf(pid);
  const threadsBefore = await cpuSecondsByThread(pid);
  const loadText = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  console.log(`  load average at the upload: ${loadText()}`);
  const form = new FormData();
  form.append('file', await openAsBlob(path), 'export_12345678.zip');
  // The server's event-loop delay window opens here (the upload included) and closes at the last settled.
  process.kill(pid, 'SIGUSR2');
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/activities/import/archive`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
  });
  if (res.status !== 202) throw new Error(`the archive upload answered ${res.status}: ${await res.text()}`);
  const batchId = ((await res.json()) as { data: { batch_id: string } }).data.batch_id;
  const uploaded = performance.now();
  const samples: Array<{ settled: number; rss: number }> = [];
  let files: Array<{ status: string; message: string | null }> = [];
  let settledNow = 0;
  /** Another athlete's one-file upload, sent once a third of the archive is settled: seconds to imported. */
  let other: Promise<number | null> | null = null;
  const loads: number[] = [];
  const sampler = setInterval(() => {
    memoryOf(pid)
      .then((m) => samples.push({ settled: settledNow, rss: m.rss }))
      .catch(() => {});
  }, 250);
  const probes = { loop: [] as number[], database: [] as number[] };
  let probing = true;
  const probe = async (path: string, into: number[]) => {
    while (probing) {
      const began = performance.now();
      const answer = await fetch(`${server.baseUrl}${path}`).catch(() => null);
      await answer?.arrayBuffer();
      into.push(performance.now() - began);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const probing$ = Promise.all([
    probe('/api/v1/client-config', probes.loop),
    probe('/api/v1/health', probes.database),
  ]);
  for (;;) {
    const poll = await fetch(`${server.baseUrl}/api/activities/imports/${batchId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const batch = ((await poll.json()) as { data: { done: boolean; files: typeof files } }).data;
    files = batch.files;
    settledNow = files.slice(1).filter((f) => f.status !== 'queued' && f.status !== 'processing').length;
    loads.push(loadavg()[0]!);
    if (!other && settledNow >= (files.length - 1) / 3) other = otherAthleteUpload(server).catch(() => null);
    if (batch.done) break;
    if (performance.now() - started > DEADLINE_MS)
      throw new Error('the archive did not settle in 30 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
  const seconds = (performance.now() - uploaded) / 1000;
  const loopDelay = await loopDelayOf(pid, loopDelayFile);
  clearInterval(sampler);
  probing = false;
  await probing$;
  const otherSeconds = (await other) ?? null;
  const after = await memoryOf(pid);
  const cpuMs = ((await cpuSecondsOf(pid)) - cpuBefore) * 1000;
  const threadsAfter = await cpuSecondsByThread(pid);
  const members = files.slice(1);
  const imported = members.filter((f) => f.status === 'imported').length;
  /** The resident set at the first sample taken once `settled` recordings were settled (by the last poll). */
  const rssAt = (settled: number) => samples.find((s) => s.settled >= settled)?.rss ?? after.rss;
  const maxSampled = Math.max(...samples.map((s) => s.rss), after.rss);
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  };
  const probeNote = (values: number[]) =>
    `p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms, ${values.length} asked`;
  const meanLoad = loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length);
  console.log(`  load average at the end: ${loadText()}`);
  console.log(`  archive row: ${files[0]?.status}: ${files[0]?.message}`);
  await new Promise((r) => setTimeout(r, 500));
  // The job's log lines (LOG_LEVEL=info), one per turn: milliseconds per stage summed over the members.
  const turns = jobLines.map(
    (line) => JSON.parse(line.slice(line.indexOf('{'))) as { stages?: Record<string, number>; ms?: number },
  );
  if (turns.length > 0) {
    const stages: Record<string, number> = {};
    for (const turn of turns)
      for (const [k, v] of Object.entries(turn.stages ?? {})) stages[k] = (stages[k] ?? 0) + v;
    const ms = turns.reduce((sum, turn) => sum + (turn.ms ?? 0), 0);
    console.log(
      `  job ${ms} ms in ${turns.length} turns; per member (ms): ${Object.entries(stages)
        .map(([k, v]) => `${k} ${(v / Math.max(1, imported)).toFixed(1)}`)
        .join(', ')}`,
    );
  }
  const figures: Figure[] = [
    info({
      id: `${prefix}.generate`,
      label: `archive generated (${ACTIVITIES} activities, ${YEARS} years)`,
      value: generateS,
      unit: 's',
      digits: 1,
    }),
    info({
      id: `${prefix}.upload`,
      label: 'upload streamed (202)',
      value: (uploaded - started) / 1000,
      unit: 's',
      digits: 1,
    }),
    budgeted(
      {
        id: `${prefix}.rate`,
        label: 'activities imported per second',
        value: imported / seconds,
        unit: '/s',
        digits: 1,
        note: `${imported} imported of ${members.length} in ${seconds.toFixed(1)} s; 1-min load mean ${meanLoad.toFixed(1)}`,
      },
      { min: RATE_BUDGET, text: `>= ${RATE_BUDGET} /s` },
    ),
    info({
      id: `${prefix}.cpu`,
      label: 'server CPU time per activity',
      value: cpuMs / Math.max(1, imported),
      unit: 'ms',
      digits: 1,
      note: 'user + system, all threads: what one import costs whatever the load',
    }),
    info({
      id: `${prefix}.cpu.main`,
      label: 'of which the main thread (event loop, PGlite)',
      value: ((threadsAfter.main - threadsBefore.main) * 1000) / Math.max(1, imported),
      unit: 'ms',
      digits: 1,
      note: `the other threads (CPU pool, libuv, V8): ${(((threadsAfter.others - threadsBefore.others) * 1000) / Math.max(1, imported)).toFixed(1)} ms (threads that ended are not counted)`,
    }),
    info({
      id: `${prefix}.rss.before`,
      label: 'server RSS before the upload',
      value: before.rss,
      unit: 'MB',
    }),
    ...[1, 2, 3].map((third) =>
      info({
        id: `${prefix}.rss.${third}of3`,
        label: `server RSS at ${Math.round((third * members.length) / 3).toLocaleString('en')} settled`,
        value: third === 3 ? after.rss : rssAt((third * members.length) / 3),
        unit: 'MB',
      }),
    ),
    info({
      id: `${prefix}.rss.max`,
      label: 'server RSS, largest of the 250 ms samples',
      value: maxSampled,
      unit: 'MB',
      note: `${samples.length} samples`,
    }),
    info({
      id: `${prefix}.rss.peak`,
      label: 'server peak RSS during the import (VmHWM)',
      value: after.hwm,
      unit: 'MB',
    }),
    budgeted(
      {
        id: `${prefix}.event-loop.max`,
        label: "server's event loop: longest stall during the import",
        value: loopDelay.max,
        unit: 'ms',
        digits: 1,
        note: `p50 ${loopDelay.p50.toFixed(1)} ms, p99.9 ${loopDelay.p999.toFixed(1)} ms, ${loopDelay.samples} samples of a 10 ms timer`,
      },
      { max: LOOP_MAX_BUDGET, text: `<= ${LOOP_MAX_BUDGET} ms` },
    ),
    budgeted(
      {
        id: `${prefix}.event-loop.p99`,
        label: "server's event loop: p99 delay during the import",
        value: loopDelay.p99,
        unit: 'ms',
        digits: 1,
      },
      { max: LOOP_P99_BUDGET, text: `<= ${LOOP_P99_BUDGET} ms` },
    ),
    info({
      id: `${prefix}.loop.max`,
      label: 'another athlete: longest answer of a route with no database (client-config)',
      value: Math.max(0, ...probes.loop),
      unit: 'ms',
      digits: 1,
      note: probeNote(probes.loop),
    }),
    info({
      id: `${prefix}.other-upload`,
      label: "another athlete's one-file upload, sent at a third of the archive: 202 to imported",
      value: otherSeconds ?? Number.NaN,
      unit: 's',
      digits: 1,
      note: otherSeconds === null ? 'not settled before the archive ended' : 'run-hr-garminconnect.gpx',
    }),
    info({
      id: `${prefix}.database.max`,
      label: 'another athlete: longest answer of a route with a database round trip (health)',
      value: Math.max(0, ...probes.database),
      unit: 'ms',
      digits: 1,
      note: probeNote(probes.database),
    }),
  ];
  for (const figure of figures) figure.note = [figure.note, `${server.database}`].filter(Boolean).join('; ');
  return figures;
}
